import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * A payment's outcome reaches every screen that shows the loan without a reload (issue 29, decision 057).
 * The screens' queries name the order in their keys (`['loan-details', orderNo]`, `['repayment', 'plan',
 * orderNo]`, receipts…), so a credited payment marks every query naming the order stale: the ones on
 * screen ask again at once, the others when their screen opens next. A query that must not be asked again
 * (the pay code itself: asking again issues the next bill) says so in its `meta`.
 *
 * Another tab or web view of the same app on the same loan hears it through a BroadcastChannel (where
 * there is one), so a loan details page left open behind the pay page updates too.
 */
export const KEEP_AFTER_PAYMENT = { keepAfterPayment: true } as const;

const CHANNEL = 'loan-changed';

function markStale(queryClient: QueryClient, orderNo: string) {
  return queryClient.invalidateQueries({
    predicate: (query) => query.queryKey.includes(orderNo) && query.meta?.keepAfterPayment !== true,
  });
}

function channel(): BroadcastChannel | null {
  return typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
}

/** The order's money changed (a payment credited): every screen showing it asks again. */
export function loanChanged(queryClient: QueryClient, orderNo: string): void {
  void markStale(queryClient, orderNo);
  const out = channel();
  if (!out) return;
  out.postMessage({ orderNo });
  out.close();
}

/** Hears the other tabs' `loanChanged`; the shell calls it once. Returns the way to stop listening. */
export function listenForLoanChanges(queryClient: QueryClient): () => void {
  const input = channel();
  if (!input) return () => {};
  input.onmessage = (event: MessageEvent<unknown>) => {
    const orderNo = (event.data as { orderNo?: unknown } | null)?.orderNo;
    if (typeof orderNo === 'string' && orderNo !== '') void markStale(queryClient, orderNo);
  };
  return () => input.close();
}

/** A screen that shows a loan hears the other tabs' payments while it is mounted. */
export function useLoanChanges(): void {
  const queryClient = useQueryClient();
  useEffect(() => listenForLoanChanges(queryClient), [queryClient]);
}
