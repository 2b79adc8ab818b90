import { useInfiniteQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import type { AdminOrderItem } from '../../../../shared/contract/admin.ts';
import { ORDER_STATUS } from '../../../../shared/domain/order-status.ts';
import { orders as orderCopy } from '../../../../shared/i18n/orders.ts';
import { isMarket, type Market } from '../../../../shared/markets.ts';
import { addCopy } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/use-translation.tsx';
import { useStaffSession } from '../admin-api.ts';
import { FieldFoot } from '../admin-form.tsx';
import { type AdminColumn, AdminListPage, AdminTable } from '../admin-list-page.tsx';
import { ADMIN_ROUTES } from '../admin-paths.ts';
import { marketChoices, SelectField, Time, useUrlFilters } from '../admin-ui.tsx';
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
 * written form), narrowed by status; more rows on request (the API pages by cursor). The filters live
 * in the address, so the way back from an order keeps them.
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
  const queryId = useId();
  const hintId = useId();
  const title = t('orderSearch.title');

  const search = (event: FormEvent) => {
    event.preventDefault();
    setFilter('q', query.trim());
  };
  const columns: AdminColumn<AdminOrderItem>[] = [
    {
      label: t('orderSearch.columns.orderNo'),
      header: true,
      cell: (o) => (
        <Link
          className="admin-row-link"
          to={ADMIN_ROUTES.order(o.orderNo)}
          state={{ ordersSearch: params.toString() }}
          aria-label={t('orderSearch.open', { orderNo: o.orderNo })}
        >
          {o.orderNo}
        </Link>
      ),
    },
    { label: t('orderSearch.columns.market'), cell: (o) => t(`markets.${o.market}`) },
    {
      label: t('orderSearch.columns.borrower'),
      cell: (o) => (
        <>
          {/* Borrower's name: a React text node, never markup. */}
          <span className="admin-user-text">{o.borrowerName}</span>
          <span className="admin-muted admin-block">{o.borrowerPhone}</span>
        </>
      ),
    },
    { label: t('orderSearch.columns.product'), cell: (o) => o.productName },
    { label: t('orderSearch.columns.amount'), className: 'admin-nowrap', cell: (o) => o.amount },
    {
      label: t('orderSearch.columns.status'),
      cell: (o) => (
        <>
          {t(`orders:status.${o.status}`, { defaultValue: String(o.status) })}{' '}
          <span className="admin-muted">({o.status})</span>
        </>
      ),
    },
    {
      label: t('orderSearch.columns.created'),
      className: 'admin-nowrap',
      cell: (o) => <Time iso={o.createdAt} market={o.market} />,
    },
  ];

  return (
    <AdminListPage
      title={title}
      appTitle={t('app.title')}
      more={orders}
      moreText={t('orderSearch.more')}
      loadingMoreText={t('orderSearch.loadingMore')}
      emptyText={t('orderSearch.empty')}
      filters={
        <>
          <form className="admin-order-search" onSubmit={search}>
            <div className="admin-field admin-order-query">
              <label htmlFor={queryId}>{t('orderSearch.query')}</label>
              <input
                id={queryId}
                type="search"
                value={query}
                maxLength={40}
                autoComplete="off"
                aria-describedby={`${hintId}-hint`}
                onChange={(e) => setQuery(e.target.value)}
              />
              <FieldFoot id={hintId} hint={t('orderSearch.queryHint')} />
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
        </>
      }
    >
      {(items) => <AdminTable caption={title} columns={columns} rows={items} rowKey={(o) => o.orderNo} />}
    </AdminListPage>
  );
}
