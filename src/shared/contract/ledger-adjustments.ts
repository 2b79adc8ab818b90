import { z } from 'zod';
import { MARKETS } from '../markets.ts';
import { envelope } from './envelope.ts';
import { id, int, text } from './fields.ts';
import { orderNoField } from './loans.ts';

/**
 * Manual credits with four eyes (decision 047): money a borrower paid outside the gateway, proposed by
 * one administrator and booked only when another approves it.
 */
const MINOR_MAX = 100_000_000_000;

export const manualCreditParams = z.strictObject({ orderNo: orderNoField });
export const manualCreditBody = z.strictObject({
  amountMinor: int(1, MINOR_MAX),
  /** The bank's reference of the transfer. */
  reference: text(64, { trim: true, min: 1 }),
  note: text(200, { trim: true }).default(''),
});
export type ManualCreditBody = z.input<typeof manualCreditBody>;
export const adjustmentIdParams = z.strictObject({ adjustmentId: id() });
export const adjustmentRejectBody = z.strictObject({ note: text(200, { trim: true, min: 1 }) });

export const manualCredit = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  market: z.enum(MARKETS),
  amountMinor: z.number().int(),
  amount: z.string(),
  reference: z.string(),
  note: z.string(),
  state: z.enum(['proposed', 'approved', 'rejected']),
  proposedBy: z.number().int(),
  proposedAt: z.string(),
  decidedBy: z.number().int().nullable(),
  decidedAt: z.string().nullable(),
  /** Once approved: the payment the approval booked. */
  paymentId: z.number().int().nullable(),
});
export type ManualCredit = z.infer<typeof manualCredit>;
export const manualCreditReply = envelope(manualCredit);
export const manualCreditsReply = envelope(z.object({ items: z.array(manualCredit) }));
