import { createHmac, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import {
  GATEWAY_HEADERS,
  GATEWAY_TOLERANCE_S,
  PAY_TYPE,
  type PayType,
} from '../../shared/contract/constants.ts';
import type { GatewayEvent } from '../../shared/contract/repayment.ts';
import { ERROR_CODE } from '../../shared/contract/reply-codes.ts';
import type { Minor } from '../../shared/domain/money.ts';
import type { Market } from '../../shared/markets.ts';
import type { Db } from '../db/client.ts';
import { gatewayOutbox } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { sameToken } from '../signed-links.ts';

/**
 * Taking the borrower's money (issue 9, decision 031). A gateway issues the number a borrower pays to (a
 * bank virtual account, a mini-market pay code, a UPI request) and, once the money arrives, posts a
 * signed callback to our webhook; only that callback credits a loan. The built-in sandbox below is the
 * default: it issues numbers and, when a payment is marked paid (back office, simulator, tests), sends the
 * callback exactly as a provider would, over HTTP, signed, retried until acknowledged.
 */
export interface IssueRequest {
  billNo: string;
  market: Market;
  payType: PayType;
  payCode: string;
  amountMinor: Minor;
  expiresAt: Date;
}

export interface PaymentGateway {
  /** The number the borrower pays to. */
  issue(request: IssueRequest): Promise<{ vcode: string }>;
  /**
   * India: asks the provider whether a UTR the borrower submitted paid this code. `found` means the
   * provider will (or did) send the payment's callback; crediting still waits for it.
   */
  checkUtr(request: {
    utr: string;
    vcode: string;
    amountMinor: Minor;
    market: Market;
  }): Promise<'found' | 'not_found'>;
}

/** The sandbox's extra: pay a code as a borrower would (the back office's "mark paid", the simulator). */
export interface SandboxGateway extends PaymentGateway {
  markPaid(payment: {
    vcode: string;
    amountMinor: Minor;
    market: Market;
    utr?: string;
  }): Promise<GatewayEvent>;
  /** Sends the callbacks that are due; returns how many were acknowledged. */
  deliverDue(send: CallbackSender): Promise<{ delivered: number; failed: number }>;
}

/** Posts one callback; resolves with the HTTP status (a thrown error counts as a failed attempt). */
export type CallbackSender = (body: string, headers: Record<string, string>) => Promise<number>;

// ---- signatures ------------------------------------------------------------------------------------

/** HMAC-SHA256 (hex) over `${timestamp}.${raw body}`: the body exactly as sent, never re-serialized. */
export function signCallback(secret: string, timestamp: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

export function signedHeaders(secret: string, rawBody: string, nowS: number): Record<string, string> {
  return {
    'content-type': 'application/json',
    [GATEWAY_HEADERS.timestamp]: String(nowS),
    [GATEWAY_HEADERS.signature]: signCallback(secret, nowS, rawBody),
  };
}

export type SignatureCheck = 'ok' | 'missing' | 'stale' | 'bad_signature';

/**
 * Checks a callback: both headers present, the timestamp within the tolerance of now (either way: a
 * replay window, not a clock check), and the signature equal in constant time.
 */
export function verifyCallback(
  secret: string,
  headers: { timestamp: unknown; signature: unknown },
  rawBody: string,
  nowS: number,
): SignatureCheck {
  const { timestamp, signature } = headers;
  if (typeof timestamp !== 'string' || typeof signature !== 'string') return 'missing';
  if (!/^\d{1,12}$/.test(timestamp) || !/^[0-9a-f]{64}$/.test(signature)) return 'bad_signature';
  const ts = Number(timestamp);
  if (Math.abs(nowS - ts) > GATEWAY_TOLERANCE_S) return 'stale';
  return sameToken(signCallback(secret, ts, rawBody), signature) ? 'ok' : 'bad_signature';
}

// ---- the sandbox -----------------------------------------------------------------------------------

/** Bank prefixes of the sandbox's virtual accounts (what Indonesian banks' VA numbers start with). */
const VA_PREFIX: Record<string, string> = {
  BCA: '39358',
  BNI: '8808',
  BRI: '26215',
  MANDIRI: '89508',
  PERMATA: '8625',
};

const digits = (n: number) => Array.from({ length: n }, () => String(randomInt(0, 10))).join('');

/** Retry schedule: 2 s, 4 s, 8 s… up to an hour between attempts; a provider gives up after a day or so. */
export function nextAttemptDelayMs(attempts: number): number {
  return Math.min(3_600_000, 2_000 * 2 ** Math.min(attempts, 20));
}

/**
 * The sandbox gateway. Its callbacks wait in `gateway_outbox` (PostgreSQL or PGlite) until our webhook
 * answers 2xx; `deliverDue` is run by the process every few seconds and takes each due row with
 * `for update skip locked`, so two instances never send one twice at the same moment (a repeat after a
 * lost acknowledgement is harmless: the webhook de-duplicates by event id).
 */
export function sandboxGateway(
  db: Db,
  secret: string,
  clock: { now(): Date } = { now: () => new Date() },
  /** Called when a UTR check queues a callback: the process sends it at once (a provider's is prompt). */
  onQueued: () => void = () => {},
) {
  const gateway: SandboxGateway = {
    async issue(request) {
      if (request.payType === PAY_TYPE.BANK) {
        const prefix = VA_PREFIX[request.payCode] ?? '7777';
        return { vcode: `${prefix}${digits(16 - prefix.length)}` };
      }
      if (request.payType === PAY_TYPE.STORE) return { vcode: `${request.payCode.slice(0, 3)}${digits(12)}` };
      // UPI: the transaction reference the intent carries (`tr`), which the callback names.
      return { vcode: `UPI${digits(13)}` };
    },

    async checkUtr({ utr, vcode, amountMinor, market }) {
      // Sandbox rule (as test cards are for card gateways): a UTR starting with 0 is one the bank does
      // not know; any other is a payment of the code's amount that the provider now reports.
      if (utr.startsWith('0')) return 'not_found';
      await gateway.markPaid({ vcode, amountMinor, market, utr });
      onQueued();
      return 'found';
    },

    async markPaid(payment) {
      const event: GatewayEvent = {
        eventId: `evt_${randomUUID()}`,
        type: 'payment.paid',
        paymentId: `pay_${randomBytes(12).toString('hex')}`,
        vcode: payment.vcode,
        amount: payment.amountMinor,
        currency: payment.market === 'IN' ? 'INR' : 'IDR',
        paidAt: clock.now().toISOString(),
        ...(payment.utr ? { utr: payment.utr } : {}),
      };
      // Due now by this process's clock, the one deliverDue compares with: the column's default (the
      // database's now(), in microseconds) could be a fraction of a millisecond after the JavaScript time
      // of an immediate delivery, which would then skip the row until the next round.
      await db
        .insert(gatewayOutbox)
        .values({ eventId: event.eventId, body: JSON.stringify(event), nextAttemptAt: new Date() });
      return event;
    },

    async deliverDue(send) {
      let delivered = 0;
      let failed = 0;
      for (;;) {
        // Claimed in a short transaction of its own, and sent after it: the webhook answering this call
        // runs in this process too, and on PGlite (one connection) it could not run while we held one.
        // The claim already books the next attempt, so a crash mid-send means a retry, never a loss.
        const [row] = await db.transaction(async (tx) => {
          const now = new Date();
          const [due] = await tx
            .select({ id: gatewayOutbox.id, body: gatewayOutbox.body, attempts: gatewayOutbox.attempts })
            .from(gatewayOutbox)
            .where(and(isNull(gatewayOutbox.deliveredAt), lte(gatewayOutbox.nextAttemptAt, now)))
            .orderBy(gatewayOutbox.nextAttemptAt)
            .limit(1)
            .for('update', { skipLocked: true });
          if (!due) return [];
          await tx
            .update(gatewayOutbox)
            .set({
              attempts: sql`${gatewayOutbox.attempts} + 1`,
              nextAttemptAt: new Date(now.getTime() + nextAttemptDelayMs(due.attempts)),
            })
            .where(eq(gatewayOutbox.id, due.id));
          return [due];
        });
        if (!row) break;
        let status = 0;
        let error = '';
        try {
          status = await send(row.body, signedHeaders(secret, row.body, Math.floor(Date.now() / 1000)));
        } catch (e) {
          error = e instanceof Error ? e.message : String(e);
        }
        const ok = status >= 200 && status < 300;
        await db
          .update(gatewayOutbox)
          .set(
            ok
              ? { deliveredAt: new Date(), lastError: null }
              : { lastError: (error || `HTTP ${status}`).slice(0, 200) },
          )
          .where(eq(gatewayOutbox.id, row.id));
        if (ok) delivered++;
        else failed++;
      }
      return { delivered, failed };
    },
  };
  return gateway;
}

/**
 * No gateway: what a process outside demo mode has until one is configured (PAYMENT_GATEWAY, decision
 * 047). It takes no money and makes none up: issuing a number to pay to, checking a UTR and "mark paid"
 * are refused (503, in the borrower's language), so a loan is credited only by a provider's signed
 * callback, never by a sandbox nobody asked for.
 */
export function noGateway(): SandboxGateway {
  const refuse = async (): Promise<never> => {
    throw new AppError(ERROR_CODE.UNAVAILABLE, 'common:errors.paymentsUnavailable');
  };
  return {
    issue: refuse,
    checkUtr: refuse,
    markPaid: refuse,
    deliverDue: async () => ({ delivered: 0, failed: 0 }),
  };
}

/** Posts callbacks over HTTP to `url` (the webhook), as a provider does. */
export function httpSender(url: string, timeoutMs = 10_000): CallbackSender {
  return async (body, headers) => {
    const res = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(timeoutMs) });
    await res.arrayBuffer();
    return res.status;
  };
}
