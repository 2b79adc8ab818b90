import { LOAN_PATHS, PRODUCT_MODULE } from '../../../shared/contract/constants.ts';
import { loanDetails } from '../../../shared/i18n/loan-details.ts';
import { request } from '../../lib/api-client.ts';
import { addCopy } from '../../lib/i18n.ts';

// The loan-details copy loads with its screens (both import this module).
addCopy({ loanDetails });

/**
 * The loan-details calls besides its first query (loan-details-queries.ts, which the router's loader
 * starts too), all through the one request helper.
 */
export * from './loan-details-queries.ts';

/** Spec §9: 4 stars or more sends the borrower on to the store's rating (after our server has it). */
export const STORE_RATING_FROM = 4;

/**
 * The event is a record for us, not something the borrower waits on: a slow answer must not hold "Loan
 * more" for the helper's full minute.
 */
export const EVENT_TIMEOUT_MS = 3000;

/** Not silent: a refusal is toasted with the server's words and the dialog stays open. */
export function saveLoanScore(orderNo: string, score: number) {
  return request<null>(LOAN_PATHS.score, { data: { orderId: orderNo, score } });
}

/** "Loan more" (spec §7: module 30, position 0). The reply is ignored, so a failure says nothing. */
export function saveLoanMoreEvent(productId: number) {
  return request<null>(LOAN_PATHS.serviceEvent, {
    data: { productId, moduleId: PRODUCT_MODULE.LOAN_MORE, positionId: 0 },
    silent: true,
    timeoutMs: EVENT_TIMEOUT_MS,
  });
}

/**
 * A recommended card's tap (spec §7: form-encoded, code '00'; product brief §5: the module, the item's
 * index and the product, never undefined). A refusal is toasted with the server's message.
 */
export function jumpToProduct(productId: number, position: number) {
  return request<{ url: string }>(LOAN_PATHS.standJump, {
    flavour: 'form',
    data: { productId, moduleId: PRODUCT_MODULE.OTHER, position },
  });
}
