import { type UseQueryOptions, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { isNetworkFailure, isNotFound } from '../../lib/api-query.ts';
import { sendBridge } from '../../lib/bridge.ts';
import { useLoanChanges } from '../../lib/loan-freshness.ts';
import { useRetryWhenOnline } from '../../lib/use-retry-when-online.ts';
import { useTranslation } from '../../lib/use-translation.tsx';
import { PageEmpty, PageError } from '../../ui/page-state.tsx';
import { detailsPath } from './installment-selection.ts';
import { orderIdParam, productIdParam } from './plan-queries.ts';

/**
 * What the plan and the extension offer share: the order of the address, the screen's first query (the
 * route's loader may have asked already: same key, call and retry rule), the way back, and the states
 * before the data (not found, loading, failed with a retry, offline and back online).
 */
export function RepayScreen<T>({
  className,
  title: ownTitle,
  query,
  skeleton,
  children,
}: {
  className: string;
  /** The screen's title when it is not the plan's ("Detail Tagihan"). */
  title?: string;
  query: (orderNo: string) => UseQueryOptions<T, Error, T, readonly unknown[]>;
  skeleton: ReactNode;
  children: (data: T, detailsTo: string) => ReactNode;
}) {
  const { t } = useTranslation('repaymentPlan');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const validOrder = orderIdParam(params);
  const productId = productIdParam(params);
  const result = useQuery({ ...query(validOrder ?? ''), enabled: validOrder !== null });
  const offline = result.isError && isNetworkFailure(result.error);
  const { refetch } = result;
  useRetryWhenOnline(offline, refetch);
  // A payment made in another tab of the app reaches the plan without a reload (issue 29).
  useLoanChanges();

  const back = () => {
    // react-router marks the first page of this web view 'default': there is nothing of ours behind it.
    if (location.key !== 'default') void navigate(-1);
    else if (validOrder !== null) void navigate(detailsPath(validOrder, productId), { replace: true });
    else sendBridge({ type: 'goHome' });
  };

  const title = ownTitle ?? t('title');
  const page = (body: ReactNode) => (
    <main className={`shell-page repay ${className}`.trim()}>
      <title>{title}</title>
      <button type="button" className="repay-back" onClick={back}>
        <span aria-hidden="true">‹ </span>
        {t('back')}
      </button>
      <h1>{title}</h1>
      {body}
    </main>
  );
  const notFound = (
    <PageEmpty text={t('states.notFound')}>
      <button type="button" className="shell-button" onClick={() => sendBridge({ type: 'goHome' })}>
        {t('states.home')}
      </button>
    </PageEmpty>
  );

  if (validOrder === null) return page(notFound);
  if (result.isPending) return page(skeleton);
  if (result.isError) {
    // Another borrower's order answers the same 404 as none at all (security baseline 8.2.2).
    if (isNotFound(result.error)) return page(notFound);
    const message = offline ? t('states.offline') : `${t('states.loadError')} ${result.error.message}`;
    return page(<PageError message={message.trim()} onRetry={() => void refetch()} />);
  }
  return page(children(result.data, detailsPath(validOrder, productId)));
}
