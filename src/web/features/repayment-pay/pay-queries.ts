import { type PayType, REPAY_PATHS } from '../../../shared/contract/constants.ts';
import type { PayTypesData, StatusData, VcodeBody, VcodeData } from '../../../shared/contract/repayment.ts';
import { ERROR_CODE } from '../../../shared/contract/reply-codes.ts';
import { type ApiResult, request } from '../../lib/api-client.ts';
import { failedWith, unwrap } from '../../lib/api-query.ts';
import { KEEP_AFTER_PAYMENT } from '../../lib/loan-freshness.ts';
import type { PayChoice } from './pay-choice.ts';

/**
 * The repayment chooser's and pay screen's calls (issue 9): keys, fetch functions and plain query
 * options shared by the two screens (which start them themselves: decision 031). The request helper,
 * zod-free constants and types only.
 */
export const payKeys = {
  all: ['repayment-pay'] as const,
  payTypes: (orderNo: string, payType: PayType, productId?: number) =>
    ['repayment-pay', 'pay-types', orderNo, payType, productId ?? 0] as const,
  vcode: (body: VcodeBody) =>
    [
      'repayment-pay',
      'vcode',
      body.orderId,
      body.productId ?? 0,
      body.amount,
      body.payCode,
      Number(body.pay_type),
      Number(body.is_default ?? 0),
      Number(body.is_display ?? 0),
      body.specific_num ?? 0,
      Number(body.is_payoff ?? 0),
    ] as const,
  status: (ref: BillRef) => ['repayment-pay', 'status', ref.orderId, ref.billNo] as const,
};

/** What both screens read from their address: the order, the amount (minor units), `display`, `payoff`. */
export interface PayAddress {
  orderId: string;
  productId?: number;
  /** Minor units, as the server offered it (a run of periods, the extension fee, the payoff). */
  amount: number;
  /** 1: the extension fee (from the delay page). */
  display: 0 | 1;
  /** 1: the cooling-off exit's payoff (from loan details): `is_payoff` of generate-vcode. */
  payoff?: 1;
}

const MINOR_MAX = 100_000_000_000;

/** The address's order and amount, or null when either is missing or not what the server would take. */
export function payAddressParam(params: URLSearchParams): PayAddress | null {
  const orderId = params.get('orderId') ?? '';
  if (!/^[A-Za-z0-9]{1,32}$/.test(orderId)) return null;
  const amountText = params.get('amount') ?? '';
  const amount = Number(amountText);
  if (!/^\d{1,12}$/.test(amountText) || amount < 1 || amount > MINOR_MAX) return null;
  const productText = params.get('productId') ?? '';
  const productId = Number(productText);
  const hasProduct = /^\d{1,10}$/.test(productText) && productId > 0 && productId <= 2_147_483_647;
  return {
    orderId,
    ...(hasProduct ? { productId } : {}),
    amount,
    display: params.get('display') === '1' ? 1 : 0,
    ...(params.get('payoff') === '1' ? { payoff: 1 as const } : {}),
  };
}

/**
 * The address both screens hand each other: `productId`, `orderId`, `amount`, `display`, in that order,
 * then `payoff=1` for the cooling-off exit only (the other addresses stay as they were).
 */
export function payAddressQuery(address: PayAddress): string {
  return new URLSearchParams({
    ...(address.productId !== undefined ? { productId: String(address.productId) } : {}),
    orderId: address.orderId,
    amount: String(address.amount),
    display: String(address.display),
    ...(address.payoff ? { payoff: '1' } : {}),
  }).toString();
}

/** The generate-vcode body for an address and a choice (spec §9 names). */
export function vcodeBodyOf(address: PayAddress, choice: PayChoice): VcodeBody {
  return {
    orderId: address.orderId,
    ...(address.productId !== undefined ? { productId: address.productId } : {}),
    amount: address.amount,
    payCode: choice.payCode,
    pay_type: choice.payType,
    is_default: choice.isDefault,
    is_display: address.display,
    specific_num: choice.specificNum,
    ...(address.payoff ? { is_payoff: 1 as const } : {}),
  };
}

/** A refusal with the server's reason (an amount no longer offered, a code it will not issue). */
export function isRefusal(error: unknown): boolean {
  return failedWith(error, ERROR_CODE.VALIDATION, ERROR_CODE.CONFLICT, ERROR_CODE.FORBIDDEN);
}

// The screens show load failures in place with a retry, so these are silent (no second, passing toast).
export function fetchPayTypes(orderNo: string, payType: PayType, productId?: number): Promise<PayTypesData> {
  return unwrap(
    request<PayTypesData>(REPAY_PATHS.payTypes, {
      data: { orderId: orderNo, ...(productId !== undefined ? { productId } : {}), pay_type: payType },
      silent: true,
    }),
  );
}

export function payTypesQuery(orderNo: string, payType: PayType, productId?: number) {
  return {
    queryKey: payKeys.payTypes(orderNo, payType, productId),
    queryFn: () => fetchPayTypes(orderNo, payType, productId),
    retryOnMount: false,
  };
}

/** Idempotent on the server: the same body answers the same open code, so it is safe as a query. */
export function fetchVcode(body: VcodeBody): Promise<VcodeData> {
  return unwrap(request<VcodeData>(REPAY_PATHS.vcode, { data: { ...body }, silent: true }));
}

export function vcodeQuery(body: VcodeBody) {
  return {
    queryKey: payKeys.vcode(body),
    queryFn: () => fetchVcode(body),
    retryOnMount: false,
    // Asked again once its bill is paid, it would issue the next bill: a payment never refreshes it, and
    // it is forgotten once its page closes, so coming back asks the server for what is open now.
    meta: KEEP_AFTER_PAYMENT,
    gcTime: 0,
  };
}

export interface BillRef {
  orderId: string;
  productId?: number;
  /** The bill of the code (`VcodeData.billNo`). */
  billNo: string;
}

function billBody(ref: BillRef) {
  return {
    orderId: ref.orderId,
    ...(ref.productId !== undefined ? { productId: ref.productId } : {}),
    billNo: ref.billNo,
  };
}

/** How often the pay page asks where its bill's payment stands while it may still change. */
export const STATUS_POLL_MS = 5000;

/** Decided: nothing more will happen to this bill by itself (the page stops asking). */
export const isDecided = (state: StatusData['state'] | undefined) =>
  state === 'credited' || state === 'rejected' || state === 'expired';

/**
 * A refusal that asking again will not change (a bill that is not the borrower's, a session ended, the
 * route's limit reached): the watch stops; a network or server failure is tried again next round.
 */
const answersTheSame = (error: Error | null) =>
  failedWith(
    error,
    ERROR_CODE.NOT_FOUND,
    ERROR_CODE.UNAUTHENTICATED,
    ERROR_CODE.FORBIDDEN,
    ERROR_CODE.RATE_LIMITED,
  );

/**
 * Where the bill's payment stands, asked every few seconds while the page is shown and the answer is
 * undecided (issue 29): a bank transfer, a store payment or a UTR's report is seen without a tap. Silent:
 * a failed round says nothing (the next one tries again; "I have paid" says why it failed). Seen again
 * when the borrower comes back to the page (from the bank's app).
 */
export function paymentStatusQuery(ref: BillRef) {
  return {
    queryKey: payKeys.status(ref),
    queryFn: () => unwrap(request<StatusData>(REPAY_PATHS.status, { data: billBody(ref), silent: true })),
    refetchInterval: (query: { state: { data: StatusData | undefined; error: Error | null } }) =>
      isDecided(query.state.data?.state) || answersTheSame(query.state.error) ? false : STATUS_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    retry: false,
    staleTime: 0,
    // It told of the payment: asking again after it adds nothing.
    meta: KEEP_AFTER_PAYMENT,
  };
}

/** "I have paid": where the bill's payment stands. A failure is toasted with the server's message. */
export function fetchPaymentStatus(ref: BillRef): Promise<ApiResult<StatusData>> {
  return request<StatusData>(REPAY_PATHS.status, { data: billBody(ref) });
}

/** India: the 12-digit UTR of a UPI payment made elsewhere. A refusal is toasted with its reason. */
export function submitUtr(ref: BillRef, utr: string): Promise<ApiResult<StatusData>> {
  return request<StatusData>(REPAY_PATHS.utr, { data: { ...billBody(ref), utr } });
}
