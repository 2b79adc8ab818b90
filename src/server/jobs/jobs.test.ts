import { eq } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobName, JobsData } from '../../shared/contract/jobs.ts';
import type { Database } from '../db/client.ts';
import { auditLog, jobRuns } from '../db/schema.ts';
import {
  createTestApp,
  freshDatabase,
  type StaffHeaders,
  staffSignIn,
  type TestApp,
} from '../test/helpers.ts';
import { type JobDefinition, jobDefinitions } from './definitions.ts';
import { failureText, jobHistory } from './history.ts';
import { libraryRunner, processRunner } from './runner.ts';

const quiet = { info: () => {}, error: () => {} };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v) || Date.now() > end) return v;
    await sleep(100);
  }
}

const runsOf = (database: Database, job: JobName) =>
  database.db.select().from(jobRuns).where(eq(jobRuns.job, job)).orderBy(jobRuns.id);

/** A job that counts its runs and how many of them were ever going at once. */
function probe(name: JobName, ms: number, fail?: string) {
  const state = { runs: 0, going: 0, most: 0 };
  const job: JobDefinition = {
    name,
    cron: [{ cron: '1 0 * * *', timeZone: 'Asia/Jakarta' }],
    everyMs: 3_600_000,
    runAtStart: false,
    async run() {
      state.runs++;
      state.going++;
      state.most = Math.max(state.most, state.going);
      await sleep(ms);
      state.going--;
      if (fail) throw new Error(fail);
      return { delivered: state.runs, failed: 0, notACount: 'x' };
    },
  };
  return { job, state };
}

describe('scheduled jobs in one process, and the back office page', () => {
  let t: TestApp;
  let admin: StaffHeaders;
  let agent: StaffHeaders;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await staffSignIn(t.app, 'admin@kredito.test', 'Admin!2345');
    agent = await staffSignIn(t.app, 'agent.in@kredito.test', 'Agent!2345');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('runs a job at an administrator’s word, once at a time, and records the run with its counts', async () => {
    const { job, state } = probe('gatewayOutbox', 300);
    const runner = processRunner([job], jobHistory(t.database.db), quiet);
    expect(await runner.runNow('gatewayOutbox')).toBe(true);
    expect(await runner.runNow('gatewayOutbox')).toBe(false); // the first is still going
    await runner.stop();
    expect(state).toMatchObject({ runs: 1, most: 1 });
    const [run] = await runsOf(t.database, 'gatewayOutbox');
    expect(run).toMatchObject({
      trigger: 'admin',
      outcome: 'succeeded',
      counts: { delivered: 1, failed: 0 },
    });
    expect(run!.finishedAt!.getTime()).toBeGreaterThanOrEqual(run!.startedAt.getTime());
    expect(await runner.runNow('gatewayOutbox')).toBe(false); // stopped: takes no new run
  });

  it('runs at start and on its timer, records a failure without personal numbers, and tries again', async () => {
    const { job, state } = probe(
      'uploadCleanup',
      5,
      'provider refused 98765 43210 for a@b.co, PAN ABCDE1234F',
    );
    const runner = processRunner(
      [{ ...job, everyMs: 150, runAtStart: true }],
      jobHistory(t.database.db),
      quiet,
    );
    await runner.start();
    const runs = await until(
      () => runsOf(t.database, 'uploadCleanup'),
      (r) => r.filter((x) => x.outcome === 'failed').length >= 2,
    );
    await runner.stop();
    expect(state.runs).toBeGreaterThanOrEqual(2);
    expect(runs[0]!.trigger).toBe('start');
    expect(runs[1]!.trigger).toBe('schedule');
    const failure = runs[0]!.failure!;
    expect(failure).toMatch(/^Error: provider refused/);
    for (const secret of ['98765', '43210', 'a@b.co', '1234']) expect(failure).not.toContain(secret);
  });

  it('keeps a database error’s code and never its detail', () => {
    const err = Object.assign(new Error('duplicate key value violates unique constraint "x"'), {
      code: '23505',
      detail: 'Key (phone)=(9876543210) already exists.',
    });
    expect(failureText(err)).toBe('Error 23505: duplicate key value violates unique constraint "x"');
  });

  it('shows every job, its schedule, last run and failures to staff; runs one now for an administrator, audited', async () => {
    // The app's own jobs, on the process's timers (no DATABASE_URL in tests): record a run of one.
    const sweep = await t.app.inject({
      method: 'POST',
      url: '/admin-api/jobs/creditSweep/run',
      headers: admin,
    });
    expect(sweep.statusCode).toBe(200);
    expect(sweep.json().data).toEqual({ started: true });
    await until(
      () => runsOf(t.database, 'creditSweep'),
      (r) => r.some((x) => x.outcome !== 'running'),
    );
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'job.run'));
    expect(audit).toMatchObject({ target: 'creditSweep', detail: 'started' });

    const res = await t.app.inject({ method: 'GET', url: '/admin-api/jobs', headers: agent });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as JobsData;
    expect(data.runner).toBe('process');
    expect(data.jobs.map((j) => j.name).sort()).toEqual(
      ['creditSweep', 'gatewayOutbox', 'ledgerCheck', 'loanJobs', 'uploadCleanup'].sort(),
    );
    const credit = data.jobs.find((j) => j.name === 'creditSweep')!;
    expect(credit.schedules).toEqual([{ kind: 'every', seconds: 30 }]);
    expect(credit.lastRun).toMatchObject({ trigger: 'admin', outcome: 'succeeded' });
    expect(credit.lastRun!.counts.map((c) => c.name)).toEqual(['credited', 'review', 'undecided']);
    const cleanup = data.jobs.find((j) => j.name === 'uploadCleanup')!;
    expect(cleanup.lastRun?.outcome).toBe('failed');
    expect(cleanup.failures.length).toBeGreaterThanOrEqual(2);
    expect(cleanup.failures[0]!.id).toBeGreaterThan(cleanup.failures[1]!.id);
  });

  it('refuses a run now to an agent, to a job it does not know, and to no one signed in', async () => {
    const post = (url: string, headers?: StaffHeaders) =>
      t.app.inject({ method: 'POST', url, ...(headers ? { headers } : {}) });
    expect((await post('/admin-api/jobs/loanJobs/run', agent)).statusCode).toBe(403);
    expect((await post('/admin-api/jobs/dropTables/run', admin)).statusCode).toBe(400);
    expect((await post('/admin-api/jobs/loan%00Jobs/run', admin)).statusCode).toBe(400);
    expect((await post('/admin-api/jobs/loanJobs/run')).statusCode).toBe(401);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'job.run'));
    expect(audits).toHaveLength(1);
  });

  it('schedules the loan jobs just after each market’s midnight in its own time zone', () => {
    const work = async () => null;
    const jobs = jobDefinitions({
      loanJobs: work,
      creditSweep: work,
      uploadCleanup: work,
      gatewayOutbox: work,
      ledgerCheck: work,
      uploadCleanupMs: 0,
    });
    expect(jobs.find((j) => j.name === 'loanJobs')!.cron).toEqual([
      { cron: '1 0 * * *', timeZone: 'Asia/Kolkata' },
      { cron: '1 0 * * *', timeZone: 'Asia/Jakarta' },
    ]);
    expect(jobs.some((j) => j.name === 'uploadCleanup')).toBe(false); // turned off by config
    const cleanupEvery = (minutes: number) =>
      jobDefinitions({
        loanJobs: work,
        creditSweep: work,
        uploadCleanup: work,
        gatewayOutbox: work,
        ledgerCheck: work,
        uploadCleanupMs: minutes * 60_000,
      }).find((j) => j.name === 'uploadCleanup')!.cron[0]!.cron;
    expect([cleanupEvery(1), cleanupEvery(15), cleanupEvery(60), cleanupEvery(180)]).toEqual([
      '* * * * *',
      '*/15 * * * *',
      '0 */1 * * *',
      '0 */3 * * *',
    ]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('scheduled jobs through the job library (PostgreSQL)', () => {
  let database: Database & { url?: string };
  const fast = { pollingSeconds: 0.5, retryDelaySeconds: 1, retryLimit: 2, stopTimeoutMs: 1000 };
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('two instances on one database run a job one at a time: one going, one waiting, no more', async () => {
    const { job, state } = probe('loanJobs', 1500);
    const opts = { ...fast, connectionString: database.url! };
    const a = libraryRunner([job], jobHistory(database.db), quiet, opts);
    const b = libraryRunner([job], jobHistory(database.db), quiet, opts);
    await a.start();
    await b.start();
    try {
      const sent = await Promise.all([a.runNow('loanJobs'), b.runNow('loanJobs')]);
      expect(sent.filter(Boolean)).toHaveLength(1); // the second found one waiting
      await until(
        async () => state.runs,
        (n) => n === 1,
      );
      expect(await b.runNow('loanJobs')).toBe(true); // one going: one more may wait
      expect(await a.runNow('loanJobs')).toBe(false); // and no more than one
      await until(
        () => runsOf(database, 'loanJobs'),
        (r) => r.length === 2 && r.every((x) => x.outcome === 'succeeded'),
      );
      await sleep(1200); // nothing else is taken by either instance
      expect(state).toMatchObject({ runs: 2, most: 1 });
      expect((await runsOf(database, 'loanJobs')).map((r) => r.trigger)).toEqual(['admin', 'admin']);
    } finally {
      await a.stop();
      await b.stop();
    }
  }, 30_000);

  it('two instances starting at the same moment on a database the library has never seen both start', async () => {
    // A database of its own: the library's schema and queues are made by whichever starts first. Set up
    // at the same moment without the start-up lock, one of the two failed on "deadlock detected" inside
    // the library's own queue creation (and its process would exit).
    const own = await freshDatabase();
    const work = async () => null;
    const jobs = jobDefinitions({
      loanJobs: work,
      creditSweep: work,
      uploadCleanup: work,
      gatewayOutbox: work,
      ledgerCheck: work,
      uploadCleanupMs: 3_600_000,
    }).map((j) => ({ ...j, runAtStart: false }));
    const opts = { ...fast, connectionString: own.url!, setUp: own.underStartupLock };
    const runners = [0, 1].map(() => libraryRunner(jobs, jobHistory(own.db), quiet, opts));
    try {
      const started = await Promise.allSettled(runners.map((r) => r.start()));
      expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'started'))).toEqual([
        'started',
        'started',
      ]);
    } finally {
      for (const r of runners) await r.stop();
      await own.close();
    }
  }, 30_000);

  it('retries a failing job with backoff and records each failure', async () => {
    const { job } = probe('creditSweep', 10, 'bank timed out for 9876543210');
    const runner = libraryRunner([job], jobHistory(database.db), quiet, {
      ...fast,
      connectionString: database.url!,
    });
    await runner.start();
    try {
      await runner.runNow('creditSweep');
      const runs = await until(
        () => runsOf(database, 'creditSweep'),
        (r) => r.length === 3 && r.every((x) => x.outcome === 'failed'),
      );
      expect(runs.map((r) => r.trigger)).toEqual(['admin', 'retry', 'retry']);
      expect(runs.every((r) => r.failure?.startsWith('Error: bank timed out for'))).toBe(true);
      expect(runs.some((r) => r.failure?.includes('9876543210'))).toBe(false);
      // Backoff: the first retry a delay after the failure, the second at least twice that delay.
      const gap = (i: number) => runs[i]!.startedAt.getTime() - runs[i - 1]!.finishedAt!.getTime();
      expect(gap(1)).toBeGreaterThanOrEqual(900);
      expect(gap(2)).toBeGreaterThanOrEqual(1900);
      await sleep(1500);
      expect(await runsOf(database, 'creditSweep')).toHaveLength(3); // the retry limit holds
    } finally {
      await runner.stop();
    }
  }, 30_000);

  it('puts each cron schedule in the library in its market’s time zone', async () => {
    const work = async () => null;
    const jobs = jobDefinitions({
      loanJobs: work,
      creditSweep: work,
      uploadCleanup: work,
      gatewayOutbox: work,
      ledgerCheck: work,
      uploadCleanupMs: 0,
    }).map((j) => ({ ...j, runAtStart: false }));
    const runner = libraryRunner(jobs, jobHistory(database.db), quiet, {
      ...fast,
      connectionString: database.url!,
    });
    await runner.start();
    await runner.stop();
    // Read through the library's own API, as an operator's tool would.
    const boss = new PgBoss({
      connectionString: database.url!,
      schema: 'pgboss',
      supervise: false,
      schedule: false,
    });
    await boss.start();
    try {
      const schedules = (await boss.getSchedules()).map((s) => ({
        name: s.name,
        cron: s.cron,
        tz: s.options?.tz,
      }));
      expect(schedules).toEqual(
        expect.arrayContaining([
          { name: 'loanJobs-cron-Asia_Kolkata', cron: '1 0 * * *', tz: 'Asia/Kolkata' },
          { name: 'loanJobs-cron-Asia_Jakarta', cron: '1 0 * * *', tz: 'Asia/Jakarta' },
          { name: 'creditSweep-cron-UTC', cron: '* * * * *', tz: 'UTC' },
        ]),
      );
    } finally {
      await boss.stop({ graceful: false });
    }
  }, 30_000);

  it('stops taking jobs at shutdown and lets the running one finish', async () => {
    const { job, state } = probe('ledgerCheck', 800);
    const runner = libraryRunner([job], jobHistory(database.db), quiet, {
      ...fast,
      connectionString: database.url!,
    });
    await runner.start();
    await runner.runNow('ledgerCheck');
    await until(
      async () => state.runs,
      (n) => n === 1,
    );
    await runner.runNow('ledgerCheck'); // waits behind the running one; never taken by this instance
    await runner.stop();
    const runs = await runsOf(database, 'ledgerCheck');
    expect(runs).toHaveLength(1);
    expect(runs[0]!.outcome).toBe('succeeded');
    expect(state.runs).toBe(1);
  }, 30_000);
});
