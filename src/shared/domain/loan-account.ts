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
import { type Minor, payableUnit } from './money.ts';
import { isDueOrOverdue, isLive } from './order-status.ts';
import {
  earlyRepaymentAllowed,
  extensionFee,
  extensionWithinCaps,
  type Installment,
  type LateCharges,
  lateCharges,
  type MarketCaps,
  type ProductTerms,
  ppmOf,
  type Quote,
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
   * schedule's added fees stand for them (what a reader without the quote can know). Null for orders
   * older than issue 8's quotes.
   */
  quoteFees?: QuotedFee[] | null;
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
 * together once, with the order's status, dates and extensions. A class, not a closure per answer: one
 * is built on every loan-details read, and per-read closures cost more than the answers (measured).
 */
export class LoanAccount {
  readonly balance: OrderBalance;
  /** Every period in order, with its due day and what is left of it. */
  readonly periods: AccountPeriod[];
  /** The periods not fully paid, in due order. */
  readonly waiting: AccountPeriod[];
  /** Money out and not repaid, with a plan to repay it by. */
  readonly live: boolean;
  /** Late fee and late charges booked and not yet paid. */
  readonly charges: Minor;
  /** Everything still owed: nothing once the loan is not live (a settled loan owes nothing). */
  readonly outstanding: Minor;
  /** Every allocation booked, extension fees included: the receipts' and the certificate's figure. */
  readonly paid: Minor;
  /** The payout's market day. */
  private readonly start: MarketDay | null;
  private readonly terms: ProductTerms | null;
  /** The late spell's total by its day, capped and not (index 0: nothing), grown as later days are asked. */
  private readonly spell: Minor[] = [0];
  private readonly spellUncapped: Minor[] = [0];

  constructor(readonly facts: LoanFacts) {
    const f = facts;
    this.balance = balanceOf(
      f.schedule ?? [],
      { late_fee: f.lateFee, late_charge: f.lateCharge },
      f.allocations,
    );
    const start = f.disbursedAt ? marketDay(new Date(f.disbursedAt), f.market) : null;
    this.start = start;
    this.periods = [...this.balance.periods]
      .sort((x, y) => x.period - y.period)
      .map((p) => ({
        ...p,
        due: start && addDays(start, p.dueDay + f.extensionDays),
        left: periodOutstanding(p),
      }));
    this.waiting = this.periods.filter((p) => p.left > 0);
    this.live = isLive(f.status) && f.schedule !== null && start !== null;
    this.charges = chargesOutstanding(this.balance);
    this.outstanding = this.live ? totalOutstanding(this.balance) : 0;
    let paid = 0;
    for (const a of f.allocations) paid += a.amount;
    this.paid = paid;
    this.terms = f.terms ? termsOf(f.market, f.terms) : null;
  }

  /** Extension fees paid so far: they count towards a market's total cost cap (decision 047). */
  get extensionFeesPaid(): Minor {
    let fees = 0;
    for (const a of this.facts.allocations) if (a.component === 'extension_fee') fees += a.amount;
    return fees;
  }

  /** What the loan costs by its quote (interest and every fee), as the market's caps count it. */
  get cost(): Pick<Quote, 'principal' | 'interest' | 'fees'> {
    const f = this.facts;
    const schedule = f.schedule ?? [];
    return {
      principal: f.amountMinor,
      interest: schedule.reduce((a, s) => a + s.interest, 0),
      fees: f.quoteFees ?? [
        { name: 'schedule', amount: schedule.reduce((a, s) => a + s.fees, 0), timing: 'added' as const },
      ],
    };
  }

  /** Paid towards the loan itself (extension fees aside): what the cooling-off exit counts. */
  get paidTowardsLoan(): Minor {
    return paidTowardsLoan(this.balance);
  }

  /** The amounts of `offeredAmounts` (ledger.ts), before the early-repayment rule. */
  get offered(): Minor[] {
    return offeredAmounts(this.balance);
  }

  // Days late as day numbers since the payout: one date computation per question, not one per period.
  private sincePayout(day: MarketDay): number {
    return this.start ? daysBetween(this.start, day) : 0;
  }

  private lateBy(p: PeriodBalance, since: number): number {
    return since - p.dueDay - this.facts.extensionDays;
  }

  /** What is overdue on `today`: every period whose due day has passed unpaid, and the late charges. */
  overdue(today: MarketDay): Overdue {
    if (!this.live) return { periods: [], periodsAmount: 0, charges: 0, amount: 0 };
    const since = this.sincePayout(today);
    const periods = this.waiting
      .map((p) => ({ ...p, daysLate: this.lateBy(p, since) }))
      .filter((p) => p.daysLate > 0);
    const periodsAmount = periods.reduce((a, p) => a + p.left, 0);
    return { periods, periodsAmount, charges: this.charges, amount: periodsAmount + this.charges };
  }

  /**
   * What the borrower should pay next and by when: every period due by `today` (and unpaid) with the
   * late charges, or, when none is, the first waiting period. Null when nothing is owed.
   */
  nextDue(today: MarketDay): { day: MarketDay | null; amount: Minor; periods: AccountPeriod[] } | null {
    const { waiting, charges } = this;
    if (!this.live || (waiting.length === 0 && charges === 0)) return null;
    const since = this.sincePayout(today);
    const due = waiting.filter((p) => this.lateBy(p, since) >= 0);
    const owed = due.length > 0 ? due : waiting.slice(0, 1);
    return {
      day: waiting[0]?.due ?? null,
      amount: owed.reduce((a, p) => a + p.left, charges),
      periods: owed,
    };
  }

  /**
   * The amounts that may be paid today (ledger.ts `offeredAmounts`: installments in order), less the
   * one that would clear the loan before its last due date while early repayment is not yet allowed
   * (pricing.ts `earlyRepaymentAllowed`). `earlyFrom`: the first day it is allowed.
   */
  payable(today: MarketDay): { amounts: Minor[]; earlyFrom: MarketDay | null } {
    if (!this.live) return { amounts: [], earlyFrom: null };
    const { terms, start, waiting } = this;
    const offers = offeredAmounts(this.balance);
    const last = waiting.at(-1);
    if (!terms || !start || !last?.due) return { amounts: offers, earlyFrom: null };
    const since = this.sincePayout(today);
    if (this.lateBy(last, since) >= 0 || earlyRepaymentAllowed(terms, this.facts.termDays, since))
      return { amounts: offers, earlyFrom: null };
    // The first day pricing's rule allows it.
    let first = since;
    while (!earlyRepaymentAllowed(terms, this.facts.termDays, first)) first++;
    return { amounts: offers.slice(0, waiting.length - 1), earlyFrom: addDays(start, first) };
  }

  /**
   * Whether the loan may be extended on `today`, and what it costs: from "due" or "overdue", when the
   * product offers it and the extension would bring the due date past today (an extension that leaves
   * the loan overdue would sell the borrower nothing).
   */
  extensionOffer(today: MarketDay) {
    const f = this.facts;
    const ext = f.terms?.extension;
    const next = this.waiting[0];
    if (!ext || !this.live || !isDueOrOverdue(f.status) || !next?.due) return null;
    if (this.lateBy(next, this.sincePayout(today)) - ext.days >= 0) return null;
    const newDue = addDays(next.due, ext.days);
    const fee = extensionFee(f.market, f.amountMinor, ext.feeBp);
    // Offered only while the loan's whole cost stays within its market's caps with this fee too
    // (decision 047): a product saved within the daily cap can still meet the total cap late in a loan.
    const booked = { lateCharges: f.lateFee + f.lateCharge, extensionFees: this.extensionFeesPaid };
    if (!extensionWithinCaps(this.cost, booked, { fee, days: ext.days }, MARKET_CAPS[f.market])) return null;
    return { fee, days: ext.days, currentDue: next.due, newDue };
  }

  /**
   * The first market day on which what this loan asks changes by itself (issue 29): tomorrow while a
   * period is late (each day books a late charge), else the day after the first waiting period falls
   * due (its first late charge or fee). A bill for an amount of this loan holds no longer than that.
   */
  amountsChangeOn(today: MarketDay): MarketDay {
    const next = this.waiting[0];
    const tomorrow = addDays(today, 1);
    if (!next?.due) return tomorrow;
    const late = addDays(next.due, 1);
    return daysBetween(today, late) > 0 ? late : tomorrow;
  }

  /**
   * The cooling-off exit on market day `day`: what it asks (ledger.ts `coolingOffExitDue`: the payoff
   * less what was already paid towards the loan), its last day and when it closes (the end of the payout
   * day plus the product's cooling-off days); null when it is not open.
   */
  coolingOffExit(day: MarketDay): { due: Minor; lastDay: MarketDay; closesAt: Date } | null {
    const f = this.facts;
    if (!f.terms || !this.live || !this.start) return null;
    // The market's terms (`this.terms`), so the payoff's interest is rounded to the payable unit.
    const due = coolingOffExitDue(this.terms!, f.amountMinor, this.sincePayout(day), this.paidTowardsLoan);
    if (due === null) return null;
    const lastDay = addDays(this.start, f.terms.coolingOffDays);
    return { due, lastDay, closesAt: startOfMarketDay(addDays(lastDay, 1), f.market) };
  }

  /**
   * The late charges of the current late spell through `day` (decision 048). The spell starts at the
   * first waiting period's due day. Each day every overdue period is charged the tier of its own days
   * late (pricing's rate) on what is left of it; the late fee comes on the spell's first day. The day's
   * sum is capped per day, and the spell's total by the loan's total-cost cap (pricing's caps, Indonesia).
   * Cumulative, so a day's charge is `by(day) − by(day − 1)`.
   */
  lateChargesBy(day: MarketDay): LateCharges {
    const { terms, waiting, spell, spellUncapped, facts: f } = this;
    const first = waiting[0];
    if (!terms || !f.schedule || !first?.due) return NO_CHARGES;
    const daysLate = this.lateBy(first, this.sincePayout(day));
    if (daysLate <= 0) return NO_CHARGES;
    const borrower = f.repeat ? 'repeat' : 'new';
    const cost = this.cost;
    const extensionFees = this.extensionFeesPaid;
    // A market cap applied to `amount` by pricing's own `lateCharges`: asked with the amount as a one-off
    // late fee, one day late, it answers what the cap leaves of it (the arithmetic of every capped charge).
    const capped = (amount: Minor, caps: MarketCaps) =>
      lateCharges(
        { ...terms, lateFee: { newBorrower: amount, repeatBorrower: amount }, lateChargeTiers: [] },
        cost,
        1,
        1,
        borrower,
        caps,
        extensionFees,
      ).lateFee;
    const caps = MARKET_CAPS[f.market];
    const unit = payableUnit(f.market);
    const fee = lateCharges(terms, cost, first.left, 1, borrower).lateFee;
    for (let d = spell.length; d <= daysLate; d++) {
      let charge = d === 1 ? fee : 0;
      for (const p of waiting) {
        const k = d - (p.dueDay - first.dueDay);
        // Each period's charge down to the payable unit, as pricing charges one period (decision 047).
        if (k > 0) charge += ppmOf(p.left, lateChargeRate(terms, k), unit);
      }
      const today = capped(charge, { lateChargePerDayPpm: caps.lateChargePerDayPpm });
      spell[d] = capped(spell[d - 1]! + today, { totalCostPpm: caps.totalCostPpm });
      spellUncapped[d] = spellUncapped[d - 1]! + charge;
    }
    const total = spell[daysLate]!;
    const lateFee = Math.min(fee, total);
    return { lateFee, lateCharge: total - lateFee, capped: total < spellUncapped[daysLate]! };
  }
}

export function loanAccount(f: LoanFacts): LoanAccount {
  return new LoanAccount(f);
}
