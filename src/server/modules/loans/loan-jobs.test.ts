import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOAN_PATHS } from '../../../shared/contract/constants.ts';
import { lateCharges, ppmOf } from '../../../shared/domain/pricing.ts';
import { MARKET_CAPS, termsOf } from '../../../shared/domain/product.ts';
import { orderCharges, orderEvents, orders } from '../../db/schema.ts';
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
    expect(data.noticeDesText).toBe(
      'Your repayment is 5 days late and late charges apply. Repay now to stop them.',
    );
    const rows = Object.fromEntries(
      data.userOrderDetail.detail.map((r: { text: string; value: string }) => [r.text, r.value]),
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
    // Exactly what the pricing module charges for that many days (its property tests hold the caps for
    // any number of days), and never more than 0.1 % of the principal a day.
    const { rows, charged } = await check();
    const daysLate = rows.filter((r) => r.kind === 'late_charge').length;
    const expected = lateCharges(
      termsOf('ID', late.terms!),
      late.quote!,
      late.quote!.schedule[0]!.total,
      daysLate,
      'repeat',
      MARKET_CAPS.ID,
    );
    expect(charged).toBe(expected.lateFee + expected.lateCharge);
    expect(Math.max(...rows.map((r) => r.amount))).toBeLessThanOrEqual(
      ppmOf(principal, MARKET_CAPS.ID.lateChargePerDayPpm!),
    );
  });

  it('moves the demo clock only forward', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/dev-api/clock', payload: { days: -1 } });
    expect(res.statusCode).toBe(400);
  });
});
