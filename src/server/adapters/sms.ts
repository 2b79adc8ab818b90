import { createHash } from 'node:crypto';
import type { Delivery } from '../../shared/contract/identity.ts';
import type { Market } from '../../shared/markets.ts';
import { type ExpiringValues, memoryValues } from '../shared-state/values.ts';

/**
 * Sending text messages (decision 032). The product sends one-time codes by SMS: for a card repayment
 * now, for registration next. A sender takes a purpose, a phone number and the text, and nothing else:
 * what a code is and how it is checked lives with the codes (`one-time-codes.ts`), so an HTTP provider
 * replaces the local sender without touching them.
 *
 * Nothing here logs: a message carries a phone number and, usually, a code (security baseline 16.2.5).
 */
export interface SmsMessage {
  /** What the message is for (`card_repayment`, `register`, `login`): providers bill and rate-limit by it. */
  purpose: string;
  /** A voice message's text is what the call says (the code's digits spaced out, to be read one by one). */
  via: Delivery;
  market: Market;
  /** The market's normalised number (`9876543210`, `081234567890`). */
  phone: string;
  text: string;
}

export interface SmsSender {
  /** Resolves once the provider has taken the message; rejects when it refused or could not be reached. */
  send(message: SmsMessage): Promise<void>;
}

/** A message as the local outbox keeps it. */
export interface HeldSms {
  purpose: string;
  via: Delivery;
  market: Market;
  text: string;
  sentAt: Date;
}

/** The local sender's extra: what a demo's phone would have received (demo mode's read-out route). */
export interface LocalSmsOutbox extends SmsSender {
  last(phone: string): Promise<HeldSms | null>;
}

/**
 * The local sender, the default: a phone that lives with the app. It keeps the last message per number
 * for `keepMs` (a code is worth nothing after 5 minutes), so that the simulator, a demo or a browser
 * journey can read the code it would have received. Held in this process (at most `max` numbers), or in
 * Redis when several instances share one (decision 071), so any instance reads what another sent. Not a
 * table: a table would keep codes in clear, which the codes' own table never does. Numbers are keyed by
 * their hash. Only demo mode exposes what it holds.
 */
export function localSmsOutbox(
  opts: { keepMs?: number; max?: number; now?: () => number; values?: ExpiringValues } = {},
): LocalSmsOutbox {
  const keepMs = opts.keepMs ?? 10 * 60_000;
  const now = opts.now ?? Date.now;
  const held = opts.values ?? memoryValues({ max: opts.max ?? 500 });
  const keyOf = (phone: string) => createHash('sha256').update(phone).digest('hex');

  return {
    async send({ purpose, via, market, phone, text }) {
      const message = { purpose, via, market, text, sentAt: new Date(now()).toISOString() };
      await held.set(keyOf(phone), JSON.stringify(message), keepMs);
    },
    async last(phone) {
      const text = await held.get(keyOf(phone));
      if (!text) return null;
      const message = JSON.parse(text) as Omit<HeldSms, 'sentAt'> & { sentAt: string };
      return { ...message, sentAt: new Date(message.sentAt) };
    },
  };
}

/**
 * An SMS provider over HTTP (production): `POST <url>` with a JSON body `{ to, text, purpose, market, via }`
 * and `Authorization: Bearer <token>`; any 2xx means the provider took the message (`via: "voice"`: the
 * provider calls the number and reads `text` out, as the common OTP gateways of both markets offer). The number goes in
 * the international form the market writes (`+91…`, `+62…`). A refusal or a timeout rejects, so the code
 * is not counted as sent to the borrower as if it were (the caller says sending failed). Nothing logged.
 */
export function httpSmsSender(opts: { url: string; token: string; timeoutMs?: number }): SmsSender {
  return {
    async send({ purpose, via, market, phone, text }) {
      const to = market === 'IN' ? `+91${phone}` : `+62${phone.replace(/^0/, '')}`;
      const res = await fetch(opts.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${opts.token}` },
        body: JSON.stringify({ to, text, purpose, market, via }),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
      });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`SMS provider answered ${res.status}`);
    },
  };
}
