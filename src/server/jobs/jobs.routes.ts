import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_BASE } from '../../shared/contract/constants.ts';
import { type JOB_NAMES, jobRunNowReply, jobsReply } from '../../shared/contract/jobs.ts';
import type { AuditEntry } from '../modules/staff/index.ts';
import { ok } from '../reply.ts';
import { schedulesOf } from './definitions.ts';
import type { JobHistory } from './history.ts';
import type { JobRunner } from './runner.ts';

const tags = ['admin'];

/**
 * Scheduled jobs in the back office (issue 31, decision 073): each job, when it runs, its last run and
 * latest failures. Every staff member sees them; only an administrator runs one now, which is audited.
 */
export const jobsRoutes: FastifyPluginAsyncZod<{
  runner: JobRunner;
  history: JobHistory;
  audit: (entry: AuditEntry) => Promise<void>;
}> = async (app, { runner, history, audit }) => {
  app.get(
    `${ADMIN_BASE}/jobs`,
    { config: { access: 'staff' }, schema: { tags, response: { 200: jobsReply } } },
    async () => {
      const runs = await history.overview();
      return ok({
        runner: runner.kind,
        jobs: runner.jobs.map((job) => ({
          name: job.name,
          schedules: schedulesOf(job, runner.kind),
          lastRun: runs.get(job.name)?.lastRun ?? null,
          failures: runs.get(job.name)?.failures ?? [],
        })),
      });
    },
  );
  app.post(
    `${ADMIN_BASE}/jobs/:name/run`,
    {
      config: { access: 'staff', roles: ['admin'] },
      schema: {
        tags,
        params: z.strictObject({ name: z.enum(runner.jobs.map((j) => j.name) as [string, ...string[]]) }),
        response: { 200: jobRunNowReply },
      },
    },
    async (req) => {
      const name = req.params.name as (typeof JOB_NAMES)[number];
      const started = await runner.runNow(name);
      await audit({
        staffId: req.staff!.id,
        action: 'job.run',
        target: name,
        detail: started ? 'started' : 'already running',
        ip: req.ip,
      });
      return ok({ started });
    },
  );
};
