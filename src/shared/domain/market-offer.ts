import type { Lang, Market } from '../markets.ts';
import { formatMoney, type Minor } from './money.ts';

/**
 * What we promise borrowers about our loans in each market, the one source of every such claim (issue
 * 29, decision 058): the site, the app's "About us", the confirmation, the order statuses, the chatbot's
 * answers and the promotion pages write these values, never their own. The demo products span exactly
 * this range (a test checks them, and every text, against it: `modules/site/claims.test.ts`).
 *
 * The values are the spec's: the amounts of its marketing claims (₹2,000 to ₹80,000; Rp 1,000,000 to
 * Rp 15,000,000) and the times of its loan terms (a decision within 1 day, the money within 1 to 3
 * calendar days). The marketing claim "within 2 hours" is not one: every application is decided by an
 * operator, and the terms the borrower signs give us up to 3 days, so it cannot be promised.
 */
export interface MarketOffer {
  /** The smallest and the largest amount any product lends, in minor units. */
  amountMin: Minor;
  amountMax: Minor;
  /** The decision on an application, at the latest, in days. */
  decisionDays: number;
  /** The money in the borrower's account after approval, in calendar days: from … to. */
  payoutDays: { from: number; to: number };
}

/**
 * The times are one for both markets: every application goes through the same review by an operator and
 * the same payout, so the texts that do not know the market (the confirmation, the order statuses) can
 * state them too.
 */
export const OFFER_TIMES = { decisionDays: 1, payoutDays: { from: 1, to: 3 } } as const;

export const MARKET_OFFER: Record<Market, MarketOffer> = {
  IN: { amountMin: 200_000, amountMax: 8_000_000, ...OFFER_TIMES },
  ID: { amountMin: 100_000_000, amountMax: 1_500_000_000, ...OFFER_TIMES },
};

function days(n: number, lang: Lang, calendar = false): string {
  if (lang === 'id') return calendar ? `${n} hari kalender` : `${n} hari`;
  const unit = calendar ? 'calendar day' : 'day';
  return n === 1 ? `1 ${unit}` : `${n} ${unit}s`;
}

/** The times as copy writes them: "1 day" and "1 to 3 calendar days", "1 hari" and "1 sampai 3 hari kalender". */
export function timesText(lang: Lang): { decision: string; payout: string } {
  const { decisionDays, payoutDays } = OFFER_TIMES;
  const { from, to } = payoutDays;
  const payout =
    (from as number) === to
      ? days(to, lang, true)
      : lang === 'id'
        ? `${from} sampai ${to} hari kalender`
        : `${from} to ${to} calendar days`;
  return { decision: days(decisionDays, lang), payout };
}

/** The offer as copy writes it: money in the market's one format, times in the language. */
export interface OfferText {
  min: string;
  max: string;
  /** "1 day", "1 hari". */
  decision: string;
  /** "1 to 3 calendar days", "1 sampai 3 hari kalender". */
  payout: string;
}

export function offerText(market: Market, lang: Lang): OfferText {
  const o = MARKET_OFFER[market];
  return { min: formatMoney(o.amountMin, market), max: formatMoney(o.amountMax, market), ...timesText(lang) };
}
