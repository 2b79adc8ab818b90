import { MARKET_INFO, type Market } from '../markets.ts';

/**
 * Money is an integer number of minor units (paise, sen) everywhere but on screen.
 * This module is the one money formatter of the product.
 */
export type Minor = number;

export function assertMinor(value: number): Minor {
  if (!Number.isSafeInteger(value))
    throw new RangeError(`money must be an integer of minor units, got ${value}`);
  return value;
}

/** The market's payable unit in minor units (markets.ts): 1 (a paisa) in India, 100 (a rupiah) in Indonesia. */
export function payableUnit(market: Market): Minor {
  return MARKET_INFO[market].payableUnit;
}

/** Whether a borrower can pay `minor` exactly in the market's currency. */
export function isPayable(minor: Minor, market: Market): boolean {
  return Number.isSafeInteger(minor) && minor % payableUnit(market) === 0;
}

const formatters = new Map<string, Intl.NumberFormat>();
function formatter(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, options);
    formatters.set(key, f);
  }
  return f;
}

/**
 * Amount for display in the market's own way: `₹1,50,000` (Indian grouping) or `Rp 1.500.000`
 * (dot groups, no decimals). Paise are shown only when present. Rupiah are whole: pricing bills nothing
 * else (decision 047). An amount with sen that still reaches the screen (a bug, or a bill from before
 * the rule) is shown exactly, `Rp 697.666,67`, never rounded: a rounded figure is one the ledger does
 * not ask for, and paying it would be refused as under- or overpaid.
 */
export function formatMoney(minor: Minor, market: Market): string {
  assertMinor(minor);
  const major = minor / 100;
  if (market === 'ID') {
    const f = moneyFormats();
    // "Rp" and its amount are one word on screen: a no-break space, so a line never ends between them
    // (a narrow screen or long Indonesian copy would otherwise leave "Rp" alone at a line's end).
    const digits = (minor % 100 !== 0 ? f.rupiahWithSen : f.rupiah).format(Math.abs(major));
    return minor < 0 ? `-Rp\u00a0${digits}` : `Rp\u00a0${digits}`;
  }
  const f = moneyFormats();
  return (minor % 100 !== 0 ? f.rupeesWithPaise : f.rupees).format(major);
}

/**
 * The formats money is written in, built once (a formatter costs tens of microseconds; even
 * building its cache key per call showed in the loan-details profile).
 */
let formats: {
  rupiah: Intl.NumberFormat;
  rupiahWithSen: Intl.NumberFormat;
  rupees: Intl.NumberFormat;
  rupeesWithPaise: Intl.NumberFormat;
} | null = null;
function moneyFormats() {
  if (!formats) {
    const rupee = (digits: number) =>
      formatter(MARKET_INFO.IN.locale, {
        style: 'currency',
        currency: MARKET_INFO.IN.currency,
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      });
    formats = {
      rupiah: formatter(MARKET_INFO.ID.locale, { maximumFractionDigits: 0 }),
      rupiahWithSen: formatter(MARKET_INFO.ID.locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
      rupees: rupee(0),
      rupeesWithPaise: rupee(2),
    };
  }
  return formats;
}

/**
 * The spec's thousands helper (§9): whole units with dot separators and the `Rp` prefix, e.g.
 * `Rp 1.500.000` for 150000000 minor units. The amount itself travels without separators.
 */
export function formatThousandsRp(minor: Minor): string {
  return formatMoney(minor, 'ID');
}

/** The spec's second helper (§9): minor units ÷ 100 with exactly two decimals, e.g. 123456 → "1234.56". */
export function formatMinorAsDecimal(minor: Minor): string {
  assertMinor(minor);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Whole major units (as typed by a borrower) to minor units. */
export function toMinor(major: number): Minor {
  return assertMinor(Math.round(major * 100));
}
