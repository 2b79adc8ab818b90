/**
 * Repaying with a saved bank card (spec §3 "Payment store (older flow)", §4, §7 "Older repayment flow";
 * paths and limits, zod-free, in repayment-card.ts; decision 032). Field names are the spec's wire names. The
 * server trusts only ids and amounts it can check: the card must be the borrower's, the order their live
 * one, the amount one the ledger offers now; the card's name and number are checked against the card.
 */
import { z } from 'zod';
import { PAYMENT_STATES } from './constants.ts';
import { envelope } from './envelope.ts';
import { id, int, text } from './fields.ts';
import { DELIVERIES } from './identity.ts';
import { orderNoField } from './loans.ts';

const MINOR_MAX = 100_000_000_000;
const zeroOne = z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]);
/** The token repayment-way hands out: `<expiry seconds>.<signature>`, nothing else. */
const repayToken = text(128, { min: 1 }).regex(/^\d{1,12}\.[A-Za-z0-9_-]{20,86}$/, 'repay token');

// repayment-way
export const wayBody = z.strictObject({
  /** The order to pay; without it, the borrower's live order that falls due first. */
  orderId: orderNoField.optional(),
  productId: id().optional(),
  /** An amount chosen elsewhere (a run of periods); used when the ledger offers it now, else ignored. */
  amount: int(1, MINOR_MAX).optional(),
});
export const bankCard = z.object({
  id: z.number().int(),
  bankName: z.string(),
  /** Masked, only the last four digits shown, grouped in fours: `**** **** **** 1234`. */
  cardNo: z.string(),
  bankCode: z.string(),
});
export type BankCard = z.infer<typeof bankCard>;
export const wayData = z.object({
  /** The old flow's wallet option: neither market offers one, so always 0. */
  alipay: z.number().int(),
  /** Binds this borrower and order for the next quarter of an hour; repayment-commit requires it. */
  repayToken: z.string(),
  bankCards: z.array(bankCard),
  orderNo: z.string(),
  productId: z.number().int(),
  productName: z.string(),
  /** The amount this payment pays, minor units, and written for the market. */
  amount: z.number().int(),
  amountText: z.string(),
  /** The order's loan details screen (where a payment ends). */
  detailsUrl: z.string(),
  /** The other ways to pay this amount (the pay-method chooser). */
  otherWaysUrl: z.string(),
});
export type WayData = z.infer<typeof wayData>;
export const wayReply = envelope(wayData);

// repayment-commit
export const commitBody = z.strictObject({
  /** Minor units: must be the amount the ledger offers now. */
  amount: int(1, MINOR_MAX),
  bankName: text(60, { min: 1 }),
  cardId: id(),
  /** As repayment-way gave it (masked). */
  cardNo: text(32, { min: 1 }),
  /** No coupons are offered: empty or 0. */
  couponId: z.union([z.literal(''), int(0, 0)]).optional(),
  orderId: orderNoField,
  repayToken,
  bankCode: text(20, { min: 1 }).regex(/^[A-Za-z0-9_]+$/, 'bank code: letters, digits, _'),
  /** 1: send the SMS code now (when the card needs one); 0: not yet. */
  sendMsg: zeroOne,
});
export type CommitBody = z.infer<typeof commitBody>;
export const commitData = z.object({
  /** 1: the card needs the SMS code (repayment-confirm next); 0: the card was charged already. */
  needValid: z.union([z.literal(0), z.literal(1)]),
  repayRecordId: z.number().int(),
  /** Seconds until another code may be sent (0 when none was sent by this call). */
  resendIn: z.number().int(),
  /** Where the payment stands (needValid 0: after the charge). */
  state: z.enum(PAYMENT_STATES),
  message: z.string(),
  detailsUrl: z.string(),
});
export type CommitData = z.infer<typeof commitData>;
export const commitReply = envelope(commitData);

// repayment-confirm
export const confirmBody = z.strictObject({
  orderId: orderNoField,
  /** The SMS code: six digits (spec §5, §9). */
  verifyCode: text(6, { min: 6 }).regex(/^\d{6}$/, 'verification code: six digits'),
  repaymentRecordId: id(),
});
export const confirmData = z.object({
  repayRecordId: z.number().int(),
  state: z.enum(PAYMENT_STATES),
  /** One sentence for the borrower: credited, or received and being checked. */
  message: z.string(),
  detailsUrl: z.string(),
});
export type ConfirmData = z.infer<typeof confirmData>;
export const confirmReply = envelope(confirmData);

// repayment-huichao
export const hostedBody = z.strictObject({
  /** Must be the signed-in borrower (another id answers as a missing order). */
  userId: id(),
  orderId: orderNoField,
  amount: int(1, MINOR_MAX),
});
export const hostedReply = envelope(z.object({ url: z.string() }));

// demo mode: the local SMS outbox
export const demoSmsQuery = z.strictObject({ phone: text(20, { min: 6 }).regex(/^\+?\d+$/, 'digits') });
export const demoSmsReply = envelope(
  z.object({
    purpose: z.string(),
    via: z.enum(DELIVERIES),
    text: z.string(),
    code: z.string(),
    sentAt: z.string(),
  }),
);
