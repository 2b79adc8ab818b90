import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router';
import { useApiMutation } from '../../../lib/api-mutation.ts';
import { toast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.tsx';
import { PageEmpty, PageError, PageLoading } from '../../../ui/page-state.tsx';
import { useStaffSession } from '../admin-api.ts';
import { ADMIN_ROUTES } from '../admin-paths.ts';
import { Cell, Time } from '../admin-ui.tsx';
import { fetchLedgerChecks, ledgerCheckKeys, runLedgerCheck } from './ledger-check-api.ts';
import '../admin.css';

/**
 * The ledger check (issue 27, decision 049): the latest runs (when, orders checked, breaches) and the
 * breaches of the latest run, each with its order, the rule in words and what was found, in the staff
 * member's markets. An administrator can run it now; it also runs every night by itself.
 */
export function LedgerCheckPage() {
  const { t } = useTranslation('admin');
  const session = useStaffSession();
  const { staff } = session;
  const checks = useQuery({ queryKey: ledgerCheckKeys.latest, queryFn: fetchLedgerChecks });
  const run = useApiMutation({
    call: () => runLedgerCheck(session.csrfToken, t('ledgerCheck.running')),
    invalidates: [ledgerCheckKeys.latest],
    onSuccess: (ran) =>
      toast.show(t('ledgerCheck.ran', { orders: ran.ordersChecked, breaches: ran.breachCount })),
  });
  const headingId = useId();
  const runsId = useId();
  const breachesId = useId();
  const title = t('ledgerCheck.title');
  // Staff act across markets; one time zone for the list keeps it readable (as the audit log does).
  const market = staff.markets[0] ?? 'IN';
  const startedLabel = t('ledgerCheck.startedAt', { zone: t(`timeZones.${market}`) });

  return (
    <section className="admin-page" aria-labelledby={headingId}>
      <title>{`${title} · ${t('app.title')}`}</title>
      <h1 id={headingId}>{title}</h1>
      <p className="admin-muted">{t('ledgerCheck.intro')}</p>
      {staff.role === 'admin' ? (
        <div className="admin-actions">
          <button
            type="button"
            className="admin-button admin-button-primary"
            disabled={run.isPending}
            onClick={() => run.mutate()}
          >
            {run.isPending ? t('ledgerCheck.running') : t('ledgerCheck.run')}
          </button>
        </div>
      ) : (
        <p className="admin-muted">{t('ledgerCheck.adminOnlyRun')}</p>
      )}
      <div className="admin-form-error" role="alert">
        {run.error?.message}
      </div>

      {checks.isPending ? (
        <PageLoading />
      ) : checks.isError ? (
        <PageError message={checks.error.message} onRetry={() => void checks.refetch()} />
      ) : checks.data.runs.length === 0 ? (
        <PageEmpty text={t('ledgerCheck.noRuns')} />
      ) : (
        <>
          <h2 id={breachesId}>{t('ledgerCheck.breachesTitle')}</h2>
          {checks.data.breaches.length === 0 ? (
            <PageEmpty text={t('ledgerCheck.clean')} />
          ) : (
            <div className="admin-table-wrap">
              <table className="admin-table admin-table-cards" aria-labelledby={breachesId}>
                <thead>
                  <tr>
                    <th scope="col">{t('ledgerCheck.order')}</th>
                    <th scope="col">{t('ledgerCheck.market')}</th>
                    <th scope="col">{t('ledgerCheck.rule')}</th>
                    <th scope="col">{t('ledgerCheck.detail')}</th>
                  </tr>
                </thead>
                <tbody>
                  {checks.data.breaches.map((b, i) => (
                    // A breach has no id of its own; its place in the run's list is stable.
                    // biome-ignore lint/suspicious/noArrayIndexKey: see above.
                    <tr key={i}>
                      <Cell label={t('ledgerCheck.order')} header>
                        <Link
                          to={ADMIN_ROUTES.order(b.orderNo)}
                          aria-label={t('ledgerCheck.openOrder', { orderNo: b.orderNo })}
                        >
                          {b.orderNo}
                        </Link>
                      </Cell>
                      <Cell label={t('ledgerCheck.market')}>{t(`markets.${b.market}`)}</Cell>
                      <Cell label={t('ledgerCheck.rule')}>{t(`ledgerCheck.rules.${b.rule}`)}</Cell>
                      <Cell label={t('ledgerCheck.detail')} className="admin-user-text">
                        {b.detail}
                      </Cell>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}

          <h2 id={runsId}>{t('ledgerCheck.runsTitle')}</h2>
          <div className="admin-table-wrap">
            <table className="admin-table admin-table-cards" aria-labelledby={runsId}>
              <thead>
                <tr>
                  <th scope="col">{startedLabel}</th>
                  <th scope="col">{t('ledgerCheck.ordersChecked')}</th>
                  <th scope="col">{t('ledgerCheck.breachCount')}</th>
                </tr>
              </thead>
              <tbody>
                {checks.data.runs.map((run) => (
                  <tr key={run.id}>
                    <Cell label={startedLabel} header>
                      <Time iso={run.startedAt} market={market} />
                    </Cell>
                    <Cell label={t('ledgerCheck.ordersChecked')}>{run.ordersChecked}</Cell>
                    <Cell label={t('ledgerCheck.breachCount')}>{run.breachCount}</Cell>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
