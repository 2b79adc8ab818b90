import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { JobName, JobTrigger } from '../../shared/contract/jobs.ts';
import type { JobDefinition } from './definitions.ts';
import { countsOf, failureText, type JobHistory } from './history.ts';

type Log = Pick<FastifyBaseLogger, 'info' | 'error'>;

/** Runs the scheduled jobs: the job library on PostgreSQL, the process's own timers on PGlite. */
export interface JobRunner {
  kind: 'library' | 'process';
  jobs: readonly JobDefinition[];
  start(): Promise<void>;
  /** Takes no new run; the running ones finish (or, past the library's timeout, are released to retry). */
  stop(): Promise<void>;
  /** An administrator's run now; false when a run of the job is already going or waiting. */
  runNow(name: JobName): Promise<boolean>;
}

/** One run, recorded from start to end; a failure is recorded, logged and thrown again (to be retried). */
async function recordedRun(job: JobDefinition, trigger: JobTrigger, history: JobHistory, log: Log) {
  const id = await history.started(job.name, trigger);
  let result: unknown;
  try {
    result = await job.run();
  } catch (err) {
    log.error({ err, job: job.name, trigger }, 'job failed');
    await history.finished(id, job.name, { failure: failureText(err) });
    throw err;
  }
  const counts = countsOf(result);
  await history.finished(id, job.name, { counts });
  // A frequent job that did nothing is not worth a line.
  if (Object.values(counts).some((n) => n > 0)) log.info({ job: job.name, trigger, counts }, 'job done');
}

/**
 * One process (PGlite): each job every so often and at start as before the library, never two runs of
 * a job at once in the process; timers do not keep the process alive.
 */
export function processRunner(jobs: readonly JobDefinition[], history: JobHistory, log: Log): JobRunner {
  const running = new Map<JobName, Promise<void>>();
  const timers: NodeJS.Timeout[] = [];
  let stopped = false;
  const launch = (job: JobDefinition, trigger: JobTrigger): boolean => {
    if (stopped || running.has(job.name)) return false;
    const run = recordedRun(job, trigger, history, log)
      // Recorded and logged already; the next round tries again.
      .catch(() => {})
      .finally(() => running.delete(job.name));
    running.set(job.name, run);
    return true;
  };
  return {
    kind: 'process',
    jobs,
    async start() {
      for (const job of jobs) {
        if (job.runAtStart) launch(job, 'start');
        const timer = setInterval(() => launch(job, 'schedule'), job.everyMs);
        timer.unref();
        timers.push(timer);
      }
    },
    async stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      await Promise.all(running.values());
    },
    async runNow(name) {
      const job = jobs.find((j) => j.name === name);
      return job ? launch(job, 'admin') : false;
    },
  };
}

export interface LibraryOptions {
  connectionString: string;
  /** Retries of a failed run, the first after `retryDelaySeconds`, each next one about twice as late. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** How often a worker asks for a job, and how often the cron schedules are looked at (tests: short). */
  pollingSeconds?: number;
  cronMonitorSeconds?: number;
  /** How long a stop waits for a running job before releasing it (failed: the library retries it). */
  stopTimeoutMs?: number;
  /**
   * Runs the library's setting up (its schema, queues, schedules) while no other instance does: the
   * database's start-up lock. Two instances creating the same queues at once deadlock in the library's
   * own statements, and the loser exits.
   */
  setUp?: <T>(fn: () => Promise<T>) => Promise<T>;
}

/** The queue that a cron schedule fills (the library keeps one schedule per queue): one per time zone. */
const cronQueue = (job: JobName, timeZone: string) => `${job}-cron-${timeZone.replace(/\W/g, '_')}`;

/**
 * PostgreSQL: the job library (pg-boss, decision 073) in its own schema. Each job has a queue of the
 * `stately` policy (one run active and one waiting across every instance), retries with backoff, and
 * cron schedules in the markets' time zones; a schedule's queue only hands a run to the job's queue, so
 * a job scheduled in two time zones is still one job, run one at a time.
 */
export function libraryRunner(
  jobs: readonly JobDefinition[],
  history: JobHistory,
  log: Log,
  opts: LibraryOptions,
): JobRunner {
  const boss = new PgBoss({
    connectionString: opts.connectionString,
    schema: 'pgboss',
    // Its own small pool, beside the app's.
    max: 4,
    ...(opts.cronMonitorSeconds ? { cronMonitorIntervalSeconds: opts.cronMonitorSeconds } : {}),
  });
  boss.on('error', (err) => log.error({ err }, 'job library'));
  const polling = { pollingIntervalSeconds: opts.pollingSeconds ?? 2 };
  const send = (name: JobName, trigger: JobTrigger) => boss.send(name, { trigger });
  let started = false;

  /** Starts the library, makes the queues and schedules, and starts taking runs. */
  const setUpLibrary = async () => {
    await boss.start();
    started = true;
    const wanted = new Set<string>();
    for (const job of jobs) {
      await boss.createQueue(job.name, {
        name: job.name,
        policy: 'stately',
        retryLimit: opts.retryLimit ?? 3,
        retryDelay: opts.retryDelaySeconds ?? 30,
        retryBackoff: true,
        // The nightly loan jobs over a large portfolio take minutes, not an hour.
        expireInSeconds: 3600,
      });
      await boss.work<{ trigger: JobTrigger }>(
        job.name,
        { ...polling, includeMetadata: true },
        async ([run]) => {
          if (!run) return;
          await recordedRun(job, run.retryCount > 0 ? 'retry' : run.data.trigger, history, log);
        },
      );
      for (const { cron, timeZone } of job.cron) {
        const queue = cronQueue(job.name, timeZone);
        wanted.add(queue);
        await boss.createQueue(queue, { name: queue, policy: 'stately' });
        await boss.schedule(queue, cron, {}, { tz: timeZone });
        await boss.work(queue, polling, async () => {
          await send(job.name, 'schedule');
        });
      }
      if (job.runAtStart) await send(job.name, 'start');
    }
    // A schedule this version no longer has (a job removed, a zone changed) stops firing.
    for (const s of await boss.getSchedules()) {
      if (!wanted.has(s.name)) await boss.unschedule(s.name);
    }
  };

  return {
    kind: 'library',
    jobs,
    async start() {
      await (opts.setUp ?? ((fn) => fn()))(setUpLibrary);
    },
    async stop() {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, wait: true, timeout: opts.stopTimeoutMs ?? 10_000 });
    },
    async runNow(name) {
      return (await send(name, 'admin')) !== null;
    },
  };
}
