import type { Market } from '../markets.ts';
import { assertMinor, type Minor, payableUnit } from './money.ts';

/**
 * Loan pricing: every fee, interest, schedule, late-charge and cap computation of the product, in one
 * pure module (product brief §6). The server quotes and charges with it; screens only display what the
 * server computed. Money is integer minor units; rates are integers too (parts per million per day, or
 * basis points), so no amount ever depends on floating-point rounding. Only the APR, a reported figure,
 * is computed in floating point and then rounded to basis points.
 *
 * Every amount it returns is payable as it is shown (decision 047): a whole multiple of the market's
 * payable unit (money.ts `payableUnit`: a paisa in India, a whole rupiah in Indonesia). One rule makes
 * them so: an amount from a rate is rounded half up to the paisa where the unit is the minor unit
 * (India, decision 028) and down to the unit where it is larger (Indonesia: the borrower's favour); a
 * total is split over periods by largest remainder in whole units, so the parts still sum exactly.
 */

/** Parts per million: 1000 ppm per day = 0.1% per day. */
export type Ppm = number;
/** Basis points: 100 bp = 1%. */
export type Bp = number;

export interface FeeRule {
  /** Stable key of the fee (its label comes from the catalog): `processing`, `service`… */
  name: string;
  /** A share of the principal, in basis points. */
  rateBp?: Bp;
  /** A fixed amount. */
  fixed?: Minor;
  /** `upfront`: kept from the amount disbursed. `added`: added to what is repaid. */
  timing: 'upfront' | 'added';
}

export interface LateChargeTier {
  /** The first day late (1-based) at which this tier's rate applies. */
  fromDay: number;
  /** Daily charge on the overdue amount, in parts per million (never compounded). */
  dailyPpm: Ppm;
}

/** A market's limits on what a loan may cost (Indonesia: SEOJK 19/2023 for consumer loans under a year). */
export interface MarketCaps {
  /** Interest and fees together, per day of the term, as a share of the principal. */
  costPerDayPpm?: Ppm;
  /** Late charges per day late, as a share of the principal. */
  lateChargePerDayPpm?: Ppm;
  /** Interest, fees and late charges together over the whole loan, as a share of the principal. */
  totalCostPpm?: Ppm;
}

export interface ProductTerms {
  market: Market;
  amountMin: Minor;
  amountMax: Minor;
  /** Amounts are whole multiples of this. */
  amountStep: Minor;
  /** The terms a borrower may choose, in days. */
  termDays: readonly number[];
  /** 1: one payment at the end of the term; n: n equal periods. */
  installments: number;
  /** Simple interest per day on the principal. */
  dailyInterestPpm: Ppm;
  fees: readonly FeeRule[];
  /** One-off fee when a payment becomes overdue: new borrowers and repeat borrowers. */
  lateFee?: { newBorrower: Minor; repeatBorrower: Minor };
  lateChargeTiers: readonly LateChargeTier[];
  /** Days after disbursement during which the borrower may exit paying principal and interest used. */
  coolingOffDays: number;
  /** Early repayment: not before this day after disbursement… */
  earlyRepaymentMinDay: number;
  /** …and not before this share of the term has passed (5000 bp = half). */
  earlyRepaymentMinTermBp: Bp;
}

export interface QuotedFee {
  name: string;
  amount: Minor;
  timing: 'upfront' | 'added';
}

export interface Installment {
  /** 1-based. */
  period: number;
  /** Days from disbursement to this period's due date. */
  dueDay: number;
  principal: Minor;
  interest: Minor;
  fees: Minor;
  total: Minor;
}

export interface Quote {
  principal: Minor;
  termDays: number;
  fees: QuotedFee[];
  /** What reaches the borrower's account: the principal less the upfront fees. */
  disbursed: Minor;
  interest: Minor;
  /** Fees added to what is repaid. */
  addedFees: Minor;
  /** Principal + interest + added fees: the sum of the schedule. */
  totalRepayable: Minor;
  schedule: Installment[];
  /** Annual percentage rate, all-inclusive, from the IRR of the cash flows (basis points). */
  aprBp: Bp;
}

export type PricingRefusal =
  | { code: 'amountOutOfRange'; min: Minor; max: Minor }
  | { code: 'amountNotInSteps'; step: Minor }
  | { code: 'termNotOffered'; terms: readonly number[] }
  | { code: 'costOverDailyCap'; capPpm: Ppm }
  | { code: 'costOverTotalCap'; capPpm: Ppm };

export class PricingError extends Error {
  constructor(readonly refusal: PricingRefusal) {
    super(refusal.code);
  }
}

/**
 * `amount × rate / scale` in integers (no floating point on money), as an amount of `unit`s: rounded
 * half up when the unit is the minor unit (the default), down to the unit when it is larger.
 */
function share(amount: Minor, rate: number, scale: bigint, unit: Minor): Minor {
  const exact = BigInt(amount) * BigInt(rate);
  if (unit === 1) return Number((exact + scale / 2n) / scale);
  const u = scale * BigInt(unit);
  // Amounts and rates are never negative here; BigInt division truncates, which is down for them.
  return Number(exact / u) * unit;
}

/** `amount × ppm / 1e6`: rounded half up, or down to `unit` (the market's payable unit) when it is > 1. */
export function ppmOf(amount: Minor, ppm: Ppm, unit: Minor = 1): Minor {
  return share(amount, ppm, 1_000_000n, unit);
}

/** `amount × bp / 1e4`: rounded half up, or down to `unit` when it is > 1. */
export function bpOf(amount: Minor, bp: Bp, unit: Minor = 1): Minor {
  return share(amount, bp, 10_000n, unit);
}

/** `amount` down to a whole number of `unit`s (an amount set by hand, such as a fixed fee). */
function floorTo(amount: Minor, unit: Minor): Minor {
  return amount - (amount % unit);
}

/** The payable unit of the terms' market; terms without a market (a caller's partial terms) count in minor units. */
function unitOf(terms: { market?: Market }): Minor {
  return terms.market ? payableUnit(terms.market) : 1;
}

/**
 * Splits `total` into parts proportional to `weights` that sum to `total` exactly: each part is rounded
 * down, and the units left go to the largest remainders (ties: the earlier part). No part is negative.
 * With `unit` (the market's payable unit) every part is a whole number of units; `total` must be one.
 */
export function allocate(total: Minor, weights: readonly number[], unit: Minor = 1): Minor[] {
  assertMinor(total);
  if (total < 0) throw new RangeError('cannot allocate a negative amount');
  if (unit !== 1) {
    if (total % unit !== 0) throw new RangeError(`cannot split ${total} in whole units of ${unit}`);
    return allocate(total / unit, weights).map((p) => p * unit);
  }
  const sum = weights.reduce((a, w) => a + w, 0);
  if (weights.length === 0 || sum <= 0 || weights.some((w) => w < 0 || !Number.isSafeInteger(w)))
    throw new RangeError('weights must be non-negative integers with a positive sum');
  const big = BigInt(total);
  const bigSum = BigInt(sum);
  const parts = weights.map((w) => (big * BigInt(w)) / bigSum);
  const remainders = weights.map((w, i) => ({ i, r: (big * BigInt(w)) % bigSum }));
  let left = big - parts.reduce((a, p) => a + p, 0n);
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left === 0n) break;
    parts[i] = parts[i]! + 1n;
    left -= 1n;
  }
  return parts.map(Number);
}

/** The refusals a loan of `principal` over `termDays` meets with these terms and caps (none: allowed). */
export function checkLoan(
  terms: ProductTerms,
  principal: Minor,
  termDays: number,
  caps: MarketCaps = {},
): PricingRefusal | null {
  assertMinor(principal);
  if (principal < terms.amountMin || principal > terms.amountMax)
    return { code: 'amountOutOfRange', min: terms.amountMin, max: terms.amountMax };
  if (terms.amountStep > 0 && (principal - terms.amountMin) % terms.amountStep !== 0)
    return { code: 'amountNotInSteps', step: terms.amountStep };
  const unit = unitOf(terms);
  if (principal % unit !== 0) return { code: 'amountNotInSteps', step: unit };
  if (!terms.termDays.includes(termDays)) return { code: 'termNotOffered', terms: terms.termDays };
  const cost =
    interestOf(terms, principal, termDays) + feesOf(terms, principal).reduce((a, f) => a + f.amount, 0);
  if (caps.costPerDayPpm !== undefined && cost > ppmOf(principal, caps.costPerDayPpm * termDays))
    return { code: 'costOverDailyCap', capPpm: caps.costPerDayPpm };
  if (caps.totalCostPpm !== undefined && cost > ppmOf(principal, caps.totalCostPpm))
    return { code: 'costOverTotalCap', capPpm: caps.totalCostPpm };
  return null;
}

function interestOf(
  terms: Pick<ProductTerms, 'dailyInterestPpm'> & { market?: Market },
  principal: Minor,
  days: number,
): Minor {
  return ppmOf(principal, terms.dailyInterestPpm * days, unitOf(terms));
}

function feesOf(terms: ProductTerms, principal: Minor): QuotedFee[] {
  const unit = unitOf(terms);
  return terms.fees.map((f) => ({
    name: f.name,
    timing: f.timing,
    // A fixed fee is whole already (product.ts refuses one that is not); down to the unit all the same.
    amount: (f.rateBp ? bpOf(principal, f.rateBp, unit) : 0) + floorTo(f.fixed ?? 0, unit),
  }));
}

/** Days from disbursement to each period's due date: equal periods, the last one ends the term. */
export function dueDays(termDays: number, installments: number): number[] {
  if (!Number.isInteger(installments) || installments < 1 || installments > termDays)
    throw new RangeError('installments must be between 1 and the term in days');
  return Array.from({ length: installments }, (_, i) => Math.round(((i + 1) * termDays) / installments));
}

/**
 * The quote of a loan: fees, what is disbursed, interest, the repayment schedule and the APR. Refuses
 * (PricingError) what `checkLoan` refuses. Schedule: the principal in equal parts, each period's interest
 * on the principal still owed for that period's days (so an early period carries more interest), added
 * fees spread over the periods like the principal; every split sums exactly to its total.
 */
export function quoteLoan(
  terms: ProductTerms,
  principal: Minor,
  termDays: number,
  caps: MarketCaps = {},
): Quote {
  const refusal = checkLoan(terms, principal, termDays, caps);
  if (refusal) throw new PricingError(refusal);
  const fees = feesOf(terms, principal);
  const upfront = fees.filter((f) => f.timing === 'upfront').reduce((a, f) => a + f.amount, 0);
  const addedFees = fees.filter((f) => f.timing === 'added').reduce((a, f) => a + f.amount, 0);
  const unit = unitOf(terms);
  const days = dueDays(termDays, terms.installments);
  const n = days.length;
  const principalParts = allocate(principal, Array(n).fill(1), unit);
  // Interest weights: principal outstanding during each period × that period's days.
  let outstanding = principal;
  const weights = days.map((d, i) => {
    const periodDays = d - (i === 0 ? 0 : days[i - 1]!);
    const w = outstanding * periodDays;
    outstanding -= principalParts[i]!;
    return w;
  });
  const interest = interestOf(terms, principal, termDays);
  const interestParts = principal > 0 ? allocate(interest, weights, unit) : Array(n).fill(0);
  const feeParts = allocate(addedFees, Array(n).fill(1), unit);
  const schedule = days.map((dueDay, i) => {
    const total = principalParts[i]! + interestParts[i]! + feeParts[i]!;
    return {
      period: i + 1,
      dueDay,
      principal: principalParts[i]!,
      interest: interestParts[i]!,
      fees: feeParts[i]!,
      total,
    };
  });
  const disbursed = principal - upfront;
  return {
    principal,
    termDays,
    fees,
    disbursed,
    interest,
    addedFees,
    totalRepayable: principal + interest + addedFees,
    schedule,
    aprBp: aprBp(
      disbursed,
      schedule.map((s) => ({ day: s.dueDay, amount: s.total })),
    ),
  };
}

/**
 * The annual percentage rate of a loan: the daily rate r at which the payments, discounted, equal what
 * was disbursed (the internal rate of return of the cash flows), times 365, in basis points. This is
 * how RBI's key fact statement defines the APR (all-inclusive, from the IRR of the cash flows). A loan
 * that costs nothing has an APR of 0.
 */
export function aprBp(disbursed: Minor, payments: ReadonlyArray<{ day: number; amount: Minor }>): Bp {
  const paid = payments.reduce((a, p) => a + p.amount, 0);
  if (disbursed <= 0) throw new RangeError('nothing disbursed: no rate to compute');
  // Repaying what was received (or less) costs nothing.
  if (paid <= disbursed) return 0;
  const npv = (r: number) => payments.reduce((a, p) => a + p.amount / (1 + r) ** p.day, 0) - disbursed;
  // npv falls as r grows; bisection between 0 (npv > 0, as paid > disbursed) and a rate where it is < 0.
  let lo = 0;
  let hi = 0.01;
  while (npv(hi) > 0 && hi < 100) hi *= 2;
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (npv(mid) > 0) lo = mid;
    else hi = mid;
  }
  return Math.round(((lo + hi) / 2) * 365 * 10_000);
}

/** What is owed beyond the schedule because a payment is late. */
export interface LateCharges {
  lateFee: Minor;
  /** Daily charges on the overdue amount, summed; never compounded. */
  lateCharge: Minor;
  /** Whether a market cap stopped the charges. */
  capped: boolean;
}

/**
 * Late charges after `daysLate` days on `overdue` (the unpaid scheduled amount): the one-off late fee
 * (new or repeat borrower) and each day's tiered charge on the overdue amount, never on earlier charges.
 * Market caps stop them: per day late, and with the loan's interest and fees and the extension fees
 * already paid (`extensionFees`), over the whole loan. Each day's charge, and so each total and each
 * difference of two days, is a whole number of the market's payable unit.
 */
export function lateCharges(
  terms: ProductTerms,
  quote: Pick<Quote, 'principal' | 'interest' | 'fees'>,
  overdue: Minor,
  daysLate: number,
  borrower: 'new' | 'repeat',
  caps: MarketCaps = {},
  extensionFees: Minor = 0,
): LateCharges {
  assertMinor(overdue);
  assertMinor(extensionFees);
  if (daysLate <= 0 || overdue <= 0) return { lateFee: 0, lateCharge: 0, capped: false };
  const unit = unitOf(terms);
  let lateFee = floorTo(
    terms.lateFee ? (borrower === 'new' ? terms.lateFee.newBorrower : terms.lateFee.repeatBorrower) : 0,
    unit,
  );
  const tiers = [...terms.lateChargeTiers].sort((a, b) => a.fromDay - b.fromDay);
  let lateCharge = 0;
  for (let day = 1; day <= daysLate; day++) {
    const tier = tiers.filter((t) => t.fromDay <= day).at(-1);
    if (tier) lateCharge += ppmOf(overdue, tier.dailyPpm, unit);
  }
  let capped = false;
  if (caps.lateChargePerDayPpm !== undefined) {
    const cap = ppmOf(quote.principal, caps.lateChargePerDayPpm * daysLate, unit);
    if (lateFee + lateCharge > cap) {
      capped = true;
      lateFee = Math.min(lateFee, cap);
      lateCharge = cap - lateFee;
    }
  }
  if (caps.totalCostPpm !== undefined) {
    const cost = quote.interest + quote.fees.reduce((a, f) => a + f.amount, 0) + extensionFees;
    // Down to the unit: a quote or fee from before the payable unit (with sen) leaves no sen to charge.
    const room = floorTo(Math.max(0, ppmOf(quote.principal, caps.totalCostPpm, unit) - cost), unit);
    if (lateFee + lateCharge > room) {
      capped = true;
      lateFee = Math.min(lateFee, room);
      lateCharge = room - lateFee;
    }
  }
  return { lateFee, lateCharge, capped };
}

/**
 * The fee of one extension of the due date (the product's `extension.feeBp`, a share of the principal),
 * payable as shown: down to the market's payable unit where it is larger than the minor unit.
 */
export function extensionFee(market: Market, principal: Minor, feeBp: Bp): Minor {
  assertMinor(principal);
  return bpOf(principal, feeBp, payableUnit(market));
}

/**
 * Whether an extension fee of `days` days is within the market's cap on cost per day: the fee, spread
 * over the days it buys, costs no more a day than the cap allows interest and fees (Indonesia: 0.1 % of
 * the principal a day). As a share, so it holds for any principal: `feeBp / days ≤ costPerDay`.
 */
export function extensionFeeWithinDailyCap(ext: { feeBp: Bp; days: number }, caps: MarketCaps = {}): boolean {
  if (caps.costPerDayPpm === undefined) return true;
  // 1 bp = 100 ppm: feeBp × 100 / days ≤ cap, in integers.
  return ext.feeBp * 100 <= caps.costPerDayPpm * ext.days;
}

/**
 * Whether offering one more extension (its `fee` for `days` days) on a loan keeps every cap of its
 * market: the fee within the cost per day of the days it buys, and the loan's whole cost (its quote's
 * interest and fees, the late fee and late charges booked so far, the extension fees already paid,
 * and this fee) within the total cost cap (Indonesia: 100 % of the principal). Without caps (India):
 * always true. The offer code asks this before showing an extension and again before booking its fee.
 */
export function extensionWithinCaps(
  quote: Pick<Quote, 'principal' | 'interest' | 'fees'>,
  booked: { lateCharges: Minor; extensionFees: Minor },
  offer: { fee: Minor; days: number },
  caps: MarketCaps = {},
): boolean {
  assertMinor(offer.fee);
  if (caps.costPerDayPpm !== undefined && offer.fee > ppmOf(quote.principal, caps.costPerDayPpm * offer.days))
    return false;
  if (caps.totalCostPpm !== undefined) {
    const cost = quote.interest + quote.fees.reduce((a, f) => a + f.amount, 0);
    if (
      cost + booked.lateCharges + booked.extensionFees + offer.fee >
      ppmOf(quote.principal, caps.totalCostPpm)
    )
      return false;
  }
  return true;
}

/**
 * Whether the borrower may repay the whole loan early on `day` (days since disbursement): not before the
 * product's first day for it, and not before its share of the term has passed (India: day 7 and half
 * the term). Paying on or after the due date is not early and always allowed.
 */
export function earlyRepaymentAllowed(terms: ProductTerms, termDays: number, day: number): boolean {
  if (day >= termDays) return true;
  return day >= terms.earlyRepaymentMinDay && day * 10_000 >= termDays * terms.earlyRepaymentMinTermBp;
}

/**
 * The payoff to exit a loan during its cooling-off period, on `day` days after disbursement: the
 * principal and the interest for the days used (at least one), no fee and no penalty; null once the
 * period is over. Pass the terms with their market (`termsOf`): the interest is then rounded to the
 * market's payable unit like the quote's (without it, to the minor unit).
 */
export function coolingOffPayoff(
  terms: Pick<ProductTerms, 'coolingOffDays' | 'dailyInterestPpm'> & { market?: Market },
  principal: Minor,
  day: number,
): Minor | null {
  if (day > terms.coolingOffDays) return null;
  return principal + interestOf(terms, principal, Math.max(1, day));
}
