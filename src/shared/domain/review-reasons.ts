/**
 * Why staff refused a verification step or a bank account held for review (issue 30, decision 068). The
 * operator picks one; the borrower reads its sentence in their own language (`reviewReasons:<code>`), so a
 * refusal always says what to do next. A listed reason only: a refusal the borrower reads is never an
 * operator's free words.
 */
export const REVIEW_REJECT_REASONS = [
  'nameMismatch',
  'livenessDoubtful',
  'documentUnclear',
  'identityMismatch',
  'accountNotOwn',
  'suspectedFraud',
] as const;
export type ReviewRejectReason = (typeof REVIEW_REJECT_REASONS)[number];

export function isReviewRejectReason(code: string | null | undefined): code is ReviewRejectReason {
  return (REVIEW_REJECT_REASONS as readonly (string | null | undefined)[]).includes(code);
}
