import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOAN_PATHS } from '../../../shared/contract/constants.ts';
import { products } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

/**
 * The key facts disclose every contingent charge before the loan is taken (decision 047): the extension
 * fee and the days it buys, the late fee and tiers, and in Indonesia the legal caps, in both languages.
 */
let t: TestApp;
let india: string;
let indonesia: string;
const id: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const p of await t.database.db.select().from(products)) id[`${p.market}:${p.code}`] = p.id;
  india = await t.signIn('IN');
  indonesia = await t.signIn('ID');
});
afterAll(async () => {
  await t.close();
});

type Row = { key: string; title: string; value: string };
async function keyFacts(token: string, productId: number, lang: 'en' | 'id', payload: object = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: LOAN_PATHS.confirmDetail,
    headers: { ...t.auth(token), 'x-lang': lang },
    payload: { productId, ...payload },
  });
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data;
  const k = data.keyFacts;
  return {
    ...k,
    plans: data.repay_plans as Array<{ amount: string; description: string }>,
    row: (key: string) => (k.rows as Row[]).find((r) => r.key === key),
  };
}

describe('key facts: every contingent charge (decision 047)', () => {
  it('India: the extension fee for this loan and its days, the late fee and tiers, in both languages', async () => {
    // Kredito Flex: ₹50,000, an extension of 14 days for 5 % of the amount.
    const en = await keyFacts(india, id['IN:kredito-flex']!, 'en');
    expect(en.row('extension')).toEqual({
      key: 'extension',
      title: 'Moving the due date (extension)',
      value:
        '₹2,500 (5.00% of the loan amount) moves the due date 14 days later; you may ask for it when a payment is due or overdue',
    });
    expect(en.row('lateCharges')!.value).toMatch(
      /one-off late fee of ₹1,000 \(₹800 for returning borrowers\)/,
    );
    expect(en.row('lateCharges')!.value).toMatch(/0\.1667%\/day of the overdue amount from day 1/);
    // India sets no numeric cap: no caps row.
    expect(en.row('caps')).toBeUndefined();
    const idLang = await keyFacts(india, id['IN:kredito-flex']!, 'id');
    expect(idLang.row('extension')!.value).toBe(
      '₹2,500 (5,00% dari jumlah pinjaman) memundurkan jatuh tempo 14 hari; dapat diajukan saat pembayaran jatuh tempo atau terlambat',
    );
    // A product without an extension says so.
    expect((await keyFacts(india, id['IN:kredito-plus']!, 'en')).row('extension')!.value).toBe('Not offered');
  });

  it('Indonesia: the extension fee, and the caps on cost per day, late charges and the whole loan, in both languages', async () => {
    // Kredito Kilat: Rp 5.000.000, an extension of 7 days for 0.7 % of the amount.
    const id_ = await keyFacts(indonesia, id['ID:kredito-kilat']!, 'id');
    expect(id_.row('extension')!.value).toBe(
      'Rp\u00a035.000 (0,70% dari jumlah pinjaman) memundurkan jatuh tempo 7 hari; dapat diajukan saat pembayaran jatuh tempo atau terlambat',
    );
    expect(id_.row('caps')).toEqual({
      key: 'caps',
      title: 'Batas biaya pinjaman sesuai ketentuan OJK',
      value:
        'bunga dan biaya paling banyak 0,10% dari jumlah pinjaman per hari; denda keterlambatan paling banyak 0,10% dari jumlah pinjaman per hari keterlambatan; biaya perpanjangan paling banyak 0,10% untuk setiap hari perpanjangan; seluruhnya (bunga, biaya, denda, dan biaya perpanjangan) paling banyak 100,00% dari jumlah pinjaman, yaitu Rp\u00a05.000.000',
    });
    expect(id_.row('lateCharges')!.value).toMatch(/0,1%\/hari dari jumlah yang terlambat mulai hari ke-1/);
    const en = await keyFacts(indonesia, id['ID:kredito-kilat']!, 'en');
    expect(en.row('extension')!.value).toBe(
      'Rp\u00a035.000 (0.70% of the loan amount) moves the due date 7 days later; you may ask for it when a payment is due or overdue',
    );
    expect(en.row('caps')!.value).toMatch(
      /^interest and fees at most 0\.10% of the loan amount a day; .* at most 100\.00% of the loan amount, Rp\u00a05\.000\.000$/,
    );
  });

  it('Indonesia: a loan whose thirds are not whole rupiah is quoted in whole rupiah', async () => {
    // Modal Usaha: Rp 2.000.000 over 91 days in three installments.
    const k = await keyFacts(indonesia, id['ID:kredito-usaha']!, 'id', { amount: 200_000_000, periods: 91 });
    for (const amount of [
      k.principal,
      k.disbursed,
      k.interest,
      k.totalRepayable,
      ...k.fees.map((f: { amount: number }) => f.amount),
    ])
      expect(amount % 100, String(amount)).toBe(0);
    // Each installment, and each of its parts, is whole rupiah: shown with no sen, so payable as shown.
    const plans: Array<{ amount: string; description: string }> = k.plans;
    expect(plans).toHaveLength(3);
    for (const text of [
      ...(k.rows as Row[]).map((r) => r.value),
      ...plans.flatMap((p) => [p.amount, p.description]),
    ])
      expect(text).not.toMatch(/Rp\u00a0[\d.]+,\d/);
    expect(plans[0]!.description).toMatch(/^Pokok Rp\u00a0666\.667 \+ bunga/);
  });
});
