import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_HEADERS, REPAY_PATHS } from '../../../shared/contract/constants.ts';
import { DOC_PATHS } from '../../../shared/contract/documents.ts';
import type { GatewayEvent, PlanData, VcodeData } from '../../../shared/contract/repayment.ts';
import { type CallbackSender, signedHeaders } from '../../adapters/payment-gateway.ts';
import { gatewayEvents, orders, payCodes, paymentAllocations, payments, products } from '../../db/schema.ts';
import { type DemoOrder, seedOrder } from '../../db/seed-loans.ts';
import { createTestApp, staffSignIn, type TestApp } from '../../test/helpers.ts';

/**
 * Repaying (issue 9): the plan, pay codes, the signed webhook and exactly-once crediting, against the
 * real database (PGlite, or PostgreSQL with TEST_DATABASE_URL).
 */
let t: TestApp;
let india: string;
let indonesia: string;
let secret: string;
const INSTALMENTS = 'ID20261101901';

beforeAll(async () => {
  secret = 'test-gateway-secret-0123456789abcdefghij';
  t = await createTestApp({ GATEWAY_SECRET: secret });
  india = await t.signIn('IN');
  indonesia = await t.signIn('ID');
  // A three-period loan of the Indonesian demo borrower, its first period due today.
  const [demo] = await t.database.db.select().from(orders).where(eq(orders.orderNo, 'ID20261101001'));
  const [usaha] = await t.database.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.market, 'ID'), eq(products.code, 'kredito-usaha')));
  await seedOrder(
    t.database.db,
    'ID',
    demo!.borrowerId,
    usaha!.id,
    {
      orderNo: INSTALMENTS,
      product: 1,
      status: 174,
      amountMinor: 300_000_000,
      termDays: 91,
      createdDaysAgo: 0,
    },
    Date.now(),
  );
});
afterAll(async () => {
  await t.close();
});

/** Another 91-day loan of the Indonesian demo borrower, made today, beside `INSTALMENTS`. */
async function seedLoan(orderNo: string, status: DemoOrder['status'], product: number) {
  const [demo] = await t.database.db.select().from(orders).where(eq(orders.orderNo, INSTALMENTS));
  await seedOrder(
    t.database.db,
    'ID',
    demo!.borrowerId,
    demo!.productId,
    { orderNo, product, status, amountMinor: 300_000_000, termDays: 91, createdDaysAgo: 0 },
    Date.now(),
  );
}

/** The demo gateway's simulator pays a bill, through the same signed callback as the provider's. */
const payAtGateway = (billNo: string) =>
  t.app.inject({ method: 'POST', url: '/dev-api/gateway/pay', payload: { billNo } });

const post = (path: string, token: string, payload: object, lang?: string) =>
  t.app.inject({
    method: 'POST',
    url: path,
    headers: { ...t.auth(token), ...(lang ? { 'x-lang': lang } : {}) },
    payload,
  });

/** The sandbox's callbacks, delivered to the webhook through the app itself. */
const injectSender: CallbackSender = async (body, headers) =>
  (await t.app.inject({ method: 'POST', url: REPAY_PATHS.webhook, headers, payload: body })).statusCode;

const callback = (event: GatewayEvent, opts: { at?: number; key?: string; body?: string } = {}) => {
  const body = opts.body ?? JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: REPAY_PATHS.webhook,
    headers: signedHeaders(opts.key ?? secret, body, opts.at ?? Math.floor(Date.now() / 1000)),
    payload: body,
  });
};

const orderRow = async (orderNo: string) =>
  (await t.database.db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0]!;
const count = async (table: typeof payments | typeof paymentAllocations | typeof gatewayEvents) =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

async function plan(token: string, orderId: string, lang?: string): Promise<PlanData> {
  const res = await post(REPAY_PATHS.plan, token, { orderId }, lang);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function vcode(token: string, body: object): Promise<VcodeData> {
  const res = await post(REPAY_PATHS.vcode, token, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

let seq = 0;
const event = (code: VcodeData, overrides: Partial<GatewayEvent> = {}): GatewayEvent => ({
  eventId: `evt_test_${++seq}_${Date.now()}`,
  type: 'payment.paid',
  paymentId: `pay_test_${seq}_${Date.now()}`,
  vcode: code.vcode,
  amount: code.amount,
  currency: code.payType === '3' ? 'INR' : 'IDR',
  paidAt: t.clock.now().toISOString(),
  ...overrides,
});

describe('installment plan', () => {
  it('lists the waiting periods of a live loan, only the first clickable, late charges in the first', async () => {
    const p = await plan(indonesia, 'ID20261101001', 'id');
    expect(p.repayPlanDetail.repayWaitDetail.length).toBeGreaterThan(0);
    expect(p.repayWaitCount).toBe(p.repayPlanDetail.repayWaitDetail.length);
    expect(p.repayPlanDetail.repayWaitDetail.map((x) => x.canClick)).toEqual(
      p.repayPlanDetail.repayWaitDetail.map((_, i) => (i === 0 ? 1 : 0)),
    );
    const first = p.repayPlanDetail.repayWaitDetail[0]!;
    expect(first.periodStatus).toBe('due');
    expect(first.repayDes).toBe('Jatuh tempo hari ini');
    expect(first.amountText).toMatch(/^Rp\u00a0[\d.]+$/);
    expect(p.repayPlanDetail.repayYetDetail).toEqual([]);
  });

  it('lets an Indian borrower pay the next periods ahead, but not the whole loan before day 46 of 91', async () => {
    const p = await plan(india, 'IN20261101001');
    expect(p.repayWaitCount).toBe(3);
    expect(p.payableCount).toBe(2);
    expect(p.payableNote).toMatch(/^Paying the rest of the loan early is possible from \d+ \w+ 2026\.$/);
    const wait = p.repayPlanDetail.repayWaitDetail;
    const all = wait.reduce((a, x) => a + x.totalAmount, 0);
    const refused = await post(REPAY_PATHS.vcode, india, {
      orderId: 'IN20261101001',
      amount: all,
      payCode: 'UPI',
      pay_type: 3,
    });
    expect(refused.statusCode).toBe(409);
    const two = wait[0]!.totalAmount + wait[1]!.totalAmount;
    expect(
      (
        await post(REPAY_PATHS.vcode, india, {
          orderId: 'IN20261101001',
          amount: two,
          payCode: 'UPI',
          pay_type: 3,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('shows a settled loan with every period paid (the demo data is settled through the ledger)', async () => {
    const p = await plan(india, 'IN20260801002');
    expect(p.repayWaitCount).toBe(0);
    expect(p.payableCount).toBe(0);
    expect(p.repayPlanDetail.repayYetDetail.length).toBeGreaterThan(0);
    expect(p.repayPlanDetail.repayYetDetail.every((x) => x.periodStatus === 'paid')).toBe(true);
    expect(p.repayPlanDetail.repayYetDetail[0]!.repayDes).toMatch(/^Paid \d+ \w+ 2026$/);
    const details = (await post('/v3/loan-details/loan-details', india, { orderId: 'IN20260801002' })).json()
      .data;
    const total = details.userOrderDetail.detail.find((r: { text: string }) => r.text === 'Total repayable');
    expect(details.userOrderDetail.detail).toContainEqual({ text: 'Total paid', value: total?.value });
  });

  it("answers another borrower's order exactly as a missing one", async () => {
    const res = await post(REPAY_PATHS.plan, india, { orderId: 'ID20261101001' });
    expect(res.statusCode).toBe(404);
    const missing = await post(REPAY_PATHS.plan, india, { orderId: 'IN99999999999' });
    expect(missing.statusCode).toBe(404);
    expect(res.json().message).toBe(missing.json().message);
  });

  it('refuses malformed order numbers and bodies with a clear 400', async () => {
    for (const orderId of ['IN\u0000001', ['IN20261101001'], 'x'.repeat(33), '', 12]) {
      const res = await post(REPAY_PATHS.plan, india, { orderId });
      expect(res.statusCode, JSON.stringify(orderId)).toBe(400);
    }
  });
});

describe('pay codes', () => {
  it('offers only the market pay types: bank and mini market in Indonesia, UPI in India', async () => {
    const id = (
      await post(REPAY_PATHS.payTypes, indonesia, { orderId: 'ID20261101001', pay_type: 2 })
    ).json();
    expect(id.data.payTypes.map((x: { value: number }) => x.value)).toEqual([1, 2]);
    expect(id.data.markets).toEqual(['ALFAMART', 'INDOMARET']);
    const bank = (await post(REPAY_PATHS.payTypes, indonesia, { orderId: 'ID20261101001' })).json();
    expect(bank.data.banks[0]).toEqual({
      bankName: 'BCA',
      payCode: 'BCA',
      methods: ['ATM', 'MobileBank', 'InternetBank'],
    });
    const inn = (await post(REPAY_PATHS.payTypes, india, { orderId: 'IN20261101001', pay_type: 1 })).json();
    expect(inn.data.payTypes).toEqual([{ value: 3, title: 'UPI' }]);
    expect(inn.data.payType).toBe(3);
  });

  it('issues a code only for an amount the plan offers, and the same request gets the same open code', async () => {
    const p = await plan(indonesia, 'ID20261101001');
    const amount = p.repayPlanDetail.repayWaitDetail[0]!.totalAmount;
    const wrong = await post(REPAY_PATHS.vcode, indonesia, {
      orderId: 'ID20261101001',
      amount: amount - 1,
      payCode: 'BCA',
      pay_type: 1,
    });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().message).toBe(
      'Jumlah yang harus dibayar sudah berubah. Silakan kembali dan pilih lagi.',
    );
    const body = {
      orderId: 'ID20261101001',
      amount,
      payCode: 'BCA',
      pay_type: 1,
      is_default: 0,
      specific_num: 1,
    };
    const [a, b] = await Promise.all([vcode(indonesia, body), vcode(indonesia, body)]);
    expect(a.vcode).toMatch(/^39358\d{11}$/);
    expect(b.vcode).toBe(a.vcode);
    expect(b.billNo).toBe(a.billNo);
    expect(a.cardNo).toBe(a.vcode.replace(/(.{4})(?=.)/g, '$1 '));
    expect(a.payStep.map((g) => g.name)).toEqual(['ATM', 'Mobile banking', 'Internet banking']);
    // The steps show the number grouped as the screen does (issue 29: long codes never read as one run).
    expect(a.payStep[0]!.steps.join(' ')).toContain(a.cardNo);
    // The steps name the recipient, the market's company, never "kami" (issue 29).
    for (const group of a.payStep) {
      expect(group.steps.join(' ')).toContain('nama penerimanya PT Kredito Teknologi Indonesia');
      expect(group.steps.join(' ')).not.toMatch(/adalah kami/);
    }
    expect(a.payName).toBe('BCA');
    expect(a.qrText).toBe(a.vcode);
    expect(a.state).toBe('pending');
    expect(Date.parse(a.expiresAt)).toBeGreaterThan(Date.now());
    const store = await vcode(indonesia, { ...body, payCode: 'ALFAMART', pay_type: 2 });
    expect(store.vcode).not.toBe(a.vcode);
    expect(store.barcodeText).toBe(store.vcode);
    expect(store.payStep).toHaveLength(1);
    expect(store.payStep[0]!.steps.join(' ')).toContain('membayar tagihan PT Kredito Teknologi Indonesia');
    // The store as every screen and receipt names it, not the gateway's code (issue 29).
    expect(store.payName).toBe('Alfamart');
    expect(store.payStep[0]!.steps[0]).toBe('Datang ke gerai Alfamart terdekat.');
  });

  it('refuses a pay type the market does not offer', async () => {
    const p = await plan(india, 'IN20261101001');
    const res = await post(REPAY_PATHS.vcode, india, {
      orderId: 'IN20261101001',
      amount: p.repayPlanDetail.repayWaitDetail[0]!.totalAmount,
      payCode: 'BCA',
      pay_type: 1,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This way of paying is not available for your loan.');
  });
});

describe('gateway callbacks', () => {
  let code: VcodeData;
  beforeAll(async () => {
    const p = await plan(indonesia, INSTALMENTS);
    code = await vcode(indonesia, {
      orderId: INSTALMENTS,
      amount: p.repayPlanDetail.repayWaitDetail[0]!.totalAmount,
      payCode: 'BNI',
      pay_type: 1,
    });
  });

  it('refuses a bad signature, a stale or future timestamp and missing headers, with the ledger unchanged', async () => {
    const before = [await count(payments), await count(gatewayEvents)];
    const e = event(code);
    expect((await callback(e, { key: 'another-secret-0123456789abcdefghijkl' })).statusCode).toBe(401);
    expect((await callback(e, { at: Math.floor(Date.now() / 1000) - 301 })).statusCode).toBe(401);
    expect((await callback(e, { at: Math.floor(Date.now() / 1000) + 301 })).statusCode).toBe(401);
    // The signature covers the exact bytes: the same JSON re-spaced is not what was signed.
    const body = JSON.stringify(e);
    const headers = signedHeaders(secret, body, Math.floor(Date.now() / 1000));
    const tampered = await t.app.inject({
      method: 'POST',
      url: REPAY_PATHS.webhook,
      headers,
      payload: JSON.stringify({ ...e, amount: e.amount + 1 }),
    });
    expect(tampered.statusCode).toBe(401);
    const bare = await t.app.inject({ method: 'POST', url: REPAY_PATHS.webhook, payload: e });
    expect(bare.statusCode).toBe(401);
    expect(bare.json().message).toBe('The callback signature is missing, expired or wrong.');
    const { [GATEWAY_HEADERS.signature]: _s, ...noSignature } = headers;
    expect(
      (await t.app.inject({ method: 'POST', url: REPAY_PATHS.webhook, headers: noSignature, payload: body }))
        .statusCode,
    ).toBe(401);
    expect([await count(payments), await count(gatewayEvents)]).toEqual(before);
  });

  it('refuses a signed body that is not a payment event with a 400, and recording nothing', async () => {
    const before = await count(gatewayEvents);
    const res = await callback(event(code), { body: JSON.stringify({ eventId: 'evt_x', amount: [1] }) });
    expect(res.statusCode).toBe(400);
    expect(await count(gatewayEvents)).toBe(before);
  });

  it('puts an underpaid payment in review without crediting anything', async () => {
    const allocations = await count(paymentAllocations);
    const res = await callback(event(code, { amount: code.amount - 100 }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.outcome).toBe('review');
    expect(await count(paymentAllocations)).toBe(allocations);
    const status = await post(REPAY_PATHS.status, indonesia, {
      orderId: INSTALMENTS,
      billNo: code.billNo,
    });
    expect(status.json().data).toMatchObject({ state: 'received' });
    expect(status.json().data.reason).toBe(
      'Jumlah yang dibayar kurang dari tagihan. Tim kami akan menghubungi Anda.',
    );
    const english = await post(
      REPAY_PATHS.status,
      indonesia,
      { orderId: INSTALMENTS, billNo: code.billNo },
      'en',
    );
    expect(english.json().data.reason).toBe(
      'The amount paid is less than the bill. Our team will contact you.',
    );
  });

  it('credits ten identical callbacks at once exactly once, and the replay changes nothing', async () => {
    // Paid exactly as the bill shows it (decision 047): "Rp 1.017.500" is 101,750,000 sen, whole rupiah.
    const shown = Number(code.amountText.replace(/\D/g, '')) * 100;
    expect(shown).toBe(code.amount);
    const e = event(code, { amount: shown });
    const replies = await Promise.all(Array.from({ length: 10 }, () => callback(e)));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const outcomes = replies.map((r) => r.json().data.outcome).sort();
    expect(outcomes.filter((o) => o === 'credited')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(9);
    const credited = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.providerPaymentId, e.paymentId));
    expect(credited).toHaveLength(1);
    expect(credited[0]!.state).toBe('credited');
    const booked = await t.database.db
      .select({ sum: sql<string>`sum(amount_minor)::text` })
      .from(paymentAllocations)
      .where(eq(paymentAllocations.paymentId, credited[0]!.id));
    expect(Number(booked[0]!.sum)).toBe(code.amount);
    // A later event for the same provider payment, or the same event again: acknowledged, nothing booked.
    const again = await callback({ ...e, eventId: `${e.eventId}-again` });
    expect(again.json().data.outcome).toBe('duplicate');
    expect((await callback(e)).json().data.outcome).toBe('duplicate');
    expect(await count(paymentAllocations)).toBe(
      (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(paymentAllocations))[0]!.n,
    );
  });

  it('shows the period paid, the loan current again with the next due date, and the bill credited', async () => {
    const p = await plan(indonesia, INSTALMENTS);
    expect(p.repayPlanDetail.repayWaitDetail.map((x) => x.periodNo)).toEqual([2, 3]);
    expect(p.repayPlanDetail.repayYetDetail.map((x) => x.periodNo)).toEqual([1]);
    expect(p.repayPlanDetail.repayYetDetail[0]!.periodStatus).toBe('paid');
    const o = await orderRow(INSTALMENTS);
    expect(o.status).toBe(170);
    // Loan details read the same ledger: what was paid, and the next period as what falls due next.
    const details = (await post('/v3/loan-details/loan-details', indonesia, { orderId: INSTALMENTS })).json()
      .data;
    expect(details.userOrderDetail.detail).toContainEqual({ text: 'Sudah dibayar', value: code.amountText });
    expect(details.noticeDesText).toContain(p.repayPlanDetail.repayWaitDetail[0]!.dueTime);
    expect(o.dueAt!.getTime()).toBeGreaterThan(Date.now());
    const status = await post(REPAY_PATHS.status, indonesia, {
      orderId: INSTALMENTS,
      billNo: code.billNo,
    });
    expect(status.json().data.state).toBe('credited');
    // A second payment to the paid code is money we did not ask for: review, not credit.
    const extra = await callback(event(code));
    expect(extra.json().data).toEqual({ outcome: 'review' });
  });
});

describe('a callback cut short', () => {
  it('finishes on the provider retry: a payment recorded but not yet decided is credited by the repeat', async () => {
    await seedLoan('ID20261101903', 174, 1);
    const p = await plan(indonesia, 'ID20261101903');
    const code = await vcode(indonesia, {
      orderId: 'ID20261101903',
      amount: p.repayPlanDetail.repayWaitDetail[0]!.totalAmount,
      payCode: 'PERMATA',
      pay_type: 1,
    });
    const e = event(code);
    const [bill] = await t.database.db.select().from(payCodes).where(eq(payCodes.billNo, code.billNo));
    // What the first statement leaves when the process dies before the crediting transaction.
    await t.database.db
      .insert(gatewayEvents)
      .values({ eventId: e.eventId, paymentId: e.paymentId, outcome: 'received' });
    await t.database.db.insert(payments).values({
      providerPaymentId: e.paymentId,
      eventId: e.eventId,
      vcode: e.vcode,
      payCodeId: bill!.id,
      orderId: bill!.orderId,
      amountMinor: e.amount,
      currency: e.currency,
      paidAt: new Date(e.paidAt),
      state: 'received',
    });
    const retried = await callback(e);
    expect(retried.json().data.outcome).toBe('credited');
    const [payment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.providerPaymentId, e.paymentId));
    expect(payment!.state).toBe('credited');
    expect((await callback(e)).json().data.outcome).toBe('duplicate');
  });
});

describe('UPI and UTR (India)', () => {
  it('issues an amount-bound UPI intent, refuses a malformed UTR, rejects an unknown one and credits a found one', async () => {
    const p = await plan(india, 'IN20261101001');
    const amount = p.repayPlanDetail.repayWaitDetail[0]!.totalAmount;
    const code = await vcode(india, { orderId: 'IN20261101001', amount, payCode: 'UPI', pay_type: 3 });
    expect(code.upi?.link).toContain(`am=${(amount / 100).toFixed(2)}`);
    expect(code.upi?.link).toContain(`tr=${code.vcode}`);
    expect(code.qrText).toBe(code.upi?.link);
    for (const utr of ['12345678901', '1234567890123', '12345678901a', '']) {
      const res = await post(REPAY_PATHS.utr, india, { orderId: 'IN20261101001', billNo: code.billNo, utr });
      expect(res.statusCode, utr).toBe(400);
    }
    const unknown = await post(REPAY_PATHS.utr, india, {
      orderId: 'IN20261101001',
      billNo: code.billNo,
      utr: '012345678901',
    });
    expect(unknown.json().data).toMatchObject({ state: 'rejected' });
    expect(unknown.json().data.reason).toContain('No payment with this UTR');
    const found = await post(REPAY_PATHS.utr, india, {
      orderId: 'IN20261101001',
      billNo: code.billNo,
      utr: '412345678901',
    });
    expect(found.json().data.state).toBe('received');
    // The sandbox posts the payment's callback at once (and the process's job would retry it).
    await t.app.gateway.deliverDue(injectSender);
    await expect
      .poll(async () => {
        const res = await post(REPAY_PATHS.status, india, { orderId: 'IN20261101001', billNo: code.billNo });
        return res.json().data.state;
      })
      .toBe('credited');
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.utr, '412345678901'));
    expect(payment!.state).toBe('credited');
    // The same UTR for another bill is refused.
    const other = await post(REPAY_PATHS.utr, india, {
      orderId: 'IN20261101001',
      billNo: 'INB000',
      utr: '412345678901',
    });
    expect(other.statusCode).toBe(404);
  });
});

describe('extension', () => {
  it('offers the extension of a due loan, and its paid fee moves the due date by the product term', async () => {
    const before = await orderRow('ID20261101001');
    expect(before.status).toBe(174);
    const res = await post(REPAY_PATHS.delay, indonesia, { orderId: 'ID20261101001' });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    // kredito-kilat: 0.7 % of the principal for 7 more days (0.1 % a day, the OJK cap: decision 047).
    expect(d).toMatchObject({ available: true, extensionDays: 7, delayShouldPayAmount: 2_100_000 });
    expect(d.delayShouldPayText).toBe('Rp\u00a021.000');
    expect(
      d.orderDetail.detail.every((r: { value: string }) => r.value !== '' && r.value !== 'Rp\u00a00'),
    ).toBe(true);
    expect(d.comparison.extendNow.value).toBe('Rp\u00a021.000');
    // Paying late for 7 days at 0.1 % a day of the amount due.
    expect(d.comparison.payLate.value).toMatch(/^Rp\u00a0[\d.]+$/);
    const plain = await post(REPAY_PATHS.vcode, indonesia, {
      orderId: 'ID20261101001',
      amount: d.delayShouldPayAmount,
      payCode: 'BRI',
      pay_type: 1,
    });
    // The fee is not an amount of the plan: it is asked for as the extension (is_display=1) only.
    expect(plain.statusCode).toBe(409);
    const code = await vcode(indonesia, {
      orderId: 'ID20261101001',
      amount: d.delayShouldPayAmount,
      payCode: 'BRI',
      pay_type: 1,
      is_display: 1,
    });
    expect(code.purposeText).toBe('Biaya perpanjangan (7 hari)');
    const paid = await callback(event(code));
    expect(paid.json().data.outcome).toBe('credited');
    const after = await orderRow('ID20261101001');
    expect(after.status).toBe(170);
    expect(after.extensionDays).toBe(7);
    expect(after.dueAt!.getTime() - before.dueAt!.getTime()).toBe(7 * 86_400_000);
    // The fee is money paid: the loan's details count it as paid, as its receipt does (decision 048).
    const details = (
      await post('/v3/loan-details/loan-details', indonesia, { orderId: 'ID20261101001' })
    ).json().data;
    const rows = Object.fromEntries(
      details.userOrderDetail.detail.map((r: { text: string; value: string }) => [r.text, r.value]),
    );
    expect(rows['Sudah dibayar']).toBe(d.delayShouldPayText);
    // Current again: no extension on offer until the new date falls due.
    const again = (await post(REPAY_PATHS.delay, indonesia, { orderId: 'ID20261101001' })).json().data;
    expect(again.available).toBe(false);
  });

  it('settles a loan once everything is paid', async () => {
    const p = await plan(indonesia, 'ID20261101001');
    const amount = p.repayPlanDetail.repayWaitDetail.at(-1)!.totalAmount;
    const all = p.repayPlanDetail.repayWaitDetail.reduce((a, x) => a + x.totalAmount, 0);
    expect(amount).toBeLessThanOrEqual(all);
    const code = await vcode(indonesia, {
      orderId: 'ID20261101001',
      amount: all,
      payCode: 'INDOMARET',
      pay_type: 2,
    });
    expect((await callback(event(code))).json().data.outcome).toBe('credited');
    expect((await orderRow('ID20261101001')).status).toBe(200);
    const done = await plan(indonesia, 'ID20261101001');
    expect(done.repayWaitCount).toBe(0);
    expect(done.repayPlanDetail.repayYetDetail.map((x) => x.periodStatus)).toEqual(['paid']);
    // Nothing more to pay: no new code.
    const more = await post(REPAY_PATHS.vcode, indonesia, {
      orderId: 'ID20261101001',
      amount: all,
      payCode: 'BCA',
      pay_type: 1,
    });
    expect(more.statusCode).toBe(409);
  });
});

describe('back office and the sandbox', () => {
  it("marks a bill paid through the sandbox's signed callback, lists the payments, and resolves a review", async () => {
    const p = await plan(indonesia, INSTALMENTS);
    const code = await vcode(indonesia, {
      orderId: INSTALMENTS,
      amount: p.repayPlanDetail.repayWaitDetail[0]!.totalAmount,
      payCode: 'MANDIRI',
      pay_type: 1,
    });
    const agentIn = await staffSignIn(t.app, 'agent.in@kredito.test', 'Agent!2345');
    const other = await t.app.inject({
      method: 'POST',
      url: '/admin-api/payments/mark-paid',
      headers: agentIn,
      payload: { billNo: code.billNo },
    });
    // An Indian agent does not handle Indonesian bills.
    expect(other.statusCode).toBe(403);
    const agent = await staffSignIn(t.app, 'agent.id@kredito.test', 'Agent!2345');
    const under = await t.app.inject({
      method: 'POST',
      url: '/admin-api/payments/mark-paid',
      headers: agent,
      payload: { billNo: code.billNo, amount: code.amount - 1 },
    });
    expect(under.statusCode, under.body).toBe(200);
    expect(under.json().data.delivered).toBe(true);
    const paid = await t.app.inject({
      method: 'POST',
      url: '/admin-api/payments/mark-paid',
      headers: agent,
      payload: { billNo: code.billNo },
    });
    expect(paid.json().data.delivered).toBe(true);
    const status = await post(REPAY_PATHS.status, indonesia, { orderId: INSTALMENTS, billNo: code.billNo });
    expect(status.json().data.state).toBe('credited');

    const list = await t.app.inject({
      method: 'GET',
      url: `/admin-api/orders/${INSTALMENTS}/payments`,
      headers: agent,
    });
    const payments = list.json().data as Array<{
      state: string;
      amountMinor: number;
      allocations: unknown[];
    }>;
    expect(payments[0]).toMatchObject({ state: 'credited', amountMinor: code.amount });
    expect(payments[0]!.allocations.length).toBeGreaterThan(0);
    expect(payments[1]).toMatchObject({ state: 'review', amountMinor: code.amount - 1, allocations: [] });

    const review = await t.app.inject({ method: 'GET', url: '/admin-api/payments/review', headers: agent });
    const item = (
      review.json().data.items as Array<{ id: number; reason: string; amountMinor: number }>
    ).find((i) => i.amountMinor === code.amount - 1);
    expect(item?.reason).toBe('underpaid');
    const resolve = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/admin-api/payments/${item!.id}/resolve`,
        headers,
        payload: { resolution: 'Refunded to the payer' },
      });
    expect((await resolve(agent)).statusCode).toBe(200);
    // Once only.
    expect((await resolve(agent)).statusCode).toBe(409);
  });

  it('pays a bill from the demo simulator (demo mode), through the same signed callback', async () => {
    expect(t.config.demo).toBe(true);
    const unknown = await payAtGateway('IDB000');
    expect(unknown.statusCode).toBe(404);
    // The three-period loan's last period may not be paid yet (early repayment waits for half the term).
    const p = await plan(indonesia, INSTALMENTS);
    expect(p.payableCount).toBe(0);
    expect(p.payableNote).toMatch(/^Pelunasan lebih awal untuk sisa pinjaman dapat dilakukan mulai /);
    await seedLoan('ID20261101902', 180, 1);
    const late = await plan(indonesia, 'ID20261101902');
    expect(late.repayPlanDetail.repayWaitDetail[0]!.periodStatus).toBe('overdue');
    const code = await vcode(indonesia, {
      orderId: 'ID20261101902',
      amount: late.repayPlanDetail.repayWaitDetail[0]!.totalAmount,
      payCode: 'ALFAMART',
      pay_type: 2,
    });
    const res = await payAtGateway(code.billNo);
    expect(res.json().data.delivered).toBe(true);
    expect((await orderRow('ID20261101902')).status).toBe(170);
    const status = await post(REPAY_PATHS.status, indonesia, {
      orderId: 'ID20261101902',
      billNo: code.billNo,
    });
    expect(status.json().data.state).toBe('credited');
  });

  it("names the bank on the receipt as the pay page does ('Bank Mandiri', not the gateway's 'MANDIRI')", async () => {
    await seedLoan('ID20261101903', 180, 1);
    const late = await plan(indonesia, 'ID20261101903');
    const code = await vcode(indonesia, {
      orderId: 'ID20261101903',
      amount: late.repayPlanDetail.repayWaitDetail[0]!.totalAmount,
      payCode: 'MANDIRI',
      pay_type: 1,
    });
    const paid = await payAtGateway(code.billNo);
    expect(paid.json().data.delivered).toBe(true);
    const receipts = await post(DOC_PATHS.receipts, indonesia, { orderId: 'ID20261101903' }, 'id');
    const methods = (receipts.json().data.list as Array<{ method: string }>).map((r) => r.method);
    expect(methods).toContain('Transfer bank, Bank Mandiri');
    expect(methods.join(' ')).not.toContain('MANDIRI');
  });

  it("says a settled loan's late charges were paid, not 'so far', and names the store as the pay page does (issue 29)", async () => {
    await seedLoan('ID20261101904', 180, 0);
    const rowsOf = async () =>
      (await post('/v3/loan-details/loan-details', indonesia, { orderId: 'ID20261101904' }, 'id'))
        .json()
        .data.userOrderDetail.detail.map((r: { text: string }) => r.text) as string[];
    // The nightly job books the charges of the days late so far.
    await t.app.loanJobs.run();
    expect(await rowsOf()).toContain('Denda keterlambatan saat ini');
    const late = await plan(indonesia, 'ID20261101904');
    const all = late.repayPlanDetail.repayWaitDetail
      .slice(0, late.payableCount)
      .reduce((a, x) => a + x.totalAmount, 0);
    const code = await vcode(indonesia, {
      orderId: 'ID20261101904',
      amount: all,
      payCode: 'ALFAMART',
      pay_type: 2,
    });
    const paid = await payAtGateway(code.billNo);
    expect(paid.json().data.delivered).toBe(true);
    expect((await orderRow('ID20261101904')).status).toBe(200);
    const rows = await rowsOf();
    expect(rows).toContain('Denda keterlambatan yang dibayar');
    expect(rows).not.toContain('Denda keterlambatan saat ini');
    const receipts = await post(DOC_PATHS.receipts, indonesia, { orderId: 'ID20261101904' }, 'id');
    const methods = (receipts.json().data.list as Array<{ method: string }>).map((r) => r.method);
    expect(methods.join(' ')).toContain('Alfamart');
    expect(methods.join(' ')).not.toContain('ALFAMART');
  });
});

describe('attacks on the repayment calls', () => {
  it('refuses hostile bodies with a clear 400 in the borrower language, and issues nothing', async () => {
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(payCodes);
    const base = { orderId: 'IN20261101001', amount: 100, payCode: 'UPI', pay_type: 3 };
    const bodies: Array<[string, object]> = [
      [REPAY_PATHS.vcode, { ...base, amount: 2 ** 53 }],
      [REPAY_PATHS.vcode, { ...base, amount: [100] }],
      [REPAY_PATHS.vcode, { ...base, amount: '1e3' }],
      [REPAY_PATHS.vcode, { ...base, amount: -1 }],
      [REPAY_PATHS.vcode, { ...base, payCode: 'UPI\u0000' }],
      [REPAY_PATHS.vcode, { ...base, payCode: "UPI'; drop table payments;--" }],
      [REPAY_PATHS.vcode, { ...base, pay_type: 9 }],
      [REPAY_PATHS.vcode, { ...base, specific_num: 2 ** 31 }],
      [REPAY_PATHS.vcode, { ...base, extra: 1 }],
      [REPAY_PATHS.status, { orderId: 'IN20261101001', billNo: 'B\u0007' }],
      [REPAY_PATHS.status, { orderId: 'IN20261101001', billNo: ['B'] }],
      [REPAY_PATHS.utr, { orderId: 'IN20261101001', billNo: 'B1', utr: 412345678901 }],
      [REPAY_PATHS.payTypes, { orderId: 'IN20261101001', pay_type: [1] }],
    ];
    for (const [path, body] of bodies) {
      const res = await post(path, india, body);
      expect(res.statusCode, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json().message).toBe('Some of the information is not valid. Please check and try again.');
    }
    const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(payCodes);
    expect(after).toEqual(before);
  });

  it("answers another borrower's bill as a missing one", async () => {
    const p = await plan(india, 'IN20261101001');
    const code = await vcode(india, {
      orderId: 'IN20261101001',
      amount: p.repayPlanDetail.repayWaitDetail[0]!.totalAmount,
      payCode: 'UPI',
      pay_type: 3,
    });
    const other = await t.newBorrower('IN');
    const res = await post(REPAY_PATHS.status, other, { orderId: 'IN20261101001', billNo: code.billNo });
    expect(res.statusCode).toBe(404);
    const utr = await post(REPAY_PATHS.utr, other, {
      orderId: 'IN20261101001',
      billNo: code.billNo,
      utr: '512345678901',
    });
    expect(utr.statusCode).toBe(404);
    const plan404 = await post(REPAY_PATHS.vcode, other, {
      orderId: 'IN20261101001',
      amount: code.amount,
      payCode: 'UPI',
      pay_type: 3,
    });
    expect(plan404.statusCode).toBe(404);
  });
});
