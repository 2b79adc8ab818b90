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
