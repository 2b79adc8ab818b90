import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../lib/use-translation.tsx';
import { PageEmpty, PageError, PageLoading } from '../../ui/page-state.tsx';
import { adminKeys, fetchAudit, useStaffSession } from './admin-api.ts';
import { AdminOnly, Cell, Pagination, Time } from './admin-ui.tsx';
import './admin.css';

/** Who did what and when: sign-ins, replies, content changes (admins only; kept at least a year). */
export function AuditPage() {
  const { t } = useTranslation('admin');
  const { staff } = useStaffSession();
  const title = t('audit.title');
  if (staff.role !== 'admin') return <AdminOnly title={title} />;
  // Staff act across markets; one time zone for the whole log keeps the order readable.
  return <AuditLog title={title} market={staff.markets[0] ?? 'IN'} />;
}

function AuditLog({ title, market }: { title: string; market: 'IN' | 'ID' }) {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('page'));
  const page = Number.isInteger(raw) && raw > 0 ? raw : 1;
  const audit = useQuery({
    queryKey: adminKeys.audit(page),
    queryFn: () => fetchAudit(page),
    placeholderData: keepPreviousData,
  });

  return (
    <section className="admin-page">
      <title>{`${title} · ${t('app.title')}`}</title>
      <h1>{title}</h1>
      {audit.isPending ? (
        <PageLoading />
      ) : audit.isError ? (
        <PageError message={audit.error.message} onRetry={() => void audit.refetch()} />
      ) : audit.data.items.length === 0 ? (
        <PageEmpty text={t('audit.empty')} />
      ) : (
        <div aria-busy={audit.isPlaceholderData}>
          <div className="admin-table-wrap">
            <table className="admin-table admin-table-cards">
              <caption className="visually-hidden">{title}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('audit.at', { zone: t(`timeZones.${market}`) })}</th>
                  <th scope="col">{t('audit.staff')}</th>
                  <th scope="col">{t('audit.action')}</th>
                  <th scope="col">{t('audit.target')}</th>
                  <th scope="col">{t('audit.detail')}</th>
                </tr>
              </thead>
              <tbody>
                {audit.data.items.map((row) => (
                  <tr key={row.id}>
                    <Cell label={t('audit.at', { zone: t(`timeZones.${market}`) })}>
                      <Time iso={row.at} market={market} />
                    </Cell>
                    <Cell label={t('audit.staff')}>{row.staff ?? t('audit.nobody')}</Cell>
                    <Cell label={t('audit.action')}>
                      <code>{row.action}</code>
                    </Cell>
                    <Cell label={t('audit.target')}>{row.target}</Cell>
                    {/* The detail may quote what someone typed (a sign-in e-mail): text only. */}
                    <Cell label={t('audit.detail')} className="admin-user-text">
                      {row.detail}
                    </Cell>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            page={audit.data.page}
            pageSize={audit.data.pageSize}
            total={audit.data.total}
            onPage={(next) => setParams(next > 1 ? { page: String(next) } : {})}
          />
        </div>
      )}
    </section>
  );
}
