import { type InfiniteData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { DotLoading, Tabs } from 'antd-mobile';
import { type ReactNode, useEffect, useEffectEvent, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ProblemList } from '../../../shared/contract/complaints.ts';
import { COMPLAINT_STATUSES, type ComplaintStatus, countLabel } from '../../../shared/contract/constants.ts';
import { formatDateTime } from '../../../shared/domain/time.ts';
import { isLang, type Lang, type Market } from '../../../shared/markets.ts';
import { H5_PATHS } from '../../../shared/routes.ts';
import { sessionLang, sessionMarket } from '../../lib/session-params.ts';
import { useTranslation } from '../../lib/use-translation.tsx';
import { PageEmpty, PageError } from '../../ui/page-state.tsx';
import { SkeletonBlock, SkeletonLines, SkeletonRegion } from '../../ui/skeleton.tsx';
import { complaintKeys, listTabParam, problemListQuery } from './complaint-api.ts';
import './complaint-list-page.css';

/** How far below the visible end the next page starts loading, so it is usually there in time. */
const NEAR_END_MARGIN = '0px 0px 400px 0px';

/**
 * The borrower's complaints in two tabs (spec §2), each paged on its own (`problem-list` with a cursor,
 * newest first). The open tab is kept in the address (`tab`), so coming back from a complaint's details
 * lands on the same tab; the route's loader has already asked for that tab's first page.
 */
export function ComplaintListPage() {
  const { t, i18n } = useTranslation(['complaints', 'common']);
  const lang = isLang(i18n.language) ? i18n.language : sessionLang();
  const market = sessionMarket();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const active = listTabParam(params);
  const current = useInfiniteQuery(problemListQuery(active));
  const title = t('screens.list.title');

  // Every page counts both tabs. Until the open tab's first page is in, the other tab's (when this
  // visit loaded it) still knows the counts, so the titles do not blink while switching.
  const other = COMPLAINT_STATUSES.find((s) => s !== active)!;
  const counts =
    current.data?.pages.at(-1)?.tabs ??
    queryClient.getQueryData<InfiniteData<ProblemList>>(complaintKeys.list(other))?.pages.at(-1)?.tabs;
  const tabTitle = (status: ComplaintStatus) => {
    const label = t(`screens.list.tabs.${status}`);
    const count = counts?.find((tab) => tab.status === status)?.count;
    return count === undefined ? label : `${label} (${countLabel(count)})`;
  };

  return (
    <main className="shell-page complaint-list">
      <title>{title}</title>
      <h1>{title}</h1>
      <Tabs
        activeKey={active}
        onChange={(key) =>
          setParams(
            (prev) => {
              const next = new URLSearchParams(prev);
              next.set('tab', key);
              return next;
            },
            { replace: true },
          )
        }
        className="complaint-list-tabs"
      >
        {COMPLAINT_STATUSES.map((status) => (
          // antd mounts a tab's content the first time it opens, so each tab asks for its pages then.
          <Tabs.Tab key={status} title={tabTitle(status)}>
            <ComplaintTab status={status} lang={lang} market={market} />
          </Tabs.Tab>
        ))}
      </Tabs>
    </main>
  );
}

function ComplaintTab({ status, lang, market }: { status: ComplaintStatus; lang: Lang; market: Market }) {
  const { t } = useTranslation(['complaints', 'common']);
  const list = useInfiniteQuery(problemListQuery(status));

  if (list.data === undefined) {
    if (list.isError)
      return (
        <PageError
          message={`${t('screens.list.loadError')} ${list.error.message}`}
          onRetry={() => void list.refetch()}
        />
      );
    return <ListSkeleton label={t('screens.list.loading')} />;
  }

  const items = uniqueItems(list.data.pages);
  if (items.length === 0) {
    return (
      <PageEmpty text={t(`screens.list.empty.${status}`)}>
        <Link className="shell-button complaint-list-new" to={H5_PATHS.complaint}>
          {t('screens.list.newComplaint')}
        </Link>
      </PageEmpty>
    );
  }

  let footer: ReactNode = null;
  // A refetch (after a save or a rating) re-reads the pages already shown: the next page waits for it.
  if (list.isFetchingNextPage || list.isRefetching) {
    footer = (
      <div className="complaint-list-footer" role="status">
        <DotLoading color="primary" />
        <span>{t('screens.list.loadingMore')}</span>
      </div>
    );
  } else if (list.isFetchNextPageError) {
    // What is shown stays; only the page that failed is asked for again.
    footer = (
      <div className="complaint-list-footer" role="alert">
        <span>{t('screens.list.moreFailed')}</span>
        <button type="button" className="shell-button" onClick={() => void list.fetchNextPage()}>
          {t('common:actions.retry')}
        </button>
      </div>
    );
  } else if (list.hasNextPage) {
    footer = <LoadMore label={t('screens.list.loadMore')} onLoad={() => void list.fetchNextPage()} />;
  } else if (list.data.pages.length > 1) {
    // Only after paging: under a list that fitted on one page, the line would say nothing new.
    footer = <p className="complaint-list-footer complaint-list-end">{t('screens.list.end')}</p>;
  }

  return (
    <>
      <ul className="complaint-list-items">
        {items.map((item) => (
          <li key={item.id}>
            <Link
              className="complaint-list-item"
              to={`${H5_PATHS.complaintDetails}?${new URLSearchParams({ problemId: String(item.id) })}`}
            >
              <span className="complaint-list-item-head">
                <span className="complaint-list-item-type">{item.type}</span>
                {item.isScore === 1 ? (
                  <span className="complaint-list-rate">{t('screens.list.rate')}</span>
                ) : null}
              </span>
              <span className="complaint-list-item-content">{item.content}</span>
              <time className="complaint-list-item-time" dateTime={item.time}>
                {formatDateTime(item.time, lang, market)}
              </time>
            </Link>
          </li>
        ))}
      </ul>
      {footer}
    </>
  );
}

/**
 * Pages in order, each complaint once: the cursor is a keyset, so pages never overlap, but a complaint
 * that moved tabs between two page loads must not show twice (nor trip React's keys).
 */
function uniqueItems(pages: readonly ProblemList[]): ProblemList['list'] {
  const seen = new Set<number>();
  return pages.flatMap((page) =>
    page.list.filter((item) => {
      if (seen.has(item.id)) return false;
      seen.add(item.id);
      return true;
    }),
  );
}

/**
 * The end of what is loaded: asks for the next page once it comes within reach of the viewport. It is
 * also a real button, for a web view without IntersectionObserver and for keyboard users. Mounted
 * afresh after each page, so a short page that leaves it in view asks for the next one straight away.
 */
function LoadMore({ label, onLoad }: { label: string; onLoad: () => void }) {
  const ref = useRef<HTMLButtonElement>(null);
  const load = useEffectEvent(onLoad);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          load();
        }
      },
      { rootMargin: NEAR_END_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <div className="complaint-list-footer">
      <button ref={ref} type="button" className="complaint-list-more" onClick={onLoad}>
        {label}
      </button>
    </div>
  );
}

/** The tab's frame while its first page is on the way: cards shaped like the complaints to come. */
function ListSkeleton({ label }: { label: string }) {
  return (
    <SkeletonRegion label={label}>
      <ul className="complaint-list-items">
        {[0, 1, 2].map((n) => (
          <li key={n} className="complaint-list-item">
            <SkeletonBlock width="45%" height="1.25rem" />
            <SkeletonLines lines={2} />
            <SkeletonBlock width="35%" height="0.875rem" />
          </li>
        ))}
      </ul>
    </SkeletonRegion>
  );
}
