import type { MovableClock } from '../clock.ts';
import { sharedClock } from './clock.ts';
import { type InvalidationBus, localBus, redisBus } from './invalidation.ts';
import { openRedis, type SharedRedis } from './redis.ts';
import { type ExpiringValues, redisValues } from './values.ts';

export { isRedisUnavailable } from './redis.ts';

/**
 * What several instances must share, in one place for the app to wire (decision 071). Without a Redis
 * URL: a bus that tells no one, the process's own values and clock, in-process rate limits.
 */
export interface SharedState {
  bus: InvalidationBus;
  /** A namespace's values in Redis; undefined without Redis (the caller keeps them in the process). */
  values(namespace: string): ExpiringValues | undefined;
  clock: MovableClock;
  /** `@fastify/rate-limit`'s documented Redis store options; none without Redis. */
  rateLimitStore: { redis: SharedRedis['client']; nameSpace: string } | Record<string, never>;
  /** Readiness: Redis answers (always true without it). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export async function openSharedState(opts: {
  url: string | undefined;
  /** Keys and channels start with it; tests give each app group its own. */
  prefix?: string | undefined;
  clock: MovableClock;
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
}): Promise<SharedState> {
  if (!opts.url) {
    return {
      bus: localBus(),
      values: () => undefined,
      clock: opts.clock,
      rateLimitStore: {},
      ping: async () => {},
      close: async () => {},
    };
  }
  const redis = await openRedis({ url: opts.url, prefix: opts.prefix, log: opts.log });
  const bus = redisBus(redis, opts.log);
  return {
    bus,
    values: (namespace) => redisValues(redis, namespace),
    clock: await sharedClock(opts.clock, redis, bus),
    rateLimitStore: { redis: redis.client, nameSpace: `${redis.prefix}rate-limit:` },
    ping: () => redis.ping(),
    close: () => redis.close(),
  };
}
