import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { useTranslation } from '../../lib/use-translation.tsx';
import { PageEmpty, PageError, PageLoading } from '../../ui/page-state.tsx';
import { Pagination, useUrlFilters } from './admin-ui.tsx';
import './admin.css';

/** One page of a paged back-office list, as the admin API answers it. */
export interface PagedList<T> {
  items: readonly T[];
  page: number;
  pageSize: number;
  total: number;
}

/** The page asked for in the address: a whole number from 1, else the first. */
export function pageParam(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/**
 * The back office's list page (decision 053): its title, its filters (kept in the address by
 * `useUrlFilters`, so a reload or the way back from a row keeps them, and any change starts again at
 * page 1), then the list's state: loading, a failure with a retry, empty, or the rows with their total
 * and next/previous paging (the page in the address too). While another page or filter loads, the rows
 * shown stay on screen marked busy (the query's `placeholderData: keepPreviousData`).
 */
export function AdminListPage<T>({
  title,
  appTitle,
  filters,
  list,
  emptyText,
  totalText,
  children,
}: {
  title: string;
  /** The back office's name after the title in the tab ("Complaints · Back office"). */
  appTitle: string;
  /** The filter controls; they read and write the address through `useUrlFilters`. */
  filters?: ReactNode;
  list: UseQueryResult<PagedList<T>, Error>;
  emptyText: string;
  /** "12 complaints", when the list says how many there are in all. */
  totalText?: (total: number) => string;
  /** The rows of this page (a table, cards). */
  children: (items: readonly T[]) => ReactNode;
}) {
  const { t } = useTranslation('admin');
  const { setFilter } = useUrlFilters();
  const headingId = useId();
  return (
    <section className="admin-page" aria-labelledby={headingId}>
      <title>{`${title} · ${appTitle}`}</title>
      <h1 id={headingId}>{title}</h1>
      {filters ? (
        <search className="admin-filters" aria-label={t('filters.label')}>
          {filters}
        </search>
      ) : null}

      {list.isPending ? (
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
      )}
    </section>
  );
}
