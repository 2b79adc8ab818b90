import type { Lang, Market } from '../markets.ts';
import { MARKET_OFFER } from './market-offer.ts';
import { isPayable, type Minor, payableUnit } from './money.ts';
import {
  type Bp,
  checkLoan,
  extensionFeeWithinDailyCap,
  type MarketCaps,
  type Ppm,
  type PricingRefusal,
  type ProductTerms,
} from './pricing.ts';

/**
 * A loan product as stored and edited (issue 8): the pricing terms without the market (the product row
 * has it), plus the extension the repayment issue offers. One shape for the database, the back-office
 * editor and the seed; `productProblems` is the one check all of them use.
 */
export type StoredTerms = Omit<ProductTerms, 'market'> & {
  /** Extending the due date: a fee (share of the principal) for this many more days; absent: no extension. */
  extension?: { feeBp: Bp; days: number };
};

/** The words a product card shows besides its name, per language. */
export type ProductCopy = Record<Lang, { description: string; tags: string[] }>;

/**
 * The market's cost caps (product brief §6). Indonesia: SEOJK 19/2023 for consumer loans under a year,
 * in force from 1 January 2026 — interest and fees together at most 0.1 % of the principal per day of the
 * term, late charges at most 0.1 % per day late, all of it at most 100 % of the principal. India sets no
 * numeric cap; RBI's rules there are about disclosure (the key fact statement) and fair penal charges.
 */
export const MARKET_CAPS: Record<Market, MarketCaps> = {
  IN: {},
  ID: { costPerDayPpm: 1_000, lateChargePerDayPpm: 1_000, totalCostPpm: 1_000_000 },
};

/** Hard bounds of any product, whatever the market: they keep every computation inside safe integers. */
export const PRODUCT_BOUNDS = {
  amountMax: 100_000_000_000,
  termDaysMax: 730,
  termsMax: 8,
  installmentsMax: 24,
  feesMax: 6,
  tiersMax: 6,
  coolingOffDaysMin: 1,
  coolingOffDaysMax: 30,
  tagsMax: 4,
} as const;

export function termsOf(market: Market, stored: StoredTerms): ProductTerms {
  return { ...stored, market };
}

export type ProductProblem =
  | { code: 'amountRange' }
  /** Lends outside what the market's claims promise (market-offer.ts, decision 058). */
  | { code: 'outsideOffer'; min: Minor; max: Minor }
  | { code: 'amountStep' }
  | { code: 'noTerms' }
  | { code: 'installments' }
  | { code: 'coolingOff' }
  | { code: 'lateChargeTiers' }
  | { code: 'extension' }
  /** Amounts set by hand that a borrower could not pay as shown (Indonesia: sen), by field. */
  | {
      code: 'notPayable';
      fields: Array<'amountMin' | 'amountMax' | 'amountStep' | 'fees' | 'lateFee'>;
      unit: Minor;
    }
  /** An extension fee that costs more a day than the market's cap on interest and fees per day. */
  | { code: 'extensionOverCap'; capPpm: Ppm; days: number }
  | { code: 'overCap'; refusal: PricingRefusal; amount: Minor; termDays: number };

/**
 * What is wrong with these terms for this market (empty: a product may be offered on them). The caps are
 * checked at the corners: every offered term with the smallest and the largest amount (interest and fees
 * are linear in the amount, apart from fixed fees, which weigh most on the smallest amount).
 */
export function productProblems(market: Market, stored: StoredTerms): ProductProblem[] {
  const problems: ProductProblem[] = [];
  const t = stored;
  const whole = (n: number) => Number.isSafeInteger(n) && n >= 0;
  const offer = MARKET_OFFER[market];
  if (!(whole(t.amountMin) && whole(t.amountMax) && t.amountMin > 0 && t.amountMin <= t.amountMax))
    problems.push({ code: 'amountRange' });
  // Every claim (site, chatbot, About us) states the market's range: a product may not lend outside it.
  else if (t.amountMin < offer.amountMin || t.amountMax > offer.amountMax)
    problems.push({ code: 'outsideOffer', min: offer.amountMin, max: offer.amountMax });
  if (!(whole(t.amountStep) && t.amountStep > 0 && (t.amountMax - t.amountMin) % t.amountStep === 0))
    problems.push({ code: 'amountStep' });
  if (
    t.termDays.length === 0 ||
    t.termDays.length > PRODUCT_BOUNDS.termsMax ||
    t.termDays.some((d) => !Number.isInteger(d) || d < 1 || d > PRODUCT_BOUNDS.termDaysMax)
  )
    problems.push({ code: 'noTerms' });
  if (
    !Number.isInteger(t.installments) ||
    t.installments < 1 ||
    t.installments > PRODUCT_BOUNDS.installmentsMax ||
    t.termDays.some((d) => d < t.installments)
  )
    problems.push({ code: 'installments' });
  if (
    !Number.isInteger(t.coolingOffDays) ||
    t.coolingOffDays < PRODUCT_BOUNDS.coolingOffDaysMin ||
    t.coolingOffDays > PRODUCT_BOUNDS.coolingOffDaysMax
  )
    problems.push({ code: 'coolingOff' });
  if (t.lateChargeTiers.some((x, i, all) => x.fromDay < 1 || (i > 0 && x.fromDay <= all[i - 1]!.fromDay)))
    problems.push({ code: 'lateChargeTiers' });
  const extensionShape =
    !t.extension || (t.extension.days >= 1 && t.extension.days <= 90 && t.extension.feeBp >= 0);
  if (!extensionShape) problems.push({ code: 'extension' });
  // Every amount billed must be payable as shown (decision 047): pricing bills these as they are.
  const notPayable = (
    [
      ['amountMin', [t.amountMin]],
      ['amountMax', [t.amountMax]],
      ['amountStep', [t.amountStep]],
      ['fees', t.fees.map((f) => f.fixed ?? 0)],
      ['lateFee', t.lateFee ? [t.lateFee.newBorrower, t.lateFee.repeatBorrower] : []],
    ] as const
  )
    .filter(([, amounts]) => amounts.some((a) => Number.isSafeInteger(a) && !isPayable(a, market)))
    .map(([field]) => field);
  if (notPayable.length > 0)
    problems.push({ code: 'notPayable', fields: notPayable, unit: payableUnit(market) });
  const caps = MARKET_CAPS[market];
  if (
    t.extension &&
    extensionShape &&
    caps.costPerDayPpm !== undefined &&
    !extensionFeeWithinDailyCap(t.extension, caps)
  )
    problems.push({ code: 'extensionOverCap', capPpm: caps.costPerDayPpm, days: t.extension.days });
  if (problems.length > 0) return problems;
  const terms = termsOf(market, stored);
  for (const termDays of t.termDays) {
    for (const amount of [t.amountMin, t.amountMax]) {
      const refusal = checkLoan(terms, amount, termDays, MARKET_CAPS[market]);
      if (refusal) return [{ code: 'overCap', refusal, amount, termDays }];
    }
  }
  const lateCap = MARKET_CAPS[market].lateChargePerDayPpm;
  if (lateCap !== undefined && t.lateChargeTiers.some((x) => x.dailyPpm > lateCap))
    problems.push({ code: 'lateChargeTiers' });
  return problems;
}

// Intl formatters cost tens of microseconds to build: one per language and shape, kept.
const rateFormat = {
  en: new Intl.NumberFormat('en-IN', { maximumFractionDigits: 4 }),
  id: new Intl.NumberFormat('id-ID', { maximumFractionDigits: 4 }),
};
const percentFormat = {
  en: new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  id: new Intl.NumberFormat('id-ID', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
};

/** Rate for a card: `0.08%/day` written with the language's decimal mark. */
export function dailyRateText(dailyPpm: number, lang: Lang): string {
  const percent = rateFormat[lang].format(dailyPpm / 10_000);
  return lang === 'id' ? `${percent}%/hari` : `${percent}%/day`;
}

/** APR in basis points written as a percentage with two decimals. */
export function percentText(bp: number, lang: Lang): string {
  return `${percentFormat[lang].format(bp / 100)}%`;
}
