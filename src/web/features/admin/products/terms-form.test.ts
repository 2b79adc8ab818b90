import { describe, expect, it } from 'vitest';
import { productProblems } from '../../../../shared/domain/product.ts';
import { idProduct, inProduct } from './products-test-kit.ts';
import {
  fieldsOf,
  formatScaled,
  formOf,
  parseScaled,
  productCreateForm,
  productUpdateForm,
  readTerms,
} from './terms-form.ts';

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

/** What the schema says about each field: the copy key of its first issue, by path. */
function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join('.')] ??= issue.message;
  return out;
}

describe('the product form', () => {
  it('reads a saved product back into the same terms, copy and settings', () => {
    const product = inProduct();
    const read = productUpdateForm('IN').safeParse(formOf(product, 'IN'));
    expect(read.error?.issues).toBeUndefined();
    expect(read.data).toEqual({
      name: product.name,
      logoUrl: product.logoUrl,
      terms: product.terms,
      copy: product.copy,
      sort: 1,
      dailyQuota: 50,
    });
  });

  it('shows rupiah as whole numbers and refuses decimals there', () => {
    const form = formOf(idProduct(), 'ID');
    // 100 000 000 minor units are Rp 1.000.000.
    expect(form.amountMin).toBe('1000000');
    const read = productUpdateForm('ID').safeParse({ ...form, amountMin: '2000.5' });
    expect(messages(read)).toEqual({ amountMin: 'admin:productEditor.invalid.money.ID' });
    expect(readTerms({ ...form, amountMin: '2000.5' })).toBeNull();
    expect(readTerms({ ...form, amountMin: '2500000' })?.amountMin).toBe(250_000_000);
  });

  it('names each field that cannot be read, and leaves out what is optional', () => {
    const form = formOf(null, 'IN');
    const read = productCreateForm('IN').safeParse({
      ...form,
      code: 'Bad Code',
      name: ' ',
      logoUrl: 'javascript:alert(1)',
      amountMin: '1,000',
      termDays: '91, ninety',
      dailyInterest: '0.00001',
      fees: [{ name: 'processing', kind: 'fixed', value: '1.234', timing: 'upfront' }],
      lateFee: { newBorrower: '100', repeatBorrower: '' },
      extension: { on: true, fee: '', days: '7' },
      copy: { ...form.copy, en: { description: '', tags: 'a, b, c, d, e, f' } },
    });
    expect(messages(read)).toMatchObject({
      code: 'admin:productEditor.invalid.code',
      name: 'admin:productEditor.invalid.required',
      logoUrl: 'admin:productEditor.invalid.logo',
      amountMin: 'admin:productEditor.invalid.money.IN',
      termDays: 'admin:productEditor.invalid.days',
      dailyInterest: 'admin:productEditor.invalid.percent?decimals=4&example=0.0833',
      'fees.0.value': 'admin:productEditor.invalid.money.IN',
      'lateFee.repeatBorrower': 'admin:productEditor.invalid.required',
      'extension.fee': 'admin:productEditor.invalid.required',
      'copy.en.tags': 'admin:productEditor.invalid.tags?max=4&length=24',
    });
    // No late fee, no tiers, no extension (whatever its hidden fields hold), no quota: none is required.
    const ok = productCreateForm('IN').safeParse({
      ...form,
      code: 'new-loan',
      name: 'New loan',
      logoUrl: 'https://cdn.example/logo.png',
      amountMin: '2000',
      amountMax: '80000',
      amountStep: '1000',
      termDays: '91',
      dailyInterest: '0.1',
      coolingOffDays: '3',
      extension: { on: false, fee: 'x', days: '' },
    });
    expect(ok.error?.issues).toBeUndefined();
    expect(ok.data?.dailyQuota).toBeNull();
    expect(ok.data?.terms).toEqual({
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

  it('holds what it reads to the contract’s own schema', () => {
    // Readable, but past the contract's bound for any product: the contract's rule speaks, at its field.
    const read = productUpdateForm('IN').safeParse({ ...formOf(inProduct(), 'IN'), name: 'x'.repeat(61) });
    expect(messages(read)).toEqual({ name: expect.any(String) });
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
