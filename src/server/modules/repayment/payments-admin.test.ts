import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReviewPage } from '../../../shared/contract/admin.ts';
import { REPAY_PATHS } from '../../../shared/contract/constants.ts';
import type { GatewayEvent, PlanData, VcodeData } from '../../../shared/contract/repayment.ts';
import { formatMoney } from '../../../shared/domain/money.ts';
import type { Market } from '../../../shared/markets.ts';
import { noGateway, signedHeaders } from '../../adapters/payment-gateway.ts';
import {
  auditLog,
  ledgerAdjustments,
  orders,
  payCodes,
  paymentAllocations,
  payments,
  products,
  staffUsers,
} from '../../db/schema.ts';
import { seedOrder } from '../../db/seed-loans.ts';
import { createTestApp, type StaffHeaders, staffSignIn, type TestApp } from '../../test/helpers.ts';
import { hashPassword } from '../staff/staff.service.ts';

/**
 * Reconciliation in the back office (issue 9, decision 031): the review list, resolving with a note and
 * crediting a reviewed payment to its order, per market, exactly once, against the real database
 * (PGlite, or PostgreSQL with TEST_DATABASE_URL). Payments reach review the way they do in production:
 * a borrower's pay code and the gateway's signed callback.
 */
let t: TestApp;
const secret = 'test-gateway-secret-0123456789abcdefghij';
const token: Partial<Record<Market, string>> = {};
let admin: StaffHeaders;
let agentIn: StaffHeaders;
let agentId: StaffHeaders;
/** Administrators of one market each: crediting is an administrator's (decision 047). */
let adminIn: StaffHeaders;
let adminId: StaffHeaders;
/** A second administrator of Indonesia: the checker of the first one's manual credits. */
let adminId2: StaffHeaders;
const borrowerOf: Partial<Record<Market, number>> = {};
const productOf: Record<Market, number> = { IN: 0, ID: 0 };

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
  // Salary Advance (one period, India) and Modal Usaha (three periods, Indonesia).
  for (const [market, code] of [
    ['IN', 'kredito-salary'],
    ['ID', 'kredito-usaha'],
  ] as const) {
    const [p] = await t.database.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.market, market), eq(products.code, code)));
    productOf[market] = p!.id;
  }
  admin = await staffSignIn(t.app, 'admin@kredito.test', 'Admin!2345');
  agentIn = await staffSignIn(t.app, 'agent.in@kredito.test', 'Agent!2345');
  agentId = await staffSignIn(t.app, 'agent.id@kredito.test', 'Agent!2345');
  for (const [email, market] of [
    ['admin.in', 'IN'],
    ['admin.id', 'ID'],
    ['admin2.id', 'ID'],
  ] as const)
    await t.database.db.insert(staffUsers).values({
      email: `${email}@kredito.test`,
      name: `Admin ${email}`,
      role: 'admin',
      markets: market,
      passwordHash: await hashPassword('Admin!2345'),
    });
  adminIn = await staffSignIn(t.app, 'admin.in@kredito.test', 'Admin!2345');
  adminId = await staffSignIn(t.app, 'admin.id@kredito.test', 'Admin!2345');
  adminId2 = await staffSignIn(t.app, 'admin2.id@kredito.test', 'Admin!2345');
});
afterAll(async () => {
  await t.close();
});

let orderSeq = 500;
/** A fresh loan of the market's demo borrower, its first period due today. */
async function dueLoan(market: Market): Promise<string> {
  const orderNo = `${market}20261101${++orderSeq}`;
  await seedOrder(
    t.database.db,
    market,
    borrowerOf[market]!,
    productOf[market],
    {
      orderNo,
      // Index 1 of the market's demo products: the products looked up above.
      product: 1,
      status: 174,
      amountMinor: market === 'IN' ? 1_000_000 : 300_000_000,
      termDays: 91,
      createdDaysAgo: 0,
    },
    Date.now(),
  );
  return orderNo;
}

const borrowerPost = (market: Market, path: string, payload: object) =>
  t.app.inject({ method: 'POST', url: path, headers: t.auth(token[market]!), payload });

async function plan(market: Market, orderNo: string): Promise<PlanData> {
  const res = await borrowerPost(market, REPAY_PATHS.plan, { orderId: orderNo });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** What the order still owes, as the borrower's plan shows it. */
async function owed(market: Market, orderNo: string): Promise<number> {
  return (await plan(market, orderNo)).repayPlanDetail.repayWaitDetail.reduce((a, x) => a + x.totalAmount, 0);
}

async function payCode(market: Market, orderNo: string, body: object = {}): Promise<VcodeData> {
  const amount = (await plan(market, orderNo)).repayPlanDetail.repayWaitDetail[0]!.totalAmount;
  const res = await borrowerPost(market, REPAY_PATHS.vcode, {
    orderId: orderNo,
    amount,
    ...(market === 'IN' ? { payCode: 'UPI', pay_type: 3 } : { payCode: 'BCA', pay_type: 1 }),
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

let eventSeq = 0;
/** The gateway's signed callback for a payment to `vcode`; returns the provider payment id. */
async function pay(
  vcode: string,
  amount: number,
  market: Market,
  overrides: Partial<GatewayEvent> = {},
): Promise<{ providerPaymentId: string; outcome: string }> {
  const n = ++eventSeq;
  const event: GatewayEvent = {
    eventId: `evt_recon_${n}_${Date.now()}`,
    type: 'payment.paid',
    paymentId: `pay_recon_${n}_${Date.now()}`,
    vcode,
    amount,
    currency: market === 'IN' ? 'INR' : 'IDR',
    paidAt: t.clock.now().toISOString(),
    ...overrides,
  };
  const body = JSON.stringify(event);
  const res = await t.app.inject({
    method: 'POST',
    url: REPAY_PATHS.webhook,
    headers: signedHeaders(secret, body, Math.floor(Date.now() / 1000)),
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { providerPaymentId: event.paymentId, outcome: res.json().data.outcome };
}

async function paymentRow(providerPaymentId: string) {
  const [row] = await t.database.db
    .select()
    .from(payments)
    .where(eq(payments.providerPaymentId, providerPaymentId));
  return row!;
}

/** A payment in review for `reason`, made the production way; returns its row. */
async function inReview(providerPaymentId: string, reason: string) {
  const row = await paymentRow(providerPaymentId);
  expect(row.state).toBe('review');
  expect(row.reviewReason).toBe(reason);
  return row;
}

const allocationsOf = (paymentId: number) =>
  t.database.db.select().from(paymentAllocations).where(eq(paymentAllocations.paymentId, paymentId));
const sum = (rows: Array<{ amountMinor: number }>) => rows.reduce((a, r) => a + r.amountMinor, 0);
const orderRow = async (orderNo: string) =>
  (await t.database.db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0]!;
const audits = (action: string, target: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.target, target)));

const credit = (headers: Record<string, string>, paymentId: number | string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url: `/admin-api/payments/${paymentId}/credit`, headers, payload });
const resolve = (headers: Record<string, string>, paymentId: number | string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/admin-api/payments/${paymentId}/resolve`, headers, payload });
const review = async (headers: Record<string, string>) => {
  const items: ReviewPage['items'] = [];
  let after: number | null = null;
  do {
    const res: { statusCode: number; body: string; json(): { data: ReviewPage } } = await t.app.inject({
      method: 'GET',
      url: `/admin-api/payments/review${after ? `?after=${after}` : ''}`,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().data;
    items.push(...page.items);
    after = page.nextAfter;
  } while (after);
  return items;
};

describe('the reconciliation list', () => {
  it('lists a reviewed payment with its market, order, bill, code, amount in the market money and reason', async () => {
    const orderNo = await dueLoan('ID');
    const code = await payCode('ID', orderNo);
    const { providerPaymentId } = await pay(code.vcode, code.amount - 50_000, 'ID');
    const row = await inReview(providerPaymentId, 'underpaid');
    const item = (await review(agentId)).find((i) => i.id === row.id);
    expect(item).toMatchObject({
      market: 'ID',
      orderNo,
      billNo: code.billNo,
      vcode: code.vcode,
      amountMinor: code.amount - 50_000,
      reason: 'underpaid',
      providerPaymentId,
      utr: null,
    });
    expect(item?.amount).toMatch(/^Rp\u00a0[\d.]+$/);
    // Why it is here: what the bill asked and how far short the payment fell (issue 29).
    expect(item?.billAmount).toBe(formatMoney(code.amount, 'ID'));
    expect(item?.shortfall).toBe('Rp\u00a0500');
    expect(item?.excess).toBeNull();
    // An Indian agent does not see Indonesian payments.
    expect((await review(agentIn)).some((i) => i.id === row.id)).toBe(false);
  });

  it("shows a payment that names no order of ours to the staff of its currency's market only", async () => {
    const { providerPaymentId } = await pay('39358000000000001', 123_400, 'ID');
    const row = await inReview(providerPaymentId, 'unmatched');
    const item = (await review(agentId)).find((i) => i.id === row.id);
    expect(item).toMatchObject({
      market: 'ID',
      orderNo: null,
      billNo: null,
      billAmount: null,
      shortfall: null,
      excess: null,
      reason: 'unmatched',
    });
    expect((await review(agentIn)).some((i) => i.id === row.id)).toBe(false);
    expect((await review(admin)).some((i) => i.id === row.id)).toBe(true);
  });
});

describe('crediting a reviewed payment', () => {
  it('credits an underpaid payment: allocations sum to exactly the payment, the balance falls by it, audited', async () => {
    const orderNo = await dueLoan('ID');
    const code = await payCode('ID', orderNo);
    const before = await owed('ID', orderNo);
    const { providerPaymentId } = await pay(code.vcode, code.amount - 100_000, 'ID');
    const row = await inReview(providerPaymentId, 'underpaid');

    const res = await credit(adminId, row.id, { note: 'Borrower confirmed by phone' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      id: row.id,
      state: 'credited',
      orderNo,
      market: 'ID',
      allocatedMinor: code.amount - 100_000,
      excessMinor: 0,
      excess: 'Rp\u00a00',
      operation: null,
      orderStatus: 174,
    });
    const booked = await allocationsOf(row.id);
    expect(booked.length).toBeGreaterThan(0);
    expect(sum(booked)).toBe(code.amount - 100_000);
    expect(booked.every((a) => a.amountMinor > 0)).toBe(true);
    expect(await owed('ID', orderNo)).toBe(before - (code.amount - 100_000));
    // The first period is not paid in full: the loan stays due.
    expect((await orderRow(orderNo)).status).toBe(174);
    const after = await paymentRow(providerPaymentId);
    expect(after).toMatchObject({ state: 'credited', resolvedBy: expect.any(Number) });
    expect(after.resolution).toContain('Borrower confirmed by phone');
    // The code's amount no longer matches what is owed: it takes no second payment.
    const [bill] = await t.database.db.select().from(payCodes).where(eq(payCodes.billNo, code.billNo));
    expect(bill!.state).toBe('paid');
    const entries = await audits('payment.credit', `payment:${row.id}`);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.detail).toContain(`order:${orderNo}`);
    expect((await review(agentId)).some((i) => i.id === row.id)).toBe(false);
    // The order page's payments show it credited, with its split.
    const list = await t.app.inject({
      method: 'GET',
      url: `/admin-api/orders/${orderNo}/payments`,
      headers: agentId,
    });
    const shown = (list.json().data as Array<{ id: number; state: string; allocations: unknown[] }>).find(
      (p) => p.id === row.id,
    );
    expect(shown?.state).toBe('credited');
    expect(shown?.allocations).toHaveLength(booked.length);
  });

  it('credits an overpaid payment: what is due is allocated, the order settled, the excess recorded', async () => {
    const orderNo = await dueLoan('IN');
    const code = await payCode('IN', orderNo);
    expect(await owed('IN', orderNo)).toBe(code.amount);
    const { providerPaymentId } = await pay(code.vcode, code.amount + 12_345, 'IN');
    const row = await inReview(providerPaymentId, 'overpaid');

    const res = await credit(adminIn, row.id);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      allocatedMinor: code.amount,
      excessMinor: 12_345,
      excess: '₹123.45',
      operation: 'settle',
      orderStatus: 200,
    });
    expect(sum(await allocationsOf(row.id))).toBe(code.amount);
    expect((await orderRow(orderNo)).status).toBe(200);
    const after = await paymentRow(providerPaymentId);
    expect(after.state).toBe('credited');
    expect(after.resolution).toContain('excess ₹123.45 to refund');
    expect((await audits('payment.credit', `payment:${row.id}`))[0]!.detail).toContain('excess ₹123.45');
  });

  it('credits a payment made after its code expired, and the loan is current again', async () => {
    const orderNo = await dueLoan('ID');
    const code = await payCode('ID', orderNo);
    const late = new Date(Date.parse(code.expiresAt) + 60_000).toISOString();
    const { providerPaymentId } = await pay(code.vcode, code.amount, 'ID', { paidAt: late });
    const row = await inReview(providerPaymentId, 'expired');
    const res = await credit(adminId, row.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ operation: 'cure', orderStatus: 170, excessMinor: 0 });
    expect(sum(await allocationsOf(row.id))).toBe(code.amount);
    const o = await orderRow(orderNo);
    expect(o.status).toBe(170);
    expect(o.dueAt!.getTime()).toBeGreaterThan(Date.now());
  });

  it('credits an extension fee paid once the loan was no longer extendable to what the loan still owes', async () => {
    const orderNo = await dueLoan('ID');
    const offer = (await borrowerPost('ID', REPAY_PATHS.delay, { orderId: orderNo })).json().data;
    expect(offer.available).toBe(true);
    const extension = await payCode('ID', orderNo, { amount: offer.delayShouldPayAmount, is_display: 1 });
    // The first period is paid meanwhile: the loan is current, so there is nothing to extend.
    const period = await payCode('ID', orderNo, { payCode: 'BNI' });
    expect((await pay(period.vcode, period.amount, 'ID')).outcome).toBe('credited');
    const { providerPaymentId } = await pay(extension.vcode, extension.amount, 'ID');
    const row = await inReview(providerPaymentId, 'closed');
    const before = await owed('ID', orderNo);
    const res = await credit(adminId, row.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      allocatedMinor: extension.amount,
      operation: null,
      orderStatus: 170,
    });
    expect(await owed('ID', orderNo)).toBe(before - extension.amount);
    expect((await allocationsOf(row.id)).some((a) => a.component === 'extension_fee')).toBe(false);
  });

  it('credits a payment that named no order of ours to the order staff name, after checking it', async () => {
    const orderNo = await dueLoan('ID');
    const before = await owed('ID', orderNo);
    const { providerPaymentId } = await pay('39358000000000002', 250_000, 'ID');
    const row = await inReview(providerPaymentId, 'unmatched');

    const missing = await credit(adminId, row.id);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(
      'This payment names no order of ours. Please enter the order number it is for.',
    );
    const unknown = await credit(adminId, row.id, { orderNo: 'ID99999999999' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('There is no order ID99999999999.');
    // An Indian order: another market for this agent; a currency the order does not use for an admin.
    expect((await credit(adminId, row.id, { orderNo: 'IN20261101001' })).statusCode).toBe(403);
    const currency = await credit(admin, row.id, { orderNo: 'IN20261101001' });
    expect(currency.statusCode).toBe(409);
    expect(currency.json().message).toContain('IDR');

    const res = await credit(adminId, row.id, { orderNo });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ orderNo, allocatedMinor: 250_000, excessMinor: 0 });
    expect(await owed('ID', orderNo)).toBe(before - 250_000);
    const after = await paymentRow(providerPaymentId);
    expect(after.state).toBe('credited');
    expect(after.orderId).toBe((await orderRow(orderNo)).id);
    expect(sum(await allocationsOf(row.id))).toBe(250_000);
  });

  it('refuses to credit a payment to another order than its own', async () => {
    const orderNo = await dueLoan('ID');
    const other = await dueLoan('ID');
    const code = await payCode('ID', orderNo);
    const { providerPaymentId } = await pay(code.vcode, code.amount - 1, 'ID');
    const row = await inReview(providerPaymentId, 'underpaid');
    const res = await credit(adminId, row.id, { orderNo: other });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `This payment belongs to order ${orderNo}; it can only be credited to that order.`,
    );
    expect(await allocationsOf(row.id)).toEqual([]);
  });

  it('credits exactly once when two operators credit at once; the other is told (409)', async () => {
    const orderNo = await dueLoan('ID');
    const code = await payCode('ID', orderNo);
    const { providerPaymentId } = await pay(code.vcode, code.amount - 7_000, 'ID');
    const row = await inReview(providerPaymentId, 'underpaid');
    const before = await owed('ID', orderNo);
    const replies = await Promise.all([credit(adminId, row.id), credit(admin, row.id)]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const refused = replies.find((r) => r.statusCode === 409)!;
    expect(refused.json().message).toBe('This payment is not waiting for review.');
    const booked = await allocationsOf(row.id);
    expect(sum(booked)).toBe(code.amount - 7_000);
    expect(await owed('ID', orderNo)).toBe(before - (code.amount - 7_000));
    expect(await audits('payment.credit', `payment:${row.id}`)).toHaveLength(1);
  });

  it('lets one of a credit and a resolve at once win, never both', async () => {
    const orderNo = await dueLoan('ID');
    const code = await payCode('ID', orderNo);
    const { providerPaymentId } = await pay(code.vcode, code.amount - 3_000, 'ID');
    const row = await inReview(providerPaymentId, 'underpaid');
    const replies = await Promise.all([
      credit(adminId, row.id),
      resolve(admin, row.id, { resolution: 'Refunded to the payer' }),
    ]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const after = await paymentRow(providerPaymentId);
    const booked = await allocationsOf(row.id);
    if (after.state === 'credited') expect(sum(booked)).toBe(code.amount - 3_000);
    else expect([after.state, booked]).toEqual(['resolved', []]);
  });

  it('cannot credit a payment to a settled loan (409); it can only be resolved with a note', async () => {
    const orderNo = await dueLoan('IN');
    const code = await payCode('IN', orderNo);
    expect((await pay(code.vcode, code.amount, 'IN')).outcome).toBe('credited');
    expect((await orderRow(orderNo)).status).toBe(200);
    // The borrower pays the same code again.
    const { providerPaymentId } = await pay(code.vcode, code.amount, 'IN');
    const row = await inReview(providerPaymentId, 'overpaid');
    const refused = await credit(adminIn, row.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `Order ${orderNo} owes nothing now (it is settled or closed), so the payment cannot be credited to it. Resolve it with a note instead, for example once it is refunded.`,
    );
    const inIndonesian = await t.app.inject({
      method: 'POST',
      url: `/admin-api/payments/${row.id}/credit`,
      headers: { ...adminIn, 'x-lang': 'id' },
      payload: {},
    });
    expect(inIndonesian.json().message).toContain(`Pesanan ${orderNo} tidak memiliki tagihan`);
    expect(await allocationsOf(row.id)).toEqual([]);
    expect((await paymentRow(providerPaymentId)).state).toBe('review');
    expect(await audits('payment.credit', `payment:${row.id}`)).toEqual([]);

    const done = await resolve(agentIn, row.id, { resolution: 'Refunded to the payer by UPI' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toEqual({ id: row.id, state: 'resolved' });
    expect((await paymentRow(providerPaymentId)).resolution).toBe('Refunded to the payer by UPI');
    expect(await audits('payment.resolve', `payment:${row.id}`)).toHaveLength(1);
  });
});

describe('markets', () => {
  it("refuses another market's payment for credit and resolve (403), changing nothing", async () => {
    const orderNo = await dueLoan('ID');
    const code = await payCode('ID', orderNo);
    const { providerPaymentId } = await pay(code.vcode, code.amount - 1_000, 'ID');
    const row = await inReview(providerPaymentId, 'underpaid');
    for (const res of [
      await credit(adminIn, row.id),
      await resolve(agentIn, row.id, { resolution: 'Refunded to the payer' }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('40301');
      expect(res.json().message).toBe('This payment belongs to another market, which you do not work on.');
    }
    expect(await paymentRow(providerPaymentId)).toMatchObject({ state: 'review', resolution: null });
    expect(await allocationsOf(row.id)).toEqual([]);
  });

  it('decides by currency for a payment that names no order: an Indian agent cannot resolve rupiah', async () => {
    const { providerPaymentId } = await pay('39358000000000003', 99_900, 'ID');
    const row = await inReview(providerPaymentId, 'unmatched');
    expect((await resolve(agentIn, row.id, { resolution: 'Not ours' })).statusCode).toBe(403);
    expect((await credit(adminIn, row.id, { orderNo: 'IN20261101001' })).statusCode).toBe(403);
    expect((await paymentRow(providerPaymentId)).state).toBe('review');
    expect((await resolve(agentId, row.id, { resolution: 'Returned to the bank' })).statusCode).toBe(200);
  });

  it('answers a payment that does not exist with 404, and a borrower token with 403', async () => {
    expect((await credit(admin, 2_000_000_000)).statusCode).toBe(404);
    expect((await resolve(admin, 2_000_000_000, { resolution: 'Refunded' })).statusCode).toBe(404);
    const borrower = await t.app.inject({
      method: 'POST',
      url: '/admin-api/payments/1/credit',
      headers: t.auth(token.IN!),
      payload: {},
    });
    expect(borrower.statusCode).toBe(403);
  });
});

describe('hostile input', () => {
  it('refuses ids past int4, arrays, NUL bytes and unknown fields with a 400, and stays up', async () => {
    const before = (
      await t.database.db.select({ n: sql<number>`count(*)::int` }).from(paymentAllocations)
    )[0]!.n;
    const paths: Array<[string, object]> = [
      ['/admin-api/payments/2147483648/credit', {}],
      ['/admin-api/payments/99999999999999999999/credit', {}],
      ['/admin-api/payments/-1/credit', {}],
      ['/admin-api/payments/1e3/credit', {}],
      ['/admin-api/payments/abc/resolve', { resolution: 'Refunded' }],
      ['/admin-api/payments/2147483648/resolve', { resolution: 'Refunded' }],
      ['/admin-api/payments/1/credit', { orderNo: ['ID20261101001'] }],
      ['/admin-api/payments/1/credit', { orderNo: 'ID2026\u0000' }],
      ['/admin-api/payments/1/credit', { orderNo: "ID1' or '1'='1" }],
      ['/admin-api/payments/1/credit', { note: 'ok\u0000' }],
      ['/admin-api/payments/1/credit', { note: ['a'] }],
      ['/admin-api/payments/1/credit', { note: 'x'.repeat(201) }],
      ['/admin-api/payments/1/credit', { amount: 1 }],
      ['/admin-api/payments/1/resolve', { resolution: ['Refunded'] }],
      ['/admin-api/payments/1/resolve', { resolution: 'Refunded\u0000' }],
      ['/admin-api/payments/1/resolve', { resolution: '  a ' }],
      ['/admin-api/payments/1/resolve', { resolution: 'x'.repeat(201) }],
      ['/admin-api/payments/1/resolve', {}],
      ['/admin-api/payments/mark-paid', { billNo: ['B1'] }],
      ['/admin-api/payments/mark-paid', { billNo: 'B1', amount: 2 ** 53 }],
    ];
    for (const [url, payload] of paths) {
      const res = await t.app.inject({ method: 'POST', url, headers: admin, payload });
      expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
    }
    for (const after of ['2147483648', '-5', 'x', '1,2']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/admin-api/payments/review?after=${after}`,
        headers: admin,
      });
      expect(res.statusCode, after).toBe(400);
    }
    const arrays = await t.app.inject({
      method: 'GET',
      url: '/admin-api/payments/review?after=1&after=2',
      headers: admin,
    });
    expect(arrays.statusCode).toBe(400);
    expect(
      (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(paymentAllocations))[0]!.n,
    ).toBe(before);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/admin-api/payments/review', headers: admin })).statusCode,
    ).toBe(200);
  });
});

describe('money booked only by money (decision 047)', () => {
  it('refuses an agent a credit (403): nothing allocated, the payment still in review, nothing audited', async () => {
    const orderNo = await dueLoan('ID');
    const code = await payCode('ID', orderNo);
    const { providerPaymentId } = await pay(code.vcode, code.amount - 100_000, 'ID');
    const row = await inReview(providerPaymentId, 'underpaid');
    const refused = await credit(agentId, row.id, { note: 'Borrower confirmed by phone' });
    expect(refused.statusCode).toBe(403);
    expect(await allocationsOf(row.id)).toEqual([]);
    expect((await paymentRow(providerPaymentId)).state).toBe('review');
    expect(await audits('payment.credit', `payment:${row.id}`)).toEqual([]);
    // An administrator of the market may, and the credit is audited with who, what and why.
    const done = await credit(adminId, row.id, { note: 'Borrower confirmed by phone' });
    expect(done.statusCode, done.body).toBe(200);
    const [entry] = await audits('payment.credit', `payment:${row.id}`);
    expect(entry!.detail).toContain(`order:${orderNo}`);
    expect(entry!.detail).toContain('Borrower confirmed by phone');
    expect(entry!.staffId).toBeGreaterThan(0);
  });

  it('has no mark-paid outside demo mode unless the sandbox gateway is configured', async () => {
    const secret = { URL_SIGNING_SECRET: 'test-secret-test-secret-test-secret-0123' };
    const markPaid = (app: TestApp) =>
      app.app.inject({ method: 'POST', url: '/admin-api/payments/mark-paid', payload: { billNo: 'B1' } });
    const production = await createTestApp({ DEMO: '0', ...secret });
    try {
      expect(production.config.paymentGateway).toBeNull();
      expect((await markPaid(production)).statusCode).toBe(404);
      const simulator = await production.app.inject({
        method: 'POST',
        url: '/dev-api/gateway/pay',
        payload: { billNo: 'B1' },
      });
      expect(simulator.statusCode).toBe(404);
    } finally {
      await production.close();
    }
    const sandbox = await createTestApp({ DEMO: '0', PAYMENT_GATEWAY: 'sandbox', ...secret });
    try {
      // Configured: the route exists (and, like every staff route, asks for a signed-in member).
      expect((await markPaid(sandbox)).statusCode).toBe(401);
    } finally {
      await sandbox.close();
    }
  });

  it('takes no money without a gateway: numbers to pay to, UTR checks and mark-paid are refused (503)', async () => {
    const none = noGateway();
    const refused = { status: 503, messageKey: 'common:errors.paymentsUnavailable' };
    await expect(
      none.issue({
        billNo: 'B1',
        market: 'ID',
        payType: 1,
        payCode: 'BCA',
        amountMinor: 100,
        expiresAt: new Date(),
      }),
    ).rejects.toMatchObject(refused);
    await expect(
      none.checkUtr({ utr: '123456789012', vcode: 'UPI1', amountMinor: 100, market: 'IN' }),
    ).rejects.toMatchObject(refused);
    await expect(none.markPaid({ vcode: 'V', amountMinor: 100, market: 'IN' })).rejects.toMatchObject(
      refused,
    );
    expect(await none.deliverDue(async () => 200)).toEqual({ delivered: 0, failed: 0 });
  });
});

describe('manual credits, four eyes (decision 047)', () => {
  const propose = (headers: Record<string, string>, orderNo: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/admin-api/orders/${orderNo}/manual-credits`, headers, payload });
  const decide = (headers: Record<string, string>, id: number, what: 'approve' | 'reject', payload = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/admin-api/payments/manual-credits/${id}/${what}`,
      headers,
      payload,
    });
  const paymentsOf = async (orderNo: string) =>
    t.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, (await orderRow(orderNo)).id));

  it('books nothing on a proposal; the proposer cannot approve it; another administrator credits it, audited', async () => {
    const orderNo = await dueLoan('ID');
    const before = await owed('ID', orderNo);
    const proposed = await propose(adminId, orderNo, {
      amountMinor: 10_000_000,
      reference: 'BCA TRF 0001',
      note: 'Transfer seen on the statement',
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    const credit = proposed.json().data;
    expect(credit).toMatchObject({ orderNo, state: 'proposed', amount: 'Rp\u00a0100.000', paymentId: null });
    expect(await owed('ID', orderNo)).toBe(before);
    expect(await paymentsOf(orderNo)).toEqual([]);
    const waiting = await t.app.inject({
      method: 'GET',
      url: '/admin-api/payments/manual-credits',
      headers: adminId2,
    });
    expect(waiting.json().data.items.map((c: { id: number }) => c.id)).toContain(credit.id);

    // The maker is not the checker.
    const own = await decide(adminId, credit.id, 'approve');
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(
      'Another administrator must approve or reject a manual credit you proposed.',
    );
    expect(await paymentsOf(orderNo)).toEqual([]);

    const approved = await decide(adminId2, credit.id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ state: 'approved', paymentId: expect.any(Number) });
    expect(await owed('ID', orderNo)).toBe(before - 10_000_000);
    const [payment] = await paymentsOf(orderNo);
    expect(payment).toMatchObject({ state: 'credited', amountMinor: 10_000_000, currency: 'IDR' });
    expect(sum(await allocationsOf(payment!.id))).toBe(10_000_000);
    expect(await audits('manualCredit.propose', `manualCredit:${credit.id}`)).toHaveLength(1);
    const [entry] = await audits('manualCredit.approve', `manualCredit:${credit.id}`);
    expect(entry!.detail).toMatch(/^order:ID\d+ Rp\u00a0100\.000 proposed by staff:\d+/);
    // Decided once.
    expect((await decide(adminId2, credit.id, 'approve')).statusCode).toBe(409);
    expect((await decide(adminId2, credit.id, 'reject', { note: 'No' })).statusCode).toBe(409);
    expect(await paymentsOf(orderNo)).toHaveLength(1);
  });

  it('is an administrator’s, in whole rupiah, in their market', async () => {
    const orderNo = await dueLoan('ID');
    const body = { amountMinor: 10_000_000, reference: 'BCA TRF 0002' };
    expect((await propose(agentId, orderNo, body)).statusCode).toBe(403);
    expect((await propose(adminIn, orderNo, body)).statusCode).toBe(403);
    const sen = await propose(adminId, orderNo, { ...body, amountMinor: 10_000_050 });
    expect(sen.statusCode).toBe(400);
    expect(sen.json().message).toBe('The amount must be whole rupiah, with no sen.');
    expect((await propose(adminId, orderNo, { ...body, reference: '' })).statusCode).toBe(400);
    expect(
      await t.database.db
        .select()
        .from(ledgerAdjustments)
        .where(eq(ledgerAdjustments.orderId, (await orderRow(orderNo)).id)),
    ).toEqual([]);
  });

  it('a rejection books nothing; an approval the ledger refuses leaves the proposal as it was', async () => {
    const orderNo = await dueLoan('ID');
    const first = (await propose(adminId, orderNo, { amountMinor: 5_000_000, reference: 'REF-A' })).json()
      .data;
    const rejected = await decide(adminId2, first.id, 'reject', { note: 'Not on the statement' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().data.state).toBe('rejected');
    expect((await decide(adminId2, first.id, 'approve')).statusCode).toBe(409);
    expect(await paymentsOf(orderNo)).toEqual([]);
    expect((await audits('manualCredit.reject', `manualCredit:${first.id}`))[0]!.detail).toBe(
      'Not on the statement',
    );

    // The loan settled meanwhile: the ledger refuses the credit, and nothing of the approval stays.
    const second = (await propose(adminId, orderNo, { amountMinor: 5_000_000, reference: 'REF-B' })).json()
      .data;
    await t.database.db.update(orders).set({ status: 200 }).where(eq(orders.orderNo, orderNo));
    const refused = await decide(adminId2, second.id, 'approve');
    expect(refused.statusCode).toBe(409);
    expect(await paymentsOf(orderNo)).toEqual([]);
    const [row] = await t.database.db
      .select()
      .from(ledgerAdjustments)
      .where(eq(ledgerAdjustments.id, second.id));
    expect(row).toMatchObject({ state: 'proposed', decidedBy: null, paymentId: null });
  });

  it('credits once when two administrators approve at the same moment', async () => {
    const orderNo = await dueLoan('ID');
    const before = await owed('ID', orderNo);
    const credit = (await propose(adminId, orderNo, { amountMinor: 2_000_000, reference: 'REF-C' })).json()
      .data;
    const replies = await Promise.all([
      decide(adminId2, credit.id, 'approve'),
      decide(admin, credit.id, 'approve'),
    ]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await paymentsOf(orderNo)).toHaveLength(1);
    expect(await owed('ID', orderNo)).toBe(before - 2_000_000);
  });
});
