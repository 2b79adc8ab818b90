import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { GATEWAY_HEADERS, type PayType, REPAY_PATHS } from '../../../shared/contract/constants.ts';
import {
  delayBody,
  delayReply,
  gatewayEvent,
  payTypesBody,
  payTypesReply,
  planBody,
  planReply,
  statusBody,
  statusReply,
  utrBody,
  utrReply,
  vcodeBody,
  vcodeReply,
} from '../../../shared/contract/repayment.ts';
import { ERROR_CODE } from '../../../shared/contract/reply-codes.ts';
import { verifyCallback } from '../../adapters/payment-gateway.ts';
import { AppError } from '../../errors.ts';
import { langOf } from '../../lang.ts';
import { perBorrower } from '../../plugins/auth.ts';
import { ok } from '../../reply.ts';
import type { RepaymentLedger } from './repayment.ledger.ts';
import type { RepaymentService } from './repayment.service.ts';

const borrowerOnly = { access: 'borrower' } as const;
const tags = ['repayment'];

/** The borrower's repayment calls (spec §7; contract in shared/contract/repayment.ts). */
export const repaymentRoutes: FastifyPluginAsyncZod<{ repayment: RepaymentService }> = async (
  app,
  { repayment },
) => {
  app.post(
    REPAY_PATHS.plan,
    { config: borrowerOnly, schema: { tags, body: planBody, response: { 200: planReply } } },
    async (req) => ok(await repayment.plan(req.borrower!, langOf(req), req.body.orderId)),
  );

  app.post(
    REPAY_PATHS.delay,
    { config: borrowerOnly, schema: { tags, body: delayBody, response: { 200: delayReply } } },
    async (req) => ok(await repayment.delay(req.borrower!, langOf(req), req.body.orderId)),
  );

  app.post(
    REPAY_PATHS.payTypes,
    { config: borrowerOnly, schema: { tags, body: payTypesBody, response: { 200: payTypesReply } } },
    async (req) => {
      const requested = req.body.pay_type === undefined ? undefined : (Number(req.body.pay_type) as PayType);
      return ok(repayment.payTypes(req.borrower!, langOf(req), requested));
    },
  );

  app.post(
    REPAY_PATHS.vcode,
    { config: perBorrower(120), schema: { tags, body: vcodeBody, response: { 200: vcodeReply } } },
    async (req) => ok(await repayment.vcode(req.borrower!, langOf(req), req.body)),
  );

  app.post(
    REPAY_PATHS.status,
    { config: perBorrower(300), schema: { tags, body: statusBody, response: { 200: statusReply } } },
    async (req) => ok(await repayment.status(req.borrower!, langOf(req), req.body.orderId, req.body.billNo)),
  );

  app.post(
    REPAY_PATHS.utr,
    { config: perBorrower(20), schema: { tags, body: utrBody, response: { 200: utrReply } } },
    async (req) =>
      ok(
        await repayment.submitUtr(
          req.borrower!,
          langOf(req),
          req.body.orderId,
          req.body.billNo,
          req.body.utr,
        ),
      ),
  );
};

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string;
  }
}

const webhookReply = z.object({
  code: z.number(),
  data: z.object({ outcome: z.enum(['credited', 'review', 'duplicate']) }),
  message: z.string(),
});

/**
 * The gateway's callback (public: the signature is the credential). Its own scope keeps the body as the
 * exact text received, because the signature covers those bytes; the JSON is parsed only after the
 * signature and the timestamp are checked. A refusal is a 401 the provider will not retry into success;
 * a database failure is a 503 it retries.
 */
export const gatewayWebhookRoutes: FastifyPluginAsyncZod<{
  ledger: RepaymentLedger;
  secret: string;
}> = async (app, { ledger, secret }) => {
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (req, body, done) => {
      req.rawBody = body as string;
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(new AppError(ERROR_CODE.VALIDATION), undefined);
      }
    },
  );

  app.post(
    REPAY_PATHS.webhook,
    {
      config: { access: 'public' },
      schema: { tags: ['gateway'], body: gatewayEvent, response: { 200: webhookReply } },
      // The signature is checked before the body's shape: a stranger learns nothing from validation.
      preValidation: async (req) => {
        const check = verifyCallback(
          secret,
          {
            timestamp: req.headers[GATEWAY_HEADERS.timestamp],
            signature: req.headers[GATEWAY_HEADERS.signature],
          },
          req.rawBody ?? '',
          Math.floor(Date.now() / 1000),
        );
        if (check !== 'ok') {
          req.log.warn({ check }, 'gateway callback refused');
          // Said to the provider's system, not to a borrower: no "please sign in again".
          throw new AppError(ERROR_CODE.UNAUTHENTICATED, 'repayment:refusals.badSignature', 401);
        }
      },
    },
    async (req) => {
      const result = await ledger.credit(req.body);
      req.log.info(
        { eventId: req.body.eventId, outcome: result.outcome, reason: result.reason },
        'gateway callback',
      );
      return ok({ outcome: result.outcome });
    },
  );
};
