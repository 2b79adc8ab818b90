import { REQUIRED_STEPS, type RequiredStep } from '../../../shared/contract/constants.ts';
import { VERIFY_ERROR_CODE } from '../../../shared/contract/reply-codes.ts';
import { IDENTITY_REASONS, type StepView } from '../../../shared/contract/verification.ts';
import { isReviewRejectReason } from '../../../shared/domain/review-reasons.ts';
import { messageOf, translate } from '../../../shared/i18n/resources.ts';
import type { Lang } from '../../../shared/markets.ts';
import { AppError } from '../../errors.ts';
import type { StepRow } from './verification.repository.ts';

/** What the form steps (verification.service.ts) and the identity check (identity.service.ts) share. */

/** Field name → message key (under `verification:fields.`) and its placeholders. */
export type Problems = Record<string, { key: string; vars?: Record<string, string> }>;

/** Last four characters shown, the rest starred: what any reply shows of a personal number. */
export const maskLast4 = (value: string) =>
  value.length <= 4 ? '****' : `${'*'.repeat(value.length - 4)}${value.slice(-4)}`;

/** The sealing purpose of each step's personal numbers (bound into the ciphertext, crypto/sealed.ts). */
export const sealPurpose = (step: string) => `verification:${step}`;

/** A refusal with a message per field in the borrower's language (`data.fields`). */
export function refuseFields(lang: Lang, problems: Problems): never {
  const fields = Object.fromEntries(
    Object.entries(problems).map(([name, p]) => [
      name,
      messageOf(lang, `verification:fields.${p.key}`, p.vars),
    ]),
  );
  const err = new AppError(VERIFY_ERROR_CODE.FIELDS, 'verification:fieldsRefused', 400);
  err.data = { fields };
  throw err;
}

/**
 * Why a step is not done, in the borrower's language: staff's listed reason when they refused it
 * (decision 068), the identity check's own reason, else the status's.
 */
function reasonText(lang: Lang, row: StepRow): string {
  if (row.status === 'done') return '';
  if (row.status === 'refused' && isReviewRejectReason(row.reason))
    return translate(lang, 'reviewReasons', row.reason);
  if (row.reason && Object.hasOwn(IDENTITY_REASONS, row.reason))
    return messageOf(lang, `verification:identityReasons.${row.reason}`);
  return messageOf(lang, `verification:reasons.${row.status === 'review' ? 'review' : 'refused'}`);
}

/** A step as the borrower sees it (never the sealed value). */
export function stepView(lang: Lang, step: string, row: StepRow | undefined): StepView {
  const title = messageOf(lang, `verification:steps.${step}`);
  if (!row)
    return { step, status: 'missing', title, reason: '', version: 0, data: {}, masked: {}, updatedAt: null };
  return {
    step,
    status: row.status,
    title,
    reason: reasonText(lang, row),
    version: row.version,
    data: row.data,
    masked: row.masked,
    updatedAt: row.updatedAt,
  };
}

/** The first required step not done, or null. */
export const firstMissing = (done: readonly string[]): RequiredStep | null =>
  REQUIRED_STEPS.find((s) => !done.includes(s)) ?? null;
