/**
 * Reply codes, free of zod so that browser bundles can use them (the schemas live in envelope.ts).
 * Success is `0` for most families and `'00'` for the template, recommend-list, apply and `/indah`
 * families (spec §8).
 */
export const OK = 0 as const;
export const OK_00 = '00' as const;

/** Our own error codes, for failures the spec does not number. Carried as strings. */
export const ERROR_CODE = {
  VALIDATION: '400',
  UNAUTHENTICATED: '401',
  FORBIDDEN: '403',
  NOT_FOUND: '404',
  CONFLICT: '409',
  PAYLOAD_TOO_LARGE: '413',
  RATE_LIMITED: '429',
  INTERNAL: '500',
  UNAVAILABLE: '503',
} as const;
export type ErrorCode = (typeof ERROR_CODE)[keyof typeof ERROR_CODE];

/**
 * A push refused because the quote it names may no longer be booked (the product's terms changed, it
 * expired, or it is not the borrower's): the confirm screen fetches a new quote (decision 046).
 */
export const LOAN_ERROR_CODE = { QUOTE_STALE: '40901' } as const;

/**
 * Verification (decision 064): a field refused (the reply's `data.fields` holds a message per field), and
 * an application refused because a required step is missing (the message names it).
 */
export const VERIFY_ERROR_CODE = { FIELDS: '40001', STEP_MISSING: '40902' } as const;

/** True for `0`, `'0'`, `'00'` (any numeric code that parses to zero, spec §8). */
export function isSuccessCode(code: unknown): boolean {
  if (typeof code === 'number') return code === 0;
  return typeof code === 'string' && /^\d+$/.test(code) && Number(code) === 0;
}
