import { and, desc, eq, lt, sql } from 'drizzle-orm';
import {
  JOB_COUNTS,
  type JobCounts,
  type JobName,
  type JobRun,
  type JobTrigger,
} from '../../shared/contract/jobs.ts';
import type { Db } from '../db/client.ts';
import { jobRuns } from '../db/schema.ts';
import { scrubErrorText } from '../logging.ts';

/** Runs kept per job: a job every two seconds would otherwise grow the table without end. */
const KEPT_PER_JOB = 500;
/** Failed runs shown per job. */
const FAILURES_SHOWN = 5;
/** Longest failure text kept. */
const FAILURE_CHARS = 300;

/**
 * What a failure leaves in the history: the error's kind, its SQLSTATE when the database raised it, and
 * its message as the log's rule scrubs it (query parameters cut, digit runs and addresses masked), with
 * any word holding four digits or more masked too (a PAN has four). A driver's `detail` (which quotes
 * row values) is never read.
 */
export function failureText(err: unknown): string {
  const e = err instanceof Error ? err : new Error(String(err));
  const code = (e as { code?: unknown }).code;
  const message = scrubErrorText(e.message)
    .replace(/\S*\d{4,}\S*/g, '…')
    .replace(/\p{Cc}+/gu, ' ');
  const text = `${e.name}${typeof code === 'string' ? ` ${code}` : ''}: ${message}`;
  return text.length > FAILURE_CHARS ? `${text.slice(0, FAILURE_CHARS - 1)}…` : text;
}

/** A job's result as counts: the numbers it reports under names the back office knows, nothing else. */
export function countsOf(result: unknown): JobCounts {
  const counts: JobCounts = {};
  if (!result || typeof result !== 'object') return counts;
  for (const name of JOB_COUNTS) {
    const value = (result as Record<string, unknown>)[name];
    if (typeof value === 'number' && Number.isSafeInteger(value)) counts[name] = value;
  }
  return counts;
}

type RunRow = typeof jobRuns.$inferSelect;

function asRun(row: RunRow): JobRun {
  return {
    id: row.id,
    trigger: row.trigger as JobTrigger,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    outcome: row.outcome as JobRun['outcome'],
    counts: JOB_COUNTS.filter((name) => row.counts[name] !== undefined).map((name) => ({
      name,
      value: row.counts[name]!,
    })),
    failure: row.failure,
  };
}

/**
 * The run history of the scheduled jobs (table `job_runs`), written by whichever runner ran the job (the
 * job library on PostgreSQL, the process's timer on PGlite), read by the back office.
 */
export function jobHistory(db: Db) {
  return {
    async started(job: JobName, trigger: JobTrigger, at: Date = new Date()): Promise<number> {
      const [row] = await db
        .insert(jobRuns)
        .values({ job, trigger, startedAt: at })
        .returning({ id: jobRuns.id });
      return row!.id;
    },

    /** The run's end; the job's runs past the latest few hundred are dropped. */
    async finished(
      id: number,
      job: JobName,
      end: { counts: JobCounts } | { failure: string },
      at: Date = new Date(),
    ) {
      await db
        .update(jobRuns)
        .set(
          'failure' in end
            ? { finishedAt: at, outcome: 'failed', failure: end.failure }
            : { finishedAt: at, outcome: 'succeeded', counts: end.counts },
        )
        .where(eq(jobRuns.id, id));
      await db
        .delete(jobRuns)
        .where(
          and(
            eq(jobRuns.job, job),
            lt(
              jobRuns.id,
              sql`(select r.id from job_runs r where r.job = ${job} order by r.id desc offset ${KEPT_PER_JOB} limit 1)`,
            ),
          ),
        );
    },

    /** Each job's latest run and latest failures. */
    async overview(): Promise<Map<JobName, { lastRun: JobRun | null; failures: JobRun[] }>> {
      const latest = await db
        .selectDistinctOn([jobRuns.job])
        .from(jobRuns)
        .orderBy(jobRuns.job, desc(jobRuns.id));
      const failed = await db
        .select()
        .from(jobRuns)
        .where(
          sql`${jobRuns.id} in (select f.id from (select r.id, row_number() over (partition by r.job order by r.id desc) as n
            from job_runs r where r.outcome = 'failed') f where f.n <= ${FAILURES_SHOWN})`,
        )
        .orderBy(desc(jobRuns.id));
      const out = new Map<JobName, { lastRun: JobRun | null; failures: JobRun[] }>();
      for (const row of latest) out.set(row.job as JobName, { lastRun: asRun(row), failures: [] });
      for (const row of failed) out.get(row.job as JobName)?.failures.push(asRun(row));
      return out;
    },
  };
}
export type JobHistory = ReturnType<typeof jobHistory>;
