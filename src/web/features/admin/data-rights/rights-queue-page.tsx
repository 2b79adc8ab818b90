import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router';
import type { QueueFilter, RightKind } from '../../../../shared/contract/data-rights.ts';
import { isMarket, type Market } from '../../../../shared/markets.ts';
import { useTranslation } from '../../../lib/use-translation.tsx';
import { useStaffSession } from '../admin-api.ts';
import { AdminListPage, pageParam } from '../admin-list-page.tsx';
import { ADMIN_ROUTES } from '../admin-paths.ts';
import { Cell, marketChoices, SelectField, Time, useUrlFilters } from '../admin-ui.tsx';
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
        <div className="admin-table-wrap">
          <table className="admin-table admin-table-cards">
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{t('columns.id')}</th>
                <th scope="col">{t('columns.market')}</th>
                <th scope="col">{t('columns.kind')}</th>
                <th scope="col">{t('columns.borrower')}</th>
                <th scope="col">{t('columns.excerpt')}</th>
                <th scope="col">{t('columns.created')}</th>
                <th scope="col">{t('columns.deadline')}</th>
                <th scope="col">{t('columns.status')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.id} className={item.overdue ? 'admin-row-overdue' : undefined}>
                  <Cell header label={t('columns.id')}>
                    <Link
                      className="admin-row-link"
                      to={ADMIN_ROUTES.dataRightsRequest(item.id)}
                      state={{ queueSearch: params.toString() }}
                      aria-label={t('open', { id: item.id })}
                    >
                      #{item.id}
                    </Link>
                  </Cell>
                  <Cell label={t('columns.market')}>{tAdmin(`markets.${item.market}`)}</Cell>
                  <Cell label={t('columns.kind')}>{t(`kinds.${item.kind}`)}</Cell>
                  <Cell label={t('columns.borrower')}>
                    <span className="admin-user-text">{item.borrowerName}</span>
                  </Cell>
                  <Cell label={t('columns.excerpt')} className="admin-excerpt">
                    {/* Borrower text: a React text node, never markup. */}
                    {item.excerpt ? (
                      <span className="admin-user-text">{item.excerpt}</span>
                    ) : (
                      <span className="admin-muted">{t('noDetails')}</span>
                    )}
                  </Cell>
                  <Cell label={t('columns.created')} className="admin-nowrap">
                    <Time iso={item.createdAt} market={item.market} />
                  </Cell>
                  <Cell label={t('columns.deadline')} className="admin-nowrap">
                    <Time iso={item.deadlineAt} market={item.market} />
                    {item.overdue ? (
                      <span className="admin-block">
                        <OverdueBadge />
                      </span>
                    ) : null}
                  </Cell>
                  <Cell label={t('columns.status')}>
                    <RightsStatusBadge status={item.status} />
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
