import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { jobDefinitions } from './definitions.ts';
import { jobHistory } from './history.ts';
import { type JobRunner, libraryRunner, processRunner } from './runner.ts';

export { jobsRoutes } from './jobs.routes.ts';
export type { JobRunner } from './runner.ts';

/**
 * The scheduled jobs of this process (issue 31, decision 073): through the job library when the
 * database is a PostgreSQL server (DATABASE_URL), by the process's own timers on PGlite; the same work
 * and the same run history either way. Not started here: the server starts them once it serves.
 */
export function scheduledJobs(deps: {
  database: Database;
  databaseUrl: string | undefined;
  /** How long a stop waits for a running job (the part of the shutdown grace left after draining). */
  stopTimeoutMs: number;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  work: {
    loanJobs: () => Promise<unknown>;
    creditSweep: () => Promise<unknown>;
    uploadCleanup: () => Promise<unknown>;
    gatewayOutbox: () => Promise<unknown>;
    /** The nightly ledger check: null when its window is closed or it already ran in it. */
    ledgerCheck: () => Promise<{ ordersChecked: number; breaches: unknown[] } | null>;
    uploadCleanupMs: number;
  };
}): { runner: JobRunner; history: ReturnType<typeof jobHistory> } {
  const { database, databaseUrl, stopTimeoutMs, log, work } = deps;
  const history = jobHistory(database.db);
  const jobs = jobDefinitions({
    ...work,
    // A breach is an alert for the operators; the history carries counts, the back office the breaches.
    ledgerCheck: async () => {
      const r = await work.ledgerCheck();
      if (!r) return null;
      const summary = { ordersChecked: r.ordersChecked, breaches: r.breaches.length };
      if (summary.breaches > 0) log.error({ alert: true, ...summary }, 'ledger check found breaches');
      return summary;
    },
  });
  const runner =
    database.kind === 'postgres' && databaseUrl
      ? libraryRunner(jobs, history, log, {
          connectionString: databaseUrl,
          stopTimeoutMs,
          // Instances starting together set the library up one after another.
          setUp: (fn) => database.underStartupLock(fn),
        })
      : processRunner(jobs, history, log);
  return { runner, history };
}
