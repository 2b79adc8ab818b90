/**
 * Why an application was declined (issue 29): the operator picks one of these when rejecting, and the
 * borrower's loan details show it in the borrower's language with what they can do next. `other` comes
 * with the operator's own words (at most `REJECTION_NOTE_MAX` characters), shown as written.
 */
export const REJECTION_REASONS = [
  'incomeUnverified',
  'identityUnclear',
  'creditHistory',
  'openLoans',
  'notEligible',
  'other',
] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

/** The "other" reason's own text: short enough to read on a phone. */
export const REJECTION_NOTE_MAX = 200;
