import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../lib/use-translation.tsx';
import { adminKeys, fetchAudit, useStaffSession } from './admin-api.ts';
import { AdminListPage, AdminTable, pageParam } from './admin-list-page.tsx';
import { AdminOnly, Time, useUrlFilters } from './admin-ui.tsx';
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
        <AdminTable
          caption={title}
          rows={items}
          rowKey={(row) => row.id}
          columns={[
            {
              label: at,
              cell: (row) => <Time iso={row.at} market={market} />,
            },
            { label: t('audit.staff'), cell: (row) => row.staff ?? t('audit.nobody') },
            {
              label: t('audit.action'),
              cell: (row) => <code>{row.action}</code>,
            },
            { label: t('audit.target'), cell: (row) => row.target },
            // The detail may quote what someone typed (a sign-in e-mail): text only.
            { label: t('audit.detail'), className: 'admin-user-text', cell: (row) => row.detail },
          ]}
        />
      )}
    </AdminListPage>
  );
}
