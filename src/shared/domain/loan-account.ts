import type { Market } from '../markets.ts';
import {
  type Allocation,
  balanceOf,
  chargesOutstanding,
  coolingOffExitDue,
  type OrderBalance,
  offeredAmounts,
  type PeriodBalance,
  paidTowardsLoan,
  periodOutstanding,
  totalOutstanding,
} from './ledger.ts';
import type { Minor } from './money.ts';
import { isDueOrOverdue, isLive } from './order-status.ts';
import {
  bpOf,
  earlyRepaymentAllowed,
  type Installment,
  type LateCharges,
  lateCharges,
  type MarketCaps,
  type ProductTerms,
  ppmOf,
  type QuotedFee,
} from './pricing.ts';
import { MARKET_CAPS, type StoredTerms, termsOf } from './product.ts';
import { addDays, daysBetween, type MarketDay, marketDay, startOfMarketDay } from './time.ts';

/**
 * The facts of one loan, as its order holds them: what every answer about its money is worked out from.
 * The repositories read them in one statement; nothing else is needed.
 */
export interface LoanFacts {
  market: Market;
  status: number;
  amountMinor: Minor;
  termDays: number;
  /** The terms the loan was sold on; null for orders older than the order engine. */
  terms: StoredTerms | null;
  /** The confirmed schedule (the quote's); null for orders older than the order engine. */
  schedule: readonly Installment[] | null;
  /** Late fee and late charges booked so far. */
  lateFee: Minor;
  lateCharge: Minor;
  /** Every allocation so far, extension fees included. */
  allocations: readonly Allocation[];
  /** Days every due date moved by paid extensions. */
  extensionDays: number;
  disbursedAt: string | null;
  /** The borrower has settled a loan before (the returning borrower's late fee); only late charges ask. */
  repeat?: boolean;
  /**
   * The quote's fees, upfront ones included: they count towards a market's cost caps. Absent, the
   * schedule's added fees stand for them (what a reader without the quote can know).
   */
  quoteFees?: QuotedFee[];
}

/** A period of the account: its balance, what is left of it and the market day it falls due. */
export interface AccountPeriod extends PeriodBalance {
  /** Payout day + its days + every paid extension; null before the payout. */
  due: MarketDay | null;
  left: Minor;
}

/** What is overdue on a day: the periods whose due day has passed unpaid, and the unpaid late charges. */
export interface Overdue {
  periods: Array<AccountPeriod & { daysLate: number }>;
  /** What is left of those periods: the base late charges are reckoned on (never on charges). */
  periodsAmount: Minor;
  charges: Minor;
  /** periodsAmount + charges. */
  amount: Minor;
}

const NO_CHARGES: LateCharges = { lateFee: 0, lateCharge: 0, capped: false };

/**
 * The daily rate of the tier in force on a period's `day` late (pricing.ts `LateChargeTier`: the last tier
 * that has begun). pricing's `lateCharges` sums a whole spell on one amount; a loan late on several
 * periods needs each day's rate, as it is the day's charge that the per-day cap bounds.
 */
export function lateChargeRate(terms: Pick<ProductTerms, 'lateChargeTiers'>, day: number): number {
  let rate = 0;
  let from = 0;
  for (const t of terms.lateChargeTiers)
    if (t.fromDay <= day && t.fromDay > from) {
      rate = t.dailyPpm;
      from = t.fromDay;
    }
  return rate;
}

/** A period's due market day: the payout day + its days + every paid extension (null before the payout). */
export function periodDue(
  f: Pick<LoanFacts, 'disbursedAt' | 'market' | 'extensionDays'>,
  dueDay: number,
): MarketDay | null {
  return f.disbursedAt
    ? addDays(marketDay(new Date(f.disbursedAt), f.market), dueDay + f.extensionDays)
    : null;
}

/**
 * One loan's account (decision 048): built once from its facts, it answers every question about its
 * money that a screen, a job or the crediting asks. It works nothing out itself that the ledger
 * (`ledger.ts`: balance, allocation order, offers, the cooling-off exit's due) or the pricing module
 * (`pricing.ts`: late charges and caps, the early-repayment rule, fees) already states; it puts them
 * together once, with the order's status, dates and extensions.
 */
export function loanAccount(f: LoanFacts) {
  const balance: OrderBalance = balanceOf(
    f.schedule ?? [],
    { late_fee: f.lateFee, late_charge: f.lateCharge },
    f.allocations,
  );
  const start = f.disbursedAt ? marketDay(new Date(f.disbursedAt), f.market) : null;
  const periods: AccountPeriod[] = [...balance.periods]
    .sort((x, y) => x.period - y.period)
    .map((p) => ({ ...p, due: periodDue(f, p.dueDay), left: periodOutstanding(p) }));
  const waiting = periods.filter((p) => p.left > 0);
  /** Money out and not repaid, with a plan to repay it by. */
  const live = isLive(f.status) && f.schedule !== null && start !== null;
  const charges = chargesOutstanding(balance);
  const terms: ProductTerms | null = f.terms ? termsOf(f.market, f.terms) : null;
  const late = (p: AccountPeriod, day: MarketDay) => (p.due ? daysBetween(p.due, day) : 0);

  /** The first day (since the payout) on which repaying the whole loan is allowed: pricing's rule. */
  function earlyFirstDay(t: ProductTerms): number {
    let day = 0;
    while (!earlyRepaymentAllowed(t, f.termDays, day)) day++;
    return day;
  }

  const borrower = f.repeat ? 'repeat' : 'new';
  const cost = f.schedule && {
    principal: f.amountMinor,
    interest: f.schedule.reduce((a, s) => a + s.interest, 0),
    fees: f.quoteFees ?? [
      { name: 'schedule', amount: f.schedule.reduce((a, s) => a + s.fees, 0), timing: 'added' as const },
    ],
  };
  /**
   * A market cap applied to `amount` by pricing's own `lateCharges`: asked with the amount as a one-off
   * late fee, one day late, it answers the fee the cap leaves (the same arithmetic as every capped charge).
   */
  const capped = (amount: Minor, caps: MarketCaps) =>
    terms && cost
      ? lateCharges(
          { ...terms, lateFee: { newBorrower: amount, repeatBorrower: amount }, lateChargeTiers: [] },
          cost,
          1,
          1,
          borrower,
          caps,
        ).lateFee
      : 0;
  const marketCaps = MARKET_CAPS[f.market];
  /** The late spell's total by its day, capped and not (index 0: nothing), grown as later days are asked. */
  const spell: Minor[] = [0];
  const spellUncapped: Minor[] = [0];

  /**
   * The late charges of the current late spell through `day` (decision 048). The spell starts at the
   * first waiting period's due day. Each day every overdue period is charged the tier of its own days
   * late (pricing's rate) on what is left of it; the late fee comes on the spell's first day. The day's
   * sum is capped per day, and the spell's total by the loan's total-cost cap (pricing's caps, Indonesia).
   * Cumulative, so a day's charge is `by(day) − by(day − 1)`.
   */
  function lateChargesBy(day: MarketDay): LateCharges {
    const first = waiting[0];
    if (!terms || !cost || !first?.due) return NO_CHARGES;
    const daysLate = late(first, day);
    if (daysLate <= 0) return NO_CHARGES;
    const fee = lateCharges(terms, cost, first.left, 1, borrower).lateFee;
    for (let d = spell.length; d <= daysLate; d++) {
      const on = addDays(first.due, d);
      let charge = d === 1 ? fee : 0;
      for (const p of waiting) {
        const k = late(p, on);
        if (k > 0) charge += ppmOf(p.left, lateChargeRate(terms, k));
      }
      const today = capped(charge, { lateChargePerDayPpm: marketCaps.lateChargePerDayPpm });
      spell[d] = capped(spell[d - 1]! + today, { totalCostPpm: marketCaps.totalCostPpm });
      spellUncapped[d] = spellUncapped[d - 1]! + charge;
    }
    const total = spell[daysLate]!;
    const lateFee = Math.min(fee, total);
    return { lateFee, lateCharge: total - lateFee, capped: total < spellUncapped[daysLate]! };
  }

  return {
    facts: f,
    balance,
    live,
    periods,
    /** The periods not fully paid, in due order. */
    waiting,
    /** Late fee and late charges booked and not yet paid. */
    charges,
    /** Everything still owed: nothing once the loan is not live (a settled loan owes nothing). */
    outstanding: live ? totalOutstanding(balance) : 0,
    /** Every allocation booked, extension fees included: the receipts' and the certificate's figure. */
    paid: f.allocations.reduce((a, x) => a + x.amount, 0),
    /** Paid towards the loan itself (extension fees aside): what the cooling-off exit counts. */
    paidTowardsLoan: paidTowardsLoan(balance),
    /** The amounts of `offeredAmounts` (ledger.ts), before the early-repayment rule. */
    offered: offeredAmounts(balance),
    lateChargesBy,

    /** What is overdue on `today`: every period whose due day has passed unpaid, and the late charges. */
    overdue(today: MarketDay): Overdue {
      if (!live) return { periods: [], periodsAmount: 0, charges: 0, amount: 0 };
      const overdue = waiting.map((p) => ({ ...p, daysLate: late(p, today) })).filter((p) => p.daysLate > 0);
      const periodsAmount = overdue.reduce((a, p) => a + p.left, 0);
      return { periods: overdue, periodsAmount, charges, amount: periodsAmount + charges };
    },

    /**
     * What the borrower should pay next and by when: every period due by `today` (and unpaid) with the
     * late charges, or, when none is, the first waiting period. Null when nothing is owed.
     */
    nextDue(today: MarketDay): { day: MarketDay | null; amount: Minor; periods: AccountPeriod[] } | null {
      if (!live || (waiting.length === 0 && charges === 0)) return null;
      const due = waiting.filter((p) => late(p, today) >= 0);
      const owed = due.length > 0 ? due : waiting.slice(0, 1);
      return {
        day: waiting[0]?.due ?? null,
        amount: owed.reduce((a, p) => a + p.left, charges),
        periods: owed,
      };
    },

    /**
     * The amounts that may be paid today (ledger.ts `offeredAmounts`: installments in order), less the
     * one that would clear the loan before its last due date while early repayment is not yet allowed
     * (pricing.ts `earlyRepaymentAllowed`). `earlyFrom`: the first day it is allowed.
     */
    payable(today: MarketDay): { amounts: Minor[]; earlyFrom: MarketDay | null } {
      if (!live) return { amounts: [], earlyFrom: null };
      const offers = offeredAmounts(balance);
      const last = waiting.at(-1);
      if (!terms || !start || !last?.due) return { amounts: offers, earlyFrom: null };
      if (late(last, today) >= 0 || earlyRepaymentAllowed(terms, f.termDays, daysBetween(start, today)))
        return { amounts: offers, earlyFrom: null };
      return {
        amounts: offers.slice(0, waiting.length - 1),
        earlyFrom: addDays(start, earlyFirstDay(terms)),
      };
    },

    /**
     * Whether the loan may be extended on `today`, and what it costs: from "due" or "overdue", when the
     * product offers it and the extension would bring the due date past today (an extension that leaves
     * the loan overdue would sell the borrower nothing).
     */
    extensionOffer(today: MarketDay) {
      const ext = f.terms?.extension;
      const next = waiting[0];
      if (!ext || !live || !isDueOrOverdue(f.status) || !next?.due) return null;
      const newDue = addDays(next.due, ext.days);
      if (daysBetween(today, newDue) <= 0) return null;
      return { fee: bpOf(f.amountMinor, ext.feeBp), days: ext.days, currentDue: next.due, newDue };
    },

    /**
     * The cooling-off exit on market day `day`: what it asks (ledger.ts `coolingOffExitDue`: the payoff
     * less what was already paid towards the loan), its last day and when it closes (the end of the payout
     * day plus the product's cooling-off days); null when it is not open.
     */
    coolingOffExit(day: MarketDay): { due: Minor; lastDay: MarketDay; closesAt: Date } | null {
      if (!f.terms || !live || !start) return null;
      const due = coolingOffExitDue(
        f.terms,
        f.amountMinor,
        daysBetween(start, day),
        paidTowardsLoan(balance),
      );
      if (due === null) return null;
      const lastDay = addDays(start, f.terms.coolingOffDays);
      return { due, lastDay, closesAt: startOfMarketDay(addDays(lastDay, 1), f.market) };
    },
  };
}
export type LoanAccount = ReturnType<typeof loanAccount>;
