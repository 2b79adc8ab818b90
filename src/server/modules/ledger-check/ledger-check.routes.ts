import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_BASE } from '../../../shared/contract/constants.ts';
import { ledgerCheckRunReply, ledgerChecksReply } from '../../../shared/contract/ledger-check.ts';
import { ok } from '../../reply.ts';
import type { LedgerCheckService } from './ledger-check.service.ts';

const tags = ['admin'];

/**
 * The ledger check in the back office (decision 049). Every staff member sees the runs and the latest
 * run's breaches of the markets they work on (an agent following a market's payments needs to know its
 * ledger is wrong); only an administrator starts a run, which reads every order.
 */
export const ledgerCheckRoutes: FastifyPluginAsyncZod<{ checks: LedgerCheckService }> = async (
  app,
  { checks },
) => {
  app.get(
    `${ADMIN_BASE}/ledger-checks`,
    { config: { access: 'staff' }, schema: { tags, response: { 200: ledgerChecksReply } } },
    async (req) => ok(await checks.latest(req.staff!)),
  );
  app.post(
    `${ADMIN_BASE}/ledger-checks/run`,
    {
      config: { access: 'staff', roles: ['admin'] },
      schema: { tags, response: { 200: ledgerCheckRunReply } },
    },
    async (req) => ok(await checks.runFor(req.staff!)),
  );
};
