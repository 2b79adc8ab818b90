import { LOAN_PATHS } from '../../../shared/contract/constants.ts';
import type { LoanConfirm } from '../../../shared/contract/loans.ts';
import { positiveIntParam } from '../../lib/address-params.ts';
import { request } from '../../lib/api-client.ts';
import { isNotFound, unwrap } from '../../lib/api-query.ts';

/**
 * The loan confirmation's first query: the quote for a product (and, once the borrower changes them, an
 * amount and a term). Shared by the screen and the H5 router's loader; part of the H5 entry, so small
 * (see complaint-queries.ts).
 */
export interface ConfirmChoice {
  productId: number;
  /** Minor units; undefined: the server's default (the product's largest amount). */
  amount?: number;
  /** Days; undefined: the product's longest term. */
  periods?: number;
}

export const loanConfirmKeys = {
  all: ['loan-confirm'] as const,
  quote: (c: ConfirmChoice) => ['loan-confirm', c.productId, c.amount ?? 0, c.periods ?? 0] as const,
};

export function fetchLoanConfirm(c: ConfirmChoice): Promise<LoanConfirm> {
  const data: Record<string, number> = { productId: c.productId };
  if (c.amount !== undefined) data.amount = c.amount;
  if (c.periods !== undefined) data.periods = c.periods;
  return unwrap(request<LoanConfirm>(LOAN_PATHS.confirmDetail, { data, silent: true }));
}

export function loanConfirmQuery(c: ConfirmChoice) {
  return {
    queryKey: loanConfirmKeys.quote(c),
    queryFn: () => fetchLoanConfirm(c),
    retry: (failures: number, error: Error) => failures < 1 && !isNotFound(error),
    retryOnMount: false,
  };
}

/**
 * The borrower's choice as the address keeps it (`amount` in minor units, `periods` in days): a reload
 * shows, and confirms, the loan that was on screen, with the same request key. Null without a product.
 */
export function confirmChoiceParam(params: URLSearchParams): ConfirmChoice | null {
  const productId = positiveIntParam(params, 'productId');
  if (productId === null) return null;
  const amount = positiveIntParam(params, 'amount');
  const periods = positiveIntParam(params, 'periods');
  return {
    productId,
    ...(amount !== null ? { amount } : {}),
    ...(periods !== null ? { periods } : {}),
  };
}
