import { createHmac } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../shared/contract/envelope.ts';
import { text } from '../../../shared/contract/fields.ts';
import type { Delivery } from '../../../shared/contract/identity.ts';
import { ERROR_CODE } from '../../../shared/contract/reply-codes.ts';
import { translate } from '../../../shared/i18n/resources.ts';
import { type Lang, MARKETS, type Market } from '../../../shared/markets.ts';
import type { Clock } from '../../clock.ts';
import { AppError } from '../../errors.ts';
import { langOf } from '../../lang.ts';
import { perAddress } from '../../plugins/auth.ts';
import { ok } from '../../reply.ts';
import type { SessionRepository, SessionService } from '../session/index.ts';
import { codeText } from './code-messages.ts';
import { checkRefusal, sendRefusal } from './code-refusals.ts';
import { marketPhone } from './market-phone.ts';
import type { OneTimeCodes } from './one-time-codes.ts';

/** The app's SMS sign-in (spec §7's "SMS code send" and "SMS login"; paths ours, decision 036). */
export const LOGIN_PATHS = {
  sendCode: '/vdthg/v1/session/login-code',
  /** The same code read out in a call, for a phone that SMS does not reach (spec §7's "voice code"). */
  voiceCode: '/vdthg/v1/session/voice-code',
  login: '/vdthg/v1/session/login',
} as const;
export const LOGIN_PURPOSE = 'login';

const phoneBody = { market: z.enum(MARKETS), phone: text(20, { min: 1 }) };
export const loginCodeBody = z.strictObject(phoneBody);
export const loginBody = z.strictObject({
  ...phoneBody,
  smsCode: text(8, { min: 1 }),
  deviceId: text(100).optional(),
});
const loginReply = envelope(
  z.object({ token: z.string(), userId: z.number().int(), market: z.enum(MARKETS) }),
);
const sentReply = envelope(z.null());

/**
 * Signing in with a code sent by SMS. A code goes only to a registered number, but everything else is
 * the same either way, so the calls do not tell a stranger who has an account (issue 29, decision 056):
 * the reply ("if this number has an account, a code is on its way"), the limits (60 s, 5 an hour per
 * phone: an unregistered number gets a code recorded and never sent, `silent`), the answers to codes
 * tried (wrong, then locked after 5 tries; an unregistered number's code is known to no one), and the
 * time: both do the same statements, and the reply does not wait for the SMS provider (`detached`). The
 * routes add per-address limits.
 */
export function smsLogin(deps: {
  codes: OneTimeCodes;
  sessions: SessionService;
  repo: Pick<SessionRepository, 'findBorrowerByPhone'>;
  clock: Clock;
  key: string;
  /** The name the message signs with (the market's app name). */
  appName: (market: Market) => Promise<string>;
  /** A code the provider did not take (told without the number or the text). */
  undelivered: (err: unknown) => void;
}) {
  const subject = (market: Market, phone: string) =>
    createHmac('sha256', deps.key).update(`login:${market}:${phone}`).digest('hex');
  return {
    async sendCode(market: Market, input: string, via: Delivery, lang: Lang): Promise<void> {
      const phone = marketPhone(market, input);
      const borrower = await deps.repo.findBorrowerByPhone(market, phone);
      const outcome = await deps.codes.issue({
        silent: !borrower,
        detached: { undelivered: deps.undelivered },
        purpose: LOGIN_PURPOSE,
        subject: subject(market, phone),
        market,
        phone,
        via,
        text: codeText(lang, 'login', via, await deps.appName(market)),
        now: deps.clock.now(),
      });
      if (!outcome.sent)
        throw sendRefusal(outcome, {
          tooSoon: 'registration:refusals.tooSoon',
          tooMany: 'registration:refusals.tooMany',
        });
    },

    async login(market: Market, input: string, code: string, deviceId: string | null) {
      const phone = marketPhone(market, input);
      const check = await deps.codes.verify({
        purpose: LOGIN_PURPOSE,
        subject: subject(market, phone),
        code: code.trim(),
        now: deps.clock.now(),
      });
      if (check.outcome !== 'ok') throw checkRefusal(check);
      // A code was only ever sent to a registered number; one deleted since has nothing to open.
      const borrower = await deps.repo.findBorrowerByPhone(market, phone);
      if (!borrower) throw new AppError(ERROR_CODE.VALIDATION, 'registration:refusals.expiredCode', 400);
      const token = await deps.sessions.open(borrower.id, deviceId);
      return { token, userId: borrower.id, market };
    },
  };
}
export type SmsLogin = ReturnType<typeof smsLogin>;

export const smsLoginRoutes: FastifyPluginAsyncZod<{ login: SmsLogin }> = async (app, { login }) => {
  // The code by SMS or read out in a call: the same code and the same limits (one phone's sends count
  // both ways), only the reply's words differ.
  for (const [path, via, said] of [
    [LOGIN_PATHS.sendCode, 'sms', 'loginSent'],
    [LOGIN_PATHS.voiceCode, 'voice', 'loginVoiceSent'],
  ] as const) {
    app.post(
      path,
      {
        config: perAddress(10),
        schema: { tags: ['session'], body: loginCodeBody, response: { 200: sentReply } },
      },
      async (req) => {
        const lang = langOf(req);
        await login.sendCode(req.body.market, req.body.phone, via, lang);
        return ok(null, translate(lang, 'registration', said));
      },
    );
  }
  app.post(
    LOGIN_PATHS.login,
    { config: perAddress(20), schema: { tags: ['session'], body: loginBody, response: { 200: loginReply } } },
    async (req) =>
      ok(await login.login(req.body.market, req.body.phone, req.body.smsCode, req.body.deviceId ?? null)),
  );
};
