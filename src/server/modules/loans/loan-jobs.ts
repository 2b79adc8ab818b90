import { and, lt, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type LoanFacts, loanAccount } from '../../../shared/domain/loan-account.ts';
import { ORDER_OPERATIONS } from '../../../shared/domain/order-lifecycle.ts';
import { ORDER_STATUS } from '../../../shared/domain/order-status.ts';
import { addDays, daysBetween, type MarketDay, marketDay } from '../../../shared/domain/time.ts';
import type { MovableClock } from '../../clock.ts';
import type { Database, Db } from '../../db/client.ts';
import { LOAN_FACTS_FIELDS, LOAN_FACTS_ROW } from '../../db/loan-facts.ts';
import { TRY_LOCK_ROW } from '../../db/rows.ts';
import { loanQuotes, orderCharges } from '../../db/schema.ts';
import { rowShape, rowsOf } from '../../db/statement.ts';
import { ok } from '../../reply.ts';
import type { OrderEngine } from '../orders/index.ts';

const DAY = 86_400_000;

/** An overdue loan's facts as the late-charge job reads them, with the last day charged so far. */
type JobFacts = LoanFacts & { id: number; booked: MarketDay | null };
const JOB_FACTS_ROW = rowShape('loan_job_facts', {
  f: z.strictObject({ ...LOAN_FACTS_ROW, id: z.number(), booked: z.string().nullable() }),
});
const JOBS_LOCK_ROW = rowShape('loan_jobs_lock', TRY_LOCK_ROW);
const ID_ROW = rowShape('loan_job_ids', { id: z.number() });
const MOVE_ROW = rowShape('loan_job_move', { n: z.number(), seen: z.number(), last: z.number().nullable() });

/**
 * The loan account's facts of a page of orders (read after their rows are locked, in a statement of
 * its own); `repeat`: a borrower who has repaid a loan before pays the returning borrower's late fee.
 */
const FACTS_SELECT = `select json_build_object('id', o.id, ${LOAN_FACTS_FIELDS},
    'booked', (select max(c.charge_day) from order_charges c where c.order_id = o.id)
  ) as f
  from orders o`;
/** The key of the advisory lock that lets one instance at a time run the loan jobs (PostgreSQL). */
export const JOBS_LOCK = 8_008_001;
/** Orders moved per statement: each statement short, well inside the pool's statement timeout. */
const MOVE_PAGE = 5_000;
/** Overdue loans locked, read and charged per transaction: short locks, few round trips. */
const ACCRUAL_PAGE = 1_000;
/** Charge rows per insert statement (4 parameters each, well under the protocol's 65,535). */
const INSERT_CHUNK = 5_000;

export interface JobsResult {
  fellDue: number;
  wentOverdue: number;
  /** Charge rows booked (late fees and days of late charges). */
  charged: number;
}

export type LateChargeRow = { kind: 'late_fee' | 'late_charge'; chargeDay: MarketDay; amountMinor: number };

/**
 * The charge rows an overdue loan owes from the day after `booked` (its last day charged, null: none)
 * through `today`, as its loan account computes them (decision 048): every overdue period, each for its
 * own days late, within the market's caps; the one-off late fee on the spell's first day. Pure: the job
 * books them, and the bench's portfolio seed books a late loan's past days with the same function.
 */
export function lateChargeRows(f: LoanFacts, booked: MarketDay | null, today: MarketDay): LateChargeRow[] {
  const account = loanAccount(f);
  const start = account.waiting[0]?.due;
  if (!start) return [];
  const daysLate = daysBetween(start, today);
  const from = Math.max(1, booked ? daysBetween(start, booked) + 1 : 1);
  const rows: LateChargeRow[] = [];
  let before = account.lateChargesBy(addDays(start, from - 1));
  for (let day = from; day <= daysLate; day++) {
    const chargeDay = addDays(start, day);
    const by = account.lateChargesBy(chargeDay);
    if (by.lateFee > before.lateFee)
      rows.push({ kind: 'late_fee', chargeDay, amountMinor: by.lateFee - before.lateFee });
    // Once a cap is reached a day adds nothing; its zero row still marks the day as done.
    rows.push({ kind: 'late_charge', chargeDay, amountMinor: by.lateCharge - before.lateCharge });
    before = by;
  }
  return rows;
}

/**
 * The time-driven moves of a loan (issue 8, decision 030): due at the market's local midnight of its due
 * date, overdue the day after, and each day late a late charge booked (plus the one-off late fee on the
 * first day) on every overdue period, as the loan account computes them within the market's caps
 * (decision 048). Set-based (decision 074): each move goes a page of orders per statement, and the
 * accrual goes a page of overdue loans per transaction, not a transaction per loan. Every part is
 * idempotent: a move applies only to orders still in a status the lifecycle moves from; a charge already
 * booked for a day is not booked again (unique per order, kind and day). So running twice changes
 * nothing, and an instance that missed days (an outage) catches up. On PostgreSQL one instance runs at a
 * time (a transaction-scoped advisory lock held for the run); on PGlite there is one process.
 */
export function loanJobs(deps: { database: Database; engine: OrderEngine; clock: { now(): Date } }) {
  const { database, clock } = deps;
  const { db } = database;

  /**
   * One lifecycle move of every order it applies to, a page of orders (by id) per statement so that no
   * statement runs long: the page's rows locked (a row a payment changed meanwhile is checked again by
   * PostgreSQL against the conditions and skipped when it no longer matches), moved, and each moved
   * order given its event row, as the order engine writes one. The statuses come from the lifecycle.
   */
  async function move(operation: 'fallDue' | 'goOverdue', dueBy: Date, now: Date): Promise<number> {
    const rule = ORDER_OPERATIONS[operation];
    const from = sql.raw(rule.from.join(', '));
    const actor = `system:${operation === 'fallDue' ? 'due-job' : 'overdue-job'}`;
    let moved = 0;
    for (let after = 0; ; ) {
      const result = await db.execute(sql`
        with was as (
          select id, status from orders
           where status in (${from}) and due_at <= ${dueBy.toISOString()}::timestamptz and id > ${after}
           order by id limit ${MOVE_PAGE}
             for update
        ), moved as (
          update orders o set status = ${rule.to}, collection_allowed = true
            from was where o.id = was.id
          returning o.id, was.status as from_status
        ), logged as (
          insert into order_events (order_id, operation, from_status, to_status, actor, reason, created_at)
          select id, ${operation}, from_status, ${rule.to}, ${actor}, '', ${now.toISOString()}::timestamptz
            from moved
          returning 1
        )
        select (select count(*)::int from logged) as n, (select count(*)::int from was) as seen,
               (select max(id) from was) as last`);
      const [page] = rowsOf(result, MOVE_ROW);
      moved += page?.n ?? 0;
      if (!page || page.seen < MOVE_PAGE || page.last === null) return moved;
      after = page.last;
    }
  }

  /**
   * Late charges up to today for a page of overdue loans, in one transaction that follows the money rule
   * (decision 048): the page's order rows locked in a statement of their own, then their ledgers read in
   * the next (one that waited for a lock would still read from before it), then the charges written.
   * Returns the rows booked and the last id of the page (null when it was the last).
   */
  async function accruePage(after: number, now: Date): Promise<{ booked: number; last: number | null }> {
    return db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const locked = rowsOf(
        await tx.execute(sql`select id from orders
          where status = ${ORDER_STATUS.OVERDUE} and id > ${after}
          order by id limit ${ACCRUAL_PAGE} for update`),
        ID_ROW,
      );
      if (locked.length === 0) return { booked: 0, last: null };
      const ids = locked.map((r) => r.id);
      const facts = rowsOf(
        await tx.execute(sql`${sql.raw(FACTS_SELECT)} where o.id = any(${`{${ids.join(',')}}`}::int[])`),
        JOB_FACTS_ROW,
      ) as Array<{ f: JobFacts }>;
      const rows: Array<typeof orderCharges.$inferInsert> = [];
      for (const { f } of facts) {
        // Paid, cured or extended meanwhile: nothing is late any more.
        if (f.status !== ORDER_STATUS.OVERDUE) continue;
        for (const r of lateChargeRows(f, f.booked, marketDay(now, f.market)))
          rows.push({ orderId: f.id, ...r });
      }
      let booked = 0;
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
        const inserted = await tx
          .insert(orderCharges)
          .values(rows.slice(i, i + INSERT_CHUNK))
          .onConflictDoNothing()
          .returning({ id: orderCharges.id });
        booked += inserted.length;
      }
      return { booked, last: locked.length < ACCRUAL_PAGE ? null : ids[ids.length - 1]! };
    });
  }

  async function accrue(now: Date): Promise<number> {
    let booked = 0;
    let after: number | null = 0;
    while (after !== null) {
      const page = await accruePage(after, now);
      booked += page.booked;
      after = page.last;
    }
    return booked;
  }

  async function runOnce(): Promise<JobsResult> {
    const now = clock.now();
    // The day after the due date began (neither market has daylight saving: a day is 24 hours). Overdue
    // first: a loan a missed run left "disbursed" past its due day goes straight to overdue.
    const wentOverdue = await move('goOverdue', new Date(now.getTime() - DAY), now);
    const fellDue = await move('fallDue', now, now);
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
