import { z } from 'zod';
import { MARKETS } from '../markets.ts';
import { envelope } from './envelope.ts';

/** Borrower identity the native shell passes in the query string (product brief §2). */
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

export const demoLoginBody = z.strictObject({ market: z.enum(MARKETS) });
export const demoLoginData = z.object({
  token: z.string(),
  userId: z.number().int(),
  market: z.enum(MARKETS),
  phone: z.string(),
  name: z.string(),
  deviceId: z.string(),
});
export const demoLoginReply = envelope(demoLoginData);
export type DemoLogin = z.infer<typeof demoLoginData>;

export const meData = z.object({ userId: z.number().int(), market: z.enum(MARKETS), name: z.string() });
export const meReply = envelope(meData);
export const logoutReply = envelope(z.null());
