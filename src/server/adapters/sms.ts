import type { Delivery } from '../../shared/contract/identity.ts';
import type { Market } from '../../shared/markets.ts';

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
  last(phone: string): HeldSms | null;
}

/**
 * The local sender, the default: a phone that lives in this process. It keeps the last messages per
 * number in memory for `keepMs` (a code is worth nothing after 5 minutes), at most `max` in all, so that
 * the simulator, a demo or a browser journey can read the code it would have received. In memory, not a
 * table: a table would keep codes in clear, which the codes' own table never does; a demo server is one
 * process. Only demo mode exposes what it holds.
 */
export function localSmsOutbox(
  opts: { keepMs?: number; max?: number; now?: () => number } = {},
): LocalSmsOutbox {
  const keepMs = opts.keepMs ?? 10 * 60_000;
  const max = opts.max ?? 500;
  const now = opts.now ?? Date.now;
  // Insertion order is sending order: the oldest message is the first key's first entry.
  const held = new Map<string, HeldSms[]>();
  let count = 0;

  const forgetOld = () => {
    const before = now() - keepMs;
    for (const [phone, list] of held) {
      const kept = list.filter((m) => m.sentAt.getTime() > before);
      count -= list.length - kept.length;
      if (kept.length === 0) held.delete(phone);
      else held.set(phone, kept);
    }
    while (count > max) {
      const [phone, list] = held.entries().next().value as [string, HeldSms[]];
      list.shift();
      count--;
      if (list.length === 0) held.delete(phone);
    }
  };

  return {
    async send({ purpose, via, market, phone, text }) {
      const list = held.get(phone) ?? [];
      // Re-inserted, so the numbers messaged last are dropped last.
      held.delete(phone);
      held.set(phone, [...list, { purpose, via, market, text, sentAt: new Date(now()) }]);
      count++;
      forgetOld();
    },
    last(phone) {
      forgetOld();
      return held.get(phone)?.at(-1) ?? null;
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
