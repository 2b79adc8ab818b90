import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Allocation, Component } from '../../../shared/domain/ledger.ts';
import type { LoanFacts } from '../../../shared/domain/loan-account.ts';
import { isLive, STATUS_GROUPS, statusSql } from '../../../shared/domain/order-status.ts';
import type { ProductCopy, StoredTerms } from '../../../shared/domain/product.ts';
import type { Market } from '../../../shared/markets.ts';
import type { Database } from '../../db/client.ts';
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
}

/** The borrower's open orders per product: `{p: productId, s: status}`. */
type Open = Array<{ p: number; s: number }>;

/**
 * What the product list needs besides the products (cached): the borrower's open orders, today's
 * orders of the products that have a daily quota, and whether the borrower ever borrowed. One statement.
 */
const borrowerState = statement<{ open: Open; today: Record<string, number>; has_orders: boolean }>(
  'loans_borrower_state',
  `select coalesce((select json_agg(json_build_object('p', product_id, 's', status))
                      from orders where borrower_id = $1 and status in ${OPEN}), '[]'::json) as open,
          coalesce((select json_object_agg(product_id, n)
                      from (select product_id, count(*)::int as n from orders
                             where product_id = any($2::int[]) and created_at >= $3::timestamptz
                             group by product_id) q), '{}'::json) as today,
          exists (select 1 from orders where borrower_id = $1) as has_orders`,
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

/**
 * A borrower's order for its details screen, with its product, whether it was rated, its schedule, terms,
 * booked charges and allocations (the loan account's facts: a handful of rows each) and the borrower's
 * open orders (for the recommended cards' buttons): one statement, one row, only when the order is the
 * borrower's.
 */
const orderDetails = statement<{ o: OrderRow; open: Open }>(
  'loans_order_details',
  `select json_build_object(
            'id', o.id, 'orderNo', o.order_no, 'status', o.status, 'market', o.market,
            'productId', o.product_id, 'productName', p.name, 'productLogo', p.logo_url,
            'amountMinor', o.amount_minor, 'termDays', o.term_days,
            'disbursed', (o.quote->>'disbursed')::bigint,
            'totalRepayable', (o.quote->>'totalRepayable')::bigint,
            'schedule', o.quote->'schedule', 'terms', o.terms, 'extensionDays', o.extension_days,
            'createdAt', ${iso('o.created_at')}, 'disbursedAt', ${iso('o.disbursed_at')},
            'dueAt', ${iso('o.due_at')},
            'rated', exists (select 1 from order_ratings r where r.order_id = o.id),
            'charges', (select json_build_array(
                                 coalesce(sum(c.amount_minor) filter (where c.kind = 'late_fee'), 0),
                                 coalesce(sum(c.amount_minor) filter (where c.kind = 'late_charge'), 0))
                          from order_charges c where c.order_id = o.id),
            'allocations', coalesce((select json_agg(json_build_array(a.period, a.component, a.amount_minor))
                                       from payment_allocations a where a.order_id = o.id), '[]'::json)
          ) as o,
          coalesce((select json_agg(json_build_object('p', x.product_id, 's', x.status))
                      from orders x where x.borrower_id = $2 and x.status in ${OPEN}), '[]'::json) as open
     from orders o join products p on p.id = o.product_id
    where o.order_no = $1 and o.borrower_id = $2`,
);

const byRequestKey = statement<{
  order_no: string;
  product_id: number;
  amount_minor: string;
  term_days: number;
}>(
  'loans_order_by_request_key',
  `select order_no, product_id, amount_minor::text, term_days from orders where borrower_id = $1 and request_key = $2`,
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
      }));
    },

    async borrowerState(borrowerId: number, quotaProductIds: number[], dayStart: Date) {
      const [row] = await run(borrowerState, [borrowerId, quotaProductIds, dayStart.toISOString()]);
      return { open: row!.open, today: row!.today, hasOrders: row!.has_orders };
    },

    async orderDetails(borrowerId: number, orderNo: string) {
      const [row] = await run(orderDetails, [orderNo, borrowerId]);
      return row ? { o: orderView(row.o), open: row.open } : null;
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
