import { randomUUID } from 'node:crypto';
import type { Minor } from '../../shared/domain/money.ts';
import type { Market } from '../../shared/markets.ts';

/**
 * Sending a loan's money to the borrower (issue 8). A provider accepts the request and later confirms
 * the payout (a production provider through its signed callback); only that confirmation moves the order
 * to "disbursed". The sandbox below is the default and the one tests and demos use.
 */
export interface PayoutRequest {
  orderNo: string;
  market: Market;
  amountMinor: Minor;
}
export interface PayoutProvider {
  send(request: PayoutRequest): Promise<{ reference: string }>;
}

/**
 * The built-in sandbox: accepts every payout and confirms it `delayMs` later through `confirm`, as a
 * provider's callback would. A confirmation lost with the process (a restart inside the delay) leaves
 * the order "disbursing", as a lost callback would: visible to staff, never a double payout.
 */
export function sandboxPayout(
  confirm: (orderNo: string, reference: string) => Promise<void>,
  opts: { delayMs?: number } = {},
): PayoutProvider {
  return {
    async send(request) {
      const reference = `SANDBOX-${randomUUID()}`;
      const timer = setTimeout(() => {
        confirm(request.orderNo, reference).catch(() => {});
      }, opts.delayMs ?? 300);
      // A pending sandbox confirmation never keeps a stopping process alive.
      timer.unref();
      return { reference };
    },
  };
}

/**
 * No payout provider (outside demo mode without PAYMENT_GATEWAY, decision 047): nothing is sent and
 * nothing confirms itself. The approved order waits in "disbursing" until staff record the payout they
 * made, with its reference (the back office's "payout recorded by hand").
 */
export function manualPayout(): PayoutProvider {
  return {
    async send() {
      return { reference: 'MANUAL' };
    },
  };
}
