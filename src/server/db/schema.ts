import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Quote } from '../../shared/domain/pricing.ts';
import type { ProductCopy, StoredTerms } from '../../shared/domain/product.ts';

/** One schema for both drivers (PGlite and PostgreSQL); migrations are generated from it. */

export const borrowers = pgTable(
  'borrowers',
  {
    id: serial('id').primaryKey(),
    market: text('market').notNull(),
    phone: text('phone').notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('borrowers_market_phone_uq').on(t.market, t.phone)],
);

/** Borrower sessions. Only a SHA-256 of the token is stored, so a database leak yields no credentials. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    borrowerId: integer('borrower_id')
      .notNull()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    deviceId: text('device_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_uq').on(t.tokenHash),
    index('sessions_borrower_idx').on(t.borrowerId),
  ],
);

/** Company and site details per market, shown on the public site and in the app. */
export const siteConfigs = pgTable('site_configs', {
  market: text('market').primaryKey(),
  companyName: text('company_name').notNull(),
  phone: text('phone').notNull(),
  email: text('email').notNull(),
  address: text('address').notNull(),
  brandColour: text('brand_colour').notNull().default('#0DCC86'),
  appName: text('app_name').notNull(),
  policyUrl: text('policy_url').notNull(),
  /** The regulator's licence or registration line the site shows in its footer (RBI for India, OJK for Indonesia). */
  licence: text('licence').notNull().default(''),
  /** The app's store listing (where "Download the app" goes); empty: the button is not shown. */
  storeUrl: text('store_url').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Messages from the official contact form; operators read them in the back office. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    market: text('market').notNull(),
    lang: text('lang').notNull(),
    name: text('name').notNull(),
    telephone: text('telephone').notNull(),
    email: text('email'),
    suggestion: text('suggestion').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
  },
  (t) => [index('contact_messages_market_created_idx').on(t.market, t.createdAt)],
);

/**
 * Loan products per market: what a borrower may borrow and on which terms (issue 8). `terms` is the
 * pricing module's product terms (validated against the market's caps on every write); an order keeps
 * its own copy of the terms it was made on, so editing a product never changes a loan already made.
 */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    market: text('market').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    logoUrl: text('logo_url').notNull(),
    terms: jsonb('terms').$type<StoredTerms>(),
    /** Description and tags in each language (the borrower's language picks one). */
    copy: jsonb('copy')
      .$type<ProductCopy>()
      .notNull()
      .default({ en: { description: '', tags: [] }, id: { description: '', tags: [] } }),
    enabled: boolean('enabled').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    /** New orders accepted per market day; null: no limit. When reached, the product is full until tomorrow. */
    dailyQuota: integer('daily_quota'),
    /**
     * The version of `terms` on offer (issue 27): editing the terms of a product makes a new version in
     * `product_versions`; a quote names the version it was priced on and is refused once it is not current.
     */
    termsVersion: integer('terms_version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('products_market_code_uq').on(t.market, t.code)],
);

/**
 * Every version of a product's terms, never updated or deleted: what a quote and an order were priced on
 * (issue 27). Version 1 is the terms a product was created with; each edit of the terms adds the next.
 */
export const productVersions = pgTable(
  'product_versions',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    version: integer('version').notNull(),
    terms: jsonb('terms').$type<StoredTerms>().notNull(),
    /** The staff member who saved it; null for the seed and for versions older than issue 27. */
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('product_versions_product_version_uq').on(t.productId, t.version)],
);

/**
 * What the confirm screen showed a borrower (issue 27): the product, its terms version, the amounts, the
 * schedule and APR, valid until `expires_at`. The push names it; an order is made only from a quote
 * that is still valid and whose terms version is still the product's, and is booked exactly as quoted.
 */
export const loanQuotes = pgTable(
  'loan_quotes',
  {
    /** Random, unguessable: the borrower's handle on what they were shown. */
    id: text('id').primaryKey(),
    borrowerId: integer('borrower_id')
      .notNull()
      .references(() => borrowers.id, { onDelete: 'restrict' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    termsVersion: integer('terms_version').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    termDays: integer('term_days').notNull(),
    quote: jsonb('quote').$type<Quote>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('loan_quotes_borrower_idx').on(t.borrowerId, t.createdAt),
    // The loan jobs drop quotes a day past their time that made no order.
    index('loan_quotes_expires_idx').on(t.expiresAt),
  ],
);

/** Loan orders. Amounts in minor units. `collectionAllowed` is the spec's isShow (collection complaints). */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderNo: text('order_no').notNull(),
    borrowerId: integer('borrower_id')
      .notNull()
      .references(() => borrowers.id, { onDelete: 'restrict' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    market: text('market').notNull(),
    status: integer('status').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    termDays: integer('term_days').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }),
    collectionAllowed: boolean('collection_allowed').notNull().default(false),
    /** The product's terms when the order was made (null for orders older than issue 8). */
    terms: jsonb('terms').$type<StoredTerms>(),
    /** The quote the borrower confirmed: fees, amount disbursed, interest, schedule, APR. */
    quote: jsonb('quote').$type<Quote>(),
    /** The product's terms version the order was sold on (null for orders older than issue 27). */
    termsVersion: integer('terms_version'),
    /** The quote the borrower accepted (null for orders older than issue 27). */
    quoteId: text('quote_id'),
    /** The client's idempotency key of the confirm that made the order: a repeat gets this order. */
    requestKey: text('request_key'),
    disbursedAt: timestamp('disbursed_at', { withTimezone: true }),
    /** Days added to every due date by paid extensions (issue 9). */
    extensionDays: integer('extension_days').notNull().default(0),
    /**
     * The verified account the payout goes to (issue 30), fixed when the payout is asked for; null for
     * orders older than issue 30.
     */
    payoutAccountId: integer('payout_account_id').references((): AnyPgColumn => bankAccounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_order_no_uq').on(t.orderNo),
    index('orders_borrower_idx').on(t.borrowerId),
    uniqueIndex('orders_request_key_uq').on(t.borrowerId, t.requestKey),
    // A quote makes one order at most.
    uniqueIndex('orders_quote_uq').on(t.quoteId),
    // One application in flight per borrower and product: confirms racing with different keys make one
    // order (a live loan on the product is refused by the service before it gets here).
    uniqueIndex('orders_pending_per_product_uq')
      .on(t.borrowerId, t.productId)
      .where(sql`status in (21, 151)`),
    index('orders_product_created_idx').on(t.productId, t.createdAt),
    // The back office's order search: newest first, all or by status, keyset-paged.
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_status_created_idx').on(t.status, t.createdAt, t.id),
    // The daily jobs find live loans by due time without reading settled history.
    index('orders_live_due_idx').on(t.dueAt).where(sql`status in (170, 174, 180)`),
  ],
);

/**
 * Charges booked on an order after it was made: each day's late charge and the one-off late fee, written
 * by the daily accrual job. Unique per order, kind and market day, so running the job twice books nothing
 * twice; the amounts come from the pricing module, which stops them at the market's caps.
 */
export const orderCharges = pgTable(
  'order_charges',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** `late_fee` or `late_charge`. */
    kind: text('kind').notNull(),
    /** The market day the charge is for (`YYYY-MM-DD`). */
    chargeDay: text('charge_day').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('order_charges_order_kind_day_uq').on(t.orderId, t.kind, t.chargeDay)],
);

/** Taps on product cards and buttons (spec §7 `pageEvent/save`, `service/event/save`): module and position. */
export const productEvents = pgTable(
  'product_events',
  {
    id: serial('id').primaryKey(),
    borrowerId: integer('borrower_id')
      .notNull()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    moduleId: integer('module_id').notNull(),
    positionId: integer('position_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('product_events_product_idx').on(t.productId, t.createdAt)],
);

/** The app-store rating a borrower gave from a loan's details (one per order): the score chosen. */
export const orderRatings = pgTable('order_ratings', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  borrowerId: integer('borrower_id').notNull(),
  score: integer('score').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every change of a loan order's status, written in the same transaction as the change (issue 8): which
 * named operation, from and to which status, who (borrower, staff member or the system's jobs) and why.
 * Never updated or deleted.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    operation: text('operation').notNull(),
    fromStatus: integer('from_status'),
    toStatus: integer('to_status').notNull(),
    /** `borrower:<id>`, `staff:<id>` or `system:<job>`. */
    actor: text('actor').notNull(),
    reason: text('reason').notNull().default(''),
    /**
     * A rejection's reason from the list (`REJECTION_REASONS`, issue 29); `reason` then holds the
     * operator's words for `other`. Null for every other event, and for rejections made before the list.
     */
    reasonCode: text('reason_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);

/**
 * Complaint question types per market. Top-level types have no parent; sub-types name their parent's
 * value (only collection, value 1, has them).
 */
export const problemTypes = pgTable(
  'problem_types',
  {
    id: serial('id').primaryKey(),
    market: text('market').notNull(),
    value: integer('value').notNull(),
    parentValue: integer('parent_value'),
    titleEn: text('title_en').notNull(),
    titleId: text('title_id').notNull(),
    sort: integer('sort').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [uniqueIndex('problem_types_market_value_uq').on(t.market, t.value)],
);

/** Uploaded images, re-encoded. The id is random and is what URLs carry; the file name is random too. */
export const uploads = pgTable(
  'uploads',
  {
    id: text('id').primaryKey(),
    ownerKind: text('owner_kind').notNull(),
    ownerId: integer('owner_id').notNull(),
    storedName: text('stored_name').notNull(),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('uploads_owner_idx').on(t.ownerKind, t.ownerId)],
);

export const complaints = pgTable(
  'complaints',
  {
    id: serial('id').primaryKey(),
    borrowerId: integer('borrower_id')
      .notNull()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    market: text('market').notNull(),
    orderNo: text('order_no').notNull(),
    typeValue: integer('type_value').notNull(),
    subTypeValue: integer('sub_type_value').notNull().default(0),
    detail: text('detail').notNull(),
    status: text('status').notNull().default('processing'),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }).notNull(),
    replyText: text('reply_text').notNull().default(''),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    repliedBy: integer('replied_by'),
    ratingDue: boolean('rating_due').notNull().default(false),
    score: integer('score'),
    scoredAt: timestamp('scored_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('complaints_borrower_idx').on(t.borrowerId, t.createdAt),
    // The borrower's list pages one tab at a time, newest first (keyset on created_at, id).
    index('complaints_borrower_status_idx').on(t.borrowerId, t.status, t.createdAt, t.id),
    // The few complaints waiting for a rating, found without reading the borrower's whole history.
    index('complaints_rating_due_idx').on(t.borrowerId).where(sql`${t.ratingDue}`),
    index('complaints_market_status_idx').on(t.market, t.status, t.deadlineAt),
  ],
);

/**
 * Per borrower, the complaints in each tab and those waiting for a rating. Kept by a trigger on
 * `complaints` (migration 0004), inside the same transaction as the change, so the list and the entry
 * read exact counts with one primary-key lookup instead of counting the history.
 */
export const complaintCounts = pgTable('complaint_counts', {
  borrowerId: integer('borrower_id')
    .primaryKey()
    .references(() => borrowers.id, { onDelete: 'cascade' }),
  processing: integer('processing').notNull().default(0),
  processed: integer('processed').notNull().default(0),
  ratingDue: integer('rating_due').notNull().default(0),
});

/** Images of a complaint: the borrower's evidence and the handler's reply. An upload is used once. */
export const complaintImages = pgTable(
  'complaint_images',
  {
    complaintId: integer('complaint_id')
      .notNull()
      .references(() => complaints.id, { onDelete: 'cascade' }),
    uploadId: text('upload_id')
      .notNull()
      .references(() => uploads.id),
    role: text('role').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.complaintId, t.uploadId] }),
    uniqueIndex('complaint_images_upload_uq').on(t.uploadId),
  ],
);

/**
 * Chatbot content per market, both languages in one row. Categories have parent 0, questions a category,
 * answers a question. `actionType` 4 on a question hands over to the complaint form.
 */
export const qaItems = pgTable(
  'qa_items',
  {
    id: serial('id').primaryKey(),
    market: text('market').notNull(),
    parentId: integer('parent_id').notNull().default(0),
    kind: text('kind').notNull(),
    titleEn: text('title_en').notNull(),
    titleId: text('title_id').notNull(),
    aliasEn: text('alias_en'),
    aliasId: text('alias_id'),
    icon: text('icon'),
    actionType: integer('action_type').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('qa_items_market_parent_idx').on(t.market, t.parentId, t.sort)],
);

/** Every chatbot interaction the borrower records (spec §3 types 1-4). */
export const qaRecords = pgTable(
  'qa_records',
  {
    id: serial('id').primaryKey(),
    borrowerId: integer('borrower_id')
      .notNull()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    market: text('market').notNull(),
    orderNo: text('order_no').notNull().default(''),
    type: integer('type').notNull(),
    value: text('value').notNull().default(''),
    qaId: integer('qa_id').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('qa_records_borrower_idx').on(t.borrowerId, t.createdAt)],
);

/** Back-office staff. `markets` is a comma list (IN, ID); an admin has both. */
export const staffUsers = pgTable(
  'staff_users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role').notNull(),
    markets: text('markets').notNull(),
    passwordHash: text('password_hash').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('staff_users_email_uq').on(t.email)],
);

/** Staff sessions: the cookie's token is stored hashed; the CSRF token is checked on every change. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    csrfToken: text('csrf_token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('staff_sessions_token_hash_uq').on(t.tokenHash)],
);

/**
 * What a borrower is asked to pay (issue 9, decision 031): a virtual account, store pay code or UPI
 * request for exactly one order, purpose and amount, open until it expires. The same request again while
 * one is open gets that one (the partial unique index makes two racing requests agree).
 */
export const payCodes = pgTable(
  'pay_codes',
  {
    id: serial('id').primaryKey(),
    billNo: text('bill_no').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    borrowerId: integer('borrower_id').notNull(),
    /** `repay` (periods, charges), `extension` (the extension fee). */
    purpose: text('purpose').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    payType: integer('pay_type').notNull(),
    payCode: text('pay_code').notNull(),
    specificNum: integer('specific_num').notNull().default(0),
    isDefault: integer('is_default').notNull().default(1),
    /** The number the borrower pays to, issued by the gateway. */
    vcode: text('vcode').notNull(),
    /** `open`, `paid`, `expired`. */
    state: text('state').notNull().default('open'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pay_codes_bill_no_uq').on(t.billNo),
    uniqueIndex('pay_codes_vcode_uq').on(t.vcode),
    uniqueIndex('pay_codes_open_uq')
      .on(t.orderId, t.purpose, t.amountMinor, t.payType, t.payCode)
      .where(sql`state = 'open'`),
    index('pay_codes_order_idx').on(t.orderId),
    check('pay_codes_amount_positive', sql`amount_minor > 0`),
  ],
);

/**
 * Money that arrived, one row per provider payment (unique: a payment is credited once whatever the
 * number of callbacks). `credited` payments have allocations; `review` ones wait in the reconciliation
 * list (no code, wrong amount, expired code, closed order) until staff resolve them.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    providerPaymentId: text('provider_payment_id').notNull(),
    eventId: text('event_id').notNull(),
    vcode: text('vcode').notNull(),
    payCodeId: integer('pay_code_id').references(() => payCodes.id),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    utr: text('utr'),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    /** `credited`, `review`, `resolved`. */
    state: text('state').notNull(),
    /** Why a payment is in review: `unmatched`, `underpaid`, `overpaid`, `expired`, `closed`. */
    reviewReason: text('review_reason'),
    resolvedBy: integer('resolved_by'),
    resolution: text('resolution'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_provider_payment_uq').on(t.providerPaymentId),
    index('payments_order_idx').on(t.orderId),
    index('payments_review_idx').on(t.createdAt).where(sql`state = 'review'`),
    // The sweep finds payments left `received` by a crash between recording and crediting.
    index('payments_received_idx').on(t.createdAt).where(sql`state = 'received'`),
  ],
);

/** How a credited payment was split (ledger.ts order); never updated or deleted. */
export const paymentAllocations = pgTable(
  'payment_allocations',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** Null for the order's late charges and the extension fee. */
    period: integer('period'),
    component: text('component').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_allocations_order_idx').on(t.orderId),
    check('payment_allocations_positive', sql`amount_minor > 0`),
  ],
);

/** Every gateway event id seen: the same event again is acknowledged and changes nothing. */
export const gatewayEvents = pgTable('gateway_events', {
  eventId: text('event_id').primaryKey(),
  paymentId: text('payment_id').notNull(),
  /** What the event led to: `credited`, `review`, `duplicate`. */
  outcome: text('outcome').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The sandbox gateway's outgoing callbacks, kept until our webhook acknowledges them: a job sends the
 * due ones and backs off on failure, so a restart or an outage loses none (a provider retries the same).
 */
export const gatewayOutbox = pgTable(
  'gateway_outbox',
  {
    id: serial('id').primaryKey(),
    eventId: text('event_id').notNull(),
    body: text('body').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gateway_outbox_event_uq').on(t.eventId),
    index('gateway_outbox_due_idx').on(t.nextAttemptAt).where(sql`delivered_at is null`),
  ],
);

/** India: UTRs borrowers submitted for a bill; a UTR counts once. */
export const utrSubmissions = pgTable(
  'utr_submissions',
  {
    id: serial('id').primaryKey(),
    utr: text('utr').notNull(),
    payCodeId: integer('pay_code_id')
      .notNull()
      .references(() => payCodes.id, { onDelete: 'restrict' }),
    borrowerId: integer('borrower_id').notNull(),
    /** `received` (sent to the gateway), `rejected` (no such payment). */
    state: text('state').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('utr_submissions_utr_uq').on(t.utr)],
);

/**
 * Manual credits (decision 047): money a borrower paid outside the gateway (a bank transfer seen on the
 * statement), proposed by one administrator and booked only once another approves it, through the
 * crediting path of a reviewed payment (`payment_id`: the payment the approval made). Never deleted.
 */
export const ledgerAdjustments = pgTable(
  'ledger_adjustments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    /** Where the money came from: the bank's reference of the transfer. */
    reference: text('reference').notNull(),
    note: text('note').notNull().default(''),
    /** `proposed`, `approved`, `rejected`. */
    state: text('state').notNull().default('proposed'),
    proposedBy: integer('proposed_by')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'restrict' }),
    proposedAt: timestamp('proposed_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: integer('decided_by').references(() => staffUsers.id, { onDelete: 'restrict' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
  },
  (t) => [
    index('ledger_adjustments_proposed_idx').on(t.proposedAt).where(sql`state = 'proposed'`),
    check('ledger_adjustments_positive', sql`amount_minor > 0`),
    // The checker is never the maker, whatever the code above the database does.
    check('ledger_adjustments_four_eyes', sql`decided_by is null or decided_by <> proposed_by`),
  ],
);

/** Every staff action and sign-in attempt, kept at least a year (India DPDP Rules). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id'),
    action: text('action').notNull(),
    target: text('target').notNull().default(''),
    detail: text('detail').notNull().default(''),
    ip: text('ip').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt)],
);

/**
 * Borrowers' saved debit cards (the older bank-card repayment flow). Only the last four digits are kept
 * in clear (`masked_no`, the rest as `*`); charging goes through the provider's token, never a number.
 * `needs_sms`: the provider asks for a one-time code sent to the borrower's phone before each charge.
 */
export const bankCards = pgTable(
  'bank_cards',
  {
    id: serial('id').primaryKey(),
    borrowerId: integer('borrower_id')
      .notNull()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    market: text('market').notNull(),
    bankName: text('bank_name').notNull(),
    bankCode: text('bank_code').notNull(),
    maskedNo: text('masked_no').notNull(),
    providerToken: text('provider_token').notNull(),
    needsSms: boolean('needs_sms').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bank_cards_borrower_idx').on(t.borrowerId),
    uniqueIndex('bank_cards_provider_token_uq').on(t.providerToken),
    check('bank_cards_masked_no', sql`masked_no ~ '^[*]{8,15}[0-9]{4}$'`),
  ],
);

/**
 * A card repayment (decision 032): one card, one amount, one order, from "pay" to the charge. `pending`
 * waits for its SMS code; `charging` is claimed by exactly one confirmation (the charge is asked for
 * once); `charged` names the bill the gateway was paid through; `locked` after too many wrong codes;
 * `cancelled` when the borrower chose another card or amount; `expired`; `failed` when the charge was
 * refused (the amount no longer offered). At most one pending or charging record per order.
 */
export const cardRepayments = pgTable(
  'card_repayments',
  {
    id: serial('id').primaryKey(),
    borrowerId: integer('borrower_id').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    cardId: integer('card_id')
      .notNull()
      .references(() => bankCards.id, { onDelete: 'restrict' }),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    needValid: boolean('need_valid').notNull(),
    state: text('state').notNull().default('pending'),
    payCodeId: integer('pay_code_id').references(() => payCodes.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    chargedAt: timestamp('charged_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('card_repayments_open_uq').on(t.orderId).where(sql`state in ('pending', 'charging')`),
    index('card_repayments_borrower_idx').on(t.borrowerId),
    check('card_repayments_amount_positive', sql`amount_minor > 0`),
  ],
);

/**
 * One-time codes sent by SMS, for any purpose (card repayments now, registration next). Only an HMAC of
 * the code is kept, keyed by the server and bound to its purpose and subject (for a card repayment, the
 * record: card, amount and order), and only an HMAC of the phone number (`phone_key`), enough to count
 * the sends to one phone. `attempts` carries over to a resent code of the same subject, so resending
 * does not buy more guesses.
 */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: serial('id').primaryKey(),
    purpose: text('purpose').notNull(),
    subject: text('subject').notNull(),
    phoneKey: text('phone_key').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('sms_codes_subject_idx').on(t.purpose, t.subject, t.id),
    index('sms_codes_phone_idx').on(t.phoneKey, t.createdAt),
  ],
);

/**
 * Promotion channels' landing templates (issue 10): the look and links of `/promotion?id=…`, per market.
 * Operators edit them; a disabled one answers "not found".
 */
export const channelTemplates = pgTable('channel_templates', {
  id: serial('id').primaryKey(),
  market: text('market').notNull(),
  name: text('name').notNull(),
  headline: text('headline').notNull(),
  subline: text('subline').notNull().default(''),
  bannerUrl: text('banner_url').notNull().default(''),
  themePrimary: text('theme_primary').notNull().default('#087a50'),
  themeBackground: text('theme_background').notNull().default('#e8f8f1'),
  androidUrl: text('android_url').notNull().default(''),
  iosUrl: text('ios_url').notNull().default(''),
  appName: text('app_name').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Picture captchas (issue 10). `sid` is the session's random id; only an HMAC of the answer is kept. A
 * captcha is `new` until an SMS is sent with it (`sent`, bound to that phone's HMAC) and `used` once a
 * registration consumed it or a wrong answer burned it: never accepted twice.
 */
export const captchas = pgTable(
  'captchas',
  {
    sid: text('sid').primaryKey(),
    market: text('market').notNull(),
    templateId: integer('template_id').notNull(),
    answerHash: text('answer_hash').notNull(),
    state: text('state').notNull().default('new'),
    phoneKey: text('phone_key'),
    /** Whoever asked for it (for the per-address limits), as the proxy-aware request address. */
    ip: text('ip').notNull(),
    draws: integer('draws').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('captchas_ip_idx').on(t.ip, t.createdAt), index('captchas_expiry_idx').on(t.expiresAt)],
);

/** The landing funnel, one row per event: visits, clicks, codes sent and registrations per channel. */
export const promoEvents = pgTable(
  'promo_events',
  {
    id: serial('id').primaryKey(),
    templateId: integer('template_id').notNull(),
    kind: text('kind').notNull(),
    userFrom: text('user_from').notNull().default(''),
    appFrom: text('app_from').notNull().default(''),
    utmTag: text('utm_tag').notNull().default(''),
    clientType: text('client_type').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('promo_events_template_idx').on(t.templateId, t.createdAt)],
);

/** Where a registered borrower came from (channel attribution), one row per borrower. */
export const borrowerSignups = pgTable('borrower_signups', {
  borrowerId: integer('borrower_id')
    .primaryKey()
    .references(() => borrowers.id, { onDelete: 'cascade' }),
  templateId: integer('template_id'),
  userFrom: text('user_from').notNull().default(''),
  appFrom: text('app_from').notNull().default(''),
  utmTag: text('utm_tag').notNull().default(''),
  inviteCode: text('invite_code').notNull().default(''),
  deviceId: text('device_id').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Borrowers' privacy-rights requests (decision 035): access, correction, erasure, objection, restriction
 * and withdrawal of consent. `deadline_at` is fixed when the request is made, by the market's law for
 * that kind; `answer` is the handler's answer, or the reason when refused. At most one open request
 * (`received` or `in_progress`) per borrower and kind, held by the partial unique index.
 */
export const dataRightsRequests = pgTable(
  'data_rights_requests',
  {
    id: serial('id').primaryKey(),
    borrowerId: integer('borrower_id')
      .notNull()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    market: text('market').notNull(),
    kind: text('kind').notNull(),
    details: text('details').notNull().default(''),
    status: text('status').notNull().default('received'),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }).notNull(),
    answer: text('answer').notNull().default(''),
    handledBy: integer('handled_by'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('data_rights_open_uq')
      .on(t.borrowerId, t.kind)
      .where(sql`status in ('received', 'in_progress')`),
    index('data_rights_borrower_idx').on(t.borrowerId, t.createdAt),
    index('data_rights_queue_idx').on(t.market, t.status, t.deadlineAt),
  ],
);

/**
 * Cancelled accounts (the spec's user delete): the borrower row stays, anonymised, because the orders,
 * payments and events the law makes a lender keep point at it. `retain_until` is when those records may
 * go; `retained` lists what was kept and why, so an operator or auditor reads it without the decision.
 */
export const accountClosures = pgTable('account_closures', {
  borrowerId: integer('borrower_id')
    .primaryKey()
    .references(() => borrowers.id, { onDelete: 'cascade' }),
  market: text('market').notNull(),
  closedAt: timestamp('closed_at', { withTimezone: true }).notNull(),
  retainUntil: timestamp('retain_until', { withTimezone: true }).notNull(),
  retained: jsonb('retained').$type<{ record: string; count: number }[]>().notNull(),
  basis: text('basis').notNull(),
});

export const schema = {
  borrowers,
  orderEvents,
  sessions,
  siteConfigs,
  contactMessages,
  products,
  orders,
  productEvents,
  orderRatings,
  orderCharges,
  payCodes,
  payments,
  paymentAllocations,
  gatewayEvents,
  gatewayOutbox,
  utrSubmissions,
  problemTypes,
  uploads,
  complaints,
  complaintImages,
  qaItems,
  qaRecords,
  staffUsers,
  staffSessions,
  auditLog,
  bankCards,
  cardRepayments,
  smsCodes,
  channelTemplates,
  captchas,
  promoEvents,
  borrowerSignups,
  dataRightsRequests,
  accountClosures,
};

/**
 * Runs of the ledger check (issue 27): when it ran, how many orders it read and every breach of a ledger
 * invariant it found (order, rule, detail), for the back office. Kept; a run changes no ledger row.
 */
export const ledgerChecks = pgTable(
  'ledger_checks',
  {
    id: serial('id').primaryKey(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ordersChecked: integer('orders_checked').notNull().default(0),
    breaches: jsonb('breaches')
      .$type<Array<{ orderNo: string; market: string; rule: string; detail: string }>>()
      .notNull()
      .default([]),
  },
  (t) => [index('ledger_checks_started_idx').on(t.startedAt)],
);

/**
 * One run of a scheduled job (issue 31, decision 073), whoever ran it: the job library on PostgreSQL or
 * the process's own timer on PGlite. `counts` are what the job reports (numbers only); `failure` the
 * error's kind and message, never a value of a row (no personal data). Each job keeps its latest runs
 * only (jobs/history.ts).
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: serial('id').primaryKey(),
    job: text('job').notNull(),
    /** `schedule` (its timer or cron), `start` (the catch-up run at start), `admin` (run now), `retry`. */
    trigger: text('trigger').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** `running`, `succeeded` or `failed`. */
    outcome: text('outcome').notNull().default('running'),
    counts: jsonb('counts').$type<Record<string, number>>().notNull().default({}),
    failure: text('failure'),
  },
  (t) => [index('job_runs_job_idx').on(t.job, t.id)],
);

/*
 * Who the borrower is (issue 30, decisions 062 and 064). Personal numbers (PAN, NIK, account numbers,
 * emergency contacts' phones) are never stored in clear: `sealed` columns hold AES-256-GCM text under the
 * DATA_KEY (crypto/sealed.ts); `*_last4` keep what screens show; `*_lookup` a keyed hash for duplicates.
 */

/**
 * One verification step of a borrower: `base` (name, birth date, gender, e-mail, PAN or NIK), `identity`
 * (the KYC check: Aadhaar OTP / DigiLocker, or the NIK match, with the selfie's liveness), `personal`
 * (address, city, education, marital status), `job` (employment, employer, income), `extra` (loan purpose,
 * emergency contacts) and `bank` (the verified payout account, in bank_accounts). The latest state of each
 * step is here, one row per borrower and step; every change is also a row of verification_events.
 * `data` holds the step's fields that are not personal numbers; `sealed` the ones that are (a JSON object,
 * sealed as one value); `masked` what may be shown of them (`{"pan":"******234F"}`).
 */
export const verificationSteps = pgTable(
  'verification_steps',
  {
    id: serial('id').primaryKey(),
    borrowerId: integer('borrower_id')
      .notNull()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    market: text('market').notNull(),
    step: text('step').notNull(),
    status: text('status').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    sealed: text('sealed'),
    /** A list for a step with several numbers (the emergency contacts' phones). */
    masked: jsonb('masked').$type<Record<string, string | string[]>>().notNull().default({}),
    /** Why the step was refused or sent to review (a reason code; the text is the borrower's language's). */
    reason: text('reason'),
    /** Bumped on each change: a review decision names the version it saw. */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('verification_steps_borrower_step_uq').on(t.borrowerId, t.step),
    check('verification_steps_step', sql`step in ('base', 'identity', 'personal', 'job', 'extra', 'bank')`),
    check('verification_steps_status', sql`status in ('done', 'review', 'refused')`),
    // The review queue: steps waiting for an operator, oldest first.
    index('verification_steps_review_idx').on(t.market, t.updatedAt).where(sql`status = 'review'`),
  ],
);

/**
 * The history of every verification step: who changed it (`borrower`, `sandbox`, `provider`, `staff:<id>`),
 * to what, why, and the check's result (match, liveness, the bank's holder name: never a personal number).
 */
export const verificationEvents = pgTable(
  'verification_events',
  {
    id: serial('id').primaryKey(),
    borrowerId: integer('borrower_id')
      .notNull()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    step: text('step').notNull(),
    status: text('status').notNull(),
    reason: text('reason'),
    actor: text('actor').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_events_borrower_idx').on(t.borrowerId, t.id)],
);

/**
 * A borrower's payout account (issue 30): India IFSC + account, Indonesia bank code + account, checked
 * through the bank-verification adapter, whose holder name must agree with the verified identity
 * (decision 062). The number is sealed; `account_last4` is all any screen, reply or log shows;
 * `account_lookup` finds the same account bound by another borrower. One current account per borrower
 * (`verified` or `review`); a change marks the old one `replaced` and needs an SMS code and a new check.
 */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: serial('id').primaryKey(),
    borrowerId: integer('borrower_id')
      .notNull()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    market: text('market').notNull(),
    /** India: the IFSC; Indonesia: the bank's code (pay-options.ts names it). */
    bankCode: text('bank_code').notNull(),
    accountSealed: text('account_sealed').notNull(),
    accountLast4: text('account_last4').notNull(),
    accountLookup: text('account_lookup').notNull(),
    /** The name the bank gave for the account (penny drop / account inquiry). */
    holderName: text('holder_name').notNull(),
    status: text('status').notNull(),
    reason: text('reason'),
    /** The verification's reference at the provider (sandbox or real). */
    providerRef: text('provider_ref'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bank_accounts_borrower_idx').on(t.borrowerId, t.id),
    uniqueIndex('bank_accounts_current_uq').on(t.borrowerId).where(sql`status in ('verified', 'review')`),
    index('bank_accounts_lookup_idx').on(t.accountLookup),
    check('bank_accounts_status', sql`status in ('verified', 'review', 'refused', 'replaced')`),
    check('bank_accounts_last4', sql`account_last4 ~ '^[0-9]{4}$'`),
    // The raw column never holds a number: only the sealed form (v1.<nonce>.<body>.<tag>).
    check('bank_accounts_sealed', sql`account_sealed ~ '^v1\\.'`),
  ],
);

/**
 * Consents a borrower gave (issue 30): to location or device data being read once, with the text they
 * saw (its version), when, and what was then collected under it. A purpose collects nothing without one.
 */
export const consents = pgTable(
  'consents',
  {
    id: serial('id').primaryKey(),
    borrowerId: integer('borrower_id')
      .notNull()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    textVersion: text('text_version').notNull(),
    granted: boolean('granted').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('consents_borrower_idx').on(t.borrowerId, t.purpose, t.id),
    check('consents_purpose', sql`purpose in ('location', 'device')`),
  ],
);
