/**
 * Borrower identity the native shell passes in the query string (product brief §2), and how calls carry
 * it. Free of zod so that browser bundles can use it.
 */
export const SESSION_PARAM_KEYS = [
  'deviceId',
  'market',
  'version',
  'token',
  'type',
  'deviceName',
  'osVersion',
  'gid',
  'platform',
  'appVersion',
  'sessionId',
  'adId',
  'productId',
  'orderId',
  'isNeedPop',
] as const;
export type SessionParamKey = (typeof SESSION_PARAM_KEYS)[number];

/** Query params that accompany every API call. The token is not one of them: it goes in a header only. */
export const COMMON_QUERY_KEYS = ['deviceId', 'market', 'version', 'type', 'gid', 'platform'] as const;

export const IDENTITY_HEADERS = {
  /** Both clients carry the borrower credential. */
  authorization: 'authorization',
  /** JSON client's second identity header. */
  deviceId: 'x-device-id',
  /** Form client's second identity header. */
  market: 'x-market',
} as const;

/** How a one-time code reaches the phone: by SMS, or read out in a call (ours; the same limits count both). */
export const DELIVERIES = ['sms', 'voice'] as const;
export type Delivery = (typeof DELIVERIES)[number];

/**
 * One-time codes, whatever they confirm (registration, sign-in, a card repayment). Spec §9: SMS code
 * length (at least and at most 6), the resend countdown of 60 s ticking each second.
 */
export const SMS_CODE = {
  length: 6,
  resendSeconds: 60,
  tickMs: 1000,
  /** Security baseline: a code holds 5 minutes and allows 5 wrong tries. */
  ttlSeconds: 300,
  maxTries: 5,
  /** Security baseline: at most 5 sends to one phone an hour. */
  perPhonePerHour: 5,
} as const;
