import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { JobName, JobRun, JobSchedule, ScheduledJob } from '../../../../shared/contract/jobs.ts';
import { useApiMutation } from '../../../lib/api-mutation.ts';
import { toast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.tsx';
import { PageEmpty, PageError, PageLoading } from '../../../ui/page-state.tsx';
import { useStaffSession } from '../admin-api.ts';
import { Cell, Time } from '../admin-ui.tsx';
import { fetchJobs, jobsKeys, runJobNow } from './jobs-api.ts';
import '../admin.css';

/**
 * Scheduled jobs (issue 31, decision 073): each job, when it runs, its last run (when, how it went, what
 * it did) and the latest failures. An administrator can run a job now; the list shows the run once it
 * is recorded.
 */
export function JobsPage() {
  const { t } = useTranslation('admin');
  const session = useStaffSession();
  const { staff } = session;
  const isAdmin = staff.role === 'admin';
  const jobs = useQuery({ queryKey: jobsKeys.list, queryFn: fetchJobs });
  const run = useApiMutation({
    call: (name: JobName) => runJobNow(name, session.csrfToken),
    invalidates: [jobsKeys.list],
    onSuccess: (ran, name) =>
      toast.show(t(ran.started ? 'jobs.started' : 'jobs.alreadyRunning', { job: t(`jobs.names.${name}`) })),
  });
  const headingId = useId();
  const failuresId = useId();
  const title = t('jobs.title');
  // Staff act across markets; one time zone for the lists keeps them readable (as the audit log does).
  const market = staff.markets[0] ?? 'IN';
  const zone = t(`timeZones.${market}`);

  const scheduleText = (s: JobSchedule) =>
    s.kind === 'cron'
      ? t('jobs.cron', { cron: s.cron, zone: s.timeZone })
      : s.seconds % 60 === 0
        ? t('jobs.everyMinutes', { minutes: s.seconds / 60 })
        : t('jobs.every', { seconds: s.seconds });
  const countsText = (r: JobRun) => {
    const done = r.counts.filter((c) => c.value > 0);
    return done.length === 0
      ? t('jobs.nothing')
      : done.map((c) => `${c.value} ${t(`jobs.countNames.${c.name}`)}`).join(', ');
  };
  const failures = (jobs.data?.jobs ?? []).flatMap((j: ScheduledJob) =>
    j.failures.map((f) => ({ job: j.name, run: f })),
  );

  return (
    <section className="admin-page" aria-labelledby={headingId}>
      <title>{`${title} · ${t('app.title')}`}</title>
      <h1 id={headingId}>{title}</h1>
      <p className="admin-muted">{t('jobs.intro')}</p>
      {jobs.data && (
        <p className="admin-muted">
          {jobs.data.runner === 'library' ? t('jobs.runnerLibrary') : t('jobs.runnerProcess')}
        </p>
      )}
      {!isAdmin && <p className="admin-muted">{t('jobs.adminOnlyRun')}</p>}
      <div className="admin-form-error" role="alert">
        {run.error?.message}
      </div>

      {jobs.isPending ? (
        <PageLoading />
      ) : jobs.isError ? (
        <PageError message={jobs.error.message} onRetry={() => void jobs.refetch()} />
      ) : (
        <>
          <div className="admin-table-wrap">
            <table className="admin-table admin-table-cards" aria-label={title}>
              <thead>
                <tr>
                  <th scope="col">{t('jobs.job')}</th>
                  <th scope="col">{t('jobs.schedule')}</th>
                  <th scope="col">{t('jobs.lastRun', { zone })}</th>
                  <th scope="col">{t('jobs.outcome')}</th>
                  <th scope="col">{t('jobs.counts')}</th>
                  {isAdmin && <th scope="col">{t('jobs.run')}</th>}
                </tr>
              </thead>
              <tbody>
                {jobs.data.jobs.map((job) => {
                  const name = t(`jobs.names.${job.name}`);
                  const last = job.lastRun;
                  return (
                    <tr key={job.name}>
                      <Cell label={t('jobs.job')} header>
                        {name}
                      </Cell>
                      <Cell label={t('jobs.schedule')}>{job.schedules.map(scheduleText).join('; ')}</Cell>
                      <Cell label={t('jobs.lastRun', { zone })}>
                        {last ? (
                          <>
                            <Time iso={last.startedAt} market={market} /> ·{' '}
                            {t(`jobs.triggers.${last.trigger}`)}
                          </>
                        ) : (
                          t('jobs.never')
                        )}
                      </Cell>
                      <Cell label={t('jobs.outcome')}>{last ? t(`jobs.outcomes.${last.outcome}`) : '—'}</Cell>
                      <Cell label={t('jobs.counts')}>
                        {last?.outcome === 'succeeded' ? countsText(last) : '—'}
                      </Cell>
                      {isAdmin && (
                        <Cell label={t('jobs.run')}>
                          <button
                            type="button"
                            className="admin-button"
                            disabled={run.isPending}
                            aria-label={t('jobs.runJob', { job: name })}
                            onClick={() => run.mutate(job.name)}
                          >
                            {t('jobs.run')}
                          </button>
                        </Cell>
                      )}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>

          <h2 id={failuresId}>{t('jobs.failuresTitle')}</h2>
          {failures.length === 0 ? (
            <PageEmpty text={t('jobs.noFailures')} />
          ) : (
            <div className="admin-table-wrap">
              <table className="admin-table admin-table-cards" aria-labelledby={failuresId}>
                <thead>
                  <tr>
                    <th scope="col">{t('jobs.job')}</th>
                    <th scope="col">{t('jobs.startedAt', { zone })}</th>
                    <th scope="col">{t('jobs.failure')}</th>
                  </tr>
                </thead>
                <tbody>
                  {failures.map(({ job, run: f }) => (
                    <tr key={f.id}>
                      <Cell label={t('jobs.job')} header>
                        {t(`jobs.names.${job}`)}
                      </Cell>
                      <Cell label={t('jobs.startedAt', { zone })}>
                        <Time iso={f.startedAt} market={market} /> · {t(`jobs.triggers.${f.trigger}`)}
                      </Cell>
                      <Cell label={t('jobs.failure')} className="admin-user-text">
                        {f.failure}
                      </Cell>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}
