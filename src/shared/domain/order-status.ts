/**
 * Loan order status codes and what the loan-details screen does for each (product brief §4).
 * The spec gives codes, not meanings; these are our definitions.
 */
export const ORDER_STATUS = {
  UNDER_REVIEW: 21,
  DISBURSING: 151,
  REJECTED: 110,
  DISBURSED: 170,
  DUE: 174,
  OVERDUE: 180,
  SETTLED: 200,
  LEGACY_REPAYING: 3,
  LEGACY_SETTLED: 4,
  LEGACY_OVERDUE: 5,
} as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];

const S = ORDER_STATUS;
/**
 * The status groups every reader and writer asks about, named once (decision 048). `live`: money out and
 * not yet repaid; `dueOrOverdue`: a live loan whose due date has come (repay, extend); `closed`: nothing
 * more will happen. The legacy codes (3/4/5, decision 003) are shown as 174/200/180 and never entered.
 */
export const STATUS_GROUPS = {
  pending: [S.UNDER_REVIEW, S.DISBURSING],
  live: [S.DISBURSED, S.DUE, S.OVERDUE],
  dueOrOverdue: [S.DUE, S.OVERDUE],
  closed: [S.REJECTED, S.SETTLED],
  legacyDueOrOverdue: [S.LEGACY_REPAYING, S.LEGACY_OVERDUE],
  legacyClosed: [S.LEGACY_SETTLED],
} as const satisfies Record<string, readonly OrderStatus[]>;
export type StatusGroup = keyof typeof STATUS_GROUPS;

/** Whether `status` is one of `group`'s. */
export function inGroup(group: StatusGroup, status: number): boolean {
  return (STATUS_GROUPS[group] as readonly number[]).includes(status);
}

export const isPending = (status: number) => inGroup('pending', status);
/** A live loan: money out, not yet repaid. */
export const isLive = (status: number) => inGroup('live', status);
export const isDueOrOverdue = (status: number) => inGroup('dueOrOverdue', status);

/**
 * The SQL list of the groups' statuses, for a repository's `status in …`: `(170, 174, 180)`. Integers
 * from the constant above only, so it is safe to put into statement text.
 */
export function statusSql(...groups: StatusGroup[]): string {
  return `(${groups.flatMap((g) => STATUS_GROUPS[g]).join(', ')})`;
}

export type DetailButton = 'repay' | 'extend' | 'loanMore';

/** Buttons at the bottom of loan details; `extend` only when the order allows a delay (isDelay '1'). */
export function detailButtons(status: number, isDelay: string | undefined): DetailButton[] {
  if (inGroup('dueOrOverdue', status) || inGroup('legacyDueOrOverdue', status))
    return isDelay === '1' ? ['repay', 'extend'] : ['repay'];
  if (status === S.DISBURSED) return ['repay'];
  if (status === S.SETTLED || inGroup('legacyClosed', status)) return ['loanMore'];
  return [];
}

/** The recommended list is hidden while a loan is live or just settled (the intent of the original). */
export function showsRecommendations(status: number): boolean {
  return !hasReceipts(status);
}

/** A loan money has been (or is being) repaid on: its payments and receipts are worth a link. */
export function hasReceipts(status: number): boolean {
  return isLive(status) || status === S.SETTLED;
}

const OWN_IMAGE = new Set<number>([
  ...STATUS_GROUPS.pending,
  ...STATUS_GROUPS.dueOrOverdue,
  ...STATUS_GROUPS.closed,
]);
/** Which status image to show: six statuses have their own, the rest use the settled one. */
export function statusImageKey(status: number): number {
  return OWN_IMAGE.has(status) ? status : 200;
}
