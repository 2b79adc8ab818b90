import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOAN_PATHS } from '../../../shared/contract/constants.ts';
import { payableUnit } from '../../../shared/domain/money.ts';
import { lateCharges, ppmOf } from '../../../shared/domain/pricing.ts';
import { MARKET_CAPS, termsOf } from '../../../shared/domain/product.ts';
import type { Db } from '../../db/client.ts';
import {
  loanQuotes,
  orderCharges,
  orderEvents,
  orders,
  paymentAllocations,
  payments,
  products,
} from '../../db/schema.ts';
import { seedOrder } from '../../db/seed-loans.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

/** The loan jobs (issue 8): due, overdue and late charges, idempotent, within the caps, on the demo clock. */
let t: TestApp;
const DAY = 86_400_000;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const orderOf = async (orderNo: string) =>
  (await t.database.db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0]!;
const chargesOf = async (orderId: number) =>
  t.database.db
    .select({ kind: orderCharges.kind, day: orderCharges.chargeDay, amount: orderCharges.amountMinor })
    .from(orderCharges)
    .where(eq(orderCharges.orderId, orderId))
    .orderBy(orderCharges.chargeDay, orderCharges.kind);
/** A three-instalment Indian loan whose first instalment fell due 5 + `daysAgo` days ago, still unpaid. */
async function seedLate(orderNo: string, borrowerId: number, daysAgo: number) {
  const [flex] = await t.database.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.market, 'IN'), eq(products.code, 'kredito-flex')));
  const product = { orderNo, product: 0, status: 180 as const, amountMinor: 1_000_000, termDays: 91 };
  await seedOrder(
    t.database.db,
    'IN',
    borrowerId,
    flex!.id,
    { ...product, createdDaysAgo: 0 },
    t.clock.now().getTime() - daysAgo * DAY,
  );
  return (await orderOf(orderNo)).id;
}
const sum = (rows: Array<{ kind: string; amount: number }>, kind: string) =>
  rows.filter((r) => r.kind === kind).reduce((a, r) => a + r.amount, 0);

describe('loan jobs', () => {
  it('books the late charges of the days an overdue loan has been late, once however often it runs', async () => {
    const first = await t.app.loanJobs.run();
    expect(first.charged).toBeGreaterThan(0);
    const late = await orderOf('IN20260801007');
    const rows = await chargesOf(late.id);
    // Five days late: a late fee on day 1 and a late charge for each day.
    expect(rows.filter((r) => r.kind === 'late_charge')).toHaveLength(5);
    // The demo borrower has repaid a loan before: the returning borrower's late fee (₹800).
    expect(sum(rows, 'late_fee')).toBe(80_000);
    const overdue = late.quote!.schedule[0]!.total;
    const expected = lateCharges(
      termsOf('IN', late.terms!),
      late.quote!,
      overdue,
      5,
      'repeat',
      MARKET_CAPS.IN,
    );
    expect(sum(rows, 'late_charge')).toBe(expected.lateCharge);
    // Again, and twice at once: nothing more.
    const [a, b] = await Promise.all([t.app.loanJobs.run(), t.app.loanJobs.run()]);
    expect(a.charged + b.charged).toBe(0);
    expect(await chargesOf(late.id)).toEqual(rows);
  });

  it('shows the charges on the loan details', async () => {
    const token = await t.signIn('IN');
    const res = await t.app.inject({
      method: 'POST',
      url: LOAN_PATHS.details,
      headers: t.auth(token),
      payload: { orderId: 'IN20260801007' },
    });
    const { data } = res.json();
    expect(data.orderStatus).toBe(180);
    const rows = Object.fromEntries(
      data.userOrderDetail.detail.map((r: { text: string; value: string }) => [r.text, r.value]),
    );
    // The notice asks for what is due now: the overdue period and the late charges booked.
    expect(data.noticeDesText).toBe(
      `Your repayment is 5 days late and late charges apply. Repay ${rows['Amount due now']} now to stop them.`,
    );
    expect(rows['Late charges so far']).toMatch(/^₹/);
  });

  it('moves due loans overdue the next day and paid-out loans due on their due date, each once', async () => {
    const due = await orderOf('IN20261101001');
    expect(due.status).toBe(174);
    t.clock.advance(DAY);
    const result = await t.app.loanJobs.run();
    expect(result.wentOverdue).toBeGreaterThanOrEqual(2);
    expect((await orderOf('IN20261101001')).status).toBe(180);
    const paidOut = await orderOf('IN20261117006');
    expect(paidOut.status).toBe(170);
    t.clock.advance(paidOut.dueAt!.getTime() - t.clock.now().getTime() + 1);
    await Promise.all([t.app.loanJobs.run(), t.app.loanJobs.run()]);
    expect((await orderOf('IN20261117006')).status).toBe(174);
    const moves = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, paidOut.id), eq(orderEvents.operation, 'fallDue')));
    expect(moves[0]!.n).toBe(1);
    const [event] = await t.database.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, paidOut.id), eq(orderEvents.operation, 'fallDue')));
    expect(event!.actor).toBe('system:due-job');
    // A due loan may now be the subject of a collection complaint.
    expect((await orderOf('IN20261117006')).collectionAllowed).toBe(true);
  });

  it('stops Indonesian late charges at the OJK caps however long the loan is late', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/dev-api/clock', payload: { days: 300 } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.offsetDays).toBeGreaterThanOrEqual(300);
    const late = await orderOf('ID20260801007');
    const principal = late.amountMinor;
    const cost = late.quote!.interest + late.quote!.fees.reduce((a, f) => a + f.amount, 0);
    const check = async () => {
      const rows = await chargesOf(late.id);
      const charged = sum(rows, 'late_charge') + sum(rows, 'late_fee');
      const daysLate = rows.filter((r) => r.kind === 'late_charge').length;
      expect(charged).toBeLessThanOrEqual(ppmOf(principal, MARKET_CAPS.ID.lateChargePerDayPpm! * daysLate));
      expect(cost + charged).toBeLessThanOrEqual(principal);
      return { rows, charged };
    };
    // Each day, each of the three overdue periods charged for its own days late (decision 048), the day's
    // sum at most 0.1 % of the principal, the whole within the total cap.
    const { rows, charged } = await check();
    const daysLate = rows.filter((r) => r.kind === 'late_charge').length;
    const schedule = late.quote!.schedule;
    expect(schedule).toHaveLength(3);
    const rate = late.terms!.lateChargeTiers[0]!.dailyPpm;
    // Whole rupiah (decision 047): each period's day charge and each cap down to Rp 1.
    const unit = payableUnit('ID');
    const dayCap = ppmOf(principal, MARKET_CAPS.ID.lateChargePerDayPpm!, unit);
    let expected = 0;
    for (let day = 1; day <= daysLate; day++) {
      const owed = schedule
        .filter((p) => day - (p.dueDay - schedule[0]!.dueDay) > 0)
        .reduce((a, p) => a + ppmOf(p.total, rate, unit), 0);
      expected += Math.min(owed, dayCap);
    }
    const room = ppmOf(principal, MARKET_CAPS.ID.totalCostPpm!, unit) - cost;
    expect(charged).toBe(Math.min(expected, room - (room % unit)));
    const firstOnly = lateCharges(
      termsOf('ID', late.terms!),
      late.quote!,
      schedule[0]!.total,
      daysLate,
      'repeat',
    );
    // More than the first period alone would have earned.
    expect(charged).toBeGreaterThan(firstOnly.lateCharge);
    expect(Math.max(...rows.map((r) => r.amount))).toBeLessThanOrEqual(
      ppmOf(principal, MARKET_CAPS.ID.lateChargePerDayPpm!),
    );
  });

  it('charges a loan late on several periods on every one of them, each for its own days late, once', async () => {
    const demo = await orderOf('IN20260801007');
    // Three instalments due 30, 61 and 91 days after the payout: 75, 44 and 14 days late today.
    const orderId = await seedLate('IN20260901901', demo.borrowerId, 70);
    const order = (await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
    const schedule = order.quote!.schedule;
    expect(schedule.map((p) => p.dueDay)).toEqual([30, 61, 91]);
    const first = await t.app.loanJobs.run();
    expect(first.charged).toBeGreaterThan(0);
    const rows = await chargesOf(orderId);
    expect(rows.filter((r) => r.kind === 'late_charge')).toHaveLength(75);
    expect(sum(rows, 'late_fee')).toBe(80_000);
    // India has no cap: exactly the pricing module's charges of each period for its own days late.
    const terms = termsOf('IN', order.terms!);
    const each = schedule.map(
      (p) => lateCharges(terms, order.quote!, p.total, 75 - (p.dueDay - 30), 'repeat').lateCharge,
    );
    expect(each.every((x) => x > 0)).toBe(true);
    expect(sum(rows, 'late_charge')).toBe(each[0]! + each[1]! + each[2]!);
    const again = await t.app.loanJobs.run();
    expect(again.charged).toBe(0);
    expect(await chargesOf(orderId)).toEqual(rows);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'reads the ledger after the order is locked: a payment committed while it waited is seen (PostgreSQL)',
    async () => {
      const demo = await orderOf('IN20260801007');
      const orderId = await seedLate('IN20260901902', demo.borrowerId, 0);
      const order = (await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
      const period1 = order.quote!.schedule[0]!;
      let job: Promise<unknown> | null = null;
      // A payment of period 1 is being credited (the order locked) when the job comes to the order.
      await t.database.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        await tx.execute(sql`select id from orders where id = ${orderId} for update`);
        const [payment] = await tx
          .insert(payments)
          .values({
            providerPaymentId: 'race-901902',
            eventId: 'race-901902',
            vcode: 'race-901902',
            orderId,
            amountMinor: period1.total,
            currency: 'INR',
            paidAt: t.clock.now(),
            state: 'credited',
          })
          .returning({ id: payments.id });
        await tx.insert(paymentAllocations).values(
          (['fees', 'interest', 'principal'] as const)
            .filter((k) => period1[k] > 0)
            .map((k) => ({
              paymentId: payment!.id,
              orderId,
              period: 1,
              component: k,
              amountMinor: period1[k],
            })),
        );
        job = t.app.loanJobs.run();
        // Until the job waits for this order's lock (another connection of the pool).
        for (;;) {
          const waiting = await t.database.db.execute(
            sql`select count(*)::int as n from pg_stat_activity
                 where wait_event_type = 'Lock' and datname = current_database()`,
          );
          if ((waiting as unknown as { rows: Array<{ n: number }> }).rows[0]!.n > 0) break;
          await new Promise((r) => setImmediate(r));
        }
      });
      await job;
      // Period 1 was paid when the job read the ledger; period 2 is not due: nothing was late.
      expect(await chargesOf(orderId)).toEqual([]);
    },
  );

  it('moves the demo clock only forward', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/dev-api/clock', payload: { days: -1 } });
    expect(res.statusCode).toBe(400);
  });
});

describe('quotes', () => {
  it('drop quotes a day past their time that made no order, and keep the one an order was booked on', async () => {
    const db = t.database.db;
    const [order] = await db
      .select({ id: orders.id, borrowerId: orders.borrowerId, productId: orders.productId })
      .from(orders)
      .limit(1);
    const now = t.clock.now().getTime();
    const quote = (id: string, expiresAgoMs: number) => ({
      id,
      borrowerId: order!.borrowerId,
      productId: order!.productId,
      termsVersion: 1,
      amountMinor: 1_000_000,
      termDays: 91,
      quote: {} as never,
      expiresAt: new Date(now - expiresAgoMs),
    });
    await db
      .insert(loanQuotes)
      .values([
        quote('q-stale', 2 * DAY),
        quote('q-recent', DAY / 2),
        quote('q-open', -DAY / 48),
        quote('q-booked', 3 * DAY),
      ]);
    await db.update(orders).set({ quoteId: 'q-booked' }).where(eq(orders.id, order!.id));
    await t.app.loanJobs.run();
    const left = await db.select({ id: loanQuotes.id }).from(loanQuotes).orderBy(loanQuotes.id);
    expect(left.map((q) => q.id)).toEqual(['q-booked', 'q-open', 'q-recent']);
    await db.update(orders).set({ quoteId: null }).where(eq(orders.id, order!.id));
  });
});
