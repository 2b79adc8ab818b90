import { REPAY_PATHS } from '../../../shared/contract/constants.ts';
import type { DelayData, PlanData } from '../../../shared/contract/repayment.ts';
import { orderIdParam, positiveIntParam } from '../../lib/address-params.ts';
import { request } from '../../lib/api-client.ts';
import { isNotFound, unwrap } from '../../lib/api-query.ts';

/**
 * The first queries of the installment plan (`/installment`) and the extension offer
 * (`/repaymentDelay`). Shared by the screens and the H5 router's loaders; part of the H5 entry, so as
 * small as it can be (every screen downloads it): the order number names the order, so the address's
 * `productId` is not sent (the server reads the product from the order).
 */
export { orderIdParam };

/** The product of the address (`productId`), or null when there is none or it is not a positive number. */
export const productIdParam = (params: URLSearchParams) => positiveIntParam(params, 'productId');

function repayQuery<T>(kind: 'plan' | 'delay', orderNo: string) {
  return {
    queryKey: ['repayment', kind, orderNo] as const,
    queryFn: () => unwrap(request<T>(REPAY_PATHS[kind], { data: { orderId: orderNo }, silent: true })),
    // Another borrower's order (or none) will not change on a second try.
    retry: (failures: number, error: Error) => failures < 1 && !isNotFound(error),
    retryOnMount: false,
    // Back from the bank's app (the page shown again), what is owed is asked anew, however recent the last answer (issue 29).
    refetchOnWindowFocus: 'always' as const,
  };
}

export const planQuery = (orderNo: string) => repayQuery<PlanData>('plan', orderNo);
export const delayQuery = (orderNo: string) => repayQuery<DelayData>('delay', orderNo);
