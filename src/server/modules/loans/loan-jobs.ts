import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { lateCharges } from '../../../shared/domain/pricing.ts';
import { MARKET_CAPS, termsOf } from '../../../shared/domain/product.ts';
import { addDays, daysBetween, marketDay } from '../../../shared/domain/time.ts';
import type { Market } from '../../../shared/markets.ts';
import type { MovableClock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { orderCharges, orders } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { ok } from '../../reply.ts';
import type { OrderEngine } from '../orders/order-engine.ts';

const DAY = 86_400_000;
/** The key of the advisory lock that lets one instance at a time run the loan jobs (PostgreSQL). */
const JOBS_LOCK = 8_008_001;

export interface JobsResult {
  fellDue: number;
  wentOverdue: number;
  /** Charge rows booked (late fees and days of late charges). */
  charged: number;
}

/**
 * The time-driven moves of a loan (issue 8, decision 030): due at the market's local midnight of its due
 * date, overdue the day after, and each day late a late charge booked (plus the one-off late fee on the
 * first day), as the pricing module computes them within the market's caps. Every part is idempotent:
 * a move the order has already made is refused by the engine and skipped; a charge already booked for
 * a day is not booked again (unique per order, kind and day). So running twice changes nothing, and an
 * instance that missed days (an outage) catches up. On PostgreSQL one instance runs at a time (a
 * transaction-scoped advisory lock held for the run); on PGlite there is one process.
 */
export function loanJobs(deps: { database: Database; engine: OrderEngine; clock: { now(): Date } }) {
  const { database, engine, clock } = deps;
  const { db } = database;

  async function move(ids: number[], operation: 'fallDue' | 'goOverdue', now: Date) {
    let moved = 0;
    for (const id of ids) {
      try {
        await engine.apply(id, operation, `system:${operation === 'fallDue' ? 'due-job' : 'overdue-job'}`, {
          now,
        });
        moved++;
      } catch (e) {
        // Moved meanwhile (by another instance, a payment): nothing to do for this order.
        if (e instanceof AppError && e.status === 409) continue;
        throw e;
      }
    }
    return moved;
  }

  async function accrue(now: Date): Promise<number> {
    const late = await db
      .select({
        id: orders.id,
        market: orders.market,
        borrowerId: orders.borrowerId,
        dueAt: orders.dueAt,
        terms: orders.terms,
        quote: orders.quote,
        booked: sql<
          string | null
        >`(select max(c.charge_day) from order_charges c where c.order_id = "orders"."id")`,
        // A borrower who has repaid a loan before pays the returning borrower's late fee.
        repeat: sql<boolean>`exists (select 1 from orders s
                                      where s.borrower_id = "orders"."borrower_id" and s.status = 200)`,
        // What payments have paid of each period (the ledger's allocations, decision 031).
        paid: sql<Record<string, string | number> | null>`(select json_object_agg(x.period, x.paid) from (
                 select a.period, sum(a.amount_minor) as paid from payment_allocations a
                  where a.order_id = "orders"."id" and a.period is not null group by a.period) x)`,
      })
      .from(orders)
      .where(eq(orders.status, 180));
    let booked = 0;
    for (const o of late) {
      if (!o.terms || !o.quote || !o.dueAt) continue;
      const market = o.market as Market;
      const dueDay = marketDay(o.dueAt, market);
      const daysLate = daysBetween(dueDay, marketDay(now, market));
      const terms = termsOf(market, o.terms);
      // What is overdue: what is left of the first period not yet paid (payments are allocated to it
      // first). Periods that fall due later while it stays unpaid add nothing: in the borrower's favour,
      // and noted in decision 031 as the rule to revisit with the product owner.
      const first = o.quote.schedule.find((p) => p.total - Number(o.paid?.[String(p.period)] ?? 0) > 0);
      const overdue = first ? first.total - Number(o.paid?.[String(first.period)] ?? 0) : 0;
      if (overdue <= 0) continue;
      const borrower = o.repeat ? 'repeat' : 'new';
      const caps = MARKET_CAPS[market];
      const from = o.booked ? daysBetween(dueDay, o.booked) + 1 : 1;
      const rows: Array<typeof orderCharges.$inferInsert> = [];
      for (let day = Math.max(1, from); day <= daysLate; day++) {
        const today = lateCharges(terms, o.quote, overdue, day, borrower, caps);
        const before = lateCharges(terms, o.quote, overdue, day - 1, borrower, caps);
        const chargeDay = addDays(dueDay, day);
        if (today.lateFee > before.lateFee)
          rows.push({
            orderId: o.id,
            kind: 'late_fee',
            chargeDay,
            amountMinor: today.lateFee - before.lateFee,
          });
        // Once a cap is reached a day adds nothing; its zero row still marks the day as done.
        rows.push({
          orderId: o.id,
          kind: 'late_charge',
          chargeDay,
          amountMinor: today.lateCharge - before.lateCharge,
        });
      }
      if (rows.length === 0) continue;
      const inserted = await db
        .insert(orderCharges)
        .values(rows)
        .onConflictDoNothing()
        .returning({ id: orderCharges.id });
      booked += inserted.length;
    }
    return booked;
  }

  async function runOnce(): Promise<JobsResult> {
    const now = clock.now();
    const dueIds = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.status, 170), lte(orders.dueAt, now)));
    // The day after the due date began (neither market has daylight saving: a day is 24 hours).
    const lateIds = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(inArray(orders.status, [170, 174]), lte(orders.dueAt, new Date(now.getTime() - DAY))));
    const wentOverdue = await move(
      lateIds.map((r) => r.id),
      'goOverdue',
      now,
    );
    const late = new Set(lateIds.map((r) => r.id));
    const fellDue = await move(
      dueIds.map((r) => r.id).filter((id) => !late.has(id)),
      'fallDue',
      now,
    );
    const charged = await accrue(now);
    return { fellDue, wentOverdue, charged };
  }

  let running: Promise<JobsResult> | null = null;
  return {
    /** One run of every job. Concurrent calls in this process share one run. */
    run(): Promise<JobsResult> {
      if (running) return running;
      const go = async () => {
        if (database.kind !== 'postgres') return runOnce();
        // Held by this transaction for the run; the jobs' own transactions run beside it.
        return db.transaction(async (tx) => {
          const result = await tx.execute(sql`select pg_try_advisory_xact_lock(${JOBS_LOCK}) as got`);
          const [lock] = (result as unknown as { rows: Array<{ got: boolean }> }).rows;
          if (!lock?.got) return { fellDue: 0, wentOverdue: 0, charged: 0 };
          return runOnce();
        });
      };
      running = go().finally(() => {
        running = null;
      });
      return running;
    },
  };
}
export type LoanJobs = ReturnType<typeof loanJobs>;

/** Demo mode: move the loan clock forward by whole days and run the jobs at once (the simulator's button). */
export const demoClockRoutes: FastifyPluginAsyncZod<{ clock: MovableClock; jobs: LoanJobs }> = async (
  app,
  { clock, jobs },
) => {
  const reply = z.object({
    code: z.number(),
    data: z.object({
      now: z.string(),
      offsetDays: z.number(),
      fellDue: z.number(),
      wentOverdue: z.number(),
      charged: z.number(),
    }),
    message: z.string(),
  });
  app.post(
    '/dev-api/clock',
    {
      config: { access: 'public' },
      schema: {
        tags: ['demo'],
        body: z.strictObject({ days: z.number().int().min(0).max(400) }),
        response: { 200: reply },
      },
    },
    async (req) => {
      clock.advance(req.body.days * DAY);
      const result = await jobs.run();
      return ok({ now: clock.now().toISOString(), offsetDays: clock.offsetMs() / DAY, ...result });
    },
  );
};
