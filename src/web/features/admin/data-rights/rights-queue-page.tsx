import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { QueueFilter, RightKind } from '../../../../shared/contract/data-rights.ts';
import { isMarket, type Market } from '../../../../shared/markets.ts';
import { useTranslation } from '../../../lib/use-translation.tsx';
import { useStaffSession } from '../admin-api.ts';
import { AdminListPage, DeadlineQueueTable, pageParam } from '../admin-list-page.tsx';
import { ADMIN_ROUTES } from '../admin-paths.ts';
import { marketChoices, SelectField, Time, useUrlFilters } from '../admin-ui.tsx';
import { fetchRightsQueue, KINDS, type RightsFilters, rightsKeys, STATUSES } from './rights-api.ts';
import { OverdueBadge, RightsStatusBadge } from './rights-ui.tsx';
import '../admin.css';

function readFilters(params: URLSearchParams, markets: readonly Market[]): RightsFilters {
  const market = params.get('market')?.toUpperCase();
  const status = params.get('status') ?? '';
  const kind = params.get('kind') ?? '';
  return {
    // Only one of the operator's markets; a lone market is always that one.
    market:
      isMarket(market) && markets.includes(market) ? market : markets.length === 1 ? markets[0] : undefined,
    status: ['open', 'all', ...STATUSES].includes(status) ? (status as QueueFilter) : 'open',
    kind: (KINDS as string[]).includes(kind) ? (kind as RightKind) : undefined,
    overdue: params.get('overdue') === '1',
    page: pageParam(params),
  };
}

/**
 * The data-rights queue (decision 035): the operator's markets, the oldest deadline first so the most
 * urgent heads it, overdue ones flagged in words; filters kept in the address.
 */
export function RightsQueuePage() {
  const { t } = useTranslation('dataRightsAdmin');
  const { t: tAdmin } = useTranslation('admin');
  const { staff } = useStaffSession();
  const { params, setFilter } = useUrlFilters();
  const filters = readFilters(params, staff.markets);
  const queue = useQuery({
    queryKey: rightsKeys.queue(filters),
    queryFn: () => fetchRightsQueue(filters),
    // Changing a filter keeps the old rows on screen until the new ones arrive, instead of a blank flash.
    placeholderData: keepPreviousData,
  });
  const overdueId = useId();
  const title = t('title');

  return (
    <AdminListPage
      title={title}
      appTitle={tAdmin('app.title')}
      list={queue}
      emptyText={t('empty')}
      totalText={(count) => t('total', { count })}
      filters={
        <>
          <SelectField
            label={tAdmin('filters.market')}
            value={filters.market ?? ''}
            choices={marketChoices(staff.markets, tAdmin)}
            onChange={(v) => setFilter('market', v)}
            disabled={staff.markets.length === 1}
          />
          <SelectField
            label={t('filters.status')}
            value={filters.status}
            choices={[
              { value: 'open', label: t('filters.open') },
              ...STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) })),
              { value: 'all', label: t('filters.all') },
            ]}
            // Open is the default, so it needs no parameter.
            onChange={(v) => setFilter('status', v === 'open' ? '' : v)}
          />
          <SelectField
            label={t('filters.kind')}
            value={filters.kind ?? ''}
            choices={[
              { value: '', label: t('filters.allKinds') },
              ...KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) })),
            ]}
            onChange={(v) => setFilter('kind', v)}
          />
          <div className="admin-check">
            <input
              id={overdueId}
              type="checkbox"
              checked={filters.overdue}
              onChange={(e) => setFilter('overdue', e.target.checked ? '1' : '')}
            />
            <label htmlFor={overdueId}>{t('filters.overdueOnly')}</label>
          </div>
        </>
      }
    >
      {(items) => (
        <DeadlineQueueTable
          caption={title}
          rows={items}
          idLabel={t('columns.id')}
          to={ADMIN_ROUTES.dataRightsRequest}
          openLabel={(id) => t('open', { id })}
          queueSearch={params.toString()}
          columns={[
            { label: t('columns.market'), cell: (item) => tAdmin(`markets.${item.market}`) },
            { label: t('columns.kind'), cell: (item) => t(`kinds.${item.kind}`) },
            {
              label: t('columns.borrower'),
              cell: (item) => <span className="admin-user-text">{item.borrowerName}</span>,
            },
            {
              label: t('columns.excerpt'),
              className: 'admin-excerpt',
              cell: (item) => (
                <>
                  {/* Borrower text: a React text node, never markup. */}
                  {item.excerpt ? (
                    <span className="admin-user-text">{item.excerpt}</span>
                  ) : (
                    <span className="admin-muted">{t('noDetails')}</span>
                  )}
                </>
              ),
            },
            {
              label: t('columns.created'),
              className: 'admin-nowrap',
              cell: (item) => <Time iso={item.createdAt} market={item.market} />,
            },
            {
              label: t('columns.deadline'),
              className: 'admin-nowrap',
              cell: (item) => (
                <>
                  <Time iso={item.deadlineAt} market={item.market} />
                  {item.overdue ? (
                    <span className="admin-block">
                      <OverdueBadge />
                    </span>
                  ) : null}
                </>
              ),
            },
            {
              label: t('columns.status'),
              cell: (item) => <RightsStatusBadge status={item.status} />,
            },
          ]}
        />
      )}
    </AdminListPage>
  );
}
