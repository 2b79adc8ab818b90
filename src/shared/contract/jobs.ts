/** Scheduled jobs in the back office (`/admin-api/jobs`, issue 31, decision 073). */
import { z } from 'zod';
import { envelope } from './envelope.ts';

/**
 * The scheduled jobs, one name each (the back office words them in both languages):
 * - `loanJobs`: loans fall due, go overdue, and accrue late charges (decision 030);
 * - `creditSweep`: payments recorded but not credited, credited or listed for review (decision 045);
 * - `uploadCleanup`: uploads never attached and temp files of cut writes removed;
 * - `gatewayOutbox`: the sandbox gateway's callbacks sent until our webhook acknowledges them;
 * - `ledgerCheck`: the nightly ledger check (decision 049).
 */
export const JOB_NAMES = [
  'loanJobs',
  'creditSweep',
  'uploadCleanup',
  'gatewayOutbox',
  'ledgerCheck',
] as const;
export type JobName = (typeof JOB_NAMES)[number];

/** What a run counts (numbers only: a run's record carries no personal data). */
export const JOB_COUNTS = [
  'fellDue',
  'wentOverdue',
  'charged',
  'credited',
  'review',
  'undecided',
  'tempFiles',
  'uploads',
  'delivered',
  'failed',
  'ordersChecked',
  'breaches',
] as const;
export type JobCount = (typeof JOB_COUNTS)[number];
export type JobCounts = Partial<Record<JobCount, number>>;

/** Who started a run: its schedule, the catch-up run at start, an administrator, or the library's retry. */
export const JOB_TRIGGERS = ['schedule', 'start', 'admin', 'retry'] as const;
export type JobTrigger = (typeof JOB_TRIGGERS)[number];

export const JOB_OUTCOMES = ['running', 'succeeded', 'failed'] as const;

export const jobRun = z.object({
  id: z.number().int(),
  trigger: z.enum(JOB_TRIGGERS),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  outcome: z.enum(JOB_OUTCOMES),
  counts: z.array(z.object({ name: z.enum(JOB_COUNTS), value: z.number().int() })),
  /** The error's kind and message, numbers and addresses masked. */
  failure: z.string().nullable(),
});
export type JobRun = z.infer<typeof jobRun>;

/** When a job runs: a cron line in a market's time zone (job library), or every so many seconds. */
export const jobSchedule = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('cron'), cron: z.string(), timeZone: z.string() }),
  z.object({ kind: z.literal('every'), seconds: z.number().int() }),
]);
export type JobSchedule = z.infer<typeof jobSchedule>;

export const scheduledJob = z.object({
  name: z.enum(JOB_NAMES),
  schedules: z.array(jobSchedule),
  lastRun: jobRun.nullable(),
  /** The latest failed runs, newest first. */
  failures: z.array(jobRun),
});
export type ScheduledJob = z.infer<typeof scheduledJob>;

export const jobsData = z.object({
  /** `library`: the job library on PostgreSQL (retries, one run at a time across instances); `process`. */
  runner: z.enum(['library', 'process']),
  jobs: z.array(scheduledJob),
});
export type JobsData = z.infer<typeof jobsData>;
export const jobsReply = envelope(jobsData);

/** `started`: false when a run of the job is already going or waiting (one at a time). */
export const jobRunNowData = z.object({ started: z.boolean() });
export type JobRunNowData = z.infer<typeof jobRunNowData>;
export const jobRunNowReply = envelope(jobRunNowData);
