import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '../../../../shared/contract/constants.ts';
import type { JobRun, JobsData, ScheduledJob } from '../../../../shared/contract/jobs.ts';
import { setupAntdMobile } from '../../../ui/antd-setup.ts';
import { ADMIN_ROUTES } from '../admin-paths.ts';
import {
  agentSession,
  CSRF,
  captureToasts,
  ok,
  renderAt,
  reply,
  stubFetch,
  XSS,
} from '../admin-test-kit.tsx';
import { JOBS_PATHS } from './jobs-api.ts';
import { JobsPage } from './jobs-page.tsx';

const realFetch = globalThis.fetch;
const routes = [{ path: ADMIN_ROUTES.jobs, Component: JobsPage }];

let toasts: string[];
beforeAll(() => setupAntdMobile('en'));
beforeEach(() => {
  toasts = captureToasts();
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

const run = (over: Partial<JobRun> = {}): JobRun => ({
  id: 10,
  trigger: 'schedule',
  startedAt: '2026-11-27T18:31:00.000Z',
  finishedAt: '2026-11-27T18:31:02.000Z',
  outcome: 'succeeded',
  counts: [
    { name: 'fellDue', value: 3 },
    { name: 'wentOverdue', value: 0 },
    { name: 'charged', value: 12 },
  ],
  failure: null,
  ...over,
});
const failed = run({
  id: 9,
  outcome: 'failed',
  trigger: 'retry',
  counts: [],
  failure: 'Error 57P01: terminating connection',
});
const job = (over: Partial<ScheduledJob> = {}): ScheduledJob => ({
  name: 'loanJobs',
  schedules: [
    { kind: 'cron', cron: '1 0 * * *', timeZone: 'Asia/Kolkata' },
    { kind: 'cron', cron: '1 0 * * *', timeZone: 'Asia/Jakarta' },
  ],
  lastRun: run(),
  failures: [failed],
  ...over,
});
const data = (over: Partial<JobsData> = {}): JobsData => ({
  runner: 'library',
  jobs: [
    job(),
    job({
      name: 'creditSweep',
      schedules: [{ kind: 'cron', cron: '* * * * *', timeZone: 'UTC' }],
      lastRun: null,
      failures: [],
    }),
  ],
  ...over,
});

describe('JobsPage', () => {
  it('lists each job with its schedule, last run, outcome and what it did, and the latest failures', async () => {
    stubFetch({ [`GET ${JOBS_PATHS.list}`]: () => ok(data()) });
    renderAt(routes, ADMIN_ROUTES.jobs);
    expect(await screen.findByRole('heading', { level: 1, name: 'Scheduled jobs' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Scheduled jobs' });
    const [loan, sweep] = within(table).getAllByRole('row').slice(1);
    expect(loan!.textContent).toContain('Due dates, overdue loans and late charges');
    expect(loan!.textContent).toContain('Cron 1 0 * * * (Asia/Kolkata); Cron 1 0 * * * (Asia/Jakarta)');
    expect(loan!.textContent).toContain('Done');
    expect(loan!.textContent).toContain('3 fell due, 12 charges booked');
    expect(loan!.textContent).not.toContain('went overdue');
    expect(sweep!.textContent).toContain('Not run yet');
    expect(screen.getByText(/one run at a time across every instance/)).toBeTruthy();
    const failures = screen.getByRole('table', { name: 'Latest failures' });
    expect(within(failures).getAllByRole('row')[1]!.textContent).toContain(
      'Error 57P01: terminating connection',
    );
    expect(within(failures).getAllByRole('row')[1]!.textContent).toContain('retry');
  });

  it('runs a job now for an administrator, with the session’s CSRF token, and says when one is already waiting', async () => {
    let started = true;
    const net = stubFetch({
      [`GET ${JOBS_PATHS.list}`]: () => ok(data()),
      [`POST ${JOBS_PATHS.run('creditSweep')}`]: () => ok({ started }),
    });
    renderAt(routes, ADMIN_ROUTES.jobs);
    const button = await screen.findByRole('button', { name: 'Run “Payments left uncredited” now' });
    await userEvent.click(button);
    await waitFor(() => expect(toasts).toContain('“Payments left uncredited” will run now.'));
    expect(net.callsTo(JOBS_PATHS.run('creditSweep'))[0]!.headers[CSRF_HEADER]).toBe(CSRF);
    expect(net.callsTo(JOBS_PATHS.list).length).toBeGreaterThanOrEqual(2);
    started = false;
    await userEvent.click(screen.getByRole('button', { name: 'Run “Payments left uncredited” now' }));
    await waitFor(() =>
      expect(toasts).toContain(
        '“Payments left uncredited” is already running or waiting to run; no other run was added.',
      ),
    );
  });

  it('offers an agent no run button', async () => {
    const everyMinute = job({ schedules: [{ kind: 'every', seconds: 60 }] });
    const everyTwo = job({ name: 'gatewayOutbox', schedules: [{ kind: 'every', seconds: 2 }] });
    stubFetch({
      [`GET ${JOBS_PATHS.list}`]: () => ok(data({ runner: 'process', jobs: [everyMinute, everyTwo] })),
    });
    renderAt(routes, ADMIN_ROUTES.jobs, { session: agentSession() });
    await screen.findByRole('table', { name: 'Scheduled jobs' });
    expect(screen.queryByRole('button', { name: /Run/ })).toBeNull();
    expect(screen.getByText('Only administrators can run a job now.')).toBeTruthy();
    expect(screen.getByText('These jobs run in this one process, on its own timers.')).toBeTruthy();
    expect(screen.getByText('Every 1 min')).toBeTruthy();
    expect(screen.getByText('Every 2 s')).toBeTruthy();
  });

  it('shows a failed load with a retry, and no failure as such', async () => {
    let fail = true;
    stubFetch({
      [`GET ${JOBS_PATHS.list}`]: () =>
        fail
          ? reply({ code: '503', data: null, message: 'The service is busy.' }, 503)
          : ok(data({ jobs: [job({ failures: [] })] })),
    });
    renderAt(routes, ADMIN_ROUTES.jobs);
    expect(await screen.findByText('The service is busy.')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No job failed recently.')).toBeTruthy();
  });

  it('shows a failure as text, never as markup, and speaks Indonesian', async () => {
    stubFetch({
      [`GET ${JOBS_PATHS.list}`]: () =>
        ok(data({ jobs: [job({ failures: [{ ...failed, failure: XSS }] })] })),
    });
    const { container } = renderAt(routes, ADMIN_ROUTES.jobs, { lang: 'id' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tugas terjadwal' })).toBeTruthy();
    expect(await screen.findByText(XSS)).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
    expect(
      screen.getByRole('button', {
        name: 'Jalankan “Jatuh tempo, pinjaman menunggak, dan biaya keterlambatan” sekarang',
      }),
    ).toBeTruthy();
  });
});
