import { useInfiniteQuery } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import type { OrderListItem } from '../../../shared/contract/loans.ts';
import { myLoans } from '../../../shared/i18n/my-loans.ts';
import { H5_PATHS, withQuery } from '../../../shared/routes.ts';
import { isNetworkFailure } from '../../lib/api-query.ts';
import { addCopy } from '../../lib/i18n.ts';
import { useRetryWhenOnline } from '../../lib/use-retry-when-online.ts';
import { useTranslation } from '../../lib/use-translation.tsx';
import { PageEmpty, PageError } from '../../ui/page-state.tsx';
import { SkeletonBlock, SkeletonRegion } from '../../ui/skeleton.tsx';
import { myLoansQuery } from './my-loans-queries.ts';
import './my-loans-page.css';

addCopy({ myLoans });

/**
 * My loans (`/myLoans`, issue 30): every order of the borrower, the current ones (under review, being
 * paid out, repaying; the overdue and the due before the rest, the server's order) first, each with its status, amount and, while it is repaid, the next payment and
 * how late it is; a card opens the loan's details. The figures are the server's (the loan account's,
 * decision 048): the screen shows, it does not count.
 */
export function MyLoansPage() {
  const { t } = useTranslation('myLoans');
  const list = useInfiniteQuery(myLoansQuery());
  const offline = list.isError && isNetworkFailure(list.error);
  useRetryWhenOnline(offline, list.refetch);
  const title = t('title');
  const page = (body: ReactNode) => (
    <main className="shell-page my-loans">
      <title>{title}</title>
      <h1>{title}</h1>
      {body}
    </main>
  );

  if (list.isPending)
    return page(
      <SkeletonRegion label={t('loading')}>
        <SkeletonBlock height="132px" />
        <SkeletonBlock height="132px" />
        <SkeletonBlock height="132px" />
      </SkeletonRegion>,
    );
  if (list.isError)
    return page(
      <PageError message={offline ? t('offline') : t('loadError')} onRetry={() => void list.refetch()} />,
    );
  const items = list.data.pages.flatMap((p) => p.items);
  if (items.length === 0)
    return page(
      <PageEmpty text={t('empty')}>
        <Link className="shell-button" to={H5_PATHS.relevant}>
          {t('products')}
        </Link>
      </PageEmpty>,
    );
  const open = items.filter((i) => i.open);
  const closed = items.filter((i) => !i.open);
  return page(
    <>
      {open.length > 0 ? <LoanGroup heading={t('open')} items={open} /> : null}
      {closed.length > 0 ? <LoanGroup heading={t('closed')} items={closed} /> : null}
      {list.hasNextPage ? (
        <button
          type="button"
          className="my-loans-more"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {list.isFetchingNextPage ? t('loadingMore') : t('more')}
        </button>
      ) : null}
    </>,
  );
}

function LoanGroup({ heading, items }: { heading: string; items: OrderListItem[] }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="my-loans-heading">
        {heading}
      </h2>
      <ul className="my-loans-list">
        {items.map((item) => (
          <li key={item.orderNo}>
            <LoanCard item={item} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function LoanCard({ item }: { item: OrderListItem }) {
  const { t } = useTranslation('myLoans');
  const late = item.daysOverdue > 0;
  return (
    <Link
      className="my-loans-card"
      to={withQuery(H5_PATHS.loanDetails, { orderId: item.orderNo, productId: item.productId })}
      aria-label={t('details', { product: item.productName, amount: item.amountText })}
    >
      <span className="my-loans-top">
        {item.productLogo ? <img src={item.productLogo} alt="" width={32} height={32} /> : null}
        <span className="my-loans-product">{item.productName}</span>
        <span
          className={`my-loans-status${late ? ' my-loans-status-late' : item.open ? '' : ' my-loans-status-closed'}`}
        >
          {item.statusText}
        </span>
      </span>
      <span className="my-loans-amount">{item.amountText}</span>
      {item.nextDue ? (
        <span className="my-loans-next">
          <span>{t('nextDue')}</span>
          <strong>
            {item.nextDue.dayText
              ? t('nextDueOn', { amount: item.nextDue.amountText, date: item.nextDue.dayText })
              : item.nextDue.amountText}
          </strong>
        </span>
      ) : null}
      {late ? <span className="my-loans-late">{item.overdueText}</span> : null}
      <span className="my-loans-meta">
        {t('appliedOn', { date: item.appliedOnText })} · {item.orderNo}
      </span>
    </Link>
  );
}
