import { describe, expect, it } from 'vitest';
import { normalizePhone } from '../../../shared/domain/phone.ts';
import { caretAfterDigits, formatPhone, phoneDigits } from './phone-format.ts';
import { clientTypeOf } from './promo-api.ts';
import { carriedQuery, readPromoParams } from './promo-params.ts';
import { contrast, themeStyle } from './theme.ts';

describe('phone digits', () => {
  it('every number the field shows in full is one normalizePhone accepts, and the reverse', () => {
    for (const [market, input] of [
      ['IN', '+91 98765 43210'],
      ['IN', '098765 43210'],
      ['ID', '+62 812 3456 7890'],
      ['ID', '0812 3456 78'],
    ] as const) {
      const digits = phoneDigits(market, input);
      expect(normalizePhone(market, formatPhone(market, digits))).toBe(digits);
    }
  });

  it('keeps a country code typed key by key until the number follows it', () => {
    const keyByKey = (market: 'IN' | 'ID', keys: string) =>
      [...keys].reduce((shown, key) => formatPhone(market, phoneDigits(market, shown + key)), '');
    expect(keyByKey('IN', '+')).toBe('+');
    expect(keyByKey('IN', '+91')).toBe('+91');
    expect(keyByKey('IN', '+91 98765 43210')).toBe('98765 43210');
    expect(keyByKey('IN', '919876543210')).toBe('98765 43210');
    expect(keyByKey('IN', '98765432109')).toBe('98765 43210');
    expect(keyByKey('ID', '+62812')).toBe('0812');
    expect(keyByKey('ID', '+6')).toBe('+6');
    expect(normalizePhone('IN', '+91')).toBeNull();
  });

  it('puts the caret after the same digit once grouped', () => {
    expect(caretAfterDigits('98765 43210', 5)).toBe(5);
    expect(caretAfterDigits('98765 43210', 6)).toBe(7);
    expect(caretAfterDigits('0812-3456-7890', 9)).toBe(11);
    expect(caretAfterDigits('0812', 0)).toBe(0);
  });
});

describe('link parameters', () => {
  it('take only a positive whole id, cut what the server would refuse, and carry links_id before down_id', () => {
    expect(readPromoParams('?id=12abc', '').templateId).toBeNull();
    expect(readPromoParams('?id=0', '').templateId).toBeNull();
    expect(readPromoParams('?id=99999999999', '').templateId).toBeNull();
    const p = readPromoParams(`?id=7&utm_tag=${'u'.repeat(100)}&links_id=3&down_id=4`, '');
    expect(p.utmTag).toHaveLength(80);
    expect(carriedQuery(p)).toBe(`?utm_tag=${'u'.repeat(80)}&id=7&links_id=3`);
    // Always one of the two (spec §2): the link's down_id, else the template's own id.
    expect(carriedQuery(readPromoParams('?id=7&down_id=4', ''))).toBe('?id=7&down_id=4');
    expect(carriedQuery(readPromoParams('?id=7&user_from=fb', ''))).toBe('?user_from=fb&id=7&down_id=7');
  });
});

describe('platform', () => {
  it('android, ios, or nothing', () => {
    expect(clientTypeOf('Mozilla/5.0 (Linux; Android 14)')).toBe('android');
    expect(clientTypeOf('Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X)')).toBe('ios');
    expect(clientTypeOf('Mozilla/5.0 (Windows NT 10.0)')).toBeUndefined();
  });
});

describe('template colours', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrast('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrast('#ffffff', '#0dcc86')).toBeCloseTo(2.1, 1);
  });

  it('keeps only colours that leave the text readable, and only hex colours', () => {
    expect(themeStyle({ primary: '#087a50', background: '#e8f8f1' })).toEqual({
      '--promo-primary': '#087a50',
      '--promo-background': '#e8f8f1',
    });
    expect(themeStyle({ primary: '#0dcc86', background: '#333333' })).toEqual({});
    expect(themeStyle({ primary: 'red;background:url(x)', background: 'url(x)' })).toEqual({});
  });
});
