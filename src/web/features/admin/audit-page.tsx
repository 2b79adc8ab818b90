import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../lib/use-translation.tsx';
import { adminKeys, fetchAudit, useStaffSession } from './admin-api.ts';
import { AdminListPage, pageParam } from './admin-list-page.tsx';
import { AdminOnly, Cell, Time, useUrlFilters } from './admin-ui.tsx';
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
  const { params } = useUrlFilters();
  const page = pageParam(params);
  const audit = useQuery({
    queryKey: adminKeys.audit(page),
    queryFn: () => fetchAudit(page),
    placeholderData: keepPreviousData,
  });
  const at = t('audit.at', { zone: t(`timeZones.${market}`) });

  return (
    <AdminListPage title={title} appTitle={t('app.title')} list={audit} emptyText={t('audit.empty')}>
      {(items) => (
        <div className="admin-table-wrap">
          <table className="admin-table admin-table-cards">
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{at}</th>
                <th scope="col">{t('audit.staff')}</th>
                <th scope="col">{t('audit.action')}</th>
                <th scope="col">{t('audit.target')}</th>
                <th scope="col">{t('audit.detail')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((row) => (
                <tr key={row.id}>
                  <Cell label={at}>
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
      )}
    </AdminListPage>
  );
}
