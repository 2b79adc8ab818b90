import { describe, expect, it } from 'vitest';
import { productProblems, type StoredTerms } from './product.ts';

/** An Indonesian product within the caps: 0.08 % a day, a 0.5 % fee, an extension at the daily cap. */
const idTerms = (over: Partial<StoredTerms> = {}): StoredTerms => ({
  amountMin: 100_000_000,
  amountMax: 1_500_000_000,
  amountStep: 50_000_000,
  termDays: [30, 60],
  installments: 1,
  dailyInterestPpm: 800,
  fees: [{ name: 'processing', rateBp: 50, timing: 'upfront' }],
  lateFee: { newBorrower: 5_000_000, repeatBorrower: 4_000_000 },
  lateChargeTiers: [{ fromDay: 1, dailyPpm: 1_000 }],
  coolingOffDays: 2,
  earlyRepaymentMinDay: 0,
  earlyRepaymentMinTermBp: 0,
  extension: { feeBp: 70, days: 7 },
  ...over,
});

describe('productProblems: amounts a borrower can pay, extension fees within the caps (decision 047)', () => {
  it('accepts whole rupiah and an extension fee at the daily cap', () => {
    expect(productProblems('ID', idTerms())).toEqual([]);
  });

  it('refuses amounts in sen in Indonesia, naming the fields; India bills paise', () => {
    const sen = idTerms({
      amountMin: 100_000_050,
      amountMax: 1_400_000_050,
      fees: [{ name: 'processing', fixed: 150, timing: 'added' }],
      lateFee: { newBorrower: 5_000_001, repeatBorrower: 4_000_000 },
    });
    expect(productProblems('ID', sen)).toEqual([
      { code: 'notPayable', fields: ['amountMin', 'amountMax', 'fees', 'lateFee'], unit: 100 },
    ]);
    expect(productProblems('ID', idTerms({ amountStep: 25_000_050, amountMax: 1_100_002_000 }))).toEqual([
      { code: 'notPayable', fields: ['amountStep'], unit: 100 },
    ]);
    const paise = { ...sen, amountMin: 200_050, amountMax: 7_900_050, amountStep: 100_000 };
    expect(productProblems('IN', { ...paise, extension: { feeBp: 5_000, days: 7 } })).toEqual([]);
  });

  it('refuses a product that lends outside the range every claim states (decision 058)', () => {
    expect(productProblems('ID', idTerms({ amountMin: 50_000_000 }))).toContainEqual({
      code: 'outsideOffer',
      min: 100_000_000,
      max: 1_500_000_000,
    });
    const inRange = { ...idTerms(), amountMin: 200_000, amountMax: 8_000_000, amountStep: 100_000 };
    expect(productProblems('IN', inRange).map((p) => p.code)).not.toContain('outsideOffer');
    expect(productProblems('IN', { ...inRange, amountMax: 8_100_000 }).map((p) => p.code)).toContain(
      'outsideOffer',
    );
  });

  it('refuses an extension fee above the cost cap for its days: 50 % for 7 days', () => {
    expect(productProblems('ID', idTerms({ extension: { feeBp: 5_000, days: 7 } }))).toEqual([
      { code: 'extensionOverCap', capPpm: 1_000, days: 7 },
    ]);
    expect(productProblems('ID', idTerms({ extension: { feeBp: 71, days: 7 } }))[0]?.code).toBe(
      'extensionOverCap',
    );
    expect(productProblems('ID', idTerms({ extension: { feeBp: 140, days: 14 } }))).toEqual([]);
    // A malformed extension is named as such, not as over the cap.
    expect(productProblems('ID', idTerms({ extension: { feeBp: 70, days: 0 } }))).toEqual([
      { code: 'extension' },
    ]);
  });
});
