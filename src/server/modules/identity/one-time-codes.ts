import { createHmac, randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Delivery } from '../../../shared/contract/identity.ts';
import { SMS_CODE } from '../../../shared/contract/identity.ts';
import { ERROR_CODE } from '../../../shared/contract/reply-codes.ts';
import type { Market } from '../../../shared/markets.ts';
import type { SmsSender } from '../../adapters/sms.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { sameToken } from '../../signed-links.ts';

/**
 * One-time codes sent by SMS (security baseline "SMS and one-time codes"; decision 032). General: a code
 * is issued for a purpose and a subject (what it unlocks: a card repayment's record now, a phone being
 * registered next) and sent to a phone. What is kept is an HMAC of the code under a server key, bound to
 * purpose and subject, so a stolen table gives neither the codes nor a way to guess them offline; and an
 * HMAC of the phone number, enough to count sends per phone. A code: 6 digits from a secure source, valid
 * 5 minutes, used once, at most 5 wrong tries per subject an hour (a resend keeps the count). Sends: one per
 * phone a minute, at most 5 per phone an hour, decided under a lock on the phone so racing requests
 * cannot both send.
 */
export type IssueOutcome =
  | { sent: true; resendIn: number }
  | { sent: false; reason: 'tooSoon' | 'tooMany'; retryIn: number };

export type VerifyOutcome =
  | { outcome: 'ok' }
  | { outcome: 'wrong'; locked: boolean }
  | { outcome: 'locked' | 'expired' | 'none' | 'used' };

export interface IssueRequest {
  purpose: string;
  subject: string;
  market: Market;
  phone: string;
  /** The message, given the code (the only place the code exists in clear besides the phone). */
  text: (code: string) => string;
  /**
   * By SMS (the default) or read out in a call. One phone's limits count both: a call is the same code
   * sent another way, not a second allowance.
   */
  via?: Delivery;
  /**
   * Record the code and count it against the phone's limits, but send nothing: for a phone that must not
   * be told apart from one that gets a code (SMS sign-in of an unregistered number, issue 29). The code
   * exists nowhere else, so every try at it is a wrong one, counted as any other.
   */
  silent?: boolean;
  /**
   * Answer once the code is recorded, without waiting for the provider: the reply then takes as long
   * whether a message goes out or not (`silent`), so its time does not tell a registered number either
   * (issue 29). The code stays recorded if the provider fails (the borrower asks again after the minute,
   * as for a message lost on the way); `undelivered` hears of the failure.
   */
  detached?: { undelivered: (err: unknown) => void };
  now: Date;
}

type Row = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;

export function oneTimeCodes(deps: { db: Db; sms: SmsSender; key: string }) {
  const { db, sms, key } = deps;
  const mac = (text: string) => createHmac('sha256', key).update(text).digest('hex');
  const codeHash = (purpose: string, subject: string, code: string) =>
    mac(`code:${purpose}:${subject}:${code}`);
  const phoneKey = (market: Market, phone: string) => mac(`phone:${market}:${phone}`);

  return {
    /**
     * Issues a new code for the subject and sends it, unless the phone had one less than a minute ago or
     * five in the last hour. Earlier codes of the subject stop working.
     */
    async issue(req: IssueRequest): Promise<IssueOutcome> {
      const { purpose, subject, now } = req;
      const phone = phoneKey(req.market, req.phone);
      const code = String(randomInt(0, 10 ** SMS_CODE.length)).padStart(SMS_CODE.length, '0');
      const hourAgo = new Date(now.getTime() - 3_600_000);
      const refused = await db.transaction(async (tx) => {
        // Two requests for one phone at once (two taps, two instances) queue here: one sends.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${phone}, 0))`);
        const [recent] = rowsOf(
          await tx.execute(sql`
            select count(*)::int as n,
                   (extract(epoch from max(created_at)) * 1000)::float8 as last_ms,
                   (extract(epoch from min(created_at)) * 1000)::float8 as first_ms
              from sms_codes where phone_key = ${phone} and created_at > ${hourAgo}`),
        );
        const n = Number(recent?.n ?? 0);
        const sinceLast = recent?.last_ms == null ? Infinity : now.getTime() - Number(recent.last_ms);
        if (sinceLast < SMS_CODE.resendSeconds * 1000)
          return {
            sent: false as const,
            reason: 'tooSoon' as const,
            retryIn: Math.ceil((SMS_CODE.resendSeconds * 1000 - sinceLast) / 1000),
          };
        if (n >= SMS_CODE.perPhonePerHour)
          return {
            sent: false as const,
            reason: 'tooMany' as const,
            retryIn: Math.max(1, Math.ceil((Number(recent!.first_ms) + 3_600_000 - now.getTime()) / 1000)),
          };
        // A resend keeps the subject's wrong tries, so resending buys no guesses; but only those of the
        // last hour: a subject that lives on (a sign-in's phone, a registration's) would otherwise stay
        // locked for good after five wrong tries, and anyone could lock a stranger out of their account.
        // Guessing stays bounded: five tries an hour per subject. The codes sent before stop working.
        const [previous] = rowsOf(
          await tx.execute(sql`
            select attempts from sms_codes
             where purpose = ${purpose} and subject = ${subject} and created_at > ${hourAgo}
             order by id desc limit 1`),
        );
        await tx.execute(sql`
          update sms_codes set used_at = ${now}
           where purpose = ${purpose} and subject = ${subject} and used_at is null`);
        await tx.execute(sql`
          insert into sms_codes (purpose, subject, phone_key, code_hash, attempts, expires_at, created_at)
          values (${purpose}, ${subject}, ${phone}, ${codeHash(purpose, subject, code)},
                  ${Number(previous?.attempts ?? 0)},
                  ${new Date(now.getTime() + SMS_CODE.ttlSeconds * 1000)}, ${now})`);
        return null;
      });
      if (refused) return refused;
      const message = {
        purpose,
        via: req.via ?? 'sms',
        market: req.market,
        phone: req.phone,
        text: req.text(code),
      } as const;
      if (req.silent) return { sent: true, resendIn: SMS_CODE.resendSeconds };
      if (req.detached) {
        const { undelivered } = req.detached;
        // Not awaited on purpose (see `detached`); a sender that throws at once is caught too.
        Promise.resolve()
          .then(() => sms.send(message))
          .catch(undelivered);
        return { sent: true, resendIn: SMS_CODE.resendSeconds };
      }
      try {
        await sms.send(message);
      } catch {
        // Not sent: it must not count against the phone's limits nor hold the one-minute wait, or a
        // provider's bad minute would lock the borrower out. The borrower is told to try again.
        await db.execute(sql`
          delete from sms_codes
           where purpose = ${purpose} and subject = ${subject} and code_hash = ${codeHash(purpose, subject, code)}`);
        throw new AppError(ERROR_CODE.UNAVAILABLE);
      }
      return { sent: true, resendIn: SMS_CODE.resendSeconds };
    },

    /**
     * Checks a code against the subject's latest one. Every try is counted first, in one statement (so
     * racing guesses cannot pass the limit); a right code is then claimed once (so two confirmations of
     * one code cannot both pass).
     */
    async verify(req: { purpose: string; subject: string; code: string; now: Date }): Promise<VerifyOutcome> {
      const { purpose, subject, now } = req;
      const [tried] = rowsOf(
        await db.execute(sql`
          update sms_codes set attempts = attempts + 1
           where id = (select id from sms_codes where purpose = ${purpose} and subject = ${subject}
                        order by id desc limit 1)
             and used_at is null and expires_at > ${now} and attempts < ${SMS_CODE.maxTries}
          returning id, code_hash, attempts`),
      );
      if (!tried) {
        // Why nothing was counted: asked only on a refusal.
        const [latest] = rowsOf(
          await db.execute(sql`
            select used_at is not null as used, attempts, expires_at <= ${now} as expired
              from sms_codes where purpose = ${purpose} and subject = ${subject}
             order by id desc limit 1`),
        );
        if (!latest) return { outcome: 'none' };
        // Used first: a right code on the last allowed try is a code used, not a lock.
        if (latest.used) return { outcome: 'used' };
        if (Number(latest.attempts) >= SMS_CODE.maxTries) return { outcome: 'locked' };
        return { outcome: 'expired' };
      }
      if (!sameToken(String(tried.code_hash), codeHash(purpose, subject, req.code)))
        return { outcome: 'wrong', locked: Number(tried.attempts) >= SMS_CODE.maxTries };
      const claimed = rowsOf(
        await db.execute(sql`
          update sms_codes set used_at = ${now} where id = ${Number(tried.id)} and used_at is null
          returning id`),
      );
      return claimed.length > 0 ? { outcome: 'ok' } : { outcome: 'used' };
    },

    /** The subject's codes stop working (the repayment they were for was cancelled). */
    async revoke(purpose: string, subject: string, now: Date): Promise<void> {
      await db.execute(sql`
        update sms_codes set used_at = ${now}
         where purpose = ${purpose} and subject = ${subject} and used_at is null`);
    },
  };
}
export type OneTimeCodes = ReturnType<typeof oneTimeCodes>;
