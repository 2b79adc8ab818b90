import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMinorAsDecimal, formatMoney, formatThousandsRp, toMinor } from './money.ts';

describe('money formatting', () => {
  it('formats rupees with Indian grouping', () => {
    expect(formatMoney(15_000_000, 'IN')).toBe('₹1,50,000');
    expect(formatMoney(200_000, 'IN')).toBe('₹2,000');
    expect(formatMoney(123_456, 'IN')).toBe('₹1,234.56');
  });

  it('formats rupiah with dot groups, the Rp prefix and no decimals', () => {
    expect(formatMoney(150_000_000, 'ID')).toBe('Rp\u00a01.500.000');
    expect(formatMoney(1_500_000_000, 'ID')).toBe('Rp\u00a015.000.000');
    expect(formatThousandsRp(100_000_000)).toBe('Rp\u00a01.000.000');
    expect(formatMoney(-50_000, 'ID')).toBe('-Rp\u00a0500');
    // A no-break space: a line never ends between "Rp" and its amount.
    expect(formatMoney(150_000_000, 'ID')).not.toMatch(/Rp /);
  });

  it('shows minor units ÷ 100 with exactly two decimals', () => {
    expect(formatMinorAsDecimal(123_456)).toBe('1234.56');
    expect(formatMinorAsDecimal(5)).toBe('0.05');
    expect(formatMinorAsDecimal(-101)).toBe('-1.01');
  });

  it('round-trips every integer amount through the decimal form', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (minor) => {
        expect(toMinor(Number(formatMinorAsDecimal(minor)))).toBe(minor);
      }),
    );
  });

  it('refuses amounts that are not whole minor units', () => {
    expect(() => formatMoney(10.5, 'IN')).toThrow(RangeError);
    expect(() => formatMinorAsDecimal(Number.NaN)).toThrow(RangeError);
  });
});
