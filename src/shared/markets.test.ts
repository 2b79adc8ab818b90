import { describe, expect, it } from 'vitest';
import { resolveLang } from './markets.ts';

describe('language choice (product brief §2)', () => {
  it('follows isNeedPop when present', () => {
    expect(resolveLang('IN', '1')).toBe('id');
    expect(resolveLang('ID', '0')).toBe('en');
  });

  it('otherwise follows the market', () => {
    expect(resolveLang('ID', null)).toBe('id');
    expect(resolveLang('IN', undefined)).toBe('en');
    expect(resolveLang(undefined, '')).toBe('en');
  });
});
