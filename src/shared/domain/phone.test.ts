import { describe, expect, it } from 'vitest';
import { maskPhone, normalizePhone } from './phone.ts';

describe('market phone rules', () => {
  it('accepts Indian mobiles with optional +91 / 91 / 0 prefixes', () => {
    expect(normalizePhone('IN', '9876543210')).toBe('9876543210');
    expect(normalizePhone('IN', '+91 98765 43210')).toBe('9876543210');
    expect(normalizePhone('IN', '919876543210')).toBe('9876543210');
    expect(normalizePhone('IN', '09876543210')).toBe('9876543210');
  });

  it('refuses Indian numbers that are not mobiles', () => {
    expect(normalizePhone('IN', '5876543210')).toBeNull();
    expect(normalizePhone('IN', '987654321')).toBeNull();
    expect(normalizePhone('IN', '13812345678')).toBeNull();
    expect(normalizePhone('IN', '98765x3210')).toBeNull();
  });

  it('normalises Indonesian mobiles to 08…', () => {
    expect(normalizePhone('ID', '081234567890')).toBe('081234567890');
    expect(normalizePhone('ID', '+62 812-3456-7890')).toBe('081234567890');
    expect(normalizePhone('ID', '628123456789')).toBe('08123456789');
  });

  it('refuses Indonesian numbers outside 08 + 8-11 digits', () => {
    expect(normalizePhone('ID', '0812345')).toBeNull();
    expect(normalizePhone('ID', '0812345678901')).not.toBeNull();
    expect(normalizePhone('ID', '08123456789012')).toBeNull();
    expect(normalizePhone('ID', '0212345678')).toBeNull();
  });

  it('masks all but the last four digits', () => {
    expect(maskPhone('9876543210')).toBe('******3210');
  });
});
