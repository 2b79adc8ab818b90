import { LOAN_PATHS } from '../../../shared/contract/constants.ts';
import type { LoanDetails } from '../../../shared/contract/loans.ts';
import { orderIdParam } from '../../lib/address-params.ts';
import { request } from '../../lib/api-client.ts';
import { unwrap } from '../../lib/api-query.ts';

/**
 * Loan details' first query (v3: `orderId` and `productId` in the address). Shared by the screen and the
 * H5 router's loader; part of the H5 entry, so small (see complaint-queries.ts).
 */
export const loanDetailsKeys = {
  all: ['loan-details'] as const,
  order: (orderNo: string) => ['loan-details', orderNo] as const,
};

export { orderIdParam };

export function fetchLoanDetails(orderNo: string): Promise<LoanDetails> {
  return unwrap(request<LoanDetails>(LOAN_PATHS.details, { data: { orderId: orderNo }, silent: true }));
}

export function loanDetailsQuery(orderNo: string) {
  return {
    queryKey: loanDetailsKeys.order(orderNo),
    queryFn: () => fetchLoanDetails(orderNo),
    retryOnMount: false,
    // Back from the bank's app (the page shown again), the loan is asked anew, however recent the last answer: a payment made there
    // shows without a reload (issue 29; the pay page's outcome reaches it through loan-freshness.ts).
    refetchOnWindowFocus: 'always' as const,
  };
}
