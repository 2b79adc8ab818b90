import { assertMinor, type Minor } from './money.ts';
import { coolingOffPayoff, type Installment, type ProductTerms } from './pricing.ts';

/**
 * The loan ledger's arithmetic (issue 9, decision 031): what an order still owes and how a payment is
 * split over it. Pure, integer minor units, used by the server inside the crediting transaction.
 *
 * Allocation order (documented for borrowers and staff alike): first the order's late charges (the
 * one-off late fee, then the daily late charges), then the periods in due order, each period's fees,
 * then its interest, then its principal. Paying what is oldest and dearest first is what the borrower
 * would choose, and it is the order regulators expect (late charges never earn more late charges, so
 * clearing them first costs the borrower nothing either way).
 */
export const COMPONENTS = ['late_fee', 'late_charge', 'fees', 'interest', 'principal'] as const;
export type Component = (typeof COMPONENTS)[number] | 'extension_fee';

export interface Allocation {
  /** The period paid (1-based); null for the order's own late charges and the extension fee. */
  period: number | null;
  component: Component;
  amount: Minor;
}

export interface PeriodBalance {
  period: number;
  /** Days from disbursement to the due date (before any extension). */
  dueDay: number;
  owed: Record<'fees' | 'interest' | 'principal', Minor>;
  paid: Record<'fees' | 'interest' | 'principal', Minor>;
}

export interface OrderBalance {
  periods: PeriodBalance[];
  owed: Record<'late_fee' | 'late_charge', Minor>;
  paid: Record<'late_fee' | 'late_charge', Minor>;
}

const PERIOD_PARTS = ['fees', 'interest', 'principal'] as const;
const ORDER_PARTS = ['late_fee', 'late_charge'] as const;

/** The balance of an order from its schedule, its booked late charges and the allocations so far. */
export function balanceOf(
  schedule: readonly Installment[],
  charges: { late_fee: Minor; late_charge: Minor },
  allocations: readonly Allocation[],
): OrderBalance {
  const periods = schedule.map((s) => ({
    period: s.period,
    dueDay: s.dueDay,
    owed: { fees: s.fees, interest: s.interest, principal: s.principal },
    paid: { fees: 0, interest: 0, principal: 0 },
  }));
  const paid = { late_fee: 0, late_charge: 0 };
  for (const a of allocations) {
    assertMinor(a.amount);
    if (a.component === 'late_fee' || a.component === 'late_charge') paid[a.component] += a.amount;
    else if (a.component !== 'extension_fee') {
      const p = periods.find((x) => x.period === a.period);
      if (!p) throw new RangeError(`allocation to unknown period ${a.period}`);
      p.paid[a.component] += a.amount;
    }
  }
  return { periods, owed: { ...charges }, paid };
}

const left = (owed: Minor, paid: Minor) => Math.max(0, owed - paid);

/** What is left of one period. */
export function periodOutstanding(p: PeriodBalance): Minor {
  return PERIOD_PARTS.reduce((a, k) => a + left(p.owed[k], p.paid[k]), 0);
}

/** Late fee and late charges not yet paid. */
export function chargesOutstanding(b: OrderBalance): Minor {
  return ORDER_PARTS.reduce((a, k) => a + left(b.owed[k], b.paid[k]), 0);
}

/** Everything the order still owes. */
export function totalOutstanding(b: OrderBalance): Minor {
  return chargesOutstanding(b) + b.periods.reduce((a, p) => a + periodOutstanding(p), 0);
}

/** The periods not fully paid, in due order. */
export function waitingPeriods(b: OrderBalance): PeriodBalance[] {
  return b.periods.filter((p) => periodOutstanding(p) > 0).sort((x, y) => x.period - y.period);
}

/**
 * The amounts a borrower may pay now: the first waiting period (with the late charges), the first two,
 * and so on to everything. Periods are paid in order (spec §4), so no other amount is offered; a pay
 * code is issued only for one of these.
 */
export function offeredAmounts(b: OrderBalance): Minor[] {
  const amounts: Minor[] = [];
  let sum = chargesOutstanding(b);
  for (const p of waitingPeriods(b)) {
    sum += periodOutstanding(p);
    amounts.push(sum);
  }
  if (amounts.length === 0 && sum > 0) amounts.push(sum);
  return amounts;
}

/**
 * Splits `amount` over the balance in the documented order. Returns the allocations (each > 0) and what
 * is left over when the amount exceeds everything owed (the caller decides what an excess means; the
 * ledger never books it). The sum of the allocations plus `left` is exactly `amount`.
 */
export function allocatePayment(b: OrderBalance, amount: Minor): { allocations: Allocation[]; left: Minor } {
  assertMinor(amount);
  if (amount <= 0) throw new RangeError('a payment is a positive amount');
  let rest = amount;
  const allocations: Allocation[] = [];
  const take = (period: number | null, component: Component, due: Minor) => {
    const n = Math.min(rest, due);
    if (n > 0) {
      allocations.push({ period, component, amount: n });
      rest -= n;
    }
  };
  for (const k of ORDER_PARTS) take(null, k, left(b.owed[k], b.paid[k]));
  for (const p of [...b.periods].sort((x, y) => x.period - y.period))
    for (const k of PERIOD_PARTS) take(p.period, k, left(p.owed[k], p.paid[k]));
  return { allocations, left: rest };
}

/** The balance after `allocations` are booked (for checks and for the next step in one transaction). */
export function applyAllocations(b: OrderBalance, allocations: readonly Allocation[]): OrderBalance {
  const next: OrderBalance = {
    periods: b.periods.map((p) => ({ ...p, owed: { ...p.owed }, paid: { ...p.paid } })),
    owed: { ...b.owed },
    paid: { ...b.paid },
  };
  for (const a of allocations) {
    if (a.component === 'late_fee' || a.component === 'late_charge') next.paid[a.component] += a.amount;
    else if (a.component !== 'extension_fee') {
      const p = next.periods.find((x) => x.period === a.period)!;
      p.paid[a.component] += a.amount;
    }
  }
  return next;
}

/** The first period still waiting, or null when the order is paid (its late charges aside). */
export function nextWaiting(b: OrderBalance): PeriodBalance | null {
  return waitingPeriods(b)[0] ?? null;
}

/** Everything paid towards the loan so far: its periods' parts and its late charges (extension fees aside). */
export function paidTowardsLoan(b: OrderBalance): Minor {
  return b.periods.reduce(
    (a, p) => a + PERIOD_PARTS.reduce((x, k) => x + p.paid[k], 0),
    ORDER_PARTS.reduce((a, k) => a + b.paid[k], 0),
  );
}

/**
 * What the cooling-off exit asks on `day` (days since disbursement): the payoff (pricing.ts: the
 * principal and the interest of the days used, no fee, no penalty) less what was already paid towards
 * the loan, whatever it paid (money paid as a fee or a late charge counts towards the exit, since the
 * exit waives both). Null when the period is over, or when nothing is left to ask: a borrower who has
 * already paid the payoff or more keeps the loan on its plan (a refund of the difference is not a step
 * the product takes yet).
 */
export function coolingOffExitDue(
  terms: Pick<ProductTerms, 'coolingOffDays' | 'dailyInterestPpm'>,
  principal: Minor,
  day: number,
  paid: Minor,
): Minor | null {
  const payoff = coolingOffPayoff(terms, principal, day);
  if (payoff === null) return null;
  const due = payoff - paid;
  return due > 0 ? due : null;
}

/**
 * Splits the cooling-off exit's payment: **the principal of every period first, in period order, then the
 * interest of every period, in period order**; fees and late charges get nothing. The exit returns the
 * principal and pays for the days used, so the ledger shows the principal back in full and the rest as
 * interest; what the schedule still shows unpaid afterwards (the interest of the days not used, the
 * fees, any late charges) is waived when the order is settled, never booked as paid. The allocations
 * are each > 0, and they plus `left` (what the principal and interest outstanding cannot take, which
 * the caller never books) are exactly `amount`.
 */
export function allocateCoolingOffExit(
  b: OrderBalance,
  amount: Minor,
): { allocations: Allocation[]; left: Minor } {
  assertMinor(amount);
  if (amount <= 0) throw new RangeError('a payment is a positive amount');
  let rest = amount;
  const allocations: Allocation[] = [];
  const inOrder = [...b.periods].sort((x, y) => x.period - y.period);
  for (const k of ['principal', 'interest'] as const)
    for (const p of inOrder) {
      const n = Math.min(rest, left(p.owed[k], p.paid[k]));
      if (n > 0) {
        allocations.push({ period: p.period, component: k, amount: n });
        rest -= n;
      }
    }
  return { allocations, left: rest };
}
