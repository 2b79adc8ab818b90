import { ADMIN_BASE } from '../../../../shared/contract/constants.ts';
import type { JobName, JobRunNowData, JobsData } from '../../../../shared/contract/jobs.ts';
import { unwrap } from '../../../lib/api-query.ts';
import { adminRequest } from '../admin-api.ts';

/** Scheduled jobs in the back office (contract: shared/contract/jobs.ts, decision 073). */
export const JOBS_PATHS = {
  list: `${ADMIN_BASE}/jobs`,
  run: (name: JobName) => `${ADMIN_BASE}/jobs/${name}/run`,
} as const;

export const jobsKeys = {
  list: ['admin', 'jobs'] as const,
};

/** Every job with its schedule, last run and latest failures. */
export function fetchJobs(): Promise<JobsData> {
  return unwrap(adminRequest<JobsData>(JOBS_PATHS.list, { silent: true }));
}

/** A run now (administrators). Silent: the page says how it went. */
export function runJobNow(name: JobName, csrf: string) {
  return adminRequest<JobRunNowData>(JOBS_PATHS.run(name), { method: 'POST', csrf, silent: true });
}
