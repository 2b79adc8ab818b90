import { describe, expect, it } from 'vitest';
import { isSuccessCode } from './reply-codes.ts';

describe('success codes (spec §8)', () => {
  it('accepts 0, "0" and "00"', () => {
    expect(isSuccessCode(0)).toBe(true);
    expect(isSuccessCode('0')).toBe(true);
    expect(isSuccessCode('00')).toBe(true);
  });

  it('refuses every failure code', () => {
    for (const code of [
      1,
      -1,
      '101',
      '-1',
      '11',
      '800005',
      '800006',
      '',
      ' ',
      null,
      undefined,
      '0x0',
      'ok',
    ]) {
      expect(isSuccessCode(code)).toBe(false);
    }
  });
});
