import type { Market } from '../markets.ts';

/**
 * Market mobile-number rules (product brief §1). India: 10 digits starting 6-9, with an optional
 * +91 / 91 / 0 prefix. Indonesia: 08 followed by 8-11 digits; +62 8… and 62 8… become 08….
 * Returns the canonical national form, or null when the input is not a mobile number of the market.
 */
export function normalizePhone(market: Market, input: string): string | null {
  const digits = withoutSeparators(input);
  if (!/^\+?\d+$/.test(digits)) return null;
  const bare = digits.replace(/^\+/, '');
  if (market === 'IN') {
    const national =
      bare.length === 12 && bare.startsWith('91')
        ? bare.slice(2)
        : bare.length === 11 && bare.startsWith('0')
          ? bare.slice(1)
          : bare;
    return /^[6-9]\d{9}$/.test(national) ? national : null;
  }
  const national = bare.startsWith('62') ? `0${bare.slice(2)}` : bare;
  return /^08\d{8,11}$/.test(national) ? national : null;
}

/** A phone number as typed, without the spaces, dashes, dots and brackets people group it with. */
export function withoutSeparators(input: string): string {
  return input.replace(/[\s\-().]/g, '');
}

/** Masks a phone number for logs and screens: keeps the last 4 digits. */
export function maskPhone(phone: string): string {
  return phone.length <= 4 ? '****' : `${'*'.repeat(phone.length - 4)}${phone.slice(-4)}`;
}

/**
 * The original product's shared pattern list (spec §5). Kept for reference and for the input
 * formatters; the 11-digit mobile pattern is a Chinese rule and is not used to judge our markets' phones.
 */
export const SHARED_PATTERNS = {
  email: /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/,
  landline: /^(0\d{2,3}-?)?\d{7,8}$/,
  chineseMobile: /^1[3-9]\d{9}$/,
  integer: /^-?\d+$/,
  decimal: /^-?\d+(\.\d+)?$/,
  chinese: /^[\u4e00-\u9fa5]+$/,
  money: /^[₹Rp\s]*\d{1,3}([.,]\d{3})*([.,]\d{1,2})?$/,
} as const;
