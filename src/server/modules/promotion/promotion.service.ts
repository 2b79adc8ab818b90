import { createHmac, randomBytes } from 'node:crypto';
import type { Delivery } from '../../../shared/contract/identity.ts';
import { PROMO_CODE } from '../../../shared/contract/promotion.ts';
import type { TemplateData } from '../../../shared/contract/promotion-schema.ts';
import { ERROR_CODE } from '../../../shared/contract/reply-codes.ts';
import { type Lang, MARKET_INFO, type Market } from '../../../shared/markets.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { type ExpiringValues, memoryValues } from '../../shared-state/values.ts';
import { sameToken } from '../../signed-links.ts';
import {
  captchaAnswer,
  captchaPng,
  checkRefusal,
  codeText,
  marketPhone,
  type OneTimeCodes,
  sendRefusal,
} from '../identity/index.ts';
import { type ChannelFields, promotionRepository } from './promotion.repository.ts';

/** A captcha holds this long from its last drawing; a sent one this long more for the registration. */
export const CAPTCHA_TTL_MS = 5 * 60_000;
/** Redrawing one session's captcha more than this is a robot, not a borrower who cannot read it. */
export const CAPTCHA_MAX_DRAWS = 10;
/** What registration codes are issued for (one-time-codes.ts purposes). */
export const REGISTER_PURPOSE = 'register';

/**
 * The promotion landing's calls (issue 10; decision 036): the channel template, the funnel events, the
 * picture captcha, the SMS code and the registration. Public calls, so every step is bounded: a captcha
 * is drawn at most 10 times and accepted once; an SMS needs a right captcha, and the codes' own limits
 * (60 s, 5 an hour per phone) and a per-market hourly cap stop a flood; the routes add per-address
 * limits. Nothing here writes a phone number or a code in clear: captchas and codes are keyed hashes.
 */
export function promotionService(deps: {
  db: Db;
  codes: OneTimeCodes;
  clock: Clock;
  key: string;
  /** The name a code's message signs with (the market's app name). */
  appName: (market: Market) => Promise<string>;
  /** Sends at most this many registration codes per market an hour, then refuses and alerts. */
  hourlySmsCap: number;
  alert: (message: string, detail: Record<string, unknown>) => void;
  /**
   * Demo mode only: remembers each session's current answer in memory, so the simulator, a demo script
   * or a browser journey can pass the captcha as a person reading it would (never in production).
   */
  demo?: boolean;
  /** Where demo mode keeps those answers: this process by default, Redis for several (decision 071). */
  demoAnswers?: ExpiringValues;
}) {
  // The oldest go first: a demo needs the last few hundred at most.
  const demoAnswers = deps.demoAnswers ?? memoryValues({ max: 500 });
  const rememberForDemo = async (sid: string, answer: string) => {
    if (deps.demo) await demoAnswers.set(sid, answer, CAPTCHA_TTL_MS);
  };
  const { db, codes, clock } = deps;
  const repo = promotionRepository(db);
  const mac = (text: string) => createHmac('sha256', deps.key).update(text).digest('hex');
  const answerHash = (sid: string, answer: string) => mac(`captcha:${sid}:${answer.toUpperCase()}`);
  const phoneKey = (market: Market, phone: string) => mac(`phone:${market}:${phone}`);

  async function template(id: number) {
    const row = await repo.template(id);
    return row?.enabled ? row : null;
  }

  const badCaptcha = (code: string) => new AppError(code, 'registration:refusals.captcha', 400);

  /** One funnel event, counted only for an enabled template (an unknown id records nothing). */
  const record = (templateId: number, kind: string, f: ChannelFields & { client_type?: string }) =>
    repo.record(templateId, kind, f, clock.now());

  return {
    /** Demo mode: the answer of a session's current picture (null otherwise, and always outside demo). */
    demoAnswer: async (sid: string) => (deps.demo ? await demoAnswers.get(sid) : null),

    async template(id: number): Promise<TemplateData> {
      const t = await template(id);
      if (!t) throw new AppError(ERROR_CODE.NOT_FOUND, 'registration:refusals.template', 404);
      const market = t.market as Market;
      return {
        id: t.id,
        market,
        lang: MARKET_INFO[market].lang,
        headline: t.headline,
        subline: t.subline,
        bannerUrl: t.bannerUrl,
        theme: { primary: t.themePrimary, background: t.themeBackground },
        androidUrl: t.androidUrl,
        iosUrl: t.iosUrl,
        appName: t.appName,
      };
    },

    /** A visit or a click of an enabled template's page; anything else is not counted. */
    track: (templateId: number, kind: 'visit' | 'click', f: ChannelFields & { client_type?: string }) =>
      record(templateId, kind, f),

    /** A new captcha session for a template's page (its market decides which phones it takes). */
    async newSid(templateId: number, ip: string): Promise<string> {
      const t = await template(templateId);
      if (!t) throw new AppError(ERROR_CODE.NOT_FOUND, 'registration:refusals.template', 404);
      const sid = randomBytes(18).toString('base64url');
      await repo.newCaptcha({
        sid,
        market: t.market,
        templateId: t.id,
        // Nothing can match until the picture is drawn: its answer is chosen then.
        answerHash: mac(`undrawn:${sid}`),
        ip,
        expiresAt: new Date(clock.now().getTime() + CAPTCHA_TTL_MS),
      });
      return sid;
    },

    /** Draws the session's captcha anew (each call a new answer) as a PNG; null when it cannot be. */
    async draw(sid: string): Promise<Buffer | null> {
      const answer = captchaAnswer();
      const now = clock.now();
      const drawn = await repo.redraw(
        sid,
        { answerHash: answerHash(sid, answer), expiresAt: new Date(now.getTime() + CAPTCHA_TTL_MS) },
        now,
        CAPTCHA_MAX_DRAWS,
      );
      if (!drawn) return null;
      await rememberForDemo(sid, answer);
      return captchaPng(answer);
    },

    /**
     * Checks the captcha and sends the registration code. A wrong, used or expired captcha is burned
     * and answered 101 (the page draws a new one); a right one is bound to this phone for the
     * registration that follows.
     */
    async sendCode(
      body: { sid: string; capcode: string; phone: string; via?: Delivery | undefined } & ChannelFields,
      lang: Lang,
    ) {
      const c = await repo.captcha(body.sid);
      if (!c) throw badCaptcha(PROMO_CODE.SMS_BAD_CAPTCHA);
      const market = c.market as Market;
      const phone = marketPhone(market, body.phone);
      const via = body.via ?? 'sms';
      const now = clock.now();
      const taken = await repo.markSent(
        body.sid,
        answerHash(body.sid, body.capcode.trim()),
        { phoneKey: phoneKey(market, phone), expiresAt: new Date(now.getTime() + 2 * CAPTCHA_TTL_MS) },
        now,
      );
      if (!taken) {
        await repo.burn(body.sid);
        throw badCaptcha(PROMO_CODE.SMS_BAD_CAPTCHA);
      }
      // The market's hourly cap: a runaway campaign or an attack costs at most this many messages.
      const sent = await repo.codesSentSince(market, new Date(now.getTime() - 3_600_000));
      if (sent >= deps.hourlySmsCap) {
        deps.alert('registration SMS cap reached', { market, cap: deps.hourlySmsCap });
        throw new AppError(ERROR_CODE.UNAVAILABLE, 'registration:refusals.paused', 503);
      }
      const outcome = await codes.issue({
        purpose: REGISTER_PURPOSE,
        subject: phoneKey(market, phone),
        market,
        phone,
        via,
        text: codeText(lang, 'register', via, await deps.appName(market)),
        now,
      });
      if (!outcome.sent)
        throw sendRefusal(outcome, {
          tooSoon: 'registration:refusals.tooSoon',
          tooMany: 'registration:refusals.tooMany',
        });
      await record(taken.templateId, 'sms', body);
      return { resendIn: outcome.resendIn };
    },

    /**
     * Registers the phone: the captcha it was sent with (right answer, same phone, once), then its SMS
     * code, then the account. An existing account is code 11, told only to whoever proved the phone with
     * its code: a stranger cannot learn who has an account here.
     */
    async register(
      body: {
        sid: string;
        capcode: string;
        phone: string;
        smsCode: string;
        id: number;
        userName?: string;
      } & {
        deviceId?: string;
        invite_code?: string;
      } & ChannelFields,
    ): Promise<{ borrowerId: number }> {
      const c = await repo.captcha(body.sid);
      const now = clock.now();
      if (!c) throw badCaptcha(PROMO_CODE.REGISTER_BAD_CAPTCHA);
      const market = c.market as Market;
      const phone = marketPhone(market, body.phone);
      const ready =
        c.state === 'sent' &&
        c.expiresAt > now &&
        c.phoneKey !== null &&
        sameToken(c.phoneKey, phoneKey(market, phone)) &&
        sameToken(c.answerHash, answerHash(body.sid, body.capcode.trim()));
      if (!ready) throw badCaptcha(PROMO_CODE.REGISTER_BAD_CAPTCHA);
      const check = await codes.verify({
        purpose: REGISTER_PURPOSE,
        subject: phoneKey(market, phone),
        code: body.smsCode.trim(),
        now,
      });
      if (check.outcome !== 'ok') throw checkRefusal(check);
      return db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const consumed = await repo.consumeSent(tx, body.sid);
        if (!consumed) throw badCaptcha(PROMO_CODE.REGISTER_BAD_CAPTCHA);
        const created = await repo.createBorrower(tx, { market, phone, name: (body.userName ?? '').trim() });
        if (!created)
          throw new AppError(PROMO_CODE.ALREADY_REGISTERED, 'registration:refusals.registered', 409);
        await repo.recordSignup(tx, {
          borrowerId: created.id,
          templateId: consumed.templateId,
          fields: body,
          inviteCode: body.invite_code ?? '',
          deviceId: body.deviceId ?? '',
          at: now,
        });
        return { borrowerId: created.id };
      });
    },
  };
}
export type PromotionService = ReturnType<typeof promotionService>;
