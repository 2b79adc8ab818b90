/**
 * A small in-process cache with a time to live and a size bound, for what a hot route must not fetch on
 * every request (sessions, reference data; decision 020). Concurrent misses for one key share one load,
 * so a cold cache under load sends one query, not one per request. A load that fails is not kept.
 */
export interface TtlCache<K, V> {
  get(key: K, load: (key: K) => Promise<V>): Promise<V>;
  /** Drops one key (this instance only; the change bus tells the others: shared-state/invalidation.ts). */
  delete(key: K): void;
  /**
   * Drops every entry whose loaded value passes `test`, and every load still in flight (it may have
   * read before the change that calls this). O(size): for rare events, not for a hot path.
   */
  deleteWhere(test: (value: V) => boolean): void;
  clear(): void;
  readonly size: number;
}

export function ttlCache<K, V>(opts: { ttlMs: number; max: number; now?: () => number }): TtlCache<K, V> {
  const now = opts.now ?? Date.now;
  const entries = new Map<K, { value: Promise<V>; until: number; loaded?: { value: V } }>();

  return {
    get(key, load) {
      const hit = entries.get(key);
      const at = now();
      if (hit && hit.until > at) return hit.value;
      if (hit) entries.delete(key);
      const value = load(key);
      if (entries.size >= opts.max) {
        // Maps iterate in insertion order: the first key is the oldest entry.
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      const entry: { value: Promise<V>; until: number; loaded?: { value: V } } = {
        value,
        until: at + opts.ttlMs,
      };
      entries.set(key, entry);
      value.then(
        (v) => {
          entry.loaded = { value: v };
        },
        () => {
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      return value;
    },
    delete(key) {
      entries.delete(key);
    },
    deleteWhere(test) {
      for (const [key, entry] of entries) {
        if (!entry.loaded || test(entry.loaded.value)) entries.delete(key);
      }
    },
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
