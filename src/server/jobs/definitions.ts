import type { JobName, JobSchedule } from '../../shared/contract/jobs.ts';
import { MARKET_INFO, MARKETS } from '../../shared/markets.ts';

/** A cron line (minute granularity) in a time zone: when the job library runs a job. */
export interface CronSchedule {
  cron: string;
  timeZone: string;
}

/**
 * One scheduled job: its work, and when it runs under each runner. The work reports counts (numbers
 * only) and may throw; both runners record every run (history.ts).
 */
export interface JobDefinition {
  name: JobName;
  run(): Promise<unknown>;
  /** On PostgreSQL, through the job library. */
  cron: CronSchedule[];
  /** In one process (PGlite): every so often by the process's timer, as before the library. */
  everyMs: number;
  /** Also once at start, to catch up after a stop. */
  runAtStart: boolean;
}

const UTC = 'UTC';
const EVERY_MINUTE = '* * * * *';

/**
 * The scheduled work (issue 31, decision 073). Every job is safe on several instances at once by itself
 * (advisory locks, skip-locked claims, unique keys); the library adds one run at a time, retries and the
 * history. `uploadCleanupMs` 0 turns the clean-up off (config).
 */
export function jobDefinitions(work: {
  loanJobs: () => Promise<unknown>;
  creditSweep: () => Promise<unknown>;
  uploadCleanup: () => Promise<unknown>;
  gatewayOutbox: () => Promise<unknown>;
  ledgerCheck: () => Promise<unknown>;
  uploadCleanupMs: number;
}): JobDefinition[] {
  const jobs: JobDefinition[] = [
    // Loans fall due at their market's midnight and are late from the next: run just after each market's
    // midnight, in its own time zone, and at start to catch up; every minute in one process (as before).
    {
      name: 'loanJobs',
      run: work.loanJobs,
      cron: MARKETS.map((m) => ({ cron: '1 0 * * *', timeZone: MARKET_INFO[m].timeZone })),
      everyMs: 60_000,
      runAtStart: true,
    },
    // Payments a crash left recorded but not credited (decision 045).
    {
      name: 'creditSweep',
      run: work.creditSweep,
      cron: [{ cron: EVERY_MINUTE, timeZone: UTC }],
      everyMs: 30_000,
      runAtStart: true,
    },
    // The sandbox gateway's callbacks: a payment sends its own at once; this retries the ones that failed.
    // The library's finest schedule is a minute; one process keeps its two seconds.
    {
      name: 'gatewayOutbox',
      run: work.gatewayOutbox,
      cron: [{ cron: EVERY_MINUTE, timeZone: UTC }],
      everyMs: 2_000,
      runAtStart: false,
    },
    // Asked every ten minutes; it runs once a night when its window is open (decision 049).
    {
      name: 'ledgerCheck',
      run: work.ledgerCheck,
      cron: [{ cron: '*/10 * * * *', timeZone: UTC }],
      everyMs: 10 * 60_000,
      runAtStart: true,
    },
  ];
  if (work.uploadCleanupMs > 0) {
    const minutes = Math.max(1, Math.round(work.uploadCleanupMs / 60_000));
    // Cron steps stay within their field: minutes below an hour, whole hours (at most a day) above.
    const cron =
      minutes === 1
        ? EVERY_MINUTE
        : minutes < 60
          ? `*/${minutes} * * * *`
          : `0 */${Math.min(23, Math.round(minutes / 60))} * * *`;
    jobs.push({
      name: 'uploadCleanup',
      run: work.uploadCleanup,
      cron: [{ cron, timeZone: UTC }],
      everyMs: work.uploadCleanupMs,
      runAtStart: true,
    });
  }
  return jobs;
}

/** A job's schedule as the back office shows it, for the runner in use. */
export function schedulesOf(job: JobDefinition, runner: 'library' | 'process'): JobSchedule[] {
  return runner === 'library'
    ? job.cron.map((c) => ({ kind: 'cron', cron: c.cron, timeZone: c.timeZone }))
    : [{ kind: 'every', seconds: Math.round(job.everyMs / 1000) }];
}
