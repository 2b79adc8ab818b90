import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BANK_ACCOUNT_PATHS } from '../../../shared/contract/bank-account.ts';
import {
  bankAccountReply,
  bankCodeBody,
  bankCodeReply,
  bindBankBody,
} from '../../../shared/contract/bank-account-schema.ts';
import { langOf } from '../../lang.ts';
import { perBorrower } from '../../plugins/auth.ts';
import { ok } from '../../reply.ts';
import type { BankService } from './bank.service.ts';

const tags = ['bank account'];

/** The borrower's bank account (spec §7 "certify … bank"; decision 065). */
export const bankRoutes: FastifyPluginAsyncZod<{ bank: BankService }> = async (app, { bank }) => {
  app.post(
    BANK_ACCOUNT_PATHS.info,
    { config: { access: 'borrower' }, schema: { tags, response: { 200: bankAccountReply } } },
    async (req) => ok(await bank.info(req.borrower!, langOf(req))),
  );
  // Each bind asks the bank (a penny drop costs money): a borrower gets a few tries, not a scanner.
  app.post(
    BANK_ACCOUNT_PATHS.bind,
    { config: perBorrower(10), schema: { tags, body: bindBankBody, response: { 200: bankAccountReply } } },
    async (req) => ok(await bank.bind(req.borrower!, langOf(req), req.body)),
  );
  app.post(
    BANK_ACCOUNT_PATHS.code,
    {
      config: { access: 'borrower' },
      schema: { tags, body: bankCodeBody, response: { 200: bankCodeReply } },
    },
    async (req) => ok(await bank.sendChangeCode(req.borrower!, langOf(req))),
  );
};
