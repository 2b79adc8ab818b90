import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '../../../shared/contract/fields.ts';
import { SMS_CODE } from '../../../shared/contract/identity.ts';
import { CARD_REPAY_CODE, CARD_REPAY_PATHS } from '../../../shared/contract/repayment-card.ts';
import {
  commitBody,
  commitReply,
  confirmBody,
  confirmReply,
  demoSmsQuery,
  demoSmsReply,
  hostedBody,
  hostedReply,
  wayBody,
  wayReply,
} from '../../../shared/contract/repayment-card-schema.ts';
import type { LocalSmsOutbox } from '../../adapters/sms.ts';
import { AppError, notFound } from '../../errors.ts';
import { langOf } from '../../lang.ts';
import { perBorrower } from '../../plugins/auth.ts';
import { ok } from '../../reply.ts';
import type { RepaymentCardService } from './repayment-card.service.ts';

const tags = ['repayment-card'];

/**
 * Runs a money-moving call: the card flow's own refusals (wrong code, already submitted) are logged as
 * security events — by their code only, never the code typed or the phone. (A refusal that says "wait"
 * gets its Retry-After from the errors plugin.)
 */
async function moving<T>(req: FastifyRequest, work: () => Promise<T>) {
  try {
    return ok(await work());
  } catch (err) {
    if (
      err instanceof AppError &&
      (err.code === CARD_REPAY_CODE.WRONG_CODE || err.code === CARD_REPAY_CODE.DO_NOT_RESUBMIT)
    )
      req.log.info({ route: req.routeOptions.url, code: err.code }, 'card repayment refused');
    throw err;
  }
}

/** The older bank-card repayment calls (spec §7; contract in shared/contract/repayment-card.ts). */
export const repaymentCardRoutes: FastifyPluginAsyncZod<{ cards: RepaymentCardService }> = async (
  app,
  { cards },
) => {
  app.post(
    CARD_REPAY_PATHS.way,
    { config: perBorrower(120), schema: { tags, body: wayBody, response: { 200: wayReply } } },
    async (req) => ok(await cards.way(req.borrower!, req.body)),
  );

  // Each commit may send an SMS: the per-borrower limit here, the per-phone ones in one-time-codes.ts.
  app.post(
    CARD_REPAY_PATHS.commit,
    { config: perBorrower(30), schema: { tags, body: commitBody, response: { 200: commitReply } } },
    async (req) => moving(req, () => cards.commit(req.borrower!, langOf(req), req.body)),
  );

  app.post(
    CARD_REPAY_PATHS.confirm,
    { config: perBorrower(30), schema: { tags, body: confirmBody, response: { 200: confirmReply } } },
    async (req) => moving(req, () => cards.confirm(req.borrower!, langOf(req), req.body)),
  );

  app.post(
    CARD_REPAY_PATHS.hosted,
    { config: perBorrower(30), schema: { tags, body: hostedBody, response: { 200: hostedReply } } },
    async (req) => ok(await cards.hosted(req.borrower!, langOf(req), req.body)),
  );
};

const demoLimit = { access: 'public' as const, rateLimit: { max: 60, timeWindow: '1 minute' } };
const billField = text(40, { min: 1 }).regex(/^[A-Z0-9]+$/, 'bill number');

/**
 * Demo mode only (never registered otherwise, like the other `/dev-api/*` routes): the local SMS
 * outbox's last message for a phone, so a demo, the simulator or a browser journey can type the code;
 * and the sandbox's hosted payment page with its Pay button.
 */
export const demoCardRoutes: FastifyPluginAsyncZod<{
  cards: RepaymentCardService;
  outbox: LocalSmsOutbox;
}> = async (app, { cards, outbox }) => {
  app.get(
    CARD_REPAY_PATHS.demoSms,
    {
      config: demoLimit,
      schema: { tags: ['demo'], querystring: demoSmsQuery, response: { 200: demoSmsReply } },
    },
    async (req) => {
      const held = await outbox.last(req.query.phone);
      if (!held) throw notFound();
      // A message writes the code whole; a call's script spells it out ("4, 8, 2, …").
      const spelled = new RegExp(`\\b\\d(?:(?:, )?\\d){${SMS_CODE.length - 1}}\\b`).exec(held.text)?.[0];
      return ok({
        purpose: held.purpose,
        via: held.via,
        text: held.text,
        code: spelled?.replace(/\D/g, '') ?? '',
        sentAt: held.sentAt.toISOString(),
      });
    },
  );

  app.get(
    CARD_REPAY_PATHS.demoHosted,
    {
      config: demoLimit,
      schema: {
        tags: ['demo'],
        querystring: z.strictObject({ bill: billField, lang: z.enum(['en', 'id']).optional() }),
      },
    },
    async (req, reply) => {
      const page = await cards.hostedPage(req.query.bill, langOf(req));
      if (page === null) throw notFound();
      return reply.type('text/html; charset=utf-8').send(page);
    },
  );

  app.post(
    CARD_REPAY_PATHS.demoHosted,
    { config: demoLimit, schema: { tags: ['demo'], body: z.strictObject({ bill: billField }) } },
    async (req, reply) => {
      const next = await cards.hostedPay(req.body.bill);
      if (next === null) throw notFound();
      return reply.redirect(next, 303);
    },
  );
};
