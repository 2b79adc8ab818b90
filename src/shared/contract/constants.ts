/**
 * Paths, limits and codes of the contract, free of zod so that browser bundles can use them (the
 * schemas in the sibling files import these; browsers import only types from those).
 */

// complaints
/**
 * Complaints (spec §2 "Complaints and support", §3, §7): `/h5-api/v3/user-problem/…`, borrower session.
 * Field names are the spec's wire names.
 */
export const COMPLAINT_BASE = '/h5-api/v3/user-problem';
/**
 * Lists a borrower can grow without bound come in pages: `limit` items (default 10, a phone screen and a
 * half of cards; at most `max`) and a cursor for the next page (keyset on newest first, so an item added
 * meanwhile is never seen twice).
 */
export const LIST_PAGE = { default: 10, max: 50, countCap: 99 } as const;

/**
 * Counts shown on a borrower's screens stop at `countCap`: the server counts at most one more, so a
 * hot read does bounded work however long the history is, and the screen shows "99+" (decision 020).
 */
export function countLabel(count: number): string {
  return count > LIST_PAGE.countCap ? `${LIST_PAGE.countCap}+` : String(count);
}

/** The image types the upload routes take (they check the bytes too); pickers offer only these. */
export const IMAGE_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const COMPLAINT_LIMITS = {
  /** Spec §5, §9: complaint text at most 200 characters, not empty. */
  detailMax: 200,
  /** Spec §5, §9: at most 9 evidence images. */
  imagesMax: 9,
  /** Upload size cap (security baseline). */
  imageBytesMax: 5 * 1024 * 1024,
  /**
   * Decoded pixel cap, checked on the header before decoding: a phone photo is 12-24 MP; anything larger
   * (a decompression bomb such as a 20000×20000 PNG) is refused before it costs seconds of CPU.
   */
  imagePixelsMax: 24_000_000,
  /** Promised handling time (spec §9): 3 weekdays in the market's time zone. */
  handlingWeekdays: 3,
  /** Rating stars (spec §9). */
  stars: 5,
} as const;
/** Question type value 1 is collection; it has sub-types and needs an order that allows it (spec §4). */
export const COLLECTION_TYPE = 1;
export const COMPLAINT_STATUSES = ['processing', 'processed'] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];

// chatbot
/**
 * FAQ chatbot (spec §2, §3, §4, §7): `/h5-api/v3/user-problem/get-qa-list` and `qa-record`.
 * `pid` 0 lists the categories; a category id lists its questions; a question id gives its answer(s).
 */
export const CHAT_LIMITS = { textMax: 200, categoryIcons: 4 } as const;
/** Record types of `qa-record` (spec §3). */
export const QA_RECORD_TYPE = { HUMAN: 1, RESOLVED: 2, STARS: 3, FREE_TEXT: 4 } as const;
/** action_type 4 on a question: record a jump and hand over to the complaint form (spec §4). */
export const ACTION_HAND_OVER = 4;

// support
/** Customer-service contact (spec §3, §7): POST /v3/personal-center/contact-kf-info, overall=30. */
export const CONTACT_INFO_OVERALL = 30;

// admin
/**
 * Back office (product brief §1.4): `/admin-api/…`, staff session in an HttpOnly cookie. Every
 * state-changing call carries the session's CSRF token in `x-csrf-token`. Replies use the usual envelope.
 */
export const ADMIN_BASE = '/admin-api';
export const CSRF_HEADER = 'x-csrf-token';
export const STAFF_ROLES = ['agent', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const PAGE_SIZE = 20;
/** Limits of a handler's reply: text as long as a borrower may write ×5, images as many as a borrower. */
export const REPLY_LIMITS = { textMax: 1000, imagesMax: 9 } as const;
export const QA_KINDS = ['category', 'question', 'answer'] as const;
export const QA_ICONS = ['loan', 'repayment', 'account', 'other'] as const;
/** A product's code: its stable key within the market (lower case, digits, dashes). */
export const PRODUCT_CODE_PATTERN = /^[a-z0-9][a-z0-9-]{1,39}$/;
/**
 * A logo is our own path (`/…`) or an https address: nothing a browser would run or fetch over plain
 * http (`javascript:`, `data:`, `//host` that borrows the page's scheme).
 */
export const LOGO_URL_PATTERN = /^(?:https:\/\/[^\s/?#]+[^\s]*|\/(?![/\\])[^\s]*)$/;
/** A fee's stable key; its label comes from the catalog (`loans:fees.<name>`). */
export const FEE_NAME_PATTERN = /^[a-z][a-z0-9_]{0,29}$/;
/** The fees the product editor offers, each with its label in `loans:fees` (another name shows as "other"). */
export const FEE_NAMES = ['processing', 'service', 'insurance', 'other'] as const;
export type FeeName = (typeof FEE_NAMES)[number];

// site
/** Limits of the official contact form (spec §2; e-mail optional per product brief §5). */
export const CONTACT_LIMITS = { name: 80, telephone: 20, suggestion: 1000, email: 120 } as const;

// loans
/**
 * Products, loan confirmation and loan details (spec §7 "Products, loans and repayment", issue 8): the
 * spec's paths as given. `/indah/…` calls answer with code '00' on success (spec §8), the `/v3/…` ones
 * with 0. The `/indah/stand/…` calls are form-encoded (spec §7) with field names of our own.
 */
export const LOAN_PATHS = {
  recommendList: '/indah/v3/product/recommend-product-list',
  pageEvent: '/indah/pageEvent/save',
  apply: '/indah/v3/product/apply',
  confirmDetail: '/v3/loan-confirm/loan-detail-confirm',
  contracts: '/v3/contract/contract',
  contractJump: '/v3/contract/contract-jump',
  push: '/v3/loan-confirm/loan-detail-push',
  details: '/v3/loan-details/loan-details',
  /** My loans (issue 30; spec §7 "order list", payload ours): every order of the borrower, open first. */
  orderList: '/v3/order/order-list',
  score: '/v3/loan-details/google-score',
  /** A declined application's reason and what to do next (issue 29; ours, not the spec's). */
  rejection: '/v3/loan-details/rejection',
  serviceEvent: '/service/event/save',
  /** Joint-login failure: the recommended list, a card's click event, and "go to product" (the jump). */
  standList: '/indah/stand/targeted',
  standClick: '/indah/stand/necessity',
  standJump: '/indah/stand/joint',
} as const;

/**
 * Who the borrower is (issue 30, decision 064): the verification steps of spec §7's "certify" family,
 * the borrower's steps and the next one, the city list, the address-book upload (always refused) and the
 * consented location and device upload.
 */
export const CERTIFY_PATHS = {
  base: '/v3/certify/base',
  personal: '/v3/certify/personal',
  job: '/v3/certify/job',
  extra: '/v3/certify/extra',
  steps: '/v3/certify/steps',
  cityList: '/v3/certify/city-list',
  contacts: '/v3/certify/contacts',
  consentData: '/v3/certify/consent-data',
  /** The identity check (decision 067): India asks the Aadhaar OTP here, then confirms on `identity`. */
  identityOtp: '/v3/certify/identity-otp',
  /** One selfie image (multipart field `selfie`): its liveness. */
  identitySelfie: '/v3/certify/identity-selfie',
  /** Runs the check: India the reference and OTP, Indonesia the base step's NIK with Dukcapil. */
  identity: '/v3/certify/identity',
} as const;

/**
 * The steps a borrower completes before applying, in order (decision 064). The identity check (decision
 * 067) follows the base step it checks.
 */
export const REQUIRED_STEPS = ['base', 'identity', 'personal', 'job', 'extra'] as const;
export type RequiredStep = (typeof REQUIRED_STEPS)[number];

/** The version of the location and device consent text the app shows; a consent names it. */
export const CONSENT_TEXT_VERSION = '2026-11-1';

/** Where a product tap was made (spec §7, §9): banner or popup "jingzhun" scenes, "fudai" scenes, others. */
export const PRODUCT_MODULE = { JINGZHUN: 301, FUDAI: 302, OTHER: 300, LOAN_MORE: 30 } as const;

/** Which product module a list scene reports (spec §7): 301 for banner/popup jingzhun, 302 fudai, else 300. */
export function moduleForScene(scene: string | null | undefined): number {
  const s = (scene ?? '').toLowerCase();
  if (s.includes('fudai')) return PRODUCT_MODULE.FUDAI;
  if (s.includes('jingzhun') && (s.includes('banner') || s.includes('popup'))) return PRODUCT_MODULE.JINGZHUN;
  return PRODUCT_MODULE.OTHER;
}

/** Tags show on the first two cards only (spec §9). */
export const TAGGED_CARDS = 2;
/** The contract list's scene (spec §7: scene=3 on the loan confirmation). */
export const CONTRACT_SCENE = 3;
/** An idempotency key: what a client makes once per confirm screen (a UUID, or any 16-64 safe characters). */
export const REQUEST_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

// repayment
/** Repayment calls (issue 9; spec §7 "Products, loans and repayment"), borrower session, JSON bodies. */
export const REPAY_PATHS = {
  /** The installment plan: waiting and paid periods. */
  plan: '/v3/installment/loan-play-detail',
  /** The extension (delay) offer: fee, expiry, new due date. */
  delay: '/v3/loan-details/delay-detail',
  /** The pay types of the market and, for one, its banks or stores. */
  payTypes: '/v3/loan-details/init-pay-type',
  /** Issues (or returns the open) virtual account, store pay code or UPI request for an amount. */
  vcode: '/v3/loan-details/generate-vcode',
  /** "I have paid": where the bill's payment stands. */
  status: '/v3/loan-details/payment-status',
  /** India: the 12-digit UTR of a UPI payment made elsewhere. */
  utr: '/v3/loan-details/submit-utr',
  /** The signed callback of the payment gateway (public; the signature is the credential). */
  webhook: '/api/v1/payment-gateway/callback',
} as const;

/** Spec §3 pay types: 1 bank (virtual account), 2 mini market (pay code); 3 is ours: UPI (India). */
export const PAY_TYPE = { BANK: 1, STORE: 2, UPI: 3 } as const;
export type PayType = (typeof PAY_TYPE)[keyof typeof PAY_TYPE];

/** Spec §9: bank by default; isDefault 1 until the borrower chooses, then 0; specific_num = index + 1. */
export const PAY_DEFAULTS = {
  payType: PAY_TYPE.BANK,
  isDefault: 1,
  manualIsDefault: 0,
  specificNumOffset: 1,
} as const;

/** The chooser's choice, kept in local storage under this key for `/that` (spec §4). */
export const PAY_CHOICE_STORAGE_KEY = 'repayChoice';

/** A UPI transaction reference (UTR): exactly 12 digits. */
export const UTR_PATTERN = /^\d{12}$/;

/** Where a bill's payment stands, as the borrower is told. */
export const PAYMENT_STATES = ['pending', 'received', 'credited', 'rejected', 'expired'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** Gateway callback headers: HMAC-SHA256 (hex) over `${timestamp}.${raw body}`, timestamp in seconds. */
export const GATEWAY_HEADERS = {
  timestamp: 'x-gateway-timestamp',
  signature: 'x-gateway-signature',
} as const;
/** A callback older or newer than this (seconds) is refused: a replay window, not a clock check. */
export const GATEWAY_TOLERANCE_S = 300;
