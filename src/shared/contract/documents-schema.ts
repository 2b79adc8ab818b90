import { z } from 'zod';
import { VERIFICATION_CODE_PATTERN } from './documents.ts';
import { envelope } from './envelope.ts';
import { int, text } from './fields.ts';
import { orderNoField } from './loans.ts';

const row = z.object({ text: z.string(), value: z.string() });

export const receiptsBody = z.strictObject({ orderId: orderNoField });
export const receipt = z.object({
  /** `<order no>-<n>`: the n-th payment applied to the order. */
  receiptNo: z.string(),
  amount: z.string(),
  amountMinor: z.number().int(),
  paidAt: z.string(),
  /** How it was paid, in words (bank and method, store, UPI with its UTR). */
  method: z.string(),
  /** The payment provider's reference. */
  reference: z.string(),
  /** What it paid: late charges, then each part of the periods, each with its amount. */
  parts: z.array(row),
});
export const receiptsData = z.object({
  orderNo: z.string(),
  productName: z.string(),
  list: z.array(receipt),
  /** Settled: a no-dues certificate can be downloaded. */
  certificate: z.boolean(),
  /** Why there is no certificate yet (empty when there is one). */
  certificateNote: z.string(),
});
export type ReceiptsData = z.infer<typeof receiptsData>;
export const receiptsReply = envelope(receiptsData);

export const certificateBody = receiptsBody;
export const certificateData = z.object({ url: z.string(), code: z.string() });
export const certificateReply = envelope(certificateData);

export const certificateFileQuery = z.object({
  exp: int(0, Number.MAX_SAFE_INTEGER),
  sig: text(100),
});

export const verifyQuery = z.object({
  code: text(60, { trim: true })
    .transform((s) => s.toUpperCase())
    .pipe(z.string().regex(VERIFICATION_CODE_PATTERN)),
});
export const verifyData = z.object({
  document: z.string(),
  orderNo: z.string(),
  /** The borrower's name with most letters hidden: enough to match a person, not to learn one. */
  borrower: z.string(),
  amount: z.string(),
  repaid: z.string(),
  settledOn: z.string(),
  lender: z.string(),
});
export type VerifyData = z.infer<typeof verifyData>;
export const verifyReply = envelope(verifyData);
