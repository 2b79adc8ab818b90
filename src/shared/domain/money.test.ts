import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatMinorAsDecimal,
  formatMoney,
  formatThousandsRp,
  isPayable,
  payableUnit,
  toMinor,
} from './money.ts';

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

  it('never rounds away sen: an amount a borrower could not pay as shown is shown exactly', () => {
    // Rounded, this bill read Rp 697.667, and paying that was refused as overpaid (decision 047).
    expect(formatMoney(69_766_667, 'ID')).toBe('Rp\u00a0697.666,67');
    expect(formatMoney(-50_050, 'ID')).toBe('-Rp\u00a0500,50');
    expect(formatMoney(69_766_700, 'ID')).toBe('Rp\u00a0697.667');
  });
});

describe('the payable unit', () => {
  it('is the paisa in India and the whole rupiah in Indonesia', () => {
    expect(payableUnit('IN')).toBe(1);
    expect(payableUnit('ID')).toBe(100);
    expect(isPayable(123_456, 'IN')).toBe(true);
    expect(isPayable(69_766_667, 'ID')).toBe(false);
    expect(isPayable(69_766_700, 'ID')).toBe(true);
    expect(isPayable(1.5, 'IN')).toBe(false);
  });
});
