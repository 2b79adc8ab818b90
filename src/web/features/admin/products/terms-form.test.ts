import { describe, expect, it } from 'vitest';
import { productProblems } from '../../../../shared/domain/product.ts';
import { idProduct, inProduct } from './products-test-kit.ts';
import { draftOf, fieldsOf, formatScaled, parseScaled, readDraft } from './terms-form.ts';

describe('reading decimal text into integers', () => {
  it('is exact where floating point is not', () => {
    // 0.07 × 10000 is 700.0000000000001 in floating point; 1.1 × 100 is 110.00000000000001.
    expect(parseScaled('0.07', 4)).toBe(700);
    expect(parseScaled('1.1', 2)).toBe(110);
    expect(parseScaled('15000.5', 2)).toBe(1_500_050);
    expect(parseScaled('15000.05', 2)).toBe(1_500_005);
    expect(parseScaled(' 1500000 ', 0)).toBe(1_500_000);
    expect(parseScaled('0', 2)).toBe(0);
  });

  it('takes plain decimals only, with at most the allowed decimals', () => {
    for (const text of [
      '',
      '1e3',
      '-1',
      '+1',
      '1,000',
      '1.000.000',
      '0x10',
      '.5',
      '5.',
      '1.234',
      'abc',
      '1 000',
    ])
      expect(parseScaled(text, 2), text).toBeNull();
    expect(parseScaled('1.5', 0)).toBeNull();
    expect(parseScaled('99999999999999999', 0)).toBeNull();
  });

  it('writes back what it read', () => {
    for (const [value, decimals] of [
      [0, 2],
      [5, 2],
      [110, 2],
      [1_500_050, 2],
      [700, 4],
      [10_000, 4],
      [1, 4],
      [1_500_000, 0],
    ] as const) {
      const text = formatScaled(value, decimals);
      expect(parseScaled(text, decimals), text).toBe(value);
    }
    expect(formatScaled(700, 4)).toBe('0.07');
    expect(formatScaled(1_500_050, 2)).toBe('15000.5');
  });
});

describe('the product form', () => {
  it('reads a saved product back into the same terms, copy and settings', () => {
    const product = inProduct();
    const { body, errors } = readDraft(draftOf(product, 'IN'), { isNew: false });
    expect(errors).toEqual({});
    expect(body).toEqual({
      name: product.name,
      logoUrl: product.logoUrl,
      terms: product.terms,
      copy: product.copy,
      sort: 1,
      dailyQuota: 50,
    });
  });

  it('shows rupiah as whole numbers and refuses decimals there', () => {
    const draft = draftOf(idProduct(), 'ID');
    // 100 000 000 minor units are Rp 1.000.000.
    expect(draft.amountMin).toBe('1000000');
    const read = readDraft({ ...draft, amountMin: '2000.5' }, { isNew: false });
    expect(read.body).toBeNull();
    expect(read.terms).toBeNull();
    expect(read.errors.amountMin).toEqual({ key: 'money.ID' });
    expect(readDraft({ ...draft, amountMin: '2500000' }, { isNew: false }).terms?.amountMin).toBe(
      250_000_000,
    );
  });

  it('names each field that cannot be read, and leaves out what is optional', () => {
    const draft = draftOf(null, 'IN');
    const read = readDraft(
      {
        ...draft,
        code: 'Bad Code',
        name: ' ',
        logoUrl: 'javascript:alert(1)',
        amountMin: '1,000',
        termDays: '91, ninety',
        dailyInterest: '0.00001',
      },
      { isNew: true },
    );
    expect(read.errors).toMatchObject({
      code: { key: 'code' },
      name: { key: 'required' },
      logoUrl: { key: 'logo' },
      amountMin: { key: 'money.IN' },
      termDays: { key: 'days' },
      dailyInterest: { key: 'percent' },
    });
    // No late fee, no tiers, no extension, no quota: none is required.
    const ok = readDraft(
      {
        ...draft,
        code: 'new-loan',
        name: 'New loan',
        logoUrl: 'https://cdn.example/logo.png',
        amountMin: '2000',
        amountMax: '80000',
        amountStep: '1000',
        termDays: '91',
        dailyInterest: '0.1',
        coolingOffDays: '3',
      },
      { isNew: true },
    );
    expect(ok.errors).toEqual({});
    expect(ok.body?.dailyQuota).toBeNull();
    expect(ok.body?.terms).toEqual({
      amountMin: 200_000,
      amountMax: 8_000_000,
      amountStep: 100_000,
      termDays: [91],
      installments: 1,
      dailyInterestPpm: 1_000,
      fees: [],
      lateChargeTiers: [],
      coolingOffDays: 3,
      earlyRepaymentMinDay: 0,
      earlyRepaymentMinTermBp: 0,
    });
  });

  it('points each problem of the shared check at its fields', () => {
    const terms = { ...inProduct().terms!, amountMin: 0, coolingOffDays: 0 };
    expect(productProblems('IN', terms).flatMap(fieldsOf)).toEqual([
      'amountMin',
      'amountMax',
      'coolingOffDays',
    ]);
  });
});
