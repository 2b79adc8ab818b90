/**
 * Repayment (issue 9; paths in constants.ts `REPAY_PATHS`). The server computes every amount from the
 * order's plan, charges and payments; texts arrive written in the borrower's language and the market's
 * money. Amounts are also given as integers (minor units) where a screen adds them up (installments)
 * or sends one back (`generate-vcode`), and the server accepts only an amount it would itself offer.
 */
import { z } from 'zod';
import { PAY_TYPE, PAYMENT_STATES, UTR_PATTERN } from './constants.ts';
import { envelope } from './envelope.ts';
import { id, int, text } from './fields.ts';
import { orderNoField } from './loans.ts';

const MINOR_MAX = 100_000_000_000;
const orderRef = { productId: id().optional(), orderId: orderNoField };
const payTypeField = z.union([
  z.literal(PAY_TYPE.BANK),
  z.literal(PAY_TYPE.STORE),
  z.literal(PAY_TYPE.UPI),
  z.literal(String(PAY_TYPE.BANK)),
  z.literal(String(PAY_TYPE.STORE)),
  z.literal(String(PAY_TYPE.UPI)),
]);
const zeroOne = z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]);
const detailRow = z.object({ text: z.string(), value: z.string() });

// loan-play-detail
export const planBody = z.strictObject(orderRef);
export const planPeriod = z.object({
  periodNo: z.number().int(),
  /** What paying this period costs now, minor units (the first waiting one includes late charges). */
  totalAmount: z.number().int(),
  /** `totalAmount` written for the screen. */
  amountText: z.string(),
  /** 1 for the first waiting period only: periods are paid in order (spec §4). */
  canClick: z.union([z.literal(0), z.literal(1)]),
  periodStatus: z.enum(['waiting', 'due', 'overdue', 'paid']),
  /** `Due 12 Dec 2026`, `3 days late`, `Paid 1 Dec 2026`. */
  repayDes: z.string(),
  /** The period's due date, written. */
  dueTime: z.string(),
  /** What the amount is made of (principal, interest, fees, late charges), zero parts left out. */
  parts: z.array(detailRow),
});
export type PlanPeriod = z.infer<typeof planPeriod>;
export const planData = z.object({
  orderNo: z.string(),
  productId: z.number().int(),
  productName: z.string(),
  productLogo: z.string(),
  /** How many periods wait to be paid. */
  repayWaitCount: z.number().int(),
  /** A line under the list (periods are paid in order…). */
  note: z.string(),
  repayPlanDetail: z.object({
    repayWaitDetail: z.array(planPeriod),
    repayYetDetail: z.array(planPeriod),
  }),
  /**
   * How many waiting periods, from the first, may be paid now. Fewer than all when paying the rest
   * early is not yet allowed (India: not before day 7 and half the term); 0 when nothing may be paid.
   */
  payableCount: z.number().int(),
  /** Why not everything may be paid now (the early-repayment rule, with its date); else ''. */
  payableNote: z.string(),
  /** The extension offer's screen, when the order may be extended now; else ''. */
  delayUrl: z.string(),
});
export type PlanData = z.infer<typeof planData>;
export const planReply = envelope(planData);

// delay-detail
export const delayBody = z.strictObject(orderRef);
export const delayData = z.object({
  orderNo: z.string(),
  productId: z.number().int(),
  productName: z.string(),
  productLogo: z.string(),
  /** False when the order cannot be extended now (the screen says why: `unavailableText`). */
  available: z.boolean(),
  unavailableText: z.string(),
  /** The extension fee, minor units, and written. */
  delayShouldPayAmount: z.number().int(),
  delayShouldPayText: z.string(),
  /** Until when this offer (and a pay code issued for it) holds: ISO time, and written. */
  delayExpiryTime: z.string(),
  delayExpiryText: z.string(),
  /** The due date paying the fee gives, written; and the days it adds. */
  newDueDateText: z.string(),
  extensionDays: z.number().int(),
  telephone: z.string(),
  /** Order rows; zero or empty values are left out by the server (spec §3). */
  orderDetail: z.object({ detail: z.array(detailRow) }),
  /** "Extend now" against "pay late": what each costs by the new due date (spec's side-by-side). */
  comparison: z.object({
    extendNow: z.object({ title: z.string(), value: z.string(), note: z.string() }),
    payLate: z.object({ title: z.string(), value: z.string(), note: z.string() }),
  }),
});
export type DelayData = z.infer<typeof delayData>;
export const delayReply = envelope(delayData);

// init-pay-type
export const payTypesBody = z.strictObject({ ...orderRef, pay_type: payTypeField.optional() });
export const bankOption = z.object({
  /** Shown: `BCA`, `Bank Mandiri`. */
  bankName: z.string(),
  /** Sent back as `payCode`. */
  payCode: z.string(),
  /** The ways to pay at this bank: `ATM`, `MobileBank`, `InternetBank`. */
  methods: z.array(z.string()),
});
export const payTypesData = z.object({
  /** The pay types this market offers, in order (Indonesia: bank, mini market; India: UPI). */
  payTypes: z.array(z.object({ value: z.number().int(), title: z.string() })),
  /** The type the lists below are for. */
  payType: z.number().int(),
  banks: z.array(bankOption),
  /** Mini markets (spec §3: strings), sent back as `payCode`. */
  markets: z.array(z.string()),
});
export type PayTypesData = z.infer<typeof payTypesData>;
export const payTypesReply = envelope(payTypesData);

// generate-vcode
export const vcodeBody = z.strictObject({
  ...orderRef,
  /** Minor units: must be an amount the server offers for this order (a run of periods from the first
   * waiting one, the extension fee with `is_display=1`, or the cooling-off payoff with `is_payoff=1`). */
  amount: int(1, MINOR_MAX),
  /** Bank or store code from init-pay-type; `UPI` for UPI. */
  payCode: text(32, { min: 1 }).regex(/^[A-Za-z0-9_]+$/, 'pay code: letters, digits, _'),
  pay_type: payTypeField,
  is_default: zeroOne.optional(),
  /** 1: the extension fee (from the delay page). */
  is_display: zeroOne.optional(),
  /** The chosen bank's or store's place in the list + 1 (spec §9). */
  specific_num: int(0, 999).optional(),
  /**
   * 1: the cooling-off exit (from loan details): `amount` must be today's payoff as loan details show it
   * (`coolingOff.payoff`), while the exit is open; paying the code settles the loan (decision 031). Not
   * with `is_display=1`. Refused with 400 outside the window or for another amount.
   */
  is_payoff: zeroOne.optional(),
});
export type VcodeBody = z.infer<typeof vcodeBody>;
export const payStepGroup = z.object({
  /** Which way to pay: a bank method (`ATM`, `MobileBank`, `InternetBank`), `store` or `upi`. */
  key: z.string(),
  name: z.string(),
  steps: z.array(z.string()),
});
export const vcodeData = z.object({
  /** Minor units, and written. */
  amount: z.number().int(),
  amountText: z.string(),
  /** The virtual-account number, store pay code or UPI reference the borrower pays to. */
  vcode: z.string(),
  /** `vcode` grouped for reading aloud / typing (`8808 1234 5678 9012`). */
  cardNo: z.string(),
  payType: z.union([z.literal('1'), z.literal('2'), z.literal('3')]),
  payCode: z.string(),
  /** The bank's or store's name as shown. */
  payName: z.string(),
  /** Bank: named groups of steps (one per method); store and UPI: one group. */
  payStep: z.array(payStepGroup),
  specificNum: z.number().int(),
  /** Our bill number for this code: what the payment-status and submit-utr calls name. */
  billNo: z.string(),
  /** What the bill pays: periods, extension fee or payoff, written. */
  purposeText: z.string(),
  /** ISO time after which the code takes no payment; and written. */
  expiresAt: z.string(),
  expiresText: z.string(),
  state: z.enum(PAYMENT_STATES),
  /** Customer service phone (the site's, spec §3 falls back to a configured one). */
  telephone: z.string(),
  /** What a QR code should carry (bank VA: the number; UPI: the `upi://pay` link); '' for none. */
  qrText: z.string(),
  /** What a barcode should carry (store pay codes); '' for none. */
  barcodeText: z.string(),
  /** UPI only: the merchant's VPA and the amount-bound intent link. */
  upi: z.object({ vpa: z.string(), payeeName: z.string(), link: z.string() }).nullable(),
});
export type VcodeData = z.infer<typeof vcodeData>;
export const vcodeReply = envelope(vcodeData);

// payment-status
export const statusBody = z.strictObject({ ...orderRef, billNo: text(40, { min: 1 }) });
export const statusData = z.object({
  state: z.enum(PAYMENT_STATES),
  /** One sentence for the borrower: what happened and what comes next. */
  message: z.string(),
  /** Received but not credited, or rejected: why (amount differs, code expired…); else ''. */
  reason: z.string(),
  /** The order's details screen. */
  detailsUrl: z.string(),
});
export type StatusData = z.infer<typeof statusData>;
export const statusReply = envelope(statusData);

// submit-utr
export const utrBody = z.strictObject({
  ...orderRef,
  billNo: text(40, { min: 1 }),
  utr: z.string().regex(UTR_PATTERN, 'UTR: 12 digits'),
});
export const utrReply = statusReply;

// The gateway's callback (what a provider posts; the sandbox gateway posts the same).
export const gatewayEvent = z.strictObject({
  /** Unique per delivery attempt's event: the same event id is credited once. */
  eventId: text(80, { min: 8 }),
  type: z.enum(['payment.paid']),
  /** The provider's id of the payment: unique; a second event for it credits nothing more. */
  paymentId: text(80, { min: 4 }),
  /** The virtual account / pay code / UPI reference paid. */
  vcode: text(40, { min: 1 }),
  amount: int(1, MINOR_MAX),
  currency: z.enum(['INR', 'IDR']),
  paidAt: z.iso.datetime(),
  /** UPI: the bank's transaction reference. */
  utr: z.string().regex(UTR_PATTERN).optional(),
});
export type GatewayEvent = z.infer<typeof gatewayEvent>;
