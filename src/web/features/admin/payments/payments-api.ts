import type {
  CreditBody,
  CreditResult,
  MarkPaidResult,
  ResolveResult,
  ReviewPage,
} from '../../../../shared/contract/admin.ts';
import { ADMIN_BASE } from '../../../../shared/contract/constants.ts';
import type { ManualCredit, ManualCreditBody } from '../../../../shared/contract/ledger-adjustments.ts';
import { unwrap } from '../../../lib/api-query.ts';
import { adminRequest } from '../admin-api.ts';

/** Reconciliation in the back office (contract: shared/contract/admin.ts, `/admin-api/payments`). */
export const PAYMENT_PATHS = {
  review: `${ADMIN_BASE}/payments/review`,
  credit: (id: number) => `${ADMIN_BASE}/payments/${id}/credit`,
  resolve: (id: number) => `${ADMIN_BASE}/payments/${id}/resolve`,
  markPaid: `${ADMIN_BASE}/payments/mark-paid`,
  manualCredits: `${ADMIN_BASE}/payments/manual-credits`,
  proposeCredit: (orderNo: string) => `${ADMIN_BASE}/orders/${encodeURIComponent(orderNo)}/manual-credits`,
  decideCredit: (id: number, what: 'approve' | 'reject') =>
    `${ADMIN_BASE}/payments/manual-credits/${id}/${what}`,
} as const;

export const paymentKeys = {
  review: ['admin', 'payments', 'review'] as const,
  manualCredits: ['admin', 'payments', 'manual-credits'] as const,
};

/** The server's bounds on a resolution note (contract `resolveBody`). */
export const NOTE_LIMITS = { min: 3, max: 200 } as const;

/** One page of the reconciliation list, oldest first; `after` is the last id of the page before. */
export function fetchReview(after: number | null): Promise<ReviewPage> {
  return unwrap(
    adminRequest<ReviewPage>(PAYMENT_PATHS.review, {
      data: after === null ? {} : { after: String(after) },
      silent: true,
    }),
  );
}

/** Silent: the screen shows a refusal where the operator is working. */
export function creditPayment(id: number, body: CreditBody, csrf: string, loadingText: string) {
  return adminRequest<CreditResult>(PAYMENT_PATHS.credit(id), {
    method: 'POST',
    data: { ...body },
    csrf,
    silent: true,
    loadingText,
  });
}

export function resolvePayment(id: number, resolution: string, csrf: string, loadingText: string) {
  return adminRequest<ResolveResult>(PAYMENT_PATHS.resolve(id), {
    method: 'POST',
    data: { resolution },
    csrf,
    silent: true,
    loadingText,
  });
}

export function markBillPaid(billNo: string, amount: number | null, csrf: string, loadingText: string) {
  return adminRequest<MarkPaidResult>(PAYMENT_PATHS.markPaid, {
    method: 'POST',
    data: amount === null ? { billNo } : { billNo, amount },
    csrf,
    silent: true,
    loadingText,
  });
}

/**
 * An amount typed in major units → minor units, or null when it cannot be read. The bill's market is
 * only known once the gateway looks the bill up, and both markets count 100 minor units to the major
 * one, so up to two decimals are read for either; digits only, never through a floating-point number.
 */
export function readAmount(text: string): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const minor = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return minor > 0 ? minor : null;
}

/** Manual credits waiting for a second administrator (decision 047). */
export function fetchManualCredits(): Promise<ManualCredit[]> {
  return unwrap(adminRequest<{ items: ManualCredit[] }>(PAYMENT_PATHS.manualCredits, { silent: true })).then(
    (d) => d.items,
  );
}

export function proposeManualCredit(
  orderNo: string,
  body: ManualCreditBody,
  csrf: string,
  loadingText: string,
) {
  return adminRequest<ManualCredit>(PAYMENT_PATHS.proposeCredit(orderNo), {
    method: 'POST',
    data: { ...body },
    csrf,
    silent: true,
    loadingText,
  });
}

export function decideManualCredit(
  id: number,
  what: 'approve' | 'reject',
  note: string,
  csrf: string,
  loadingText: string,
) {
  return adminRequest<ManualCredit>(PAYMENT_PATHS.decideCredit(id, what), {
    method: 'POST',
    data: what === 'reject' ? { note } : {},
    csrf,
    silent: true,
    loadingText,
  });
}
