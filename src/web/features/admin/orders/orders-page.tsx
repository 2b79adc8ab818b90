import { useInfiniteQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { ORDER_STATUS } from '../../../../shared/domain/order-status.ts';
import { orders as orderCopy } from '../../../../shared/i18n/orders.ts';
import { isMarket, type Market } from '../../../../shared/markets.ts';
import { addCopy } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/use-translation.tsx';
import { PageEmpty, PageError, PageLoading } from '../../../ui/page-state.tsx';
import { useStaffSession } from '../admin-api.ts';
import { ADMIN_ROUTES } from '../admin-paths.ts';
import { Cell, marketChoices, SelectField, Time, useUrlFilters } from '../admin-ui.tsx';
import { type OrderFilters, orderKeys, searchOrders } from './orders-api.ts';
import '../admin.css';

// Status names as borrowers see them on their order cards.
addCopy({ orders: orderCopy });

/** The statuses an order is found by: the ones the lifecycle enters (legacy codes are only shown). */
const STATUSES = [
  ORDER_STATUS.UNDER_REVIEW,
  ORDER_STATUS.DISBURSING,
  ORDER_STATUS.REJECTED,
  ORDER_STATUS.DISBURSED,
  ORDER_STATUS.DUE,
  ORDER_STATUS.OVERDUE,
  ORDER_STATUS.SETTLED,
] as const;

function readFilters(params: URLSearchParams, markets: readonly Market[]): OrderFilters {
  const market = params.get('market')?.toUpperCase();
  const status = Number(params.get('status'));
  const q = params.get('q')?.trim();
  return {
    ...(q ? { q } : {}),
    ...((STATUSES as readonly number[]).includes(status) ? { status } : {}),
    ...(isMarket(market) && markets.includes(market) && markets.length > 1 ? { market } : {}),
  };
}

/**
 * Orders of the operator's markets, newest first: found by order number or the borrower's phone (in any
 * written form), narrowed by status; more rows on request. The filters live in the address, so the way
 * back from an order keeps them.
 */
export function OrdersPage() {
  const { t } = useTranslation(['admin', 'orders']);
  const { staff } = useStaffSession();
  const { params, setFilter } = useUrlFilters();
  const filters = readFilters(params, staff.markets);
  const [query, setQuery] = useState(filters.q ?? '');
  const orders = useInfiniteQuery({
    queryKey: orderKeys.search(filters),
    queryFn: ({ pageParam }) => searchOrders(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const headingId = useId();
  const queryId = useId();
  const hintId = useId();
  const title = t('orderSearch.title');

  const search = (event: FormEvent) => {
    event.preventDefault();
    setFilter('q', query.trim());
  };
  const items = orders.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <section className="admin-page" aria-labelledby={headingId}>
      <title>{`${title} · ${t('app.title')}`}</title>
      <h1 id={headingId}>{title}</h1>

      <search className="admin-filters" aria-label={t('filters.label')}>
        <form className="admin-order-search" onSubmit={search}>
          <div className="admin-field admin-order-query">
            <label htmlFor={queryId}>{t('orderSearch.query')}</label>
            <input
              id={queryId}
              type="search"
              value={query}
              maxLength={40}
              autoComplete="off"
              aria-describedby={hintId}
              onChange={(e) => setQuery(e.target.value)}
            />
            <p id={hintId} className="admin-hint admin-muted">
              {t('orderSearch.queryHint')}
            </p>
          </div>
          <button type="submit" className="admin-button admin-button-primary">
            {t('orderSearch.search')}
          </button>
        </form>
        <SelectField
          label={t('filters.status')}
          value={filters.status === undefined ? '' : String(filters.status)}
          choices={[
            { value: '', label: t('orderSearch.allStatuses') },
            ...STATUSES.map((s) => ({ value: String(s), label: `${t(`orders:status.${s}`)} (${s})` })),
          ]}
          onChange={(v) => setFilter('status', v)}
        />
        {staff.markets.length > 1 ? (
          <SelectField
            label={t('filters.market')}
            value={filters.market ?? ''}
            choices={marketChoices(staff.markets, t)}
            onChange={(v) => setFilter('market', v)}
          />
        ) : null}
      </search>

      {orders.isPending ? (
        <PageLoading />
      ) : orders.isError && items.length === 0 ? (
        <PageError message={orders.error.message} onRetry={() => void orders.refetch()} />
      ) : items.length === 0 ? (
        <PageEmpty text={t('orderSearch.empty')} />
      ) : (
        <>
          <div className="admin-table-wrap">
            <table className="admin-table admin-table-cards">
              <caption className="visually-hidden">{title}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('orderSearch.columns.orderNo')}</th>
                  <th scope="col">{t('orderSearch.columns.market')}</th>
                  <th scope="col">{t('orderSearch.columns.borrower')}</th>
                  <th scope="col">{t('orderSearch.columns.product')}</th>
                  <th scope="col">{t('orderSearch.columns.amount')}</th>
                  <th scope="col">{t('orderSearch.columns.status')}</th>
                  <th scope="col">{t('orderSearch.columns.created')}</th>
                </tr>
              </thead>
              <tbody>
                {items.map((o) => (
                  <tr key={o.orderNo}>
                    <Cell header label={t('orderSearch.columns.orderNo')}>
                      <Link
                        className="admin-row-link"
                        to={ADMIN_ROUTES.order(o.orderNo)}
                        state={{ ordersSearch: params.toString() }}
                        aria-label={t('orderSearch.open', { orderNo: o.orderNo })}
                      >
                        {o.orderNo}
                      </Link>
                    </Cell>
                    <Cell label={t('orderSearch.columns.market')}>{t(`markets.${o.market}`)}</Cell>
                    <Cell label={t('orderSearch.columns.borrower')}>
                      {/* Borrower's name: a React text node, never markup. */}
                      <span className="admin-user-text">{o.borrowerName}</span>
                      <span className="admin-muted admin-block">{o.borrowerPhone}</span>
                    </Cell>
                    <Cell label={t('orderSearch.columns.product')}>{o.productName}</Cell>
                    <Cell label={t('orderSearch.columns.amount')} className="admin-nowrap">
                      {o.amount}
                    </Cell>
                    <Cell label={t('orderSearch.columns.status')}>
                      {t(`orders:status.${o.status}`, { defaultValue: String(o.status) })}{' '}
                      <span className="admin-muted">({o.status})</span>
                    </Cell>
                    <Cell label={t('orderSearch.columns.created')} className="admin-nowrap">
                      <Time iso={o.createdAt} market={o.market} />
                    </Cell>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {orders.isFetchNextPageError ? (
            <PageError message={orders.error?.message} onRetry={() => void orders.fetchNextPage()} />
          ) : orders.hasNextPage ? (
            <div className="admin-pagination">
              <button
                type="button"
                className="admin-button"
                disabled={orders.isFetchingNextPage}
                onClick={() => void orders.fetchNextPage()}
              >
                {orders.isFetchingNextPage ? t('orderSearch.loadingMore') : t('orderSearch.more')}
              </button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
