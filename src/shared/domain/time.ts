import { dateLocaleOf, type Lang, MARKET_INFO, type Market } from '../markets.ts';

/**
 * Building an Intl.DateTimeFormat costs 40-60 µs; formatting with one costs about 1 µs. Each kind is
 * built once per locale and time zone and kept (there are a handful), as the money formatter does.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(kind: string, locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${kind}|${locale}|${options.timeZone}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, f);
  }
  return f;
}

/**
 * Times travel as ISO-8601 UTC and are shown in the market's time zone (product brief §3), in the
 * borrower's language with the market's conventions (`dateLocaleOf`: India's "12:00 am", Indonesia's
 * 24-hour "00.00" in either language). This is the one date formatter of the product.
 */
export function formatDateTime(iso: string | Date, lang: Lang, market: Market): string {
  let date = typeof iso === 'string' ? new Date(iso) : iso;
  const f = formatter('datetime', dateLocaleOf(lang, market), {
    timeZone: MARKET_INFO[market].timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  // A deadline at the stroke of midnight reads "12:00 am" on a 12-hour clock, which borrowers take for
  // noon or for the wrong day (issue 29): it is shown as the last minute of the day it closes, "11:59
  // pm", as the deadlines that end at 23:59:59.999 already are. 24-hour clocks say "00.00" plainly.
  if (twelveHour(f) && isMarketMidnight(date, market)) date = new Date(date.getTime() - 1);
  const text = f.format(date);
  // A 12-hour time and its "am"/"pm" are one value: a no-break space keeps "10:00 am" from wrapping
  // between the two on a narrow screen (issue 29).
  return twelveHour(f) ? text.replace(/ (?=\S+$)/, '\u00a0') : text;
}

/** Exactly 00:00:00.000 in the market's time zone. */
function isMarketMidnight(date: Date, market: Market): boolean {
  if (date.getUTCSeconds() !== 0 || date.getUTCMilliseconds() !== 0) return false;
  const parts = formatter('parts-time', 'en-US', {
    timeZone: MARKET_INFO[market].timeZone,
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(date);
  const value = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return value('hour') === 0 && value('minute') === 0;
}

const clocks = new WeakMap<Intl.DateTimeFormat, boolean>();
function twelveHour(f: Intl.DateTimeFormat): boolean {
  let twelve = clocks.get(f);
  if (twelve === undefined) {
    const cycle = f.resolvedOptions().hourCycle;
    twelve = cycle === 'h11' || cycle === 'h12';
    clocks.set(f, twelve);
  }
  return twelve;
}

export function formatDate(iso: string | Date, lang: Lang, market: Market): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  return formatter('date', dateLocaleOf(lang, market), {
    timeZone: MARKET_INFO[market].timeZone,
    dateStyle: 'medium',
  }).format(date);
}

/** The calendar date (year, month, day, weekday 0-6 from Sunday) of an instant in a time zone. */
function localDate(instant: Date, timeZone: string) {
  const parts = formatter('parts-date', 'en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    weekday: 'short',
  }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(get('weekday'));
  return { year: Number(get('year')), month: Number(get('month')), day: Number(get('day')), weekday };
}

/** Offset of a time zone from UTC at an instant, in minutes (Asia/Kolkata +330, Asia/Jakarta +420). */
function offsetMinutes(instant: Date, timeZone: string): number {
  const local = localDate(instant, timeZone);
  const parts = formatter('parts-time', 'en-US', {
    timeZone,
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const hour = Number(parts.find((p) => p.type === 'hour')!.value);
  const minute = Number(parts.find((p) => p.type === 'minute')!.value);
  const asUtc = Date.UTC(local.year, local.month - 1, local.day, hour, minute);
  return Math.round((asUtc - Math.floor(instant.getTime() / 60_000) * 60_000) / 60_000);
}

/**
 * The end (23:59:59.999 local) of the n-th weekday after `from`, in the market's time zone: a complaint
 * filed on Friday afternoon in Jakarta with 3 weekdays is due at the end of Wednesday, Jakarta time.
 * Public holidays are not counted (no holiday calendar yet).
 */
export function weekdaysLater(from: Date, weekdays: number, market: Market): Date {
  const { timeZone } = MARKET_INFO[market];
  const start = localDate(from, timeZone);
  const cursor = new Date(Date.UTC(start.year, start.month - 1, start.day));
  let left = weekdays;
  while (left > 0) {
    cursor.setUTCDate(cursor.getUTCDate() + 1);
    const day = cursor.getUTCDay();
    if (day !== 0 && day !== 6) left--;
  }
  const endLocalAsUtc = Date.UTC(
    cursor.getUTCFullYear(),
    cursor.getUTCMonth(),
    cursor.getUTCDate(),
    23,
    59,
    59,
    999,
  );
  return new Date(endLocalAsUtc - offsetMinutes(new Date(endLocalAsUtc), timeZone) * 60_000);
}

/**
 * Loan dates are market calendar days (`YYYY-MM-DD`, the market's time zone): a loan disbursed in
 * Jakarta at 23:30 was disbursed that day, and its due date is that day plus the term.
 */
export type MarketDay = string;

/**
 * Neither market observes daylight saving (Asia/Kolkata +05:30, Asia/Jakarta +07:00), so a market's
 * offset is one number, read once from Intl: loan dates then cost an addition instead of Intl's
 * formatToParts (several microseconds each, and loan details needs a handful per read). The test checks
 * these against Intl hour by hour over a year.
 */
const offsets = new Map<Market, number>();
function offsetMsOf(market: Market): number {
  let ms = offsets.get(market);
  if (ms === undefined) {
    ms = offsetMinutes(new Date(), MARKET_INFO[market].timeZone) * 60_000;
    offsets.set(market, ms);
  }
  return ms;
}

/** The market's calendar day of an instant. */
export function marketDay(instant: Date, market: Market): MarketDay {
  return new Date(instant.getTime() + offsetMsOf(market)).toISOString().slice(0, 10);
}

/** `day` plus `n` calendar days. */
export function addDays(day: MarketDay, n: number): MarketDay {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** Calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: MarketDay, to: MarketDay): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The instant the market's day begins (its local midnight). */
export function startOfMarketDay(day: MarketDay, market: Market): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - offsetMsOf(market));
}
