import type { Market } from '../markets.ts';
import type { Minor } from './money.ts';
import { daysBetween, type MarketDay } from './time.ts';

/**
 * The rules a lender applies to who the borrower is (issue 30): the identity numbers each market's
 * regulator names, the adult age, the income floor of the product brief (§1), bank account formats and
 * the rule by which a bank's account-holder name must agree with the verified identity. Pure: each check
 * says why it refuses, and the server turns the reason into the borrower's language.
 */

export type Gender = 'male' | 'female';

/** A check's outcome: the value in its canonical form, or the reason it was refused. */
export type Checked<T, Reason extends string> = { ok: true; value: T } | { ok: false; reason: Reason };

const ok = <T>(value: T) => ({ ok: true as const, value });
const refused = <R extends string>(reason: R) => ({ ok: false as const, reason });

/** Upper case, without the spaces and dashes people type numbers with. */
const compact = (input: string) => input.replace(/[\s-]/g, '').toUpperCase();

/**
 * India's PAN: five letters, four digits, a letter (`AAAAA9999A`). The fourth letter is the holder's
 * kind; a person's PAN has `P` (a company's `C`, a trust's `T`, …): only a person borrows here.
 */
export function checkPan(input: string): Checked<string, 'format' | 'notPerson'> {
  const pan = compact(input);
  if (!/^[A-Z]{5}\d{4}[A-Z]$/.test(pan)) return refused('format');
  return pan[3] === 'P' ? ok(pan) : refused('notPerson');
}

/**
 * Verhoeff's check (Aadhaar's last digit checks the first eleven). Its two tables are generated rather
 * than written out: `d` is the multiplication of the dihedral group D5 (0-4 the rotations, 5-9 the
 * reflections) and `p`'s row i is the fixed permutation (1 5 7 6 2 8 3 0 9 4) applied i times.
 */
const verhoeffD = (j: number, k: number): number =>
  j < 5 ? (k < 5 ? (j + k) % 5 : 5 + ((j + k) % 5)) : k < 5 ? 5 + ((j - k + 5) % 5) : (j - k + 5) % 5;
const VERHOEFF_STEP = [1, 5, 7, 6, 2, 8, 3, 0, 9, 4];
const VERHOEFF_P: number[][] = [[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]];
for (let i = 1; i < 8; i++) VERHOEFF_P.push(VERHOEFF_P[i - 1]!.map((x) => VERHOEFF_STEP[x]!));

export function verhoeffValid(digits: string): boolean {
  let c = 0;
  const reversed = [...digits].reverse();
  for (let i = 0; i < reversed.length; i++) {
    c = verhoeffD(c, VERHOEFF_P[i % 8]![Number(reversed[i])]!);
  }
  return c === 0;
}

/** The digit that makes `digits` + it Verhoeff-valid (test values and the sandbox's documented numbers). */
export function verhoeffCheckDigit(digits: string): string {
  return String([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].find((d) => verhoeffValid(`${digits}${d}`)));
}

/**
 * An Aadhaar number as typed for the OTP check: 12 digits, not starting with 0 or 1, with a valid
 * Verhoeff check digit. Only its last four digits are ever kept (the UIDAI's rule for lenders that are
 * not authorised to store it): the value returned is those four.
 */
export function checkAadhaar(input: string): Checked<string, 'format' | 'checksum'> {
  const digits = compact(input);
  if (!/^[2-9]\d{11}$/.test(digits)) return refused('format');
  return verhoeffValid(digits) ? ok(digits.slice(-4)) : refused('checksum');
}

/**
 * Indonesia's province codes, the NIK's first two digits (Kemendagri), with the four Papuan provinces
 * formed in 2022 (93-96).
 */
// biome-ignore format: one line per region reads as the list it is
export const ID_PROVINCE_CODES: ReadonlySet<string> = new Set([
  '11', '12', '13', '14', '15', '16', '17', '18', '19', '21',
  '31', '32', '33', '34', '35', '36',
  '51', '52', '53',
  '61', '62', '63', '64', '65',
  '71', '72', '73', '74', '75', '76',
  '81', '82',
  '91', '92', '93', '94', '95', '96',
]);

/**
 * Indonesia's NIK: 16 digits, `PPKKCC DDMMYY SSSS`: province, regency and district, the holder's date of
 * birth (women's day + 40), a serial from 0001. The date must be the borrower's date of birth and the
 * day's +40 the stated gender: a NIK that disagrees is someone else's, or mistyped.
 */
export function checkNik(
  input: string,
  birthDate: MarketDay,
  gender: Gender,
): Checked<string, 'format' | 'province' | 'birthDate' | 'gender'> {
  const nik = compact(input);
  if (!/^\d{16}$/.test(nik) || nik.slice(12) === '0000') return refused('format');
  if (!ID_PROVINCE_CODES.has(nik.slice(0, 2))) return refused('province');
  const day = Number(nik.slice(6, 8));
  const [year, month, dayOfBirth] = birthDate.split('-');
  if (nik.slice(8, 10) !== month || nik.slice(10, 12) !== year!.slice(2)) return refused('birthDate');
  const expected = Number(dayOfBirth) + (gender === 'female' ? 40 : 0);
  if (day === expected) return ok(nik);
  const otherGender = Number(dayOfBirth) + (gender === 'female' ? 0 : 40);
  return refused(day === otherGender ? 'gender' : 'birthDate');
}

/** Whole years from `birthDate` to `today` (market days): a birthday counts from its own day. */
export function ageOn(birthDate: MarketDay, today: MarketDay): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** Both markets lend to adults only: 18 on the day of the check. */
export const ADULT_AGE = 18;

/**
 * A date of birth as a borrower types it: a real calendar day, not in the future, an adult today,
 * and not before 1900 (a typo, not a borrower).
 */
export function checkBirthDate(input: string, today: MarketDay): Checked<MarketDay, 'format' | 'minor'> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(input)) return refused('format');
  const date = new Date(`${input}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== input) return refused('format');
  if (input < '1900-01-01' || daysBetween(input, today) < 0) return refused('format');
  return ageOn(input, today) >= ADULT_AGE ? ok(input) : refused('minor');
}

/**
 * The product brief's income floor (§1): India a salary of at least ₹12,000 a month, Indonesia an
 * income of at least Rp 5,000,000 a year. Incomes are stated per month in India and per year in
 * Indonesia, as each market's forms ask.
 */
export const INCOME_FLOOR: Record<Market, { minor: Minor; per: 'month' | 'year' }> = {
  IN: { minor: 1_200_000, per: 'month' },
  ID: { minor: 500_000_000, per: 'year' },
};

export function meetsIncomeFloor(market: Market, statedMinor: Minor): boolean {
  return Number.isSafeInteger(statedMinor) && statedMinor >= INCOME_FLOOR[market].minor;
}

/** India's IFSC: the bank's four letters, a zero, the branch's six letters or digits. */
export function checkIfsc(input: string): Checked<string, 'format'> {
  const ifsc = compact(input);
  return /^[A-Z]{4}0[A-Z\d]{6}$/.test(ifsc) ? ok(ifsc) : refused('format');
}

/**
 * Account numbers as the markets' banks issue them: India 9 to 18 digits (RBI's range across banks),
 * Indonesia 8 to 18 (BCA and BNI use 10, Mandiri 13, BRI 15). All zeros is no account.
 */
const ACCOUNT_DIGITS: Record<Market, [number, number]> = { IN: [9, 18], ID: [8, 18] };

export function checkAccountNumber(market: Market, input: string): Checked<string, 'format'> {
  const digits = compact(input);
  const [min, max] = ACCOUNT_DIGITS[market];
  const fits = /^\d+$/.test(digits) && digits.length >= min && digits.length <= max;
  return fits && !/^0+$/.test(digits) ? ok(digits) : refused('format');
}

/** Titles banks and registries put before or after a name, which say nothing about who it is. */
// biome-ignore format: a list of words
const TITLES = new Set([
  'MR', 'MRS', 'MS', 'MISS', 'DR', 'SHRI', 'SRI', 'SMT', 'KUMARI', 'KUM',
  'BPK', 'BAPAK', 'IBU', 'SDR', 'SDRI', 'NY', 'NN', 'TN', 'HJ', 'H', 'IR', 'DRS', 'ST', 'SE', 'SH', 'SKOM',
]);

/** A name's words: letters only, without diacritics, case, punctuation or titles. */
export function nameWords(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^A-Z\s]/g, ' ')
    .split(/\s+/)
    .filter((w) => w.length > 0 && !TITLES.has(w));
}

/** Levenshtein distance, for one mistyped letter in a word. */
function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = row;
  }
  return prev[b.length]!;
}

/** Two words are the same when equal, one an initial of the other, or one letter apart in 6+ letters. */
function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.length === 1 || b.length === 1) return a[0] === b[0];
  return Math.min(a.length, b.length) >= 6 && editDistance(a, b) <= 1;
}

/**
 * Whether the bank's account-holder name is the verified person's (issue 30; decision 062):
 * - words compared without case, diacritics, punctuation and titles ("Śrīnivās Nāyak" is "SRINIVAS NAYAK",
 *   "Bpk. Budi Santoso" is "BUDI SANTOSO");
 * - in any order (banks print surname first), each word of the shorter name matched to a different word
 *   of the longer, an initial matching its word ("R. Sharma" is "Rahul Sharma"), one mistyped letter
 *   forgiven in words of six letters or more;
 * - the shorter name has at least two words, unless both names are a single word (Indonesia has people
 *   of one name), and at most one word of the longer name is left over (a middle name the bank left out).
 */
export function namesMatch(verified: string, holder: string): boolean {
  const a = nameWords(verified);
  const b = nameWords(holder);
  if (a.length === 0 || b.length === 0) return false;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (long.length - short.length > 1) return false;
  if (short.length === 1 && long.length > 1) return false;
  // Full words first, so an initial cannot take the word a full match needs.
  const order = [...short].sort((x, y) => y.length - x.length);
  const free = [...long];
  let fullWords = 0;
  for (const word of order) {
    const i = free.findIndex((w) => sameWord(word, w));
    if (i < 0) return false;
    if (word.length > 1 && free[i]!.length > 1) fullWords++;
    free.splice(i, 1);
  }
  // Initials alone cannot carry a match: at least one full word must agree with a full word.
  return fullWords > 0;
}
