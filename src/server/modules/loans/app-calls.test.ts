import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_PATHS, type HomeData, ROUTE_ALIASES } from '../../../shared/contract/app-calls.ts';
import { LOAN_PATHS } from '../../../shared/contract/constants.ts';
import { DATA_RIGHTS_CODE, DATA_RIGHTS_PATHS } from '../../../shared/contract/data-rights.ts';
import type { OrderListItem } from '../../../shared/contract/loans.ts';
import { VERIFY_ERROR_CODE } from '../../../shared/contract/reply-codes.ts';
import { MARKET_OFFER } from '../../../shared/domain/market-offer.ts';
import { formatMoney } from '../../../shared/domain/money.ts';
import { H5_PATHS } from '../../../shared/routes.ts';
import { borrowers, loanQuotes, products } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

/** The app's remaining calls (issue 30, decision 069): home page, product detail, user delete, `-yd` paths. */
let t: TestApp;
let india: string;
let indonesia: string;
const productOf: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  india = await t.signIn('IN');
  indonesia = await t.signIn('ID');
  for (const p of await t.database.db.select().from(products).where(eq(products.enabled, true)))
    productOf[p.market] ??= p.id;
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, token: string | null, payload: unknown = {}, lang?: 'en' | 'id') =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...(token ? t.auth(token) : {}), ...(lang ? { 'x-lang': lang } : {}) },
    payload: payload as object,
  });

const home = async (token: string, lang?: 'en' | 'id'): Promise<HomeData> => {
  const res = await post(APP_PATHS.home, token, {}, lang);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('home page', () => {
  for (const market of ['IN', 'ID'] as const) {
    it(`${market}: a borrower who just registered is sent to the first missing step, in their language`, async () => {
      const me = await t.newBorrower(market, { verified: false });
      const en = await home(me, 'en');
      expect(en.next).toEqual({
        action: 'verify',
        step: 'base',
        title: 'Complete your basic details before you apply.',
        url: H5_PATHS.verification,
      });
      expect(en.loan).toBeNull();
      const offer = MARKET_OFFER[market];
      expect(en.offer).toMatchObject({
        amountMin: offer.amountMin,
        amountMax: offer.amountMax,
        amountMinText: formatMoney(offer.amountMin, market),
        amountMaxText: formatMoney(offer.amountMax, market),
      });
      const id = await home(me, 'id');
      expect(id.next.title).toBe('Lengkapi data dasar Anda sebelum mengajukan pinjaman.');
      expect(id.offer.decision).toBe('1 hari');
      expect(en.offer.decision).toBe('1 day');
    });
  }

  it('a verified borrower without a loan is offered the products', async () => {
    const me = await t.newBorrower('IN');
    const data = await home(me);
    expect(data.loan).toBeNull();
    expect(data.next).toEqual({
      action: 'apply',
      step: null,
      title: 'Choose a loan',
      url: H5_PATHS.relevant,
    });
    expect((await home(me, 'id')).next.title).toBe('Pilih pinjaman');
  });

  it("shows the loan that needs the borrower first, with My loans' figures, and sends them to pay it", async () => {
    for (const [token, lang] of [
      [india, 'en'],
      [indonesia, 'id'],
    ] as const) {
      const data = await home(token, lang);
      const first = (await post(LOAN_PATHS.orderList, token, {}, lang)).json().data.items[0] as OrderListItem;
      expect(first.open).toBe(true);
      expect(data.loan).toEqual(first);
      expect(first.nextDue).not.toBeNull();
      expect(data.next.action).toBe('repay');
      expect(data.next.url).toBe(
        `${H5_PATHS.loanDetails}?productId=${first.productId}&orderId=${first.orderNo}`,
      );
      expect(data.next.title).toContain(first.nextDue!.amountText);
      expect(data.next.title).toContain(first.nextDue!.dayText);
      expect(data.next.title).toMatch(lang === 'en' ? /^Pay / : /^Bayar /);
    }
  });

  it('needs a session and takes no fields', async () => {
    expect((await post(APP_PATHS.home, null)).statusCode).toBe(401);
    for (const body of [{ userId: 1 }, [], { page: '1\u0000' }]) {
      const res = await post(APP_PATHS.home, india, body, 'id');
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('product detail', () => {
  it("states the product's key facts as the confirmation does, and stores no quote", async () => {
    for (const [market, token, lang] of [
      ['IN', india, 'en'],
      ['ID', indonesia, 'id'],
    ] as const) {
      const [borrower] = await t.database.db
        .select({ id: borrowers.id })
        .from(borrowers)
        .where(eq(borrowers.market, market))
        .limit(1);
      const quotes = async () =>
        (await t.database.db.select().from(loanQuotes).where(eq(loanQuotes.borrowerId, borrower!.id))).length;
      const before = await quotes();
      const res = await post(APP_PATHS.productDetail, token, { productId: productOf[market] }, lang);
      expect(res.statusCode, res.body).toBe(200);
      const detail = res.json().data;
      expect(await quotes()).toBe(before);
      const confirm = (
        await post(LOAN_PATHS.confirmDetail, token, { productId: productOf[market] }, lang)
      ).json().data;
      expect(detail.keyFacts).toEqual(confirm.keyFacts);
      expect(detail).toMatchObject({
        productId: productOf[market],
        productName: confirm.productName,
        amountMax: confirm.choices.amountMax,
        terms: confirm.choices.terms,
        pRateDsc: confirm.pRateDsc,
        amountRange: `${confirm.choices.amountMinText} - ${confirm.choices.amountMaxText}`,
      });
    }
  });

  it("refuses another market's product, an unknown one and bad ids, in the borrower's language", async () => {
    const other = await post(APP_PATHS.productDetail, india, { productId: productOf.ID });
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('Rp');
    const none = await post(APP_PATHS.productDetail, indonesia, { productId: 2_147_483_647 }, 'id');
    expect(none.statusCode).toBe(404);
    const en = await post(APP_PATHS.productDetail, india, { productId: 2_147_483_647 }, 'en');
    expect(none.json().message).not.toBe(en.json().message);
    for (const productId of [2_147_483_648, [1], '1e3', '1\u0000', -1, 0, null]) {
      const res = await post(APP_PATHS.productDetail, india, { productId });
      expect(res.statusCode, JSON.stringify(productId)).toBe(400);
    }
    expect((await post(APP_PATHS.productDetail, india, { productId: 1, userId: 2 })).statusCode).toBe(400);
    expect((await post(APP_PATHS.productDetail, null, { productId: productOf.IN })).statusCode).toBe(401);
  });
});

describe('aliases', () => {
  it('every alias answers as its original: same status, same reply', async () => {
    const same: Array<[string, string, unknown]> = [
      ['/v3/home/home-page-yd', APP_PATHS.home, {}],
      ['/v3/order/order-list-yd', LOAN_PATHS.orderList, { page: 1 }],
      ['/indah/v3/product/recommend-product-list-yd', LOAN_PATHS.recommendList, {}],
      ['/indah/v3/product/apply-yd', LOAN_PATHS.apply, { product_id: productOf.IN, module_id: 300 }],
      ['/indah/v3/product/apply-yd', LOAN_PATHS.apply, { product_id: [1], module_id: 300 }],
      ['/v3/loan-confirm/loan-detail-push-yd', LOAN_PATHS.push, { productId: 2_147_483_648 }],
    ];
    for (const [alias, original, body] of same) {
      expect(ROUTE_ALIASES[alias]).toBe(original);
      for (const lang of ['en', 'id'] as const) {
        const a = await post(alias, india, body, lang);
        const b = await post(original, india, body, lang);
        expect(a.statusCode, alias).toBe(b.statusCode);
        expect(a.json(), alias).toEqual(b.json());
      }
      expect((await post(alias, null, body)).statusCode, alias).toBe(401);
    }
  });

  it('user delete is account cancellation: confirmation, refusal while a loan is live, both languages', async () => {
    for (const body of [{}, { confirm: 'true' }, { confirm: [true] }, { confirm: true, userId: 1 }]) {
      const res = await post(APP_PATHS.userDelete, india, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const refused = await post(APP_PATHS.userDelete, india, { confirm: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe(DATA_RIGHTS_CODE.LOAN_OUTSTANDING);
    expect(refused.json().message).toMatch(/^You can cancel your account once every loan is repaid/);
    const ditolak = await post(APP_PATHS.userDelete, indonesia, { confirm: true }, 'id');
    expect(ditolak.json().message).toMatch(/^Akun dapat ditutup setelah semua pinjaman lunas/);

    const me = await t.newBorrower('ID');
    const closed = await post(APP_PATHS.userDelete, me, { confirm: true }, 'id');
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data.closedAt).toEqual(expect.any(String));
    // The session ended with the account, as the original call does.
    expect((await post(APP_PATHS.home, me)).statusCode).toBe(401);
    expect((await post(DATA_RIGHTS_PATHS.cancelAccount, me, { confirm: true })).statusCode).toBe(401);
  });

  it('an alias shares its original limit: calls through both count against one budget', async () => {
    // A borrower who may not push yet: every push is refused by the gate, after the limiter counted it.
    const me = await t.newBorrower('IN', { verified: false });
    const confirm = (await post(LOAN_PATHS.confirmDetail, me, { productId: productOf.IN })).json().data;
    const body = (n: number) => ({
      productId: productOf.IN,
      amount: confirm.amount,
      periods: confirm.periods,
      termUnit: 'day',
      agreed: true,
      requestKey: `alias-limit-${String(n).padStart(8, '0')}`,
      quoteId: confirm.quote.id,
    });
    const codes: number[] = [];
    for (let n = 0; n < 30; n++) {
      const url = n % 2 === 0 ? LOAN_PATHS.push : '/v3/loan-confirm/loan-detail-push-yd';
      const res = await post(url, me, body(n));
      codes.push(res.statusCode);
      if (res.statusCode === 409) expect(res.json().code).toBe(VERIFY_ERROR_CODE.STEP_MISSING);
    }
    expect(new Set(codes)).toEqual(new Set([409]));
    expect((await post(LOAN_PATHS.push, me, body(31))).statusCode).toBe(429);
    expect((await post('/v3/loan-confirm/loan-detail-push-yd', me, body(32))).statusCode).toBe(429);
  });
});
