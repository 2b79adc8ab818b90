import type { SharedRedis } from './redis.ts';

/**
 * Short-lived demo values every instance must read, whichever took them (decision 071): the demo SMS
 * outbox and the demo captcha answers. In the process without REDIS_URL, in Redis with it.
 */
export interface ExpiringValues {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
}

/** In this process, at most `max` values (the oldest go first), each forgotten after its time. */
export function memoryValues(opts: { max: number; now?: () => number }): ExpiringValues {
  const now = opts.now ?? Date.now;
  const held = new Map<string, { value: string; until: number }>();
  return {
    async get(key) {
      const hit = held.get(key);
      if (!hit) return null;
      if (hit.until > now()) return hit.value;
      held.delete(key);
      return null;
    },
    async set(key, value, ttlMs) {
      // Re-inserted, so the values set last are dropped last.
      held.delete(key);
      held.set(key, { value, until: now() + ttlMs });
      if (held.size > opts.max) held.delete(held.keys().next().value as string);
    },
  };
}

/** In Redis under `<prefix><namespace>:`, each key expiring on its own (PX): nothing to clean up. */
export function redisValues(redis: SharedRedis, namespace: string): ExpiringValues {
  const keyOf = (key: string) => `${redis.prefix}${namespace}:${key}`;
  return {
    get: (key) => redis.client.get(keyOf(key)),
    async set(key, value, ttlMs) {
      await redis.client.set(keyOf(key), value, 'PX', Math.max(1, Math.round(ttlMs)));
    },
  };
}
