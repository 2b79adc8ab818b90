import type {
  AdminBorrower,
  BorrowerSummary,
  Revealed,
  RevealField,
  ReviewDecisionBody,
  ReviewKind,
  VerificationQueue,
} from '../../../../shared/contract/admin-borrowers.ts';
import { ADMIN_BASE } from '../../../../shared/contract/constants.ts';
import { borrowersAdmin } from '../../../../shared/i18n/borrowers-admin.ts';
import { reviewReasons } from '../../../../shared/i18n/review-reasons.ts';
import type { Market } from '../../../../shared/markets.ts';
import { unwrap } from '../../../lib/api-query.ts';
import { addCopy } from '../../../lib/i18n.ts';
import { adminRequest } from '../admin-api.ts';
import type { PagedList } from '../admin-list-page.tsx';

// The queue shows the borrower's own sentence for each reason, so the operator sees what the borrower reads.
addCopy({ borrowersAdmin, reviewReasons });

/** The borrower view and the verification review queue (contract: shared/contract/admin-borrowers.ts). */
export const BORROWERS_ADMIN_PATHS = {
  search: `${ADMIN_BASE}/borrowers`,
  one: (id: number) => `${ADMIN_BASE}/borrowers/${id}`,
  reveal: (id: number) => `${ADMIN_BASE}/borrowers/${id}/reveal`,
  queue: `${ADMIN_BASE}/verification-queue`,
  decide: (kind: ReviewKind, id: number) => `${ADMIN_BASE}/verification-queue/${kind}/${id}`,
} as const;

export const borrowersKeys = {
  search: (q: string) => ['admin', 'borrowers', 'search', q] as const,
  one: (id: number) => ['admin', 'borrowers', 'one', id] as const,
  queueAll: ['admin', 'verification-queue'] as const,
  queue: (market: Market | undefined, page: number) => ['admin', 'verification-queue', market, page] as const,
};

/** The search answers at most a handful of borrowers: one page, drawn by the back office's list page. */
export async function searchBorrowers(q: string): Promise<PagedList<BorrowerSummary>> {
  const { items } = await unwrap(
    adminRequest<{ items: BorrowerSummary[] }>(BORROWERS_ADMIN_PATHS.search, { data: { q }, silent: true }),
  );
  return { items, total: items.length, page: 1, pageSize: items.length };
}

export function fetchBorrower(id: number): Promise<AdminBorrower> {
  return unwrap(adminRequest<AdminBorrower>(BORROWERS_ADMIN_PATHS.one(id), { silent: true }));
}

export interface RevealTarget {
  field: RevealField;
  accountId?: number;
  index?: number;
}

/** Silent: a refusal is shown in the reveal form. */
export function revealNumber(borrowerId: number, target: RevealTarget, reason: string, csrf: string) {
  return adminRequest<Revealed>(BORROWERS_ADMIN_PATHS.reveal(borrowerId), {
    method: 'POST',
    data: { ...target, reason },
    csrf,
    silent: true,
  });
}

export function fetchVerificationQueue(market: Market | undefined, page: number): Promise<VerificationQueue> {
  const data: Record<string, string> = { page: String(page) };
  if (market) data.market = market;
  return unwrap(adminRequest<VerificationQueue>(BORROWERS_ADMIN_PATHS.queue, { data, silent: true }));
}

export function decideReview(kind: ReviewKind, id: number, body: ReviewDecisionBody, csrf: string) {
  return adminRequest<{ kind: ReviewKind; id: number; status: string }>(
    BORROWERS_ADMIN_PATHS.decide(kind, id),
    {
      method: 'POST',
      data: body,
      csrf,
      silent: true,
    },
  );
}
