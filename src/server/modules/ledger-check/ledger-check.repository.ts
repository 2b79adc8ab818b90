import { desc, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { LedgerBreach } from '../../../shared/contract/ledger-check.ts';
import type { Installment } from '../../../shared/domain/pricing.ts';
import type { Market } from '../../../shared/markets.ts';
import type { Database, Db } from '../../db/client.ts';
import { installmentColumn, marketColumn, TRY_LOCK_ROW } from '../../db/rows.ts';
import { ledgerChecks } from '../../db/schema.ts';
import { isoSql as iso, rowShape, rowsOf, statement } from '../../db/statement.ts';

const RUN_LOCK_ROW = rowShape('ledger_check_lock', TRY_LOCK_ROW);

/** One order as the check reads it: what its balance needs, its payments' totals and its events. */
export interface CheckedOrder {
  id: number;
  orderNo: string;
  market: Market;
  status: number;
  amountMinor: number;
  /** Null for orders older than the order engine (no plan: nothing to check against). */
  schedule: Installment[] | null;
  extensionDays: number;
  disbursedAt: string | null;
  dueAt: string | null;
  lateFee: number;
  lateCharge: number;
  allocations: Array<{ paymentId: number; period: number | null; component: string; amount: number }>;
  /** Every payment of the order, or that any of its allocations belongs to. */
  payments: Array<{ id: number; state: string; amount: number; byStaff: boolean }>;
  /** `extend` events in the order's history. */
  extensions: number;
  /** Settled by a cooling-off exit (the engine's `settle` whose reason says so, repayment.ledger.ts). */
  coolingOffExit: boolean;
}
const checkedOrder = z.strictObject({
  id: z.number(),
  orderNo: z.string(),
  market: marketColumn,
  status: z.number(),
  amountMinor: z.number(),
  schedule: z.array(installmentColumn).nullable(),
  extensionDays: z.number(),
  disbursedAt: z.string().nullable(),
  dueAt: z.string().nullable(),
  lateFee: z.number(),
  lateCharge: z.number(),
  allocations: z.array(
    z.strictObject({
      paymentId: z.number(),
      period: z.number().nullable(),
      component: z.string(),
      amount: z.number(),
    }),
  ),
  payments: z.array(
    z.strictObject({ id: z.number(), state: z.string(), amount: z.number(), byStaff: z.boolean() }),
  ),
  extensions: z.number(),
  coolingOffExit: z.boolean(),
}) satisfies z.ZodType<CheckedOrder>;

/**
 * One page of orders, by id, with everything the check needs in one row each: the set-based part is
 * here (sums and aggregates over the indexed children), the arithmetic in the service with the ledger's
 * own functions. Every sub-select goes through an index on `order_id` (or a payment's id), so a page
 * costs the same whatever the number of orders before it. (A payment's allocations are summed from
 * the order's, in the service: `payment_allocations` has no index on `payment_id`, and a payment is
 * credited to one order.)
 */
const checkPage = statement.read(
  'ledger_check_page',
  `select json_build_object(
      'id', o.id, 'orderNo', o.order_no, 'market', o.market, 'status', o.status,
      'amountMinor', o.amount_minor, 'schedule', o.quote->'schedule', 'extensionDays', o.extension_days,
      'disbursedAt', ${iso('o.disbursed_at')}, 'dueAt', ${iso('o.due_at')},
      'lateFee', coalesce((select sum(c.amount_minor) from order_charges c
                            where c.order_id = o.id and c.kind = 'late_fee'), 0),
      'lateCharge', coalesce((select sum(c.amount_minor) from order_charges c
                               where c.order_id = o.id and c.kind = 'late_charge'), 0),
      'allocations', coalesce((select json_agg(json_build_object(
                                 'paymentId', a.payment_id, 'period', a.period,
                                 'component', a.component, 'amount', a.amount_minor) order by a.id)
                                 from payment_allocations a where a.order_id = o.id), '[]'::json),
      'payments', coalesce((select json_agg(json_build_object(
                              'id', p.id, 'state', p.state, 'amount', p.amount_minor,
                              'byStaff', p.resolved_by is not null) order by p.id)
                              from payments p
                             where p.id in (select a.payment_id from payment_allocations a where a.order_id = o.id
                                            union
                                            select q.id from payments q where q.order_id = o.id)), '[]'::json),
      'extensions', (select count(*) from order_events e where e.order_id = o.id and e.operation = 'extend'),
      'coolingOffExit', exists (select 1 from order_events e
                                 where e.order_id = o.id and e.operation = 'settle'
                                   and e.reason like 'cooling-off exit%')
    ) as o
    from orders o
   where o.id > $1
   order by o.id
   limit $2`,
  { o: checkedOrder },
);

export interface StoredRun {
  id: number;
  startedAt: Date;
  finishedAt: Date | null;
  ordersChecked: number;
  breaches: LedgerBreach[];
}

export function ledgerCheckRepository({ db, run }: Pick<Database, 'db' | 'run'>) {
  return {
    /** The orders after `afterId`, `limit` of them, in id order. */
    async page(afterId: number, limit: number): Promise<CheckedOrder[]> {
      const rows = await run(checkPage, [afterId, limit]);
      return rows.map((r) => r.o);
    },

    /** A finished run, written in one statement: a run cut short leaves no row. */
    async record(tx: Db, r: Omit<StoredRun, 'id'>): Promise<StoredRun> {
      const [row] = await tx
        .insert(ledgerChecks)
        .values({
          startedAt: r.startedAt,
          finishedAt: r.finishedAt,
          ordersChecked: r.ordersChecked,
          breaches: r.breaches,
        })
        .returning();
      return row as unknown as StoredRun;
    },

    /**
     * Inside a transaction (PostgreSQL): the advisory lock that lets one instance at a time run the check,
     * held to the transaction's end; false when another instance holds it.
     */
    async tryRunLock(tx: Db, key: number): Promise<boolean> {
      const result = await tx.execute(sql`select pg_try_advisory_xact_lock(${key}) as got`);
      const [lock] = rowsOf(result, RUN_LOCK_ROW);
      return lock?.got ?? false;
    },

    /** When the latest run started, or null before the first. */
    async lastStarted(tx: Db = db): Promise<Date | null> {
      const [row] = await tx
        .select({ startedAt: ledgerChecks.startedAt })
        .from(ledgerChecks)
        .orderBy(desc(ledgerChecks.startedAt))
        .limit(1);
      return row?.startedAt ?? null;
    },

    /**
     * The latest runs, newest first, each with the number of its breaches in `markets`; and the breaches
     * of the newest one in `markets`. The counting and the filtering are the database's.
     */
    async latest(markets: readonly Market[], limit: number) {
      const list = sql.join(
        markets.map((m) => sql`${m}`),
        sql`, `,
      );
      const runs = await db.execute(sql`
        select c.id, ${sql.raw(iso('c.started_at'))} as "startedAt", ${sql.raw(iso('c.finished_at'))} as "finishedAt",
               c.orders_checked as "ordersChecked",
               (select count(*) from jsonb_array_elements(c.breaches) b
                 where b->>'market' in (${list}))::int as "breachCount"
          from ledger_checks c
         order by c.started_at desc, c.id desc
         limit ${limit}`);
      const items = (runs as unknown as { rows: Array<{ id: number } & Record<string, unknown>> }).rows;
      const newest = items[0];
      if (!newest) return { runs: items, breaches: [] };
      const found = await db.execute(sql`
        select b as breach
          from ledger_checks c, jsonb_array_elements(c.breaches) with ordinality as x(b, n)
         where c.id = ${newest.id} and b->>'market' in (${list})
         order by x.n`);
      const breaches = (found as unknown as { rows: Array<{ breach: LedgerBreach }> }).rows.map(
        (r) => r.breach,
      );
      return { runs: items, breaches };
    },
  };
}
export type LedgerCheckRepository = ReturnType<typeof ledgerCheckRepository>;
