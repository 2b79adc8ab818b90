import { LOAN_PATHS } from '../../../shared/contract/constants.ts';
import type { OrderList } from '../../../shared/contract/loans.ts';
import { request } from '../../lib/api-client.ts';
import { unwrap } from '../../lib/api-query.ts';

/**
 * My loans' one query: the borrower's orders a page at a time. Its key starts with `loan-details`, so a
 * payment's outcome (which marks every query naming the loan stale, decision 057) and any change to one
 * loan refresh the list too.
 */
export const myLoansKey = ['loan-details', 'my-loans'] as const;

export function myLoansQuery() {
  return {
    queryKey: myLoansKey,
    queryFn: ({ pageParam }: { pageParam: number }) =>
      unwrap(request<OrderList>(LOAN_PATHS.orderList, { data: { page: pageParam }, silent: true })),
    initialPageParam: 1,
    getNextPageParam: (last: OrderList): number | null => (last.hasMore ? last.page + 1 : null),
    retryOnMount: false,
  };
}
