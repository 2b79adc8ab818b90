import { normalizePhone, withoutSeparators } from '../../../shared/domain/phone.ts';
import type { Market } from '../../../shared/markets.ts';

/**
 * The mobile field keeps the national digits only, as many as the market's numbers have, and shows them
 * grouped the way the market writes them (product brief §1): India `98765 43210`, Indonesia
 * `0812-3456-7890`. Whether the number is valid is `normalizePhone`'s call, on submit.
 */
export const PHONE_MAX_DIGITS: Record<Market, number> = { IN: 10, ID: 13 };

const COUNTRY_CODE: Record<Market, string> = { IN: '+91', ID: '+62' };

/**
 * What the visitor typed or pasted, as national digits. A whole number with its country code
 * (`+91 98765 43210`, `+62 812…`, `62812…`) becomes the national form first, so pasting it is not cut at
 * the wrong end; then anything that is not a digit goes, and the rest is cut to the market's length.
 *
 * Typed key by key, a country code arrives a character at a time, so what could still become one is
 * kept as typed: `+`, `+9` and `+91` stay until the number's first digit follows and the prefix goes.
 * Dropping the `+` at once would leave `91` as the first two digits of a wrong number that looks valid.
 * For the same reason an Indian entry that starts with `91` may run to 12 digits, the length of `91`
 * and a number, which then becomes that number.
 */
export function phoneDigits(market: Market, input: string): string {
  const whole = normalizePhone(market, input);
  if (whole) return whole;
  let raw = input.trim();
  const compact = withoutSeparators(raw);
  if (compact && COUNTRY_CODE[market].startsWith(compact)) return compact;
  if (market === 'IN') {
    if (raw.startsWith('+91')) raw = raw.slice(3);
    // No Indian mobile number starts with 0: a leading 0 is the trunk prefix, which the number drops.
    const digits = raw.replace(/\D/g, '').replace(/^0+/, '');
    return digits.slice(0, digits.startsWith('91') ? PHONE_MAX_DIGITS.IN + 2 : PHONE_MAX_DIGITS.IN);
  }
  if (raw.startsWith('+62')) raw = `0${raw.slice(3)}`;
  let digits = raw.replace(/\D/g, '');
  // An Indonesian national number starts with 0, so a leading 62 can only be the country code.
  if (digits.startsWith('62')) digits = `0${digits.slice(2)}`;
  return digits.slice(0, PHONE_MAX_DIGITS.ID);
}

/**
 * The digits grouped for reading: India 5-5, Indonesia 4-4-rest. An Indian entry longer than a number
 * can only be `91` and a number on its way (`phoneDigits`), so it is shown that way.
 */
export function formatPhone(market: Market, digits: string): string {
  if (market === 'IN') {
    if (digits.length > PHONE_MAX_DIGITS.IN)
      return `${digits.slice(0, 2)} ${formatPhone(market, digits.slice(2))}`;
    return digits.length > 5 ? `${digits.slice(0, 5)} ${digits.slice(5)}` : digits;
  }
  return [digits.slice(0, 4), digits.slice(4, 8), digits.slice(8)].filter(Boolean).join('-');
}

/** Where the caret goes in `formatted` to stand after its `count`-th digit. */
export function caretAfterDigits(formatted: string, count: number): number {
  if (count <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted[i]!)) seen++;
    if (seen === count) return i + 1;
  }
  return formatted.length;
}

/** Letters and digits of the picture code, upper case (the picture draws capitals), at most `max`. */
export function captchaText(input: string, max: number): string {
  return input
    .replace(/[^a-z0-9]/gi, '')
    .toUpperCase()
    .slice(0, max);
}
