import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REQUEST_KEY_PATTERN } from '../../../shared/contract/constants.ts';
import { forgetRequestKey, newRequestKey, requestKeyFor } from './request-key.ts';

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('request keys of the loan confirmation', () => {
  it('are 32 hex characters, fit for the server, and never repeat', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newRequestKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) {
      expect(key).toMatch(/^[0-9a-f]{32}$/);
      expect(key).toMatch(REQUEST_KEY_PATTERN);
    }
  });

  it('are made without randomUUID too (older web views)', () => {
    const own = Object.getOwnPropertyDescriptor(crypto, 'randomUUID');
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      expect(newRequestKey()).toMatch(/^[0-9a-f]{32}$/);
    } finally {
      if (own) Object.defineProperty(crypto, 'randomUUID', own);
      else delete (crypto as { randomUUID?: unknown }).randomUUID;
    }
    expect(typeof crypto.randomUUID).toBe('function');
  });

  it('one per choice, kept in the tab’s storage so a reload finds it', () => {
    const key = requestKeyFor(7, 5_000_000, 120);
    expect(requestKeyFor(7, 5_000_000, 120)).toBe(key);
    expect(Object.values({ ...sessionStorage })).toContain(key);
    expect(requestKeyFor(7, 5_000_000, 91)).not.toBe(key);
    expect(requestKeyFor(7, 4_900_000, 120)).not.toBe(key);
    expect(requestKeyFor(8, 5_000_000, 120)).not.toBe(key);
  });

  it('a forgotten key (its order made) gives way to a new one', () => {
    const key = requestKeyFor(7, 5_000_000, 120);
    forgetRequestKey(7, 5_000_000, 120);
    expect(requestKeyFor(7, 5_000_000, 120)).not.toBe(key);
  });

  it('without usable storage, the page still sends one key per choice', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    const key = requestKeyFor(9, 100, 30);
    expect(requestKeyFor(9, 100, 30)).toBe(key);
  });
});
