import { and, eq, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPAY_PATHS } from '../../../shared/contract/constants.ts';
import { SMS_CODE } from '../../../shared/contract/identity.ts';
import { CARD_REPAY_CODE, CARD_REPAY_PATHS } from '../../../shared/contract/repayment-card.ts';
import type { CommitData, WayData } from '../../../shared/contract/repayment-card-schema.ts';
import { translate } from '../../../shared/i18n/resources.ts';
import type { Market } from '../../../shared/markets.ts';
import {
  bankCards,
  borrowers,
  cardRepayments,
  orders,
  payments,
  products,
  smsCodes,
} from '../../db/schema.ts';
import { DEMO_PRODUCTS, seedOrder } from '../../db/seed-loans.ts';
import { createTestApp, loggedText, type TestApp } from '../../test/helpers.ts';
import { holdRows, lockWaiters } from '../../test/row-locks.ts';

/**
 * The older bank-card repayment (decision 032) against the real database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL): who may pay what with which card, the SMS code's rules, and that a confirmed
 * repayment is charged once and credited once, through the same gateway callback as every payment.
 */
let t: TestApp;
const VALIDATION = {
  en: 'Some of the information is not valid. Please check and try again.',
  id: 'Ada informasi yang tidak valid. Silakan periksa dan coba lagi.',
};

beforeAll(async () => {
  t = await createTestApp({ GATEWAY_SECRET: 'test-gateway-secret-0123456789abcdefghij' });
});
afterAll(async () => {
  await t.close();
});

const post = (path: string, token: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: path,
    headers: { ...t.auth(token), 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

interface Borrower {
  token: string;
  id: number;
  market: Market;
  phone: string;
  orderNo: string;
  /** [0] needs an SMS code, [1] does not. */
  cards: Array<{ id: number; bankName: string; bankCode: string; cardNo: string }>;
}

let serial = 0;
/**
 * A borrower of their own (their own phone, so the per-phone limits of one test never meet another's),
 * with a loan whose first period is due today and two saved cards.
 */
async function borrowerWithLoan(market: Market, on: TestApp = t): Promise<Borrower> {
  const token = await on.newBorrower(market);
  const me = (await on.app.inject({ url: '/vdthg/v1/session/me', headers: on.auth(token) })).json().data;
  const db = on.database.db;
  const [row] = await db
    .select({ phone: borrowers.phone })
    .from(borrowers)
    .where(eq(borrowers.id, me.userId));
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.market, market), eq(products.code, DEMO_PRODUCTS[market][0]!.code)));
  const orderNo = `${market}2026119${String(++serial).padStart(5, '0')}`;
  await seedOrder(
    db,
    market,
    me.userId,
    product!.id,
    {
      orderNo,
      product: 0,
      status: 174,
      amountMinor: market === 'IN' ? 1_500_000 : 300_000_000,
      termDays: 91,
      createdDaysAgo: 0,
    },
    on.clock.now().getTime(),
  );
  const banks =
    market === 'IN'
      ? [
          { bankName: 'HDFC Bank', bankCode: 'HDFC', needsSms: true },
          { bankName: 'State Bank of India', bankCode: 'SBI', needsSms: false },
        ]
      : [
          { bankName: 'BCA', bankCode: 'BCA', needsSms: true },
          { bankName: 'Bank Mandiri', bankCode: 'MANDIRI', needsSms: false },
        ];
  const cards = await db
    .insert(bankCards)
    .values(
      banks.map((b, i) => ({
        borrowerId: me.userId,
        market,
        ...b,
        maskedNo: `************${String(1000 + serial * 10 + i)}`,
        providerToken: `tok_test_${serial}_${i}`,
      })),
    )
    .returning();
  return {
    token,
    id: me.userId,
    market,
    phone: row!.phone,
    orderNo,
    cards: cards.map((c) => ({
      id: c.id,
      bankName: c.bankName,
      bankCode: c.bankCode,
      cardNo: c.maskedNo.replace(/(.{4})(?=.)/g, '$1 '),
    })),
  };
}

async function way(b: Borrower, body: object = { orderId: b.orderNo }): Promise<WayData> {
  const res = await post(CARD_REPAY_PATHS.way, b.token, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** The commit body for a card of the borrower, the amount due and a fresh repay token. */
async function commitBody(b: Borrower, card = 0, overrides: object = {}) {
  const w = await way(b);
  const c = b.cards[card]!;
  return {
    amount: w.amount,
    bankName: c.bankName,
    cardId: c.id,
    cardNo: c.cardNo,
    couponId: '',
    orderId: b.orderNo,
    repayToken: w.repayToken,
    bankCode: c.bankCode,
    sendMsg: 1,
    ...overrides,
  };
}

async function commit(b: Borrower, body: object): Promise<CommitData> {
  const res = await post(CARD_REPAY_PATHS.commit, b.token, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** What the borrower's phone received last (the demo outbox). */
async function lastCode(b: Borrower): Promise<string> {
  const res = await t.app.inject({ url: `${CARD_REPAY_PATHS.demoSms}?phone=${b.phone}` });
  expect(res.statusCode, res.body).toBe(200);
  const code = res.json().data.code as string;
  expect(code).toMatch(/^\d{6}$/);
  return code;
}

const confirm = (b: Borrower, recordId: number, verifyCode: string) =>
  post(CARD_REPAY_PATHS.confirm, b.token, {
    orderId: b.orderNo,
    verifyCode,
    repaymentRecordId: recordId,
  });

const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const minute = () => t.clock.advance(61_000);

const paymentsOf = async (orderNo: string) => {
  const [o] = await t.database.db.select().from(orders).where(eq(orders.orderNo, orderNo));
  return t.database.db.select().from(payments).where(eq(payments.orderId, o!.id));
};
const recordState = async (id: number) =>
  (await t.database.db.select().from(cardRepayments).where(eq(cardRepayments.id, id)))[0]!.state;

describe('repayment-way', () => {
  it('lists the borrower’s cards masked, the amount due and a token; the demo borrowers have cards', async () => {
    const demo = await t.signIn('ID');
    const res = await post(CARD_REPAY_PATHS.way, demo, { orderId: 'ID20261101001' });
    expect(res.statusCode, res.body).toBe(200);
    const w: WayData = res.json().data;
    expect(w.alipay).toBe(0);
    expect(w.bankCards.map((c) => c.bankName)).toEqual(['BCA', 'BRI', 'Bank Mandiri']);
    expect(w.bankCards[0]!.cardNo).toBe('**** **** **** 1234');
    expect(w.amountText).toMatch(/^Rp\u00a0[\d.]+$/);
    expect(w.repayToken).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
    expect(w.detailsUrl).toBe(`/loanDetails?orderId=ID20261101001&productId=${w.productId}`);
    expect(w.otherWaysUrl).toBe(
      `/individual?productId=${w.productId}&orderId=ID20261101001&amount=${w.amount}&display=0`,
    );
    const india = (await post(CARD_REPAY_PATHS.way, await t.signIn('IN'), {})).json().data as WayData;
    expect(india.bankCards.map((c) => c.bankCode)).toEqual(['HDFC', 'SBI']);
    expect(india.orderNo).toMatch(/^IN/);
  });

  it('reads in two round trips: the cards with the order to pay, then that order’s ledger', async () => {
    const b = await borrowerWithLoan('ID');
    await way(b); // warms the session cache, as a screen's second call finds it
    const before = t.database.queryCount();
    await way(b);
    expect(t.database.queryCount() - before).toBe(2);
  });

  it('answers another borrower’s order, or none live, exactly as a missing one', async () => {
    const b = await borrowerWithLoan('IN');
    const other = await post(CARD_REPAY_PATHS.way, b.token, { orderId: 'IN20261101001' });
    const settled = await post(CARD_REPAY_PATHS.way, await t.signIn('IN'), { orderId: 'IN20260801002' });
    const missing = await post(CARD_REPAY_PATHS.way, b.token, { orderId: 'IN99999999999' });
    for (const res of [other, settled, missing]) expect(res.statusCode).toBe(404);
    expect(other.json().message).toBe(missing.json().message);
    const none = await post(CARD_REPAY_PATHS.way, await t.newBorrower('IN'), {});
    expect(none.statusCode).toBe(404);
  });
});

describe('repayment-commit', () => {
  it('refuses a card of another borrower and an order of another borrower with 404, writing nothing', async () => {
    const a = await borrowerWithLoan('ID');
    const b = await borrowerWithLoan('ID');
    const before = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(cardRepayments))[0]!.n;
    const card = b.cards[0]!;
    const foreignCard = await post(
      CARD_REPAY_PATHS.commit,
      a.token,
      await commitBody(a, 0, { cardId: card.id, bankName: card.bankName, cardNo: card.cardNo }),
    );
    expect(foreignCard.statusCode).toBe(404);
    // b's order with a's own card and a token for b's order: still not a's order.
    const wb = await way(b);
    const foreignOrder = await post(
      CARD_REPAY_PATHS.commit,
      a.token,
      await commitBody(a, 0, { orderId: b.orderNo, repayToken: wb.repayToken, amount: wb.amount }),
    );
    expect(foreignOrder.statusCode).toBe(404);
    // The card must be the one described: a forged number or bank names none of the borrower's.
    const forged = await post(
      CARD_REPAY_PATHS.commit,
      a.token,
      await commitBody(a, 0, { cardNo: '**** 9999' }),
    );
    expect(forged.statusCode).toBe(404);
    const after = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(cardRepayments))[0]!.n;
    expect(after).toBe(before);
  });

  it('accepts only an amount the ledger offers now (400), and only with a token for this order', async () => {
    const b = await borrowerWithLoan('ID');
    const body = await commitBody(b);
    const less = await post(CARD_REPAY_PATHS.commit, b.token, { ...body, amount: body.amount - 1 });
    expect(less.statusCode).toBe(400);
    expect(less.json().message).toBe(translate('id', 'repayment', 'refusals.amountNotOffered'));
    const stale = await post(CARD_REPAY_PATHS.commit, b.token, {
      ...body,
      repayToken: `${Math.floor(Date.now() / 1000) + 900}.${'A'.repeat(43)}`,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('Halaman pembayaran ini sudah kedaluwarsa. Silakan buka kembali.');
  });

  it('sends a 6-digit code to the borrower’s phone, kept only as a keyed hash', async () => {
    const b = await borrowerWithLoan('IN');
    const c = await commit(b, await commitBody(b));
    expect(c).toMatchObject({ needValid: 1, resendIn: 60, state: 'pending' });
    const code = await lastCode(b);
    const rows = await t.database.db
      .select()
      .from(smsCodes)
      .where(eq(smsCodes.subject, String(c.repayRecordId)));
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows);
    expect(rows[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored).not.toContain(code);
    expect(stored).not.toContain(b.phone);
    expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBe(300_000);
    const held = (await t.app.inject({ url: `${CARD_REPAY_PATHS.demoSms}?phone=${b.phone}` })).json().data;
    expect(held.text).toMatch(
      /^Kredito: \d{6} is your code to pay ₹[\d,.]+ with your HDFC Bank card ending in \d{4}\./,
    );
  });

  it('refuses a resend within 60 s (Retry-After, the do-not-resend message), allows it after', async () => {
    const b = await borrowerWithLoan('ID');
    const body = await commitBody(b);
    const first = await commit(b, body);
    const firstCode = await lastCode(b);
    t.clock.advance(30_000);
    const early = await post(CARD_REPAY_PATHS.commit, b.token, body);
    expect(early.statusCode).toBe(429);
    expect(early.json().message).toBe('Kode sudah dikirim. Mohon jangan kirim ulang dulu.');
    expect(Number(early.headers['retry-after'])).toBeGreaterThanOrEqual(29);
    t.clock.advance(31_000);
    // The same card and amount: the same record, a new code; the first one stops working.
    const again = await commit(b, body);
    expect(again.repayRecordId).toBe(first.repayRecordId);
    const secondCode = await lastCode(b);
    expect(
      (
        await t.database.db
          .select()
          .from(smsCodes)
          .where(eq(smsCodes.subject, String(first.repayRecordId)))
      ).length,
    ).toBe(2);
    if (firstCode !== secondCode) {
      const old = await confirm(b, first.repayRecordId, firstCode);
      expect(old.json().code).toBe(CARD_REPAY_CODE.WRONG_CODE);
    }
  });

  it('two taps at once make one repayment and send one SMS', async () => {
    const b = await borrowerWithLoan('ID');
    const body = await commitBody(b);
    const results = await Promise.all([0, 1, 2].map(() => post(CARD_REPAY_PATHS.commit, b.token, body)));
    const done = results.filter((r) => r.statusCode === 200);
    expect(done.length).toBeGreaterThanOrEqual(1);
    // The others found the same repayment and were told not to resend (or not to resubmit).
    for (const r of results.filter((x) => x.statusCode !== 200)) expect([409, 429]).toContain(r.statusCode);
    const ids = new Set(done.map((r) => r.json().data.repayRecordId));
    expect(ids.size).toBe(1);
    const [o] = await t.database.db.select().from(orders).where(eq(orders.orderNo, b.orderNo));
    expect(
      await t.database.db.select().from(cardRepayments).where(eq(cardRepayments.orderId, o!.id)),
    ).toHaveLength(1);
    expect(
      await t.database.db
        .select()
        .from(smsCodes)
        .where(eq(smsCodes.subject, String([...ids][0]))),
    ).toHaveLength(1);
  });

  it('sends at most 5 codes an hour to one phone', async () => {
    const b = await borrowerWithLoan('IN');
    const body = await commitBody(b);
    for (let i = 0; i < 5; i++) {
      await commit(b, body);
      minute();
    }
    const sixth = await post(CARD_REPAY_PATHS.commit, b.token, body);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe('Too many codes were sent to this phone. Please try again in an hour.');
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(3000);
  });

  it('replaces a waiting repayment when another card or amount is chosen; the old code stops working', async () => {
    const b = await borrowerWithLoan('ID');
    const first = await commit(b, await commitBody(b));
    const code = await lastCode(b);
    minute();
    // A card that needs no code is charged at once.
    const second = await commit(b, await commitBody(b, 1));
    expect(second).toMatchObject({ needValid: 0, state: 'credited' });
    expect(second.repayRecordId).not.toBe(first.repayRecordId);
    expect(await recordState(first.repayRecordId)).toBe('cancelled');
    const old = await confirm(b, first.repayRecordId, code);
    expect(old.statusCode).toBe(409);
    expect(old.json().message).toBe('Pembayaran ini dibatalkan atau sudah kedaluwarsa. Silakan mulai lagi.');
    expect(await paymentsOf(b.orderNo)).toHaveLength(1);
  });
});

describe('repayment-confirm', () => {
  it('counts wrong codes (800006) and locks the repayment after 5', async () => {
    const b = await borrowerWithLoan('IN');
    const c = await commit(b, await commitBody(b));
    const code = await lastCode(b);
    for (let i = 1; i <= 5; i++) {
      const res = await confirm(b, c.repayRecordId, wrongOf(code));
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(CARD_REPAY_CODE.WRONG_CODE);
      expect(res.json().message).toBe(
        i < 5
          ? 'Wrong verification code.'
          : 'Wrong verification code. After too many wrong tries this payment is stopped: please start again.',
      );
      const [row] = await t.database.db
        .select()
        .from(smsCodes)
        .where(eq(smsCodes.subject, String(c.repayRecordId)));
      expect(row!.attempts).toBe(i);
    }
    expect(await recordState(c.repayRecordId)).toBe('locked');
    // Not even the right code opens it now, and nothing was charged.
    const right = await confirm(b, c.repayRecordId, code);
    expect(right.statusCode).toBe(409);
    expect(right.json().message).toBe('Too many wrong codes were entered. Please start the payment again.');
    expect(await paymentsOf(b.orderNo)).toHaveLength(0);
  });

  it('refuses an expired code', async () => {
    const b = await borrowerWithLoan('ID');
    const c = await commit(b, await commitBody(b));
    const code = await lastCode(b);
    t.clock.advance(300_001);
    const res = await confirm(b, c.repayRecordId, code);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Kode verifikasi sudah kedaluwarsa. Silakan minta kode baru.');
    expect(await recordState(c.repayRecordId)).toBe('pending');
  });

  it('charges once and credits once; a second confirm is 800005; loan details show the payment', async () => {
    const b = await borrowerWithLoan('IN');
    const w = await way(b);
    const c = await commit(b, await commitBody(b));
    const code = await lastCode(b);
    const ok = await confirm(b, c.repayRecordId, code);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ state: 'credited', repayRecordId: c.repayRecordId });
    expect(ok.json().data.detailsUrl).toBe(`/loanDetails?orderId=${b.orderNo}&productId=${w.productId}`);
    const again = await confirm(b, c.repayRecordId, code);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: CARD_REPAY_CODE.DO_NOT_RESUBMIT,
      message: 'This payment has already been submitted. Please do not resubmit.',
    });
    const paid = await paymentsOf(b.orderNo);
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ state: 'credited', amountMinor: w.amount });
    expect(await recordState(c.repayRecordId)).toBe('charged');
    const [record] = await t.database.db
      .select()
      .from(cardRepayments)
      .where(eq(cardRepayments.id, c.repayRecordId));
    expect(record!.payCodeId).toBe(paid[0]!.payCodeId);
    const details = (await post('/v3/loan-details/loan-details', b.token, { orderId: b.orderNo })).json()
      .data;
    expect(details.userOrderDetail.detail).toContainEqual({ text: 'Paid so far', value: w.amountText });
    const plan = (await post(REPAY_PATHS.plan, b.token, { orderId: b.orderNo })).json().data;
    expect(plan.repayPlanDetail.repayYetDetail.map((p: { periodNo: number }) => p.periodNo)).toEqual([1]);
  });

  it('confirmed twice at once: one charge, one credit', async () => {
    const b = await borrowerWithLoan('ID');
    const c = await commit(b, await commitBody(b));
    const code = await lastCode(b);
    const results = await Promise.all([
      confirm(b, c.repayRecordId, code),
      confirm(b, c.repayRecordId, code),
      confirm(b, c.repayRecordId, code),
    ]);
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.json().code).toBe(CARD_REPAY_CODE.DO_NOT_RESUBMIT);
    const paid = await paymentsOf(b.orderNo);
    expect(paid).toHaveLength(1);
    expect(paid[0]!.state).toBe('credited');
  });

  it('ten confirms of the right code at once: one charge, and the record is charged, not locked', async () => {
    const b = await borrowerWithLoan('IN');
    const c = await commit(b, await commitBody(b));
    const code = await lastCode(b);
    const results = await Promise.all(Array.from({ length: 10 }, () => confirm(b, c.repayRecordId, code)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const paid = await paymentsOf(b.orderNo);
    expect(paid).toHaveLength(1);
    expect(paid[0]!.state).toBe('credited');
    expect(await recordState(c.repayRecordId)).toBe('charged');
  });

  it('answers another borrower’s record as a missing one', async () => {
    const a = await borrowerWithLoan('ID');
    const b = await borrowerWithLoan('ID');
    const c = await commit(b, await commitBody(b));
    const code = await lastCode(b);
    const res = await post(CARD_REPAY_PATHS.confirm, a.token, {
      orderId: b.orderNo,
      verifyCode: code,
      repaymentRecordId: c.repayRecordId,
    });
    expect(res.statusCode).toBe(404);
    expect(await recordState(c.repayRecordId)).toBe('pending');
  });
});

describe('repayment-huichao', () => {
  it('gives the sandbox’s hosted page in demo mode; its Pay button pays the bill and returns to the loan', async () => {
    const b = await borrowerWithLoan('ID');
    const w = await way(b);
    const other = await post(CARD_REPAY_PATHS.hosted, b.token, {
      userId: b.id + 1,
      orderId: b.orderNo,
      amount: w.amount,
    });
    expect(other.statusCode).toBe(404);
    const wrong = await post(CARD_REPAY_PATHS.hosted, b.token, {
      userId: b.id,
      orderId: b.orderNo,
      amount: 1,
    });
    expect(wrong.statusCode).toBe(400);
    const res = await post(CARD_REPAY_PATHS.hosted, b.token, {
      userId: b.id,
      orderId: b.orderNo,
      amount: w.amount,
    });
    expect(res.statusCode, res.body).toBe(200);
    const url: string = res.json().data.url;
    expect(url).toMatch(/^\/dev-api\/gateway\/hosted\?bill=IDB\d{16}&lang=id$/);
    const page = await t.app.inject(url);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<button type="submit">Bayar</button>');
    expect(page.body).toContain(w.amountText.replace('\u00a0', '\u00a0'));
    const bill = new URL(url, 'http://x').searchParams.get('bill')!;
    const paid = await t.app.inject({
      method: 'POST',
      url: CARD_REPAY_PATHS.demoHosted,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `bill=${bill}`,
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(w.detailsUrl);
    const credited = await paymentsOf(b.orderNo);
    expect(credited.map((p) => p.state)).toEqual(['credited']);
  });

  it('is refused clearly outside demo mode, where the demo outbox and page do not exist', async () => {
    const prod = await createTestApp({
      DEMO: '0',
      URL_SIGNING_SECRET: 'test-secret-test-secret-test-secret-0123',
    });
    try {
      const b = await borrowerWithLoan('IN', prod);
      const w = (
        await prod.app.inject({
          method: 'POST',
          url: CARD_REPAY_PATHS.way,
          headers: prod.auth(b.token),
          payload: { orderId: b.orderNo },
        })
      ).json().data as WayData;
      const res = await prod.app.inject({
        method: 'POST',
        url: CARD_REPAY_PATHS.hosted,
        headers: prod.auth(b.token),
        payload: { userId: b.id, orderId: b.orderNo, amount: w.amount },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        'Paying on the bank’s page is not available. Please choose another way to pay.',
      );
      expect((await prod.app.inject(`${CARD_REPAY_PATHS.demoSms}?phone=${b.phone}`)).statusCode).toBe(404);
      expect((await prod.app.inject(`${CARD_REPAY_PATHS.demoHosted}?bill=INB1`)).statusCode).toBe(404);
      expect(prod.app.printRoutes()).not.toContain('sms/last');
    } finally {
      await prod.close();
    }
  });
});

describe('hostile input', () => {
  it('answers malformed bodies with 400 in the borrower’s language, writes nothing and stays up', async () => {
    const b = await borrowerWithLoan('ID');
    const good = await commitBody(b);
    const count = async () =>
      (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(cardRepayments))[0]!.n;
    const before = await count();
    const commits: unknown[] = [
      { ...good, cardId: 2_147_483_648 },
      { ...good, cardId: [good.cardId] },
      { ...good, cardId: '1e3' },
      { ...good, cardId: true },
      { ...good, amount: -1 },
      { ...good, amount: '1.5' },
      { ...good, orderId: `${b.orderNo}\u0000` },
      { ...good, bankName: 'BCA\u0007' },
      { ...good, cardNo: '**** \u0000' },
      { ...good, repayToken: 'x\u0000' },
      { ...good, bankCode: '../BCA' },
      { ...good, sendMsg: 2 },
      { ...good, couponId: 7 },
      { ...good, status: 'charged' },
      { ...good, userId: 1 },
      [good],
      'amount=1',
      null,
    ];
    for (const body of commits) {
      const res = await post(CARD_REPAY_PATHS.commit, b.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ code: '400', data: null, message: VALIDATION.id });
    }
    const confirms: unknown[] = [
      { orderId: b.orderNo, verifyCode: '123456', repaymentRecordId: 2_147_483_648 },
      { orderId: b.orderNo, verifyCode: '12345\u0000', repaymentRecordId: 1 },
      { orderId: b.orderNo, verifyCode: ['123456'], repaymentRecordId: 1 },
      { orderId: b.orderNo, verifyCode: '１２３４５６', repaymentRecordId: 1 },
      { orderId: b.orderNo, verifyCode: '12345', repaymentRecordId: 1 },
      { orderId: b.orderNo, verifyCode: '1234567', repaymentRecordId: 1 },
      { orderId: b.orderNo, verifyCode: '123456', repaymentRecordId: 1, extra: 1 },
    ];
    for (const body of confirms) {
      const res = await post(CARD_REPAY_PATHS.confirm, b.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(VALIDATION.id);
    }
    for (const body of [{ orderId: ['x'] }, { amount: 2_147_483_648_000_000 }, { orderId: 'A\u001f' }]) {
      const res = await post(CARD_REPAY_PATHS.way, b.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await count()).toBe(before);
    // Still up and answering.
    expect((await commit(b, good)).needValid).toBe(1);
    // A stranger learns nothing from validation: the session is checked first.
    const anon = await t.app.inject({
      method: 'POST',
      url: CARD_REPAY_PATHS.commit,
      payload: { cardId: [1] },
    });
    expect(anon.statusCode).toBe(401);
  });

  it('logs neither the phone number nor the code', async () => {
    const b = await borrowerWithLoan('IN');
    const c = await commit(b, await commitBody(b));
    const code = await lastCode(b);
    await confirm(b, c.repayRecordId, wrongOf(code));
    await confirm(b, c.repayRecordId, code);
    const all = loggedText(t.logs);
    expect(all).toContain('card repayment refused');
    expect(all).not.toContain(code);
    expect(all).not.toContain(wrongOf(code));
    expect(all).not.toContain(b.phone);
  });
});

describe('a burst of commits with a card that needs no code', () => {
  for (const n of [24, 8])
    it(`charges the bill once for ${n} commits at once`, async () => {
      const b = await borrowerWithLoan('ID');
      const body = await commitBody(b, 1);
      const results = await Promise.all(
        Array.from({ length: n }, () => post(CARD_REPAY_PATHS.commit, b.token, body)),
      );
      const charged = results.filter((r) => r.statusCode === 200);
      expect(charged, results.map((r) => r.body).join('\n')).toHaveLength(1);
      // The others were told not to pay again, or (after the credit) that the amount is no longer due.
      for (const r of results.filter((x) => x.statusCode !== 200))
        expect([CARD_REPAY_CODE.DO_NOT_RESUBMIT, '400']).toContain(String(r.json().code));
      const paid = await paymentsOf(b.orderNo);
      expect(paid.map((p) => p.state)).toEqual(['credited']);
      const records = await t.database.db
        .select()
        .from(cardRepayments)
        .where(eq(cardRepayments.borrowerId, b.id));
      expect(records.filter((r) => r.state === 'charged')).toHaveLength(1);
    });
});

describe('a commit after the charge, before its credit (PostgreSQL)', () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'does not charge the bill again while the first charge waits to be credited',
    async () => {
      const b = await borrowerWithLoan('ID');
      const body = await commitBody(b, 1);
      // The bill the charge will pay (its card's bank's, reused while open), held: the first charge's
      // callback then waits to credit it, with its record already `charged`.
      const bill = await post(REPAY_PATHS.vcode, b.token, {
        orderId: b.orderNo,
        amount: body.amount,
        payCode: 'MANDIRI',
        pay_type: 1,
      });
      expect(bill.statusCode, bill.body).toBe(200);
      const hold = await holdRows(t.database, 'select id from pay_codes where vcode = $1 for no key update', [
        bill.json().data.vcode,
      ]);
      const first = post(CARD_REPAY_PATHS.commit, b.token, body);
      await lockWaiters(t.database, 1);
      const [record] = await t.database.db
        .select()
        .from(cardRepayments)
        .where(eq(cardRepayments.borrowerId, b.id));
      expect(record!.state).toBe('charged');
      // The second commit is refused at once, or (before the fix) charges and waits on the same bill.
      let answered = false;
      const second = post(CARD_REPAY_PATHS.commit, b.token, body).finally(() => {
        answered = true;
      });
      await lockWaiters(t.database, 2, () => answered);
      await hold.release();
      const replies = await Promise.all([first, second]);
      expect(replies[0]!.statusCode, replies[0]!.body).toBe(200);
      expect(replies[1]!.statusCode).toBe(409);
      expect(replies[1]!.json().code).toBe(CARD_REPAY_CODE.DO_NOT_RESUBMIT);
      const paid = await paymentsOf(b.orderNo);
      expect(paid.map((p) => p.state)).toEqual(['credited']);
    },
  );
});

describe('a right code confirmed while a parallel confirmation locks the record', () => {
  it('still charges once, and the record ends charged, not locked', async () => {
    // The right code's confirmation is held between counting its try and spending the code: the moment
    // in which a parallel confirmation finds every try used and locks the record.
    let reached: () => void = () => {};
    const atSpend = new Promise<void>((resolve) => {
      reached = resolve;
    });
    let release: () => void = () => {};
    const spend = new Promise<void>((resolve) => {
      release = resolve;
    });
    const dialect = new PgDialect();
    const held = await createTestApp(
      { GATEWAY_SECRET: 'test-gateway-secret-0123456789abcdefghij' },
      (database) => {
        const execute = database.db.execute.bind(database.db);
        const db = new Proxy(database.db, {
          get(target, key, receiver) {
            if (key !== 'execute') return Reflect.get(target, key, receiver);
            return async (query: SQL) => {
              if (/update sms_codes set used_at/.test(dialect.sqlToQuery(query).sql)) {
                reached();
                await spend;
              }
              return execute(query);
            };
          },
        });
        return { ...database, db };
      },
    );
    try {
      const b = await borrowerWithLoan('IN', held);
      const send = (payload: object, path: string) =>
        held.app.inject({ method: 'POST', url: path, headers: held.auth(b.token), payload });
      const w = (await send({ orderId: b.orderNo }, CARD_REPAY_PATHS.way)).json().data as WayData;
      const c = b.cards[0]!;
      const committed = await send(
        {
          amount: w.amount,
          bankName: c.bankName,
          cardId: c.id,
          cardNo: c.cardNo,
          couponId: '',
          orderId: b.orderNo,
          repayToken: w.repayToken,
          bankCode: c.bankCode,
          sendMsg: 1,
        },
        CARD_REPAY_PATHS.commit,
      );
      expect(committed.statusCode, committed.body).toBe(200);
      const recordId = committed.json().data.repayRecordId as number;
      const code = (await held.app.inject({ url: `${CARD_REPAY_PATHS.demoSms}?phone=${b.phone}` })).json()
        .data.code as string;
      // Four tries already counted (the parallel confirmations); this right code is the fifth.
      await held.database.db
        .update(smsCodes)
        .set({ attempts: SMS_CODE.maxTries - 1 })
        .where(eq(smsCodes.subject, String(recordId)));
      const body = { orderId: b.orderNo, verifyCode: code, repaymentRecordId: recordId };
      const right = send(body, CARD_REPAY_PATHS.confirm);
      await atSpend;
      const parallel = await send(body, CARD_REPAY_PATHS.confirm);
      expect(parallel.statusCode).toBe(409);
      release();
      const charged = await right;
      expect(charged.statusCode, charged.body).toBe(200);
      const [record] = await held.database.db
        .select()
        .from(cardRepayments)
        .where(eq(cardRepayments.id, recordId));
      expect(record!.state).toBe('charged');
      const [o] = await held.database.db.select().from(orders).where(eq(orders.orderNo, b.orderNo));
      const paid = await held.database.db.select().from(payments).where(eq(payments.orderId, o!.id));
      expect(paid.map((p) => p.state)).toEqual(['credited']);
    } finally {
      release();
      await held.close();
    }
  });
});
