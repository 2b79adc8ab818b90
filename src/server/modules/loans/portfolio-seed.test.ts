import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { seedPortfolio } from '../../../../scripts/lib/bench-portfolio-seed.ts';
import { LOAN_PATHS, REPAY_PATHS } from '../../../shared/contract/constants.ts';
import { ORDER_STATUS } from '../../../shared/domain/order-status.ts';
import { marketDay } from '../../../shared/domain/time.ts';
import { rowShape, rowsOf } from '../../db/statement.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { lateChargeRows } from './loan-jobs.ts';

/**
 * The bench's portfolio seed (issue 31, decision 074) at a tiny size makes a database the app reads as
 * its own: loan details and the plan answer, the ledger check finds nothing wrong, and the nightly jobs
 * do tonight's work once. PostgreSQL only: the seed is the bench's, which runs on PostgreSQL.
 */
const url = process.env.TEST_DATABASE_URL;
const BORROWERS = 1_000;
let t: TestApp;
let seeded: Awaited<ReturnType<typeof seedPortfolio>>;

describe.skipIf(!url)('bench portfolio seed', () => {
  beforeAll(async () => {
    t = await createTestApp();
    const [row] = rowsOf(
      await t.database.db.execute(sql`select current_database() as name`),
      rowShape('test_database_name', { name: z.string() }),
    );
    const target = new URL(url!);
    target.pathname = `/${row!.name}`;
    seeded = await seedPortfolio(target.toString(), {
      market: 'IN',
      borrowers: BORROWERS,
      tokenPrefix: 'portfolio-test-session-',
      now: t.clock.now(),
    });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it('writes three orders per borrower in every state', () => {
    expect(seeded.orders).toBe(3 * BORROWERS);
    for (const state of ['review', 'payingOut', 'rejected', 'live', 'due', 'overdue', 'settled', 'extended'])
      expect(seeded.byStatus[state], state).toBeGreaterThan(0);
    expect(Object.values(seeded.byStatus).reduce((a, n) => a + n, 0)).toBe(3 * BORROWERS);
  });

  it("answers a seeded borrower's loan details and plan with the borrower's session", async () => {
    const b = seeded.signedIn.find((s) => s.liveOrderNo)!;
    const headers = { authorization: `Bearer ${b.token}`, 'x-device-id': b.deviceId };
    const details = await t.app.inject({
      method: 'POST',
      url: `${LOAN_PATHS.details}?market=IN`,
      headers,
      payload: { orderId: b.liveOrderNo },
    });
    expect(details.statusCode, details.body).toBe(200);
    expect(details.json().code).toBe(0);
    expect([ORDER_STATUS.DISBURSED, ORDER_STATUS.DUE, ORDER_STATUS.OVERDUE]).toContain(
      details.json().data.orderStatus,
    );
    const plan = await t.app.inject({
      method: 'POST',
      url: `${REPAY_PATHS.plan}?market=IN`,
      headers,
      payload: { orderId: b.liveOrderNo },
    });
    expect(plan.statusCode).toBe(200);
    // Another borrower's order is not this one's to read.
    const other = seeded.signedIn.find((s) => s.liveOrderNo && s.token !== b.token)!;
    const refused = await t.app.inject({
      method: 'POST',
      url: `${LOAN_PATHS.details}?market=IN`,
      headers,
      payload: { orderId: other.liveOrderNo },
    });
    expect(refused.json().code).not.toBe(0);
  });

  it('books the past late charges an overdue loan owes as the job computes them', async () => {
    const rows = (
      (await t.database.db.execute(sql`
        select o.id, o.market, o.amount_minor, o.term_days, o.terms, o.quote, o.disbursed_at,
               exists (select 1 from orders s where s.borrower_id = o.borrower_id and s.status = 200) as repeat,
               (select json_agg(json_build_object('kind', c.kind, 'chargeDay', c.charge_day, 'amountMinor', c.amount_minor)
                         order by c.charge_day, c.kind desc) from order_charges c where c.order_id = o.id) as charges
          from orders o where o.status = 180 and o.order_no like 'INPF%' order by o.id limit 20`)) as unknown as {
        rows: Array<Record<string, unknown>>;
      }
    ).rows;
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      const quote = r.quote as { schedule: never[]; fees: never[] };
      const expected = lateChargeRows(
        {
          market: 'IN',
          status: ORDER_STATUS.OVERDUE,
          amountMinor: Number(r.amount_minor),
          termDays: Number(r.term_days),
          terms: r.terms as never,
          schedule: quote.schedule,
          quoteFees: quote.fees,
          lateFee: 0,
          lateCharge: 0,
          allocations: [],
          extensionDays: 0,
          disbursedAt: new Date(r.disbursed_at as string).toISOString(),
          repeat: r.repeat as boolean,
        },
        null,
        // Booked through yesterday: tonight's day is the job's.
        marketDay(new Date(t.clock.now().getTime() - 86_400_000), 'IN'),
      );
      const sort = (xs: Array<{ kind: string; chargeDay: string; amountMinor: number }>) =>
        [...xs]
          .map((x) => ({ ...x, amountMinor: Number(x.amountMinor) }))
          .sort((a, b) => a.chargeDay.localeCompare(b.chargeDay) || a.kind.localeCompare(b.kind));
      expect(sort((r.charges as never[]) ?? [])).toEqual(sort(expected));
    }
  });

  it('passes the ledger check, and the nightly jobs do their work once', async () => {
    const before = await t.app.ledgerCheck.run();
    expect(before!.ordersChecked).toBeGreaterThanOrEqual(3 * BORROWERS);
    expect(before!.breaches).toEqual([]);
    const first = await t.app.loanJobs.run();
    // Loans due today fall due, yesterday's go overdue, and every overdue loan is charged tonight.
    expect(first.fellDue).toBeGreaterThan(0);
    expect(first.wentOverdue).toBeGreaterThan(0);
    expect(first.charged).toBeGreaterThanOrEqual(seeded.byStatus.overdue!);
    const second = await t.app.loanJobs.run();
    expect(second).toEqual({ fellDue: 0, wentOverdue: 0, charged: 0 });
    const after = await t.app.ledgerCheck.run();
    expect(after!.breaches).toEqual([]);
  });
});
