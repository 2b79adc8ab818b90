import { CARD_REPAY_CODE, CARD_REPAY_PATHS } from '../../../shared/contract/repayment-card.ts';
import type {
  CommitBody,
  CommitData,
  ConfirmData,
  WayData,
} from '../../../shared/contract/repayment-card-schema.ts';
import { type ApiResult, NETWORK_ERROR_CODE, request } from '../../lib/api-client.ts';
import { unwrap } from '../../lib/api-query.ts';

/**
 * The card repayment screen's calls (`/repayment`, decision 032): the opening query and the two money
 * calls. The screen starts its query itself, like the pay-method chooser: the router does not import
 * this module, so the H5 entry does not grow by it.
 */

/** What the screen reads from its address: an order and an amount chosen elsewhere, both optional. */
export interface CardRepayAddress {
  orderId?: string;
  amount?: number;
}

const MINOR_MAX = 100_000_000_000;

/** The address's order and amount when well-formed; a malformed one is left out (the server picks). */
export function cardRepayAddress(params: URLSearchParams): CardRepayAddress {
  const orderId = params.get('orderId') ?? '';
  const amountText = params.get('amount') ?? '';
  const amount = Number(amountText);
  return {
    ...(/^[A-Za-z0-9]{1,32}$/.test(orderId) ? { orderId } : {}),
    ...(/^\d{1,12}$/.test(amountText) && amount >= 1 && amount <= MINOR_MAX ? { amount } : {}),
  };
}

export function wayQuery(address: CardRepayAddress) {
  return {
    queryKey: ['repayment-card', 'way', address.orderId ?? '', address.amount ?? 0] as const,
    queryFn: () => unwrap(request<WayData>(CARD_REPAY_PATHS.way, { data: { ...address }, silent: true })),
    retryOnMount: false,
  };
}

/** The screen says what went wrong itself (spec §8's messages), so the helper stays silent. */
export const commitRepayment = (body: CommitBody, loadingText: string) =>
  request<CommitData>(CARD_REPAY_PATHS.commit, { data: { ...body }, silent: true, loadingText });

export const confirmRepayment = (
  body: { orderId: string; verifyCode: string; repaymentRecordId: number },
  loadingText: string,
) => request<ConfirmData>(CARD_REPAY_PATHS.confirm, { data: body, silent: true, loadingText });

/** Which of spec §8's messages a failed money call shows. */
export type Failure = 'wrongCode' | 'doNotResubmit' | 'network' | 'server' | 'processingFailed';

/**
 * Spec §8: 800006 the wrong-code message, 800005 the do-not-resubmit message, a lost connection the
 * network error, anything else the server's message or, without one, "processing failed". `generic` is
 * the request helper's stand-in for a reply without a message (and our server's word for a failure it
 * cannot explain): it says no more than the spec's default, so the default is shown instead.
 */
export function failureOf(result: Pick<ApiResult<unknown>, 'code' | 'message'>, generic: string): Failure {
  const code = String(result.code);
  if (code === CARD_REPAY_CODE.WRONG_CODE) return 'wrongCode';
  if (code === CARD_REPAY_CODE.DO_NOT_RESUBMIT) return 'doNotResubmit';
  if (code === NETWORK_ERROR_CODE) return 'network';
  return result.message && result.message !== generic ? 'server' : 'processingFailed';
}
