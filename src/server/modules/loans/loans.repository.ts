import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Allocation, Component } from '../../../shared/domain/ledger.ts';
import type { LoanFacts } from '../../../shared/domain/loan-account.ts';
import { isLive, ORDER_STATUS, STATUS_GROUPS, statusSql } from '../../../shared/domain/order-status.ts';
import type { Quote } from '../../../shared/domain/pricing.ts';
import type { ProductCopy, StoredTerms } from '../../../shared/domain/product.ts';
import type { Market } from '../../../shared/markets.ts';
import type { Database, Db } from '../../db/client.ts';
import {
  componentColumn,
  installmentColumn,
  marketColumn,
  quotedFeeColumn,
  termsColumn,
} from '../../db/rows.ts';
import { orderRatings, orders, productEvents, products } from '../../db/schema.ts';
import { isoSql as iso, statement } from '../../db/statement.ts';

/** The status groups live in order-status.ts (decision 048); these names stay for their importers. */
export const PENDING_STATUSES = STATUS_GROUPS.pending;
export const LIVE_STATUSES = STATUS_GROUPS.live;
export { isLive };

const OPEN = statusSql('pending', 'live');

export interface OfferedProduct {
  id: number;
  market: Market;
  code: string;
  name: string;
  logoUrl: string;
  terms: StoredTerms;
  copy: ProductCopy;
  sort: number;
  dailyQuota: number | null;
  /** The version of `terms` (product_versions): a quote names it, a push books only the current one. */
  termsVersion: number;
}

/** The borrower's open orders per product: `{p: productId, s: status}`. */
const openColumn = z.array(z.strictObject({ p: z.number(), s: z.number() }));
type Open = z.output<typeof openColumn>;

/**
 * What the product list needs besides the products (cached): the borrower's open orders, today's
 * orders of the products that have a daily quota, and whether the borrower ever borrowed. One statement.
 */
const borrowerState = statement.read(
  'loans_borrower_state',
  `select coalesce((select json_agg(json_build_object('p', product_id, 's', status))
                      from orders where borrower_id = $1 and status in ${OPEN}), '[]'::json) as open,
          coalesce((select json_object_agg(product_id, n)
                      from (select product_id, count(*)::int as n from orders
                             where product_id = any($2::int[]) and created_at >= $3::timestamptz
                             group by product_id) q), '{}'::json) as today,
          exists (select 1 from orders where borrower_id = $1) as has_orders`,
  { open: openColumn, today: z.record(z.string(), z.number()), has_orders: z.boolean() },
);

/** A borrower's order for its details screen: the loan account's facts and what the screen shows besides. */
export interface OrderView extends LoanFacts {
  id: number;
  orderNo: string;
  productId: number;
  productName: string;
  productLogo: string;
  /** From the quote the borrower confirmed (null for orders older than issue 8). */
  disbursed: number | null;
  totalRepayable: number | null;
  createdAt: string;
  dueAt: string | null;
  rated: boolean;
}

/** What the statement sends: allocations and charges as short arrays, made into the facts here. */
type OrderRow = Omit<OrderView, 'allocations' | 'lateFee' | 'lateCharge'> & {
  /** [period or null, component, amount] of every allocation to the order. */
  allocations: Array<[number | null, Component, number]>;
  /** [late fee, late charges] booked. */
  charges: [number, number];
};
const orderRow = z.strictObject({
  id: z.number(),
  orderNo: z.string(),
  status: z.number(),
  market: marketColumn,
  productId: z.number(),
  productName: z.string(),
  productLogo: z.string(),
  amountMinor: z.number(),
  termDays: z.number(),
  disbursed: z.number().nullable(),
  totalRepayable: z.number().nullable(),
  schedule: z.array(installmentColumn).nullable(),
  quoteFees: z.array(quotedFeeColumn).nullable(),
  terms: termsColumn.nullable(),
  extensionDays: z.number(),
  createdAt: z.string(),
  disbursedAt: z.string().nullable(),
  dueAt: z.string().nullable(),
  rated: z.boolean(),
  charges: z.tuple([z.number(), z.number()]),
  allocations: z.array(z.tuple([z.number().nullable(), componentColumn, z.number()])),
}) satisfies z.ZodType<OrderRow>;

/** The loan account's booked charges and allocations of the order `o` (a handful of rows each). */
const CHARGES_SQL = `(select json_build_array(
                         coalesce(sum(c.amount_minor) filter (where c.kind = 'late_fee'), 0),
                         coalesce(sum(c.amount_minor) filter (where c.kind = 'late_charge'), 0))
                  from order_charges c where c.order_id = o.id)`;
const ALLOCATIONS_SQL = `coalesce((select json_agg(json_build_array(a.period, a.component, a.amount_minor))
                               from payment_allocations a where a.order_id = o.id), '[]'::json)`;

/**
 * The `orderRow` of the order `o` joined to its product `p`, as `json_build_object` pairs: one fragment
 * for the details and the list, so they cannot drift apart. `withFacts` is the condition under which the
 * loan account's facts (schedule, fees, terms, charges, allocations) are read; elsewhere they are empty.
 * `rated` is the SQL of the `rated` field.
 */
function orderFields(withFacts: string, rated: string): string {
  const facts = (sql: string, none: string) =>
    withFacts === 'true' ? sql : `case when ${withFacts} then ${sql} else ${none} end`;
  return `'id', o.id, 'orderNo', o.order_no, 'status', o.status, 'market', o.market,
            'productId', o.product_id, 'productName', p.name, 'productLogo', p.logo_url,
            'amountMinor', o.amount_minor, 'termDays', o.term_days,
            'disbursed', (o.quote->>'disbursed')::bigint,
            'totalRepayable', (o.quote->>'totalRepayable')::bigint,
            'schedule', ${facts(`o.quote->'schedule'`, 'null')}, 'quoteFees', ${facts(`o.quote->'fees'`, 'null')},
            'terms', ${facts('o.terms', 'null')},
            'extensionDays', o.extension_days,
            'createdAt', ${iso('o.created_at')}, 'disbursedAt', ${iso('o.disbursed_at')},
            'dueAt', ${iso('o.due_at')},
            'rated', ${rated},
            'charges', ${facts(CHARGES_SQL, 'json_build_array(0, 0)')},
            'allocations', ${facts(ALLOCATIONS_SQL, `'[]'::json`)}`;
}

/**
 * A borrower's order for its details screen, with its product, whether it was rated, its schedule, terms,
 * booked charges and allocations (the loan account's facts: a handful of rows each), the reason of a
 * declined application (`[reason code, operator's note]` of its latest rejection: issue 29) and the
 * borrower's open orders (for the recommended cards' buttons): one statement, one row, only when the order
 * is the borrower's.
 */
const orderDetails = statement.read(
  'loans_order_details',
  `select json_build_object(${orderFields('true', 'exists (select 1 from order_ratings r where r.order_id = o.id)')}) as o,
          coalesce((select json_agg(json_build_object('p', x.product_id, 's', x.status))
                      from orders x where x.borrower_id = $2 and x.status in ${OPEN}), '[]'::json) as open,
          case when o.status = ${ORDER_STATUS.REJECTED} then
            (select json_build_array(e.reason_code, e.reason) from order_events e
              where e.order_id = o.id and e.operation = 'reject' order by e.id desc limit 1) end as rejection
     from orders o join products p on p.id = o.product_id
    where o.order_no = $1 and o.borrower_id = $2`,
  { o: orderRow, open: openColumn, rejection: z.tuple([z.string().nullable(), z.string()]).nullable() },
);

/**
 * A page of the borrower's orders for My loans: open ones (pending or live) first, and among them the
 * overdue, then the due (what needs the borrower now); newest first within each: one statement. Only a
 * live order's loan account is built (what is due next, days late), so only live orders carry its facts.
 * `$2` is one more than a page, so the extra row says whether another page follows.
 */
const orderList = statement.read(
  'loans_order_list',
  `select json_build_object(${orderFields(`o.status in ${statusSql('live')}`, 'false')}) as o
     from orders o join products p on p.id = o.product_id
    where o.borrower_id = $1
    order by (o.status in ${OPEN}) desc, o.status = ${ORDER_STATUS.OVERDUE} desc,
             o.status = ${ORDER_STATUS.DUE} desc, o.created_at desc, o.id desc
    limit $2 offset $3`,
  { o: orderRow },
);

/**
 * Stores the quote the confirm screen shows and answers whether the borrower ever borrowed (the
 * agreement popup): the confirm call's one statement (its insert runs once, read or not).
 */
const storeQuote = statement.write(
  'loans_store_quote',
  `with q as (
     insert into loan_quotes (id, borrower_id, product_id, terms_version, amount_minor, term_days, quote, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7::text::jsonb, $8::timestamptz)
     returning 1)
   select exists (select 1 from orders where borrower_id = $2) as has_orders,
          (select count(*) from q)::int as stored`,
  { has_orders: z.boolean(), stored: z.number() },
);

/** A stored quote as the push books it: its product now, and the terms of the version it was priced on. */
export interface BookableQuote {
  productId: number;
  termsVersion: number;
  amountMinor: number;
  termDays: number;
  quote: Quote;
  expiresAt: string;
  market: Market;
  /** The product is on offer (enabled, with terms) and its current terms version. */
  offered: boolean;
  currentVersion: number;
  /** The terms of `termsVersion` (null only if the version row is missing). */
  terms: StoredTerms | null;
  /** An order was already made from this quote. */
  used: boolean;
}

const byRequestKey = statement.read(
  'loans_order_by_request_key',
  `select order_no, product_id, amount_minor::text, term_days from orders where borrower_id = $1 and request_key = $2`,
  { order_no: z.string(), product_id: z.number(), amount_minor: z.string(), term_days: z.number() },
);

/** The row as the loan account's facts (its sums are the account's, decision 048). */
function orderView({ allocations, charges, ...o }: OrderRow): OrderView {
  return {
    ...o,
    lateFee: charges[0],
    lateCharge: charges[1],
    allocations: allocations.map(
      ([period, component, amount]): Allocation => ({ period, component, amount }),
    ),
  };
}

export function loansRepository({ db, run }: Pick<Database, 'db' | 'run'>) {
  return {
    /** The market's products on offer (enabled, with terms), in display order: reference data. */
    async offered(market: Market): Promise<OfferedProduct[]> {
      const rows = await db
        .select()
        .from(products)
        .where(and(eq(products.market, market), eq(products.enabled, true), isNotNull(products.terms)))
        .orderBy(asc(products.sort), asc(products.id));
      return rows.map((r) => ({
        id: r.id,
        market: r.market as Market,
        code: r.code,
        name: r.name,
        logoUrl: r.logoUrl,
        terms: r.terms!,
        copy: r.copy,
        sort: r.sort,
        dailyQuota: r.dailyQuota,
        termsVersion: r.termsVersion,
      }));
    },

    async borrowerState(borrowerId: number, quotaProductIds: number[], dayStart: Date) {
      const [row] = await run(borrowerState, [borrowerId, quotaProductIds, dayStart.toISOString()]);
      return { open: row!.open, today: row!.today, hasOrders: row!.has_orders };
    },

    /** A page of the borrower's orders (open first) and whether another page follows. One statement. */
    async orderList(borrowerId: number, page: number, size: number) {
      const rows = await run(orderList, [borrowerId, size + 1, (page - 1) * size]);
      return { orders: rows.slice(0, size).map((r) => orderView(r.o)), hasMore: rows.length > size };
    },

    async orderDetails(borrowerId: number, orderNo: string) {
      const [row] = await run(orderDetails, [orderNo, borrowerId]);
      if (!row) return null;
      const rejection = row.rejection ? { code: row.rejection[0], note: row.rejection[1] } : null;
      return { o: orderView(row.o), open: row.open, rejection };
    },

    /** Stores a quote; true when the borrower ever had an order. One statement. */
    async storeQuote(q: {
      id: string;
      borrowerId: number;
      productId: number;
      termsVersion: number;
      quote: Quote;
      expiresAt: Date;
    }): Promise<boolean> {
      const [row] = await run(storeQuote, [
        q.id,
        q.borrowerId,
        q.productId,
        q.termsVersion,
        q.quote.principal,
        q.quote.termDays,
        JSON.stringify(q.quote),
        q.expiresAt.toISOString(),
      ]);
      return row!.has_orders;
    },

    /** A push's transaction: `fn` runs in it; an error rolls it back. */
    transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(tx as unknown as Db));
    },

    /**
     * Takes the borrower's row lock for the rest of `tx` (its own statement, so what is read after it sees
     * every push that held it before: decision 046). `no key update` leaves the foreign-key checks of
     * other inserts (a quote, a complaint) free to go on.
     */
    async lockBorrower(tx: Db, borrowerId: number): Promise<void> {
      await tx.execute(sql`select id from borrowers where id = ${borrowerId} for no key update`);
    },

    /**
     * After `lockBorrower`: the borrower's open orders and the quote named by the push, only if it is the
     * borrower's own (another's answers as a missing one). One statement.
     */
    async booking(
      tx: Db,
      borrowerId: number,
      quoteId: string,
    ): Promise<{ open: Open; quote: BookableQuote | null }> {
      const result = await tx.execute(sql`
        select coalesce((select json_agg(json_build_object('p', product_id, 's', status))
                           from orders where borrower_id = ${borrowerId} and status in ${sql.raw(OPEN)}),
                        '[]'::json) as open,
               (select json_build_object(
                         'productId', q.product_id, 'termsVersion', q.terms_version,
                         'amountMinor', q.amount_minor, 'termDays', q.term_days, 'quote', q.quote,
                         'expiresAt', ${sql.raw(iso('q.expires_at'))}, 'market', p.market,
                         'offered', p.enabled and p.terms is not null, 'currentVersion', p.terms_version,
                         'terms', v.terms,
                         'used', exists (select 1 from orders o where o.quote_id = q.id))
                  from loan_quotes q
                  join products p on p.id = q.product_id
                  left join product_versions v on v.product_id = q.product_id and v.version = q.terms_version
                 where q.id = ${quoteId} and q.borrower_id = ${borrowerId}) as quote`);
      const [row] = (result as unknown as { rows: Array<{ open: Open; quote: BookableQuote | null }> }).rows;
      return { open: row!.open, quote: row!.quote };
    },

    async orderByRequestKey(borrowerId: number, requestKey: string) {
      const [row] = await run(byRequestKey, [borrowerId, requestKey]);
      return row
        ? {
            orderNo: row.order_no,
            productId: row.product_id,
            amountMinor: Number(row.amount_minor),
            termDays: row.term_days,
          }
        : null;
    },

    /** How many orders the product took since `since` (its daily quota). */
    async ordersSince(productId: number, since: Date) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(orders)
        .where(and(eq(orders.productId, productId), sql`${orders.createdAt} >= ${since.toISOString()}`));
      return row?.n ?? 0;
    },

    async saveEvent(e: { borrowerId: number; productId: number; moduleId: number; positionId: number }) {
      await db.insert(productEvents).values(e);
    },

    /** Records the rating once; false when the order already has one. */
    async saveRating(orderId: number, borrowerId: number, score: number) {
      const rows = await db
        .insert(orderRatings)
        .values({ orderId, borrowerId, score })
        .onConflictDoNothing()
        .returning({ orderId: orderRatings.orderId });
      return rows.length === 1;
    },
  };
}
export type LoansRepository = ReturnType<typeof loansRepository>;
