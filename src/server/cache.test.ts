import { describe, expect, it } from 'vitest';
import { ttlCache } from './cache.ts';

describe('ttlCache', () => {
  it('shares one load between concurrent misses and reloads after the TTL', async () => {
    let clock = 0;
    let loads = 0;
    const cache = ttlCache<string, number>({ ttlMs: 1000, max: 10, now: () => clock });
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('a', load), cache.get('a', load)])).toEqual([1, 1]);
    clock = 999;
    expect(await cache.get('a', load)).toBe(1);
    clock = 1000;
    expect(await cache.get('a', load)).toBe(2);
    cache.delete('a');
    expect(await cache.get('a', load)).toBe(3);
  });

  it('keeps no failed load and no more than its bound', async () => {
    const cache = ttlCache<number, number>({ ttlMs: 1000, max: 3 });
    await expect(cache.get(1, () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get(1, async () => 7)).toBe(7);
    for (let k = 2; k <= 6; k++) await cache.get(k, async () => k);
    expect(cache.size).toBe(3);
  });

  it('drops the entries whose value passes a test, and loads still in flight', async () => {
    const cache = ttlCache<string, { owner: number }>({ ttlMs: 1000, max: 10 });
    await cache.get('a', async () => ({ owner: 1 }));
    await cache.get('b', async () => ({ owner: 2 }));
    await cache.get('c', async () => ({ owner: 1 }));
    let release: (v: { owner: number }) => void = () => {};
    const pending = cache.get('d', () => new Promise((r) => (release = r)));
    cache.deleteWhere((v) => v.owner === 1);
    expect(cache.size).toBe(1);
    // What stayed is served from the cache; what went is loaded again.
    expect(await cache.get('b', async () => ({ owner: 99 }))).toEqual({ owner: 2 });
    expect(await cache.get('a', async () => ({ owner: 3 }))).toEqual({ owner: 3 });
    release({ owner: 2 });
    await pending;
    expect(await cache.get('d', async () => ({ owner: 4 }))).toEqual({ owner: 4 });
  });
});
