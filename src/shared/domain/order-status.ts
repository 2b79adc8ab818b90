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

export type DetailButton = 'repay' | 'extend' | 'loanMore';

/** Buttons at the bottom of loan details; `extend` only when the order allows a delay (isDelay '1'). */
export function detailButtons(status: number, isDelay: string | undefined): DetailButton[] {
  switch (status) {
    case 174:
    case 180:
    case 3:
    case 5:
      return isDelay === '1' ? ['repay', 'extend'] : ['repay'];
    case 170:
      return ['repay'];
    case 200:
    case 4:
      return ['loanMore'];
    default:
      return [];
  }
}

/** The recommended list is hidden while a loan is live or just settled (the intent of the original). */
export function showsRecommendations(status: number): boolean {
  return ![170, 174, 180, 200].includes(status);
}

/** A loan money has been (or is being) repaid on: its payments and receipts are worth a link. */
export function hasReceipts(status: number): boolean {
  return [170, 174, 180, 200].includes(status);
}

const OWN_IMAGE = new Set([21, 151, 174, 180, 110, 200]);
/** Which status image to show: six statuses have their own, the rest use the settled one. */
export function statusImageKey(status: number): number {
  return OWN_IMAGE.has(status) ? status : 200;
}
