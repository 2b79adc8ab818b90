/** Back-office schemas (`/admin-api/…`); paths, limits and roles are in constants.ts. */
import { z } from 'zod';
import { PRODUCT_BOUNDS } from '../domain/product.ts';
import { REJECTION_REASONS } from '../domain/rejection-reasons.ts';
import { MARKETS } from '../markets.ts';
import {
  COMPLAINT_STATUSES,
  FEE_NAME_PATTERN,
  LOGO_URL_PATTERN,
  PRODUCT_CODE_PATTERN,
  QA_ICONS,
  QA_KINDS,
  STAFF_ROLES,
} from './constants.ts';
import { envelope } from './envelope.ts';
import { INT4_MAX, id, int, multiline, text } from './fields.ts';
import { orderNoField } from './loans.ts';

/** The largest amount of money a request may name, in minor units (as the borrower calls allow). */
const MINOR_MAX = 100_000_000_000;

/**
 * Back-office reply codes of their own. `OTHER_MARKET` (HTTP 403): the complaint exists, but in a market
 * the staff member does not work on; unlike "not found", trying again will not help. The web reads the
 * value through this type, so the two sides cannot drift apart.
 */
export const ADMIN_ERROR_CODE = { OTHER_MARKET: '40301' } as const;
export type AdminErrorCode = (typeof ADMIN_ERROR_CODE)[keyof typeof ADMIN_ERROR_CODE];

export const staff = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  /** Markets this person works on (an admin has both). */
  markets: z.array(z.enum(MARKETS)),
});
export type Staff = z.infer<typeof staff>;

export const loginBody = z.strictObject({ email: text(200), password: text(200) });
export const sessionData = z.object({ staff, csrfToken: z.string() });
export type StaffSession = z.infer<typeof sessionData>;
export const sessionReply = envelope(sessionData);
export const emptyReply = envelope(z.null());

// Complaint queue
export const complaintQueueQuery = z.object({
  market: z.enum(MARKETS).optional(),
  status: z.enum(COMPLAINT_STATUSES).optional(),
  type: int(0, INT4_MAX).optional(),
  /** '1': only complaints past their handling deadline and not processed. */
  overdue: z.enum(['0', '1']).optional(),
  page: int(1, 10_000).default(1),
});
export const queueItem = z.object({
  id: z.number().int(),
  market: z.enum(MARKETS),
  orderNo: z.string(),
  borrowerName: z.string(),
  type: z.string(),
  subType: z.string(),
  status: z.enum(COMPLAINT_STATUSES),
  excerpt: z.string(),
  createdAt: z.string(),
  deadline: z.string(),
  overdue: z.boolean(),
  imageCount: z.number().int(),
  score: z.number().int().nullable(),
});
export type QueueItem = z.infer<typeof queueItem>;
export const complaintQueueData = z.object({
  items: z.array(queueItem),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Types of the filtered market(s), for the type filter, titled in the operator's language. */
  types: z.array(z.object({ value: z.number().int(), title: z.string() })),
});
export type ComplaintQueue = z.infer<typeof complaintQueueData>;
export const complaintQueueReply = envelope(complaintQueueData);

export const complaintIdParams = z.object({ id: id() });
export const adminComplaintData = queueItem.extend({
  detail: z.string(),
  images: z.array(z.string()),
  replyText: z.string(),
  replyImages: z.array(z.string()),
  repliedAt: z.string().nullable(),
  repliedBy: z.string().nullable(),
  ratingDue: z.boolean(),
  borrowerPhone: z.string(),
  order: z
    .object({
      orderNo: z.string(),
      productName: z.string(),
      status: z.number().int(),
      amount: z.string(),
      termDays: z.number().int(),
      collectionAllowed: z.boolean(),
    })
    .nullable(),
});
export type AdminComplaint = z.infer<typeof adminComplaintData>;
export const adminComplaintReply = envelope(adminComplaintData);

export const replyBody = z.strictObject({
  replyText: multiline(5000),
  /** Image URLs returned by the staff upload, comma-joined or empty. */
  replyImages: text(4000).default(''),
  /** Mark the complaint processed, which asks the borrower for a rating. */
  markProcessed: z.boolean().default(false),
});
export type ReplyBody = z.infer<typeof replyBody>;

export const uploadData = z.object({ id: z.string(), url: z.string() });
export const staffUploadReply = envelope(uploadData);

// Chatbot content
export const qaNode = z.object({
  id: z.number().int(),
  market: z.enum(MARKETS),
  parentId: z.number().int(),
  kind: z.enum(QA_KINDS),
  titleEn: z.string(),
  titleId: z.string(),
  aliasEn: z.string().nullable(),
  aliasId: z.string().nullable(),
  icon: z.string().nullable(),
  actionType: z.number().int(),
  sort: z.number().int(),
  active: z.boolean(),
});
export type QaNode = z.infer<typeof qaNode>;
export const qaTreeQuery = z.object({ market: z.enum(MARKETS) });
export const qaTreeReply = envelope(z.object({ items: z.array(qaNode) }));
export const qaNodeBody = z.strictObject({
  market: z.enum(MARKETS),
  parentId: int(0, INT4_MAX),
  kind: z.enum(QA_KINDS),
  /** Answers are paragraphs: line breaks are kept. */
  titleEn: multiline(1000, { trim: true, min: 1 }),
  titleId: multiline(1000, { trim: true, min: 1 }),
  aliasEn: text(30, { trim: true }).nullable().default(null),
  aliasId: text(30, { trim: true }).nullable().default(null),
  icon: z.enum(QA_ICONS).nullable().default(null),
  actionType: int(0, 9).default(0),
  sort: int(0, 10_000).default(0),
  active: z.boolean().default(true),
});
export type QaNodeBody = z.infer<typeof qaNodeBody>;
export const qaNodeReply = envelope(qaNode);

// Complaint types (the borrower's type tiles and collection sub-types)
export const complaintTypeNode = z.object({
  id: z.number().int(),
  market: z.enum(MARKETS),
  value: z.number().int(),
  /** The type a sub-type belongs to; null for a top-level type. */
  parentValue: z.number().int().nullable(),
  titleEn: z.string(),
  titleId: z.string(),
  sort: z.number().int(),
  active: z.boolean(),
});
export type ComplaintTypeNode = z.infer<typeof complaintTypeNode>;
export const complaintTypesQuery = z.object({ market: z.enum(MARKETS) });
export const complaintTypesReply = envelope(z.object({ items: z.array(complaintTypeNode) }));
/** What an operator may change; the value and parent are fixed, since saved complaints refer to them. */
export const complaintTypeBody = z.strictObject({
  titleEn: text(60, { trim: true, min: 1 }),
  titleId: text(60, { trim: true, min: 1 }),
  sort: int(0, 10_000),
  active: z.boolean(),
});
export type ComplaintTypeBody = z.infer<typeof complaintTypeBody>;
export const complaintTypeReply = envelope(complaintTypeNode);

// Contact-form messages
export const messagesQuery = z.object({
  market: z.enum(MARKETS).optional(),
  handled: z.enum(['0', '1']).optional(),
  page: int(1, 10_000).default(1),
});
export const contactMessageItem = z.object({
  id: z.number().int(),
  market: z.enum(MARKETS),
  name: z.string(),
  telephone: z.string(),
  email: z.string().nullable(),
  suggestion: z.string(),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
});
export const messagesReply = envelope(
  z.object({
    items: z.array(contactMessageItem),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
);

// Audit log (admin only)
export const auditQuery = z.object({ page: int(1, 10_000).default(1) });
export const auditItem = z.object({
  id: z.number().int(),
  at: z.string(),
  staff: z.string().nullable(),
  action: z.string(),
  target: z.string(),
  detail: z.string(),
});
export const auditReply = envelope(
  z.object({
    items: z.array(auditItem),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
);

// Orders (issue 8): an order with its history, and the review decisions staff take on it.
export const orderNoParams = z.object({ orderNo: text(40) });
export const orderActionBody = z.strictObject({
  /**
   * Review decisions, and `disburse`: an operator records a payout the provider confirmed outside its
   * callback (one lost with a restart), with the provider's reference as the reason.
   */
  action: z.enum(['approve', 'reject', 'disburse']),
  /**
   * Why a rejection (required to reject, issue 29): one of the list; the borrower sees it in their
   * language.
   */
  rejectReason: z.enum(REJECTION_REASONS).optional(),
  /**
   * The payout's reference (`disburse`), or the operator's own words for a rejection whose reason is
   * `other` (then required, at most `REJECTION_NOTE_MAX` characters: the service says so in words).
   */
  reason: multiline(500).optional(),
});
export type OrderActionBody = z.infer<typeof orderActionBody>;
export const adminOrderData = z.object({
  orderNo: z.string(),
  market: z.enum(MARKETS),
  status: z.number().int(),
  amountMinor: z.number().int(),
  /** The amount written in the market's money. */
  amount: z.string(),
  termDays: z.number().int(),
  borrowerName: z.string(),
  /** Masked, as everywhere in the back office. */
  borrowerPhone: z.string(),
  productName: z.string(),
  createdAt: z.string(),
  disbursedAt: z.string().nullable(),
  dueAt: z.string().nullable(),
  /** What the borrower confirmed, in the market's money; null for orders made before quotes were kept. */
  quote: z
    .object({
      disbursed: z.string(),
      interest: z.string(),
      fees: z.array(z.object({ name: z.string(), amount: z.string(), timing: z.enum(['upfront', 'added']) })),
      totalRepayable: z.string(),
      aprBp: z.number().int(),
    })
    .nullable(),
  events: z.array(
    z.object({
      operation: z.string(),
      fromStatus: z.number().int().nullable(),
      toStatus: z.number().int(),
      actor: z.string(),
      /** The staff member's name for a `staff:<id>` actor (issue 29); null otherwise. */
      actorName: z.string().nullable(),
      /** A rejection's reason from the list (issue 29); null for other events and older rejections. */
      reasonCode: z.enum(REJECTION_REASONS).nullable(),
      reason: z.string(),
      at: z.string(),
    }),
  ),
});
export type AdminOrder = z.infer<typeof adminOrderData>;
export const adminOrderReply = envelope(adminOrderData);

// Orders search (issue 8): by order number or borrower phone, and by status; newest first, keyset pages.
/** A page cursor as the server hands it out: opaque to clients (`<created µs>-<id>`). */
export const orderCursor = z.string().regex(/^\d{1,17}-\d{1,10}$/);
export const ordersQuery = z.object({
  /** An order number (exact) or a borrower's phone in any of the market's written forms. */
  q: text(40, { trim: true }).optional(),
  /** One status code (product brief §4). */
  status: int(0, 999).optional(),
  market: z.enum(MARKETS).optional(),
  cursor: orderCursor.optional(),
});
export const adminOrderItem = z.object({
  orderNo: z.string(),
  market: z.enum(MARKETS),
  borrowerName: z.string(),
  /** Masked: a list never shows a full phone number. */
  borrowerPhone: z.string(),
  productName: z.string(),
  amountMinor: z.number().int(),
  /** The amount written in the market's money. */
  amount: z.string(),
  status: z.number().int(),
  createdAt: z.string(),
});
export type AdminOrderItem = z.infer<typeof adminOrderItem>;
export const ordersData = z.object({
  items: z.array(adminOrderItem),
  /** Cursor of the next page, or null when this page is the last. */
  nextCursor: z.string().nullable(),
});
export type AdminOrders = z.infer<typeof ordersData>;
export const ordersReply = envelope(ordersData);

// Loan products (issue 8): the terms, the card's words per language, the order, the daily quota, on/off.
/**
 * Money in minor units up to the bound of any product. Fields that `productProblems` judges (term days,
 * instalments, cooling-off, tier days, extension days) only have to be whole numbers here: that check
 * then names what is wrong in the operator's language, instead of a bare "not valid".
 */
const money = () => int(0, PRODUCT_BOUNDS.amountMax);
const anyDays = () => int(0, INT4_MAX);
/** A share of the principal in basis points, at most 100 %. */
const bp = () => int(0, 10_000);
/** A daily rate in parts per million, at most 100 % a day. */
const ppm = () => int(0, 1_000_000);

export const feeRuleBody = z.strictObject({
  name: z.string().regex(FEE_NAME_PATTERN),
  rateBp: bp().optional(),
  fixed: money().optional(),
  timing: z.enum(['upfront', 'added']),
});
export const productTermsBody = z.strictObject({
  amountMin: money(),
  amountMax: money(),
  amountStep: money(),
  termDays: z.array(anyDays()).max(32),
  installments: anyDays(),
  dailyInterestPpm: ppm(),
  fees: z.array(feeRuleBody).max(PRODUCT_BOUNDS.feesMax),
  lateFee: z.strictObject({ newBorrower: money(), repeatBorrower: money() }).optional(),
  lateChargeTiers: z
    .array(z.strictObject({ fromDay: anyDays(), dailyPpm: ppm() }))
    .max(PRODUCT_BOUNDS.tiersMax),
  coolingOffDays: anyDays(),
  earlyRepaymentMinDay: int(0, PRODUCT_BOUNDS.termDaysMax),
  earlyRepaymentMinTermBp: bp(),
  extension: z.strictObject({ feeBp: bp(), days: anyDays() }).optional(),
});
export type ProductTermsBody = z.infer<typeof productTermsBody>;

const copyOfLang = z.strictObject({
  description: multiline(300, { trim: true }),
  tags: z.array(text(24, { trim: true, min: 1 })).max(PRODUCT_BOUNDS.tagsMax),
});
export const productCopyBody = z.strictObject({ en: copyOfLang, id: copyOfLang });

const productFields = {
  name: text(60, { trim: true, min: 1 }),
  logoUrl: text(500, { trim: true }).regex(LOGO_URL_PATTERN),
  /** Null: a draft without terms, which cannot be offered. */
  terms: productTermsBody.nullable(),
  copy: productCopyBody,
  sort: int(0, 10_000).default(0),
  /** New orders a market day; null: no limit. */
  dailyQuota: int(0, 10_000_000).nullable().default(null),
};
export const productUpdateBody = z.strictObject(productFields);
export type ProductUpdateBody = z.input<typeof productUpdateBody>;
export const productCreateBody = z.strictObject({
  market: z.enum(MARKETS),
  code: z.string().regex(PRODUCT_CODE_PATTERN),
  ...productFields,
});
export type ProductCreateBody = z.input<typeof productCreateBody>;
export const productEnabledBody = z.strictObject({ enabled: z.boolean() });
export const productIdParams = z.object({ id: id() });
export const productsQuery = z.object({ market: z.enum(MARKETS).optional() });

const storedTerms = z.object({
  amountMin: z.number().int(),
  amountMax: z.number().int(),
  amountStep: z.number().int(),
  termDays: z.array(z.number().int()),
  installments: z.number().int(),
  dailyInterestPpm: z.number().int(),
  fees: z.array(
    z.object({
      name: z.string(),
      rateBp: z.number().int().optional(),
      fixed: z.number().int().optional(),
      timing: z.enum(['upfront', 'added']),
    }),
  ),
  lateFee: z.object({ newBorrower: z.number().int(), repeatBorrower: z.number().int() }).optional(),
  lateChargeTiers: z.array(z.object({ fromDay: z.number().int(), dailyPpm: z.number().int() })),
  coolingOffDays: z.number().int(),
  earlyRepaymentMinDay: z.number().int(),
  earlyRepaymentMinTermBp: z.number().int(),
  extension: z.object({ feeBp: z.number().int(), days: z.number().int() }).optional(),
});
const copyOut = z.object({ description: z.string(), tags: z.array(z.string()) });
export const adminProduct = z.object({
  id: z.number().int(),
  market: z.enum(MARKETS),
  code: z.string(),
  name: z.string(),
  logoUrl: z.string(),
  terms: storedTerms.nullable(),
  copy: z.object({ en: copyOut, id: copyOut }),
  enabled: z.boolean(),
  sort: z.number().int(),
  dailyQuota: z.number().int().nullable(),
  /** The version of `terms` on offer: each change of the terms makes the next one (decision 046). */
  termsVersion: z.number().int(),
  updatedAt: z.string(),
});
export type AdminProduct = z.infer<typeof adminProduct>;
export const adminProductReply = envelope(adminProduct);
export const adminProductsReply = envelope(z.object({ items: z.array(adminProduct) }));

// An order's payments (issue 9): newest first, each with how it was allocated.
export const adminPayment = z.object({
  id: z.number().int(),
  providerPaymentId: z.string(),
  amount: z.string(),
  amountMinor: z.number().int(),
  paidAt: z.string(),
  /** `received` (being decided), `credited`, `review` (reconciliation list), `resolved`. */
  state: z.string(),
  reviewReason: z.string().nullable(),
  utr: z.string().nullable(),
  allocations: z.array(
    z.object({ period: z.number().int().nullable(), component: z.string(), amountMinor: z.number().int() }),
  ),
});
export type AdminPayment = z.infer<typeof adminPayment>;
export const adminPaymentsReply = envelope(z.array(adminPayment));

// Reconciliation (issue 9): payments that were not credited, and what staff do with each.
/** Why a payment waits for staff instead of being credited (decision 031). */
export const PAYMENT_REVIEW_REASONS = [
  'unmatched',
  'underpaid',
  'overpaid',
  'expired',
  'closed',
  'undecided',
] as const;
export type PaymentReviewReason = (typeof PAYMENT_REVIEW_REASONS)[number];
export const reviewQuery = z.object({ after: id().optional() });
export const paymentIdParams = z.strictObject({ paymentId: id() });
export const reviewItem = z.object({
  id: z.number().int(),
  /** The order's market, or the currency's for a payment that names no order of ours. */
  market: z.enum(MARKETS),
  /** Null: the payment named no code of ours (`unmatched`); staff say which order it is for. */
  orderNo: z.string().nullable(),
  billNo: z.string().nullable(),
  /** The VA number, pay code or UPI reference the money was paid to, as the provider reported it. */
  vcode: z.string(),
  amountMinor: z.number().int(),
  /** The amount written in the market's money. */
  amount: z.string(),
  reason: z.enum(PAYMENT_REVIEW_REASONS),
  /**
   * What its bill asked, and how far the payment fell short of it or paid over it, in the market's money
   * (`billDifference`; null when exact): why the payment is here (issue 29). Null for a payment that named
   * no bill of ours.
   */
  billAmount: z.string().nullable(),
  shortfall: z.string().nullable(),
  excess: z.string().nullable(),
  paidAt: z.string(),
  providerPaymentId: z.string(),
  utr: z.string().nullable(),
});
export type ReviewItem = z.infer<typeof reviewItem>;
export const reviewData = z.object({
  items: z.array(reviewItem),
  /** The `after` of the next page (oldest first, by id), or null when this page is the last. */
  nextAfter: z.number().int().nullable(),
});
export type ReviewPage = z.infer<typeof reviewData>;
export const reviewReply = envelope(reviewData);

/** Closing a payment without crediting it (refunded, written off): what was done, in words. */
export const resolveBody = z.strictObject({ resolution: text(200, { trim: true, min: 3 }) });
export const resolveData = z.object({ id: z.number().int(), state: z.literal('resolved') });
export type ResolveResult = z.infer<typeof resolveData>;
export const resolveReply = envelope(resolveData);

export const creditBody = z.strictObject({
  /** The order an `unmatched` payment is for; for any other payment, its own order (or absent). */
  orderNo: orderNoField.optional(),
  note: text(200, { trim: true }).default(''),
});
export type CreditBody = z.input<typeof creditBody>;
export const creditData = z.object({
  id: z.number().int(),
  state: z.literal('credited'),
  orderNo: z.string(),
  market: z.enum(MARKETS),
  /** What went to the order (the ledger's allocations: their sum). */
  allocatedMinor: z.number().int(),
  allocated: z.string(),
  /** What the order did not owe: recorded on the payment for a refund, never booked. */
  excessMinor: z.number().int(),
  excess: z.string(),
  /** The order engine's operation the credit led to, if any. */
  operation: z.enum(['settle', 'cure', 'extend']).nullable(),
  orderStatus: z.number().int(),
});
export type CreditResult = z.infer<typeof creditData>;
export const creditReply = envelope(creditData);

/** The sandbox gateway pays a bill as a borrower would (its signed callback then credits or reviews it). */
export const markPaidBody = z.strictObject({
  billNo: text(40, { min: 1 }),
  amount: int(1, MINOR_MAX).optional(),
});
export const markPaidData = z.object({ paymentId: z.string(), eventId: z.string(), delivered: z.boolean() });
export type MarkPaidResult = z.infer<typeof markPaidData>;
export const markPaidReply = envelope(markPaidData);
