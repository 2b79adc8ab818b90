import type { CreditResult, ReviewItem, ReviewPage } from '../../../../shared/contract/admin.ts';
import type { ManualCredit } from '../../../../shared/contract/ledger-adjustments.ts';

/** Reconciliation data as the server sends it, for the screen's tests. */

export function reviewItem(overrides: Partial<ReviewItem> = {}): ReviewItem {
  return {
    id: 41,
    market: 'IN',
    orderNo: 'IN20261101001',
    billNo: 'INB0000041',
    vcode: 'UPI20261101041',
    amountMinor: 1_200_000,
    amount: '₹12,000',
    reason: 'underpaid',
    billAmount: '₹12,500',
    shortfall: '₹500',
    excess: null,
    paidAt: '2026-11-20T04:30:00.000Z',
    providerPaymentId: 'pay_sbx_41',
    utr: null,
    ...overrides,
  };
}

export function reviewPage(items: ReviewItem[], nextAfter: number | null = null): ReviewPage {
  return { items, nextAfter };
}

export function creditResult(overrides: Partial<CreditResult> = {}): CreditResult {
  return {
    id: 41,
    state: 'credited',
    orderNo: 'IN20261101001',
    market: 'IN',
    allocatedMinor: 1_200_000,
    allocated: '₹12,000',
    excessMinor: 0,
    excess: '₹0',
    operation: null,
    orderStatus: 174,
    ...overrides,
  };
}

/** A manual credit waiting for approval (decision 047). */
export function manualCredit(overrides: Partial<ManualCredit> = {}): ManualCredit {
  return {
    id: 5,
    orderNo: 'ID20261101001',
    market: 'ID',
    amountMinor: 10_000_000,
    amount: 'Rp\u00a0100.000',
    reference: 'BCA TRF 0001',
    note: 'Seen on the statement',
    state: 'proposed',
    proposedBy: 9,
    proposedAt: '2026-11-20T04:30:00.000Z',
    decidedBy: null,
    decidedAt: null,
    paymentId: null,
    ...overrides,
  };
}
