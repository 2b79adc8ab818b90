/**
 * Products, loan confirmation and loan details (issue 8; paths in constants.ts `LOAN_PATHS`). Texts
 * (rows, amounts, dates, rates) arrive written in the borrower's language and the market's money: the
 * screens display, the server computes (one pricing module, one money formatter).
 */
import { z } from 'zod';
import { REQUEST_KEY_PATTERN } from './constants.ts';
import { envelope } from './envelope.ts';
import { id, int, text } from './fields.ts';
import { rejectionData } from './order-rejection.ts';

const MINOR_MAX = 100_000_000_000;
/** An order number as the borrower's addresses carry it (`orderId` in the spec's queries). */
export const orderNoField = text(32, { min: 1 }).regex(/^[A-Za-z0-9]+$/, 'order number: letters and digits');
const smallInt = int(0, 9_999);

/** A product card (spec §3 "Recommended product"). Tags: the screens show them on the first two cards. */
export const recommendedProduct = z.object({
  id: z.number().int(),
  productLogo: z.string(),
  productName: z.string(),
  /** 1: the button applies; 0: it does nothing (a live loan on this product, or full today). */
  buttonStatus: z.union([z.literal(0), z.literal(1)]),
  buttonText: z.string(),
  /** `₹5,000 - ₹50,000` */
  amountRange: z.string(),
  /** The range's caption: "Loan amount". */
  amountRangeDes: z.string(),
  /** `0.08%/day` */
  loan_rate: z.string(),
  productDesc: z.string(),
  productTags: z.array(z.string()),
});
export type RecommendedProduct = z.infer<typeof recommendedProduct>;

export const row = z.object({ title: z.string(), value: z.string() });
export type Row = z.infer<typeof row>;

// recommend-product-list (code '00')
export const recommendListBody = z.strictObject({ scene: text(40).optional() });
export const recommendListReply = envelope(z.array(recommendedProduct));

// pageEvent/save and service/event/save
export const productEventBody = z.strictObject({ productId: id(), moduleId: smallInt, positionId: smallInt });
export const productEventReply = envelope(z.null());

// apply (code '00')
export const applyBody = z.strictObject({
  product_id: id(),
  module_id: smallInt,
  scene: text(40).optional(),
});
/** `url`: an http(s) URL opens in the page, a path starting with `/` is one of our screens, else the bridge. */
export const applyData = z.object({ url: z.string() });
export const applyReply = envelope(applyData);

// loan-detail-confirm
export const confirmDetailBody = z.strictObject({
  productId: id(),
  /** Minor units; absent: the product's largest amount. */
  amount: int(1, MINOR_MAX).optional(),
  /** Days; absent: the product's longest term. */
  periods: int(1, 9_999).optional(),
});
export const keyFactRow = z.object({
  /** Stable key: `principal`, `disbursed`, `fee.<name>`, `interest`, `total`, `apr`, `dueDate`, `coolingOff`, `lateCharges`. */
  key: z.string(),
  title: z.string(),
  value: z.string(),
});
export const keyFacts = z.object({
  title: z.string(),
  rows: z.array(keyFactRow),
  /** The same figures as numbers (minor units, basis points) for anyone who checks them. */
  principal: z.number().int(),
  disbursed: z.number().int(),
  interest: z.number().int(),
  fees: z.array(
    z.object({ name: z.string(), title: z.string(), amount: z.number().int(), timing: z.string() }),
  ),
  totalRepayable: z.number().int(),
  aprBp: z.number().int(),
  /** Market-local dates (YYYY-MM-DD) if the loan were disbursed today. */
  dueDates: z.array(z.string()),
  coolingOffDays: z.number().int(),
});
export type KeyFacts = z.infer<typeof keyFacts>;
/** A quote id: 128 random bits, base64url (decision 046). */
export const QUOTE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
/**
 * What the screen shows, stored (decision 046): the push names its `id` and the order is booked exactly
 * on it, or refused if the product's terms changed (`termsVersion` is no longer current) or `validUntil`
 * has passed.
 */
export const loanQuote = z.object({
  id: z.string(),
  termsVersion: z.number().int(),
  /** ISO 8601 (UTC). */
  validUntil: z.string(),
  principal: z.number().int(),
  disbursed: z.number().int(),
  totalRepayable: z.number().int(),
  aprBp: z.number().int(),
});
export type LoanQuote = z.infer<typeof loanQuote>;
export const loanConfirmData = z.object({
  productId: z.number().int(),
  productLogo: z.string(),
  productName: z.string(),
  /** Minor units. */
  amount: z.number().int(),
  amountText: z.string(),
  periods: z.number().int(),
  termUnit: z.literal('day'),
  /** What the borrower may choose on the screen. */
  choices: z.object({
    amountMin: z.number().int(),
    amountMax: z.number().int(),
    amountStep: z.number().int(),
    amountMinText: z.string(),
    amountMaxText: z.string(),
    terms: z.array(z.number().int()),
  }),
  /** `Interest 0.08%/day` */
  pRateDsc: z.string(),
  details: z.array(row),
  repay_plans: z.array(
    z.object({ title: z.string(), description: z.string(), amount: z.string(), pay_time: z.string() }),
  ),
  keyFacts,
  quote: loanQuote,
  /** The agreement popup (spec §4): shown when `popAgreementUrl` is set and `languageType` is 1. */
  isPopType: z.union([z.literal(0), z.literal(1)]),
  popTitle: z.string(),
  popContent: z.string(),
  popAgreementUrl: z.string(),
  /** 1: the agreement is written in the borrower's language. */
  languageType: z.number().int(),
  note: z.string(),
});
export type LoanConfirm = z.infer<typeof loanConfirmData>;
export const loanConfirmReply = envelope(loanConfirmData);

// contract (GET, query)
// Query strings also carry the request helper's session params (deviceId, market…): not strict.
export const contractsQuery = z.object({ productId: id(), scene: smallInt.optional() });
export const contractItem = z.object({ title: z.string(), position: z.number().int() });
export const contractsReply = envelope(z.array(contractItem));
export const contractJumpQuery = z.object({
  productId: id(),
  scene: smallInt.optional(),
  position: smallInt,
  orderId: orderNoField.optional(),
});
export const contractJumpReply = envelope(z.object({ contract_url: z.string() }));

// loan-detail-push
export const pushBody = z.strictObject({
  productId: id(),
  amount: int(1, MINOR_MAX),
  periods: int(1, 9_999),
  termUnit: z.literal('day'),
  /** The agreement box: a confirm without it is refused (in the borrower's language). */
  agreed: z.boolean(),
  /** Made once per confirm screen: a double tap, a retry or a second tab get the first order's reply. */
  requestKey: z.string().regex(REQUEST_KEY_PATTERN),
  /** The quote on screen (confirm reply `quote.id`): the order is booked on it, or refused. */
  quoteId: z.string().regex(QUOTE_ID_PATTERN),
});
export type PushBody = z.infer<typeof pushBody>;
export const pushData = z.object({ lendDetailsUrl: z.string(), orderNo: z.string() });
export const pushReply = envelope(pushData);

// loan-details
export const detailsBody = z.strictObject({ productId: id().optional(), orderId: orderNoField });
export const loanDetailsData = z.object({
  orderNo: z.string(),
  orderStatus: z.number().int(),
  noticeStatusText: z.string(),
  noticeDesText: z.string(),
  productId: z.number().int(),
  productName: z.string(),
  productLogo: z.string(),
  userOrderDetail: z.object({ detail: z.array(z.object({ text: z.string(), value: z.string() })) }),
  /** Shown only for statuses that do not hide them (order-status.ts `showsRecommendations`). */
  recProducts: z.array(recommendedProduct),
  /** Where Repay goes: one of our screens (a path) or a provider's URL. */
  h5Url: z.string(),
  /** Where the extension link goes. */
  delayUrl: z.string(),
  isDelay: z.union([z.literal('0'), z.literal('1')]),
  isScore: z.union([z.literal('0'), z.literal('1')]),
  telephone: z.string(),
  /** The cooling-off exit, while it is open: deadline and today's payoff. */
  coolingOff: z
    .object({
      deadline: z.string(),
      deadlineText: z.string(),
      payoff: z.number().int(),
      payoffText: z.string(),
    })
    .nullable(),
  /** A declined application's reason and what to do next (issue 29); null otherwise. */
  rejection: rejectionData,
});
export type LoanDetails = z.infer<typeof loanDetailsData>;
export const loanDetailsReply = envelope(loanDetailsData);
/** A declined application's reason alone (`LOAN_PATHS.rejection`). */
export const rejectionBody = z.strictObject({ orderId: orderNoField });

/** My loans, a page at a time (20 orders; `hasMore` says whether another page follows). */
export const ORDER_LIST_PAGE_SIZE = 20;
export const orderListBody = z.strictObject({ page: int(1, 500).default(1) });
export const orderListItem = z.object({
  orderNo: z.string(),
  orderStatus: z.number().int(),
  statusText: z.string(),
  /** Pending or live: shown first, with what is due next. */
  open: z.boolean(),
  productId: z.number().int(),
  productName: z.string(),
  productLogo: z.string(),
  amount: z.number().int(),
  amountText: z.string(),
  appliedOnText: z.string(),
  /** The next amount to pay and its day, while the loan is live (the loan account's, decision 048). */
  nextDue: z
    .object({
      day: z.string().nullable(),
      dayText: z.string(),
      amount: z.number().int(),
      amountText: z.string(),
    })
    .nullable(),
  daysOverdue: z.number().int(),
  /** "3 days overdue", empty when not overdue (plural in the borrower's language). */
  overdueText: z.string(),
});
export type OrderListItem = z.infer<typeof orderListItem>;
export const orderListData = z.object({
  items: z.array(orderListItem),
  page: z.number().int(),
  hasMore: z.boolean(),
});
export type OrderList = z.infer<typeof orderListData>;
export const orderListReply = envelope(orderListData);

// google-score
export const scoreBody = z.strictObject({ orderId: orderNoField, score: int(0, 5) });
export const scoreReply = envelope(z.null());

// joint-login failure (form-encoded, code '00')
export const standListBody = z.strictObject({ scene: text(40).optional() });
export const standListData = z.object({
  title: z.string(),
  description: z.string(),
  list: z.array(recommendedProduct),
});
export const standListReply = envelope(standListData);
export const standClickBody = z.strictObject({ productId: id(), position: smallInt });
export const standJumpBody = z.strictObject({ productId: id(), moduleId: smallInt, position: smallInt });
