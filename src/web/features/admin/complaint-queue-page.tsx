import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { COMPLAINT_STATUSES, type ComplaintStatus } from '../../../shared/contract/constants.ts';
import { isMarket, type Market } from '../../../shared/markets.ts';
import { useTranslation } from '../../lib/use-translation.tsx';
import { adminKeys, fetchQueue, type QueueFilters, useStaffSession } from './admin-api.ts';
import { AdminListPage, DeadlineQueueTable, pageParam } from './admin-list-page.tsx';
import { ADMIN_ROUTES } from './admin-paths.ts';
import {
  type Choice,
  marketChoices,
  OverdueMark,
  SelectField,
  StatusBadge,
  Time,
  useUrlFilters,
} from './admin-ui.tsx';
import './admin.css';

/** `status` in the address: absent means the work still to do; `all` shows both. */
const ALL = 'all';

function readFilters(params: URLSearchParams, markets: readonly Market[]): QueueFilters {
  const market = params.get('market')?.toUpperCase();
  const status = params.get('status');
  const type = Number(params.get('type'));
  return {
    // Only one of the operator's markets; a lone market is always that one.
    market:
      isMarket(market) && markets.includes(market) ? market : markets.length === 1 ? markets[0] : undefined,
    status:
      status === ALL
        ? undefined
        : (COMPLAINT_STATUSES as readonly string[]).includes(status ?? '')
          ? (status as ComplaintStatus)
          : 'processing',
    type: Number.isInteger(type) && type > 0 ? type : undefined,
    overdue: params.get('overdue') === '1',
    page: pageParam(params),
  };
}

/** The complaint queue: filters kept in the address (so back from a complaint keeps them), a table, pages. */
export function ComplaintQueuePage() {
  const { t } = useTranslation('admin');
  const { staff } = useStaffSession();
  const { params, setFilter } = useUrlFilters();
  const filters = readFilters(params, staff.markets);
  const queue = useQuery({
    queryKey: adminKeys.queuePage(filters),
    queryFn: () => fetchQueue(filters),
    // Changing a filter keeps the old rows on screen until the new ones arrive, instead of a blank flash.
    placeholderData: keepPreviousData,
  });
  const overdueId = useId();

  const typeChoices: Choice[] = [{ value: '', label: t('filters.allTypes') }];
  for (const type of queue.data?.types ?? [])
    typeChoices.push({ value: String(type.value), label: type.title });
  if (filters.type !== undefined && !typeChoices.some((c) => c.value === String(filters.type))) {
    typeChoices.push({ value: String(filters.type), label: `#${filters.type}` });
  }

  const title = t('queue.title');
  return (
    <AdminListPage
      title={title}
      appTitle={t('app.title')}
      list={queue}
      emptyText={t('queue.empty')}
      totalText={(count) => t('queue.total', { count })}
      filters={
        <>
          <SelectField
            label={t('filters.market')}
            value={filters.market ?? ''}
            choices={marketChoices(staff.markets, t)}
            onChange={(v) => setFilter('market', v)}
            disabled={staff.markets.length === 1}
          />
          <SelectField
            label={t('filters.status')}
            value={filters.status ?? ALL}
            choices={[
              { value: 'processing', label: t('status.processing') },
              { value: 'processed', label: t('status.processed') },
              { value: ALL, label: t('filters.allStatuses') },
            ]}
            // Processing is the default, so it needs no parameter.
            onChange={(v) => setFilter('status', v === 'processing' ? '' : v)}
          />
          <SelectField
            label={t('filters.type')}
            value={filters.type === undefined ? '' : String(filters.type)}
            choices={typeChoices}
            onChange={(v) => setFilter('type', v)}
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
          to={ADMIN_ROUTES.complaint}
          openLabel={(id) => t('queue.open', { id })}
          queueSearch={params.toString()}
          columns={[
            { label: t('columns.market'), cell: (item) => t(`markets.${item.market}`) },
            {
              label: t('columns.type'),
              cell: (item) => (
                <>
                  {item.type}
                  {item.subType ? <span className="admin-muted admin-block">{item.subType}</span> : null}
                </>
              ),
            },
            {
              label: t('columns.excerpt'),
              className: 'admin-excerpt',
              cell: (item) => (
                <>
                  {/* Borrower text: a React text node, never markup. */}
                  <span className="admin-user-text">{item.excerpt}</span>
                  {item.imageCount > 0 ? (
                    <span className="admin-muted admin-block">
                      {t('queue.images', { count: item.imageCount })}
                    </span>
                  ) : null}
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
                  <Time iso={item.deadline} market={item.market} />
                  {item.overdue ? (
                    <span className="admin-block">
                      <OverdueMark />
                    </span>
                  ) : null}
                </>
              ),
            },
            {
              label: t('columns.status'),
              cell: (item) => <StatusBadge status={item.status} />,
            },
            {
              label: t('columns.score'),
              className: 'admin-nowrap',
              cell: (item) => (
                <>
                  {item.score === null ? (
                    <span className="admin-muted">{t('queue.noScore')}</span>
                  ) : (
                    t('queue.score', { score: item.score })
                  )}
                </>
              ),
            },
          ]}
        />
      )}
    </AdminListPage>
  );
}
