import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPAY_PATHS } from '../../../shared/contract/constants.ts';
import type { LoanDetails } from '../../../shared/contract/loans.ts';
import type { GatewayEvent, VcodeData } from '../../../shared/contract/repayment.ts';
import type { Market } from '../../../shared/markets.ts';
import { signedHeaders } from '../../adapters/payment-gateway.ts';
import { orderEvents, orders, payCodes, paymentAllocations, payments } from '../../db/schema.ts';
import { seedOrder } from '../../db/seed-loans.ts';
import { demoProductId } from '../../test/demo-products.ts';
import { createTestApp, type StaffHeaders, staffSignIn, type TestApp } from '../../test/helpers.ts';

/**
 * The cooling-off exit as a payment (decision 031, "Cooling-off exit"): generate-vcode issues the payoff's
 * code while the window is open, and its callback allocates principal then interest and settles the
 * loan in one transaction, exactly once; against the real database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL). The loans are paid out the day before (inside every product's window, whatever
 * the hour) unless a test needs one whose window is over.
 */
let t: TestApp;
const secret = 'test-gateway-secret-0123456789abcdefghij';
const token: Partial<Record<Market, string>> = {};
const borrowerOf: Partial<Record<Market, number>> = {};
/** Crediting a reviewed payment is an administrator's (decision 047). */
let admin: StaffHeaders;
const DETAILS = '/v3/loan-details/loan-details';

beforeAll(async () => {
  t = await createTestApp({ GATEWAY_SECRET: secret });
  token.IN = await t.signIn('IN');
  token.ID = await t.signIn('ID');
  for (const [market, demoOrder] of [
    ['IN', 'IN20261101001'],
    ['ID', 'ID20261101001'],
  ] as const) {
    const [o] = await t.database.db.select().from(orders).where(eq(orders.orderNo, demoOrder));
    borrowerOf[market] = o!.borrowerId;
  }
  admin = await staffSignIn(t.app, 'admin@kredito.test', 'Admin!2345');
});
afterAll(async () => {
  await t.close();
});

let orderSeq = 700;
/**
 * A loan of the market's demo borrower on its `product`-th demo product (India 0: three periods, upfront
 * fee; Indonesia 0: one period with a fee added to it), paid out `daysAgo` days ago and not yet due.
 */
async function liveLoan(market: Market, product: number, amountMinor: number, daysAgo = 1) {
  const orderNo = `${market}20261101${++orderSeq}`;
  const productId = await demoProductId(t.database.db, market, product);
  await seedOrder(
    t.database.db,
    market,
    borrowerOf[market]!,
    productId,
    // seedOrder pays a loan of status 170 out three hours after it was confirmed.
    { orderNo, product, status: 170, amountMinor, termDays: 91, createdDaysAgo: daysAgo + 0.125 },
    Date.now(),
  );
  return orderNo;
}

const post = (market: Market, path: string, payload: object, lang?: string) =>
  t.app.inject({
    method: 'POST',
    url: path,
    headers: { ...t.auth(token[market]!), ...(lang ? { 'x-lang': lang } : {}) },
    payload,
  });

async function details(market: Market, orderNo: string): Promise<LoanDetails> {
  const res = await post(market, DETAILS, { orderId: orderNo });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const way = (market: Market) =>
  market === 'IN' ? { payCode: 'UPI', pay_type: 3 } : { payCode: 'BCA', pay_type: 1, specific_num: 1 };

const payoffBody = (market: Market, orderNo: string, amount: number) => ({
  orderId: orderNo,
  amount,
  ...way(market),
  is_payoff: 1,
});

async function payoffCode(market: Market, orderNo: string, amount: number): Promise<VcodeData> {
  const res = await post(market, REPAY_PATHS.vcode, payoffBody(market, orderNo, amount));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

let eventSeq = 0;
const event = (market: Market, code: VcodeData, overrides: Partial<GatewayEvent> = {}): GatewayEvent => ({
  eventId: `evt_exit_${++eventSeq}_${Date.now()}`,
  type: 'payment.paid',
  paymentId: `pay_exit_${eventSeq}_${Date.now()}`,
  vcode: code.vcode,
  amount: code.amount,
  currency: market === 'IN' ? 'INR' : 'IDR',
  paidAt: t.clock.now().toISOString(),
  ...overrides,
});

const callback = (e: GatewayEvent) => {
  const body = JSON.stringify(e);
  return t.app.inject({
    method: 'POST',
    url: REPAY_PATHS.webhook,
    headers: signedHeaders(secret, body, Math.floor(Date.now() / 1000)),
    payload: body,
  });
};

const orderRow = async (orderNo: string) =>
  (await t.database.db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0]!;
const allocationsOfOrder = async (orderNo: string) =>
  t.database.db
    .select()
    .from(paymentAllocations)
    .where(eq(paymentAllocations.orderId, (await orderRow(orderNo)).id));
const paymentRow = async (providerPaymentId: string) =>
  (await t.database.db.select().from(payments).where(eq(payments.providerPaymentId, providerPaymentId)))[0]!;
const sum = (rows: Array<{ amountMinor: number }>) => rows.reduce((a, r) => a + r.amountMinor, 0);

describe('the payoff code', () => {
  it('is issued for exactly the payoff loan details show, until the end of the day, and the same request gets it again', async () => {
    const orderNo = await liveLoan('IN', 0, 1_000_000);
    const exit = (await details('IN', orderNo)).coolingOff;
    // ₹10,000 at 0.08 % a day, one day used: the principal and ₹8 of interest, no fee.
    expect(exit).toMatchObject({ payoff: 1_000_800, payoffText: '₹10,008' });
    const body = payoffBody('IN', orderNo, exit!.payoff);
    const [a, b] = await Promise.all([
      payoffCode('IN', orderNo, exit!.payoff),
      payoffCode('IN', orderNo, exit!.payoff),
    ]);
    expect(b.billNo).toBe(a.billNo);
    expect(a).toMatchObject({
      amount: 1_000_800,
      state: 'pending',
      purposeText: 'Exit this loan (cooling-off): pays it off',
    });
    expect(a.upi?.link).toContain('am=10008.00');
    // The market's next midnight, which the exit's deadline never comes before.
    expect(Date.parse(a.expiresAt)).toBeGreaterThan(Date.now());
    expect(Date.parse(a.expiresAt)).toBeLessThanOrEqual(Date.parse(exit!.deadline));
    const [bill] = await t.database.db.select().from(payCodes).where(eq(payCodes.billNo, a.billNo));
    expect(bill!.purpose).toBe('payoff');
    // The payoff is not an amount of the plan: asked for without the flag, it is refused.
    const plain = await post('IN', REPAY_PATHS.vcode, { ...body, is_payoff: 0 });
    expect(plain.statusCode).toBe(409);
  });

  it('refuses another amount, a loan whose window is over, and the flag with the extension fee: 400 in the borrower language', async () => {
    const orderNo = await liveLoan('ID', 0, 100_000_000);
    const { payoff } = (await details('ID', orderNo)).coolingOff!;
    const before = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(payCodes))[0]!.n;
    for (const amount of [payoff - 1, payoff + 1]) {
      const res = await post('ID', REPAY_PATHS.vcode, payoffBody('ID', orderNo, amount));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        'Jumlah untuk membatalkan pinjaman ini sudah berubah. Silakan kembali ke pinjaman Anda dan coba lagi.',
      );
    }
    const both = await post('ID', REPAY_PATHS.vcode, { ...payoffBody('ID', orderNo, payoff), is_display: 1 });
    expect(both.statusCode).toBe(400);

    // Paid out ten days ago: India's three days have passed; the loan is repaid on its plan only.
    const old = await liveLoan('IN', 0, 1_000_000, 10);
    expect((await details('IN', old)).coolingOff).toBeNull();
    const late = await post('IN', REPAY_PATHS.vcode, payoffBody('IN', old, 1_000_000 + 8_000));
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(
      'The time to exit this loan has passed, so it can only be repaid as planned. Please go back to your loan.',
    );
    expect((await t.database.db.select({ n: sql<number>`count(*)::int` }).from(payCodes))[0]!.n).toBe(before);
  });
});

describe('paying the payoff', () => {
  it('an underpaid payoff goes to review; the exact one, sent ten times at once, settles the loan once', async () => {
    const orderNo = await liveLoan('ID', 0, 100_000_000);
    const { payoff } = (await details('ID', orderNo)).coolingOff!;
    // Rp 1.000.000 at 0.06 % a day, one day: Rp 600 of interest; the 1 % fee added to the period is waived.
    expect(payoff).toBe(100_000_000 + 60_000);
    const code = await payoffCode('ID', orderNo, payoff);
    expect(code.purposeText).toBe('Pembatalan pinjaman (masa pertimbangan): melunasi pinjaman');

    const under = event('ID', code, { amount: payoff - 100 });
    expect((await callback(under)).json().data).toEqual({ outcome: 'review' });
    expect(await paymentRow(under.paymentId)).toMatchObject({ state: 'review', reviewReason: 'underpaid' });
    expect(await allocationsOfOrder(orderNo)).toEqual([]);
    expect((await orderRow(orderNo)).status).toBe(170);

    const e = event('ID', code);
    const replies = await Promise.all(Array.from({ length: 10 }, () => callback(e)));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const outcomes = replies.map((r) => r.json().data.outcome);
    expect(outcomes.filter((o) => o === 'credited')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(9);
    expect((await callback(e)).json().data.outcome).toBe('duplicate');
    expect((await callback({ ...e, eventId: `${e.eventId}-again` })).json().data.outcome).toBe('duplicate');

    const paid = await paymentRow(e.paymentId);
    expect(paid.state).toBe('credited');
    const booked = await allocationsOfOrder(orderNo);
    expect(booked.every((a) => a.paymentId === paid.id && a.amountMinor > 0)).toBe(true);
    // The principal back in full, the days used as interest, and nothing booked as a fee.
    expect(sum(booked)).toBe(payoff);
    expect(booked.map((a) => [a.period, a.component, a.amountMinor])).toEqual([
      [1, 'principal', 100_000_000],
      [1, 'interest', 60_000],
    ]);
    const o = await orderRow(orderNo);
    expect(o.status).toBe(200);
    const [last] = await t.database.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, o.id))
      .orderBy(desc(orderEvents.id))
      .limit(1);
    expect(last).toMatchObject({
      operation: 'settle',
      fromStatus: 170,
      toStatus: 200,
      actor: 'system:gateway',
    });
    expect(last!.reason).toBe(`cooling-off exit, payment ${e.paymentId}`);

    // Loan details: settled, no exit any more; the bill credited.
    const after = await details('ID', orderNo);
    expect(after.orderStatus).toBe(200);
    expect(after.coolingOff).toBeNull();
    const status = await post('ID', REPAY_PATHS.status, { orderId: orderNo, billNo: code.billNo });
    expect(status.json().data.state).toBe('credited');

    // What the exit waived is not owed: no new code of any kind, and staff cannot credit the
    // underpaid payment to the loan (it can only be refunded).
    const again = await post('ID', REPAY_PATHS.vcode, payoffBody('ID', orderNo, payoff));
    expect(again.statusCode).toBe(409);
    const reviewed = await paymentRow(under.paymentId);
    expect(reviewed).toMatchObject({ state: 'review', reviewReason: 'underpaid' });
    const credit = await t.app.inject({
      method: 'POST',
      url: `/admin-api/payments/${reviewed.id}/credit`,
      headers: admin,
      payload: {},
    });
    expect(credit.statusCode).toBe(409);
    expect(await allocationsOfOrder(orderNo)).toHaveLength(2);
  });

  it('asks less once a period was paid in the window, and the borrower pays the payoff in all', async () => {
    const orderNo = await liveLoan('IN', 0, 1_000_000);
    const plan = (await post('IN', REPAY_PATHS.plan, { orderId: orderNo })).json().data;
    const first = plan.repayPlanDetail.repayWaitDetail[0]!.totalAmount as number;
    const periodCode = (
      await post('IN', REPAY_PATHS.vcode, { orderId: orderNo, amount: first, ...way('IN') })
    ).json().data as VcodeData;
    expect((await callback(event('IN', periodCode))).json().data.outcome).toBe('credited');

    const { payoff } = (await details('IN', orderNo)).coolingOff!;
    expect(payoff).toBe(1_000_800 - first);
    // Yesterday's full payoff is no longer what the exit asks.
    const stale = await post('IN', REPAY_PATHS.vcode, payoffBody('IN', orderNo, 1_000_800));
    expect(stale.statusCode).toBe(400);
    const code = await payoffCode('IN', orderNo, payoff);
    expect((await callback(event('IN', code))).json().data.outcome).toBe('credited');
    expect((await orderRow(orderNo)).status).toBe(200);
    const booked = await allocationsOfOrder(orderNo);
    expect(sum(booked)).toBe(1_000_800);
    expect(booked.every((a) => a.amountMinor > 0 && a.component !== 'fees')).toBe(true);
  });

  it('staff credit an overpaid payoff as the exit, the rest recorded for a refund', async () => {
    const orderNo = await liveLoan('IN', 0, 2_000_000);
    const { payoff } = (await details('IN', orderNo)).coolingOff!;
    const code = await payoffCode('IN', orderNo, payoff);
    const e = event('IN', code, { amount: payoff + 5_000 });
    expect((await callback(e)).json().data).toEqual({ outcome: 'review' });
    expect(await paymentRow(e.paymentId)).toMatchObject({ state: 'review', reviewReason: 'overpaid' });
    expect((await orderRow(orderNo)).status).toBe(170);
    const row = await paymentRow(e.paymentId);
    const res = await t.app.inject({
      method: 'POST',
      url: `/admin-api/payments/${row.id}/credit`,
      headers: admin,
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      operation: 'settle',
      orderStatus: 200,
      allocatedMinor: payoff,
      excessMinor: 5_000,
    });
    expect(sum(await allocationsOfOrder(orderNo))).toBe(payoff);
    expect((await paymentRow(e.paymentId)).resolution).toContain('excess ₹50 to refund');
  });
});
