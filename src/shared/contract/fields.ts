/**
 * The field builders every request schema uses (decision 021): what a client may send as text, an id or
 * a small number. One place, so that a new route cannot forget a rule that PostgreSQL would otherwise
 * enforce with a 500 (a NUL byte in a text column, an integer past int4). Borrowers' and visitors' code
 * imports types from the contract, never zod (constants.ts holds the zod-free parts); only the back
 * office's forms run the request schemas in the browser (decision 052).
 */
import { z } from 'zod';

/** The largest value of a PostgreSQL `integer` (int4) column: ids and every stored small number. */
export const INT4_MAX = 2_147_483_647;

/**
 * Control characters: C0 (U+0000–U+001F, NUL included), DEL and C1 (U+007F–U+009F). PostgreSQL refuses
 * NUL in text; the others have no business in a name, an e-mail or a complaint and break logs and CSV.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
const SINGLE_LINE = /^[^\u0000-\u001F\u007F-\u009F]*$/;
/** As SINGLE_LINE, but line breaks and tabs (\t \n \r) are text a person may type in a text area. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
const MULTI_LINE = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]*$/;

export interface TextOptions {
  /** Trim white space first (the limits then apply to the trimmed text). */
  trim?: boolean;
  /** Least length (after trimming when `trim`). */
  min?: number;
}

function textField(pattern: RegExp, what: string, max: number, opts: TextOptions) {
  let s = z.string();
  if (opts.trim) s = s.trim();
  if (opts.min !== undefined) s = s.min(opts.min);
  return s.max(max).regex(pattern, `${what} must not contain control characters`);
}

/** One line of text of at most `max` characters: no control character at all. */
export function text(max: number, opts: TextOptions = {}) {
  return textField(SINGLE_LINE, 'text', max, opts);
}

/** Free text of at most `max` characters: line breaks and tabs allowed, no other control character. */
export function multiline(max: number, opts: TextOptions = {}) {
  return textField(MULTI_LINE, 'multi-line text', max, opts);
}

/**
 * A whole number in [min, max] (min ≥ 0), sent as a JSON number or as a string of digits (form-encoded
 * bodies, query strings and path params carry strings). Nothing else: not an array, a boolean, null, an
 * empty string, '1e3', ' 1', '0x10' or '-1', which `z.coerce.number()` would all turn into numbers.
 */
export function int(min: number, max: number) {
  if (!(Number.isSafeInteger(min) && Number.isSafeInteger(max) && min >= 0 && min <= max)) {
    throw new Error(`int(${min}, ${max}): bounds must be whole numbers with 0 ≤ min ≤ max`);
  }
  return z
    .union([z.number(), z.string().regex(/^\d{1,20}$/, 'digits only')])
    .pipe(z.coerce.number<number | string>().int().min(min).max(max));
}

/** A row id: a positive int4 (1…2147483647), as a JSON number or a string of digits. */
export function id() {
  return int(1, INT4_MAX);
}
