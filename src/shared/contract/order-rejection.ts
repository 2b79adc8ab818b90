import { z } from 'zod';
import { REJECTION_REASONS } from '../domain/rejection-reasons.ts';
import { envelope } from './envelope.ts';

/**
 * A declined application's reason for its borrower (issue 29, `LOAN_PATHS.rejection`): the texts in the
 * borrower's language; `note` is the operator's own words for `other`, shown as written. Null data when
 * the order is not declined or was declined before reasons were kept. Loan details carries it as
 * `rejection`; `LOAN_PATHS.rejection` (body `rejectionBody` in loans.ts) answers it alone.
 */
export const rejectionData = z
  .object({
    reason: z.enum(REJECTION_REASONS),
    title: z.string(),
    text: z.string(),
    note: z.string().nullable(),
    nextTitle: z.string(),
    next: z.string(),
  })
  .nullable();
export type Rejection = z.infer<typeof rejectionData>;
export const rejectionReply = envelope(rejectionData);
