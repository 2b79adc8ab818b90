/** The nightly ledger check in the back office (`/admin-api/ledger-checks`, issue 27, decision 049). */
import { z } from 'zod';
import { MARKETS } from '../markets.ts';
import { envelope } from './envelope.ts';

/**
 * The invariants a run checks, one name each (the back office words them in both languages):
 * - `allocationNotPositive`: an allocation of zero or less;
 * - `allocationUnknownPeriod`: an allocation to a period (or a component) the order's plan does not have;
 * - `allocationOverOwed`: more allocated to a period's fees, interest or principal, or to the order's
 *   late fee or late charges, than was owed;
 * - `allocationToUncreditedPayment`: an allocation of a payment that is not `credited`;
 * - `paymentOverAllocated`: a credited payment's allocations sum to more than the payment;
 * - `paymentNotFullyAllocated`: a payment credited by its callback whose allocations are not its amount
 *   (only a staff credit records an excess, on the payment, for a refund);
 * - `settledOwes`: a settled order still owes something (a cooling-off exit's waiver aside);
 * - `outstandingOwesNothing`: a live order (170, 174, 180) owes nothing;
 * - `dueDateMismatch`: a live order's due date is not the first unpaid period's, extensions added;
 * - `extensionFeeUnmatched`: extension-fee payments and `extend` events of an order do not pair up;
 * - `truncated`: the run found more breaches than it keeps (the detail says how many more).
 */
export const LEDGER_RULES = [
  'allocationNotPositive',
  'allocationUnknownPeriod',
  'allocationOverOwed',
  'allocationToUncreditedPayment',
  'paymentOverAllocated',
  'paymentNotFullyAllocated',
  'settledOwes',
  'outstandingOwesNothing',
  'dueDateMismatch',
  'extensionFeeUnmatched',
  'truncated',
] as const;
export type LedgerRule = (typeof LEDGER_RULES)[number];

export const ledgerBreach = z.object({
  orderNo: z.string(),
  market: z.enum(MARKETS),
  rule: z.enum(LEDGER_RULES),
  /** What was found, in figures (amounts written for the market, dates as market days). */
  detail: z.string(),
});
export type LedgerBreach = z.infer<typeof ledgerBreach>;

export const ledgerCheckRun = z.object({
  id: z.number().int(),
  startedAt: z.string(),
  finishedAt: z.string(),
  ordersChecked: z.number().int(),
  /** Breaches in the staff member's markets. */
  breachCount: z.number().int(),
});
export type LedgerCheckRun = z.infer<typeof ledgerCheckRun>;

export const ledgerChecksData = z.object({
  /** The latest runs, newest first. */
  runs: z.array(ledgerCheckRun),
  /** The breaches of the latest run in the staff member's markets; empty when there is no run. */
  breaches: z.array(ledgerBreach),
});
export type LedgerChecksData = z.infer<typeof ledgerChecksData>;
export const ledgerChecksReply = envelope(ledgerChecksData);

export const ledgerCheckRunReply = envelope(ledgerCheckRun);
