import type { PlanPeriod } from '../../../shared/contract/repayment.ts';
import { H5_PATHS } from '../../../shared/routes.ts';

/**
 * Which waiting periods the borrower pays (spec §4), as pure rules. Periods are paid in order, so a
 * selection is always a run from the first waiting period: it is kept as how many periods are checked
 * (`count`), and period `i` is checked when `i < count`.
 */
export type SelectablePeriod = Pick<PlanPeriod, 'totalAmount' | 'canClick'>;

/** The run may start only where the server allows it: the first waiting period, marked `canClick` 1. */
export function canStart(periods: readonly SelectablePeriod[]): boolean {
  return periods[0]?.canClick === 1;
}

/**
 * The selection on opening. Nothing chosen yet, we choose the first waiting period: the borrower
 * usually pays the next one, and the total and the pay button are ready at once (unchecking it is one
 * tap). When the server allows no period, nothing is chosen.
 */
export function initialCount(periods: readonly SelectablePeriod[]): number {
  return canStart(periods) ? 1 : 0;
}

/** A count kept across a refetch stays within the periods now waiting (some may have been paid). */
export function clampCount(periods: readonly SelectablePeriod[], count: number): number {
  if (!canStart(periods)) return 0;
  return Math.max(0, Math.min(count, periods.length));
}

/**
 * Whether period `index` can be tapped now: a checked one (to uncheck it), or the one right after the
 * checked run (the one before it is checked). Later ones wait their turn.
 */
export function canToggle(periods: readonly SelectablePeriod[], count: number, index: number): boolean {
  if (!canStart(periods) || index < 0 || index >= periods.length) return false;
  return index <= count;
}

/**
 * A tap on period `index`: checking adds it to the run; unchecking takes it out with every later one
 * (a later period cannot be paid while an earlier one is not). A tap that is not allowed changes nothing.
 */
export function toggle(periods: readonly SelectablePeriod[], count: number, index: number): number {
  if (!canToggle(periods, count, index)) return count;
  return index < count ? index : count + 1;
}

/**
 * Select-all switches between every waiting period and the first one only (spec §4). `waiting` is how
 * many periods the borrower sees waiting; `periods` are those payable now, which may be fewer (the last
 * ones wait for early repayment to open). Select-all is "all" only when every waiting period is checked:
 * with periods 1 and 2 of 3 checked by hand and the third not payable yet, it is not checked, and a tap
 * never takes period 2 away (issue 29) -- there is nothing more it can add, so it is off.
 */
export function selectAll(
  periods: readonly SelectablePeriod[],
  count: number,
  waiting = periods.length,
): number {
  if (!canStart(periods)) return 0;
  return allSelected(periods, count, waiting) ? 1 : periods.length;
}

/** Select-all is checked when every waiting period is (not merely every payable one). */
export function allSelected(
  periods: readonly SelectablePeriod[],
  count: number,
  waiting = periods.length,
): boolean {
  return waiting > 0 && periods.length === waiting && count === waiting;
}

/** Select-all does something: not when the server allows nothing, nor when it would change nothing. */
export function canSelectAll(
  periods: readonly SelectablePeriod[],
  count: number,
  waiting = periods.length,
): boolean {
  return selectAll(periods, count, waiting) !== count;
}

/** What the checked periods cost together, minor units: the sum of their `totalAmount`. */
export function selectedTotal(periods: readonly SelectablePeriod[], count: number): number {
  let total = 0;
  for (const period of periods.slice(0, Math.max(0, count))) total += period.totalAmount;
  return total;
}

/** Paying needs something to pay. */
export function canPay(total: number): boolean {
  return total > 0;
}

/*
 * Where the two repayment screens lead (pure too, so the installment and extension pages share them
 * without sharing a chunk, and plan-queries.ts, part of the H5 entry, stays small).
 */

/** What the pay-method chooser is told: the order, the amount in minor units, and what it pays. */
export interface ChooserTarget {
  productId: number;
  orderId: string;
  /** Minor units, an integer (no separators in the address). */
  amount: number;
  /** 0: installment periods; 1: the extension fee (`is_display` of generate-vcode). */
  display: 0 | 1;
}

/** The chooser's path and query, before the page session's params are added (withSessionParams). */
export function chooserPath(target: ChooserTarget): string {
  const query = new URLSearchParams({
    productId: String(target.productId),
    orderId: target.orderId,
    amount: String(target.amount),
    display: String(target.display),
  });
  return `${H5_PATHS.repayChooser}?${query}`;
}

/** The order's loan-details path (the way back, and the link of the empty and unavailable states). */
export function detailsPath(orderNo: string, productId: number | null): string {
  const query = new URLSearchParams({ orderId: orderNo });
  if (productId !== null) query.set('productId', String(productId));
  return `${H5_PATHS.loanDetails}?${query}`;
}
