import { and, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type LoanFacts, loanAccount } from '../../../shared/domain/loan-account.ts';
import { ORDER_STATUS } from '../../../shared/domain/order-status.ts';
import { addDays, daysBetween, type MarketDay, marketDay } from '../../../shared/domain/time.ts';
import type { MovableClock } from '../../clock.ts';
import type { Database, Db } from '../../db/client.ts';
import { LOAN_FACTS_FIELDS, LOAN_FACTS_ROW } from '../../db/loan-facts.ts';
import { TRY_LOCK_ROW } from '../../db/rows.ts';
import { loanQuotes, orderCharges, orders } from '../../db/schema.ts';
import { rowShape, rowsOf } from '../../db/statement.ts';
import { AppError } from '../../errors.ts';
import { ok } from '../../reply.ts';
import type { OrderEngine } from '../orders/index.ts';

const DAY = 86_400_000;

/** An overdue loan's facts as the late-charge job reads them, with the last day charged so far. */
type JobFacts = LoanFacts & { booked: MarketDay | null };
const JOB_FACTS_ROW = rowShape('loan_job_facts', {
  f: z.strictObject({ ...LOAN_FACTS_ROW, booked: z.string().nullable() }),
});
const JOBS_LOCK_ROW = rowShape('loan_jobs_lock', TRY_LOCK_ROW);

/**
 * The loan account's facts of one order (read after its row is locked, in a statement of its own); `repeat`:
 * a borrower who has repaid a loan before pays the returning borrower's late fee.
 */
const FACTS_SELECT = `select json_build_object(${LOAN_FACTS_FIELDS},
    'booked', (select max(c.charge_day) from order_charges c where c.order_id = o.id)
  ) as f
  from orders o`;
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
 * first day) on every overdue period, as the loan account computes them within the market's caps
 * (decision 048). Every part is idempotent:
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

  /**
   * One overdue loan's late charges up to today, in one transaction that follows the money rule
   * (decision 048): the order row locked in a statement of its own, then its ledger read in the next
   * (one that waited for the lock would still read from before it), then the charges written. The base
   * is the loan account's: every overdue period, each for its own days late, within the market's caps.
   */
  async function accrueOne(orderId: number, now: Date): Promise<number> {
    return db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      await tx.execute(sql`select id from orders where id = ${orderId} for update`);
      const result = await tx.execute(sql`${sql.raw(FACTS_SELECT)} where o.id = ${orderId}`);
      const [row] = rowsOf(result, JOB_FACTS_ROW) as Array<{ f: JobFacts }>;
      // Paid, cured or extended meanwhile: nothing is late any more.
      if (row?.f.status !== ORDER_STATUS.OVERDUE) return 0;
      const f = row.f;
      const account = loanAccount(f);
      const start = account.waiting[0]?.due;
      if (!start) return 0;
      const daysLate = daysBetween(start, marketDay(now, f.market));
      const from = f.booked ? daysBetween(start, f.booked) + 1 : 1;
      const rows: Array<typeof orderCharges.$inferInsert> = [];
      let before = account.lateChargesBy(addDays(start, Math.max(1, from) - 1));
      for (let day = Math.max(1, from); day <= daysLate; day++) {
        const chargeDay = addDays(start, day);
        const by = account.lateChargesBy(chargeDay);
        if (by.lateFee > before.lateFee)
          rows.push({ orderId, kind: 'late_fee', chargeDay, amountMinor: by.lateFee - before.lateFee });
        // Once a cap is reached a day adds nothing; its zero row still marks the day as done.
        rows.push({
          orderId,
          kind: 'late_charge',
          chargeDay,
          amountMinor: by.lateCharge - before.lateCharge,
        });
        before = by;
      }
      if (rows.length === 0) return 0;
      const inserted = await tx
        .insert(orderCharges)
        .values(rows)
        .onConflictDoNothing()
        .returning({ id: orderCharges.id });
      return inserted.length;
    });
  }

  async function accrue(now: Date): Promise<number> {
    const late = await db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.status, ORDER_STATUS.OVERDUE));
    let booked = 0;
    for (const { id } of late) booked += await accrueOne(id, now);
    return booked;
  }

  async function runOnce(): Promise<JobsResult> {
    const now = clock.now();
    const dueIds = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.status, ORDER_STATUS.DISBURSED), lte(orders.dueAt, now)));
    // The day after the due date began (neither market has daylight saving: a day is 24 hours).
    const lateIds = await db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          inArray(orders.status, [ORDER_STATUS.DISBURSED, ORDER_STATUS.DUE]),
          lte(orders.dueAt, new Date(now.getTime() - DAY)),
        ),
      );
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
    // Quotes shown and never booked are kept a day past their time (decision 046), then dropped: an
    // order keeps its own copy of the quote its borrower accepted, and the row stays for it.
    await db
      .delete(loanQuotes)
      .where(
        and(
          lt(loanQuotes.expiresAt, new Date(now.getTime() - DAY)),
          sql`not exists (select 1 from orders o where o.quote_id = ${loanQuotes.id})`,
        ),
      );
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
          const [lock] = rowsOf(result, JOBS_LOCK_ROW);
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
      await clock.advance(req.body.days * DAY);
      const result = await jobs.run();
      return ok({ now: clock.now().toISOString(), offsetDays: clock.offsetMs() / DAY, ...result });
    },
  );
};
