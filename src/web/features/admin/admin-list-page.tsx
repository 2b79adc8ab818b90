import type { InfiniteData, UseInfiniteQueryResult, UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/use-translation.tsx';
import { PageEmpty, PageError, PageLoading } from '../../ui/page-state.tsx';
import { Cell, Pagination, useUrlFilters } from './admin-ui.tsx';
import './admin.css';

/** One page of a paged back-office list, as the admin API answers it. */
export interface PagedList<T> {
  items: readonly T[];
  page: number;
  pageSize: number;
  total: number;
}

/** One page of a list the admin API pages by cursor (orders, reconciliation): only its rows matter here. */
export interface CursorPage<T> {
  items: readonly T[];
}

/** The page asked for in the address: a whole number from 1, else the first. */
export function pageParam(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/**
 * The list's rows: numbered pages (`list`, with their total and the pager, the page in the address) or
 * pages by cursor (`more`, whose next rows are added below on request: "More").
 */
type ListSource<T> =
  | {
      list: UseQueryResult<PagedList<T>, Error>;
      /** "12 complaints", when the list says how many there are in all. */
      totalText?: (total: number) => string;
      more?: undefined;
    }
  | {
      more: UseInfiniteQueryResult<InfiniteData<CursorPage<T>, unknown>, Error>;
      moreText: string;
      loadingMoreText: string;
      list?: undefined;
    };

/**
 * The back office's list page (decision 053): its title, its filters (kept in the address by
 * `useUrlFilters`, so a reload or the way back from a row keeps them, and any change starts again at
 * page 1), then the list's state: loading, a failure with a retry, empty, or the rows, then the way to
 * the next ones: the total and next/previous paging (the page in the address too) for a numbered list,
 * "More" for a list by cursor. While another page or filter loads, the rows shown stay on screen marked
 * busy (the query's `placeholderData: keepPreviousData`).
 */
export function AdminListPage<T>(
  props: {
    title: string;
    /** The back office's name after the title in the tab ("Complaints · Back office"). */
    appTitle: string;
    /** The heading's id, for a page that moves the focus back to it. */
    headingId?: string;
    /** Under the title, before the filters: what the page is for, the page's own alert. */
    intro?: ReactNode;
    /** The filter controls; they read and write the address through `useUrlFilters`. */
    filters?: ReactNode;
    emptyText: string;
    /** The rows on screen (a table, cards). */
    children: (items: readonly T[]) => ReactNode;
    /** After the list: the page's own sections. */
    after?: ReactNode;
  } & ListSource<T>,
) {
  const { title, appTitle, intro, filters, emptyText, children, after } = props;
  const { t } = useTranslation('admin');
  const { setFilter } = useUrlFilters();
  const ownId = useId();
  const headingId = props.headingId ?? ownId;

  let body: ReactNode;
  if (props.list) {
    const { list, totalText } = props;
    body = list.isPending ? (
      <PageLoading />
    ) : list.isError ? (
      <PageError message={list.error.message} onRetry={() => void list.refetch()} />
    ) : list.data.items.length === 0 ? (
      <PageEmpty text={emptyText} />
    ) : (
      <div aria-busy={list.isPlaceholderData}>
        {totalText ? (
          <p className="admin-muted" aria-live="polite">
            {totalText(list.data.total)}
          </p>
        ) : null}
        {children(list.data.items)}
        <Pagination
          page={list.data.page}
          pageSize={list.data.pageSize}
          total={list.data.total}
          onPage={(page) => setFilter('page', page > 1 ? String(page) : '')}
        />
      </div>
    );
  } else {
    const { more, moreText, loadingMoreText } = props;
    const items = more.data?.pages.flatMap((p) => p.items) ?? [];
    body = more.isPending ? (
      <PageLoading />
    ) : more.isError && items.length === 0 ? (
      <PageError message={more.error.message} onRetry={() => void more.refetch()} />
    ) : items.length === 0 ? (
      <PageEmpty text={emptyText} />
    ) : (
      <div aria-busy={more.isPlaceholderData}>
        {children(items)}
        {more.isFetchNextPageError ? (
          <PageError message={more.error?.message} onRetry={() => void more.fetchNextPage()} />
        ) : more.hasNextPage ? (
          <div className="admin-pagination">
            <button
              type="button"
              className="admin-button"
              disabled={more.isFetchingNextPage}
              onClick={() => void more.fetchNextPage()}
            >
              {more.isFetchingNextPage ? loadingMoreText : moreText}
            </button>
          </div>
        ) : null}
      </div>
    );
  }

  return (
    <section className="admin-page" aria-labelledby={headingId}>
      <title>{`${title} · ${appTitle}`}</title>
      <h1 id={headingId} tabIndex={-1}>
        {title}
      </h1>
      {intro}
      {filters ? (
        <search className="admin-filters" aria-label={t('filters.label')}>
          {filters}
        </search>
      ) : null}
      {body}
      {after}
    </section>
  );
}

/** One column of an `AdminTable`: its heading, and what a row shows in it. */
export interface AdminColumn<T> {
  label: string;
  /** The row's own header cell (the one with its link). */
  header?: boolean;
  className?: string;
  cell: (row: T) => ReactNode;
}

/**
 * Every back-office table (the lists, an order's history and payments): the columns described once,
 * drawn as a table on a wide screen and as one card per row on a phone (each cell labelled by its
 * column, `admin-table-cards`). Text of borrowers and staff goes in as text nodes, never markup.
 */
export function AdminTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  rowClassName,
}: {
  /** The table's name for assistive technology (hidden: the page's heading shows it). */
  caption: string;
  columns: readonly AdminColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  rowClassName?: (row: T) => string | undefined;
}) {
  return (
    <div className="admin-table-wrap">
      <table className="admin-table admin-table-cards">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.label} scope="col">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className={rowClassName?.(row)}>
              {columns.map((c) => (
                <Cell key={c.label} header={c.header} label={c.label} className={c.className}>
                  {c.cell(row)}
                </Cell>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A queue worked by deadline (complaints, data-rights requests): each row headed by its number, a link to
 * its page that keeps the queue's filters for the way back, and overdue rows marked.
 */
export function DeadlineQueueTable<T extends { id: number; overdue: boolean }>({
  caption,
  rows,
  idLabel,
  to,
  openLabel,
  queueSearch,
  columns,
}: {
  caption: string;
  rows: readonly T[];
  idLabel: string;
  /** The row's page. */
  to: (id: number) => string;
  /** The link's name ("Open complaint 12"). */
  openLabel: (id: number) => string;
  /** The queue's address query, handed to the row's page for its way back. */
  queueSearch: string;
  /** The columns after the number. */
  columns: readonly AdminColumn<T>[];
}) {
  return (
    <AdminTable
      caption={caption}
      rows={rows}
      rowKey={(item) => item.id}
      rowClassName={(item) => (item.overdue ? 'admin-row-overdue' : undefined)}
      columns={[
        {
          label: idLabel,
          header: true,
          cell: (item) => (
            <Link
              className="admin-row-link"
              to={to(item.id)}
              state={{ queueSearch }}
              aria-label={openLabel(item.id)}
            >
              #{item.id}
            </Link>
          ),
        },
        ...columns,
      ]}
    />
  );
}
