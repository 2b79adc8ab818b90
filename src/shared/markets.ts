/** The two markets we lend in, and everything that follows from the choice of one. */
export const MARKETS = ['IN', 'ID'] as const;
export type Market = (typeof MARKETS)[number];

export const LANGS = ['en', 'id'] as const;
export type Lang = (typeof LANGS)[number];

export interface MarketInfo {
  market: Market;
  /** The language the market reads by default. */
  lang: Lang;
  /** BCP 47 locale for Intl number and date formatting. */
  locale: string;
  currency: 'INR' | 'IDR';
  timeZone: string;
  /**
   * The smallest amount a borrower can pay, in minor units (decision 047): a paisa in India; a whole
   * rupiah (100 sen) in Indonesia, where no bank, wallet or mini-market takes sen. Every amount billed
   * or shown is a whole multiple of it.
   */
  payableUnit: number;
}

export const MARKET_INFO: Record<Market, MarketInfo> = {
  IN: {
    market: 'IN',
    lang: 'en',
    locale: 'en-IN',
    currency: 'INR',
    timeZone: 'Asia/Kolkata',
    payableUnit: 1,
  },
  ID: {
    market: 'ID',
    lang: 'id',
    locale: 'id-ID',
    currency: 'IDR',
    timeZone: 'Asia/Jakarta',
    payableUnit: 100,
  },
};

export function isMarket(value: unknown): value is Market {
  return value === 'IN' || value === 'ID';
}

export function isLang(value: unknown): value is Lang {
  return value === 'en' || value === 'id';
}

/** Locale used to format for a language (the language decides the text, the market the money). */
export function localeOf(lang: Lang): string {
  return lang === 'id' ? 'id-ID' : 'en-IN';
}

/**
 * The locale dates and times are written in: the borrower's language with the market's conventions
 * (issue 29). English in Indonesia is `en-ID` (24-hour "00.00", as Indonesians write it), not India's
 * "12:00 am"; Indonesian in India has no locale of its own and Intl falls back to `id`.
 */
export function dateLocaleOf(lang: Lang, market: Market): string {
  return `${lang}-${market}`;
}

/**
 * The shell's `isNeedPop` flag picks the language when present ('1' Indonesian, anything else English);
 * otherwise the market decides (product brief §2).
 */
export function resolveLang(market: Market | undefined, isNeedPop: string | null | undefined): Lang {
  if (isNeedPop !== null && isNeedPop !== undefined && isNeedPop !== '')
    return isNeedPop === '1' ? 'id' : 'en';
  return market ? MARKET_INFO[market].lang : 'en';
}
