import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPAY_PATHS } from '../../../shared/contract/constants.ts';
import type {
  LedgerBreach,
  LedgerCheckRun,
  LedgerChecksData,
} from '../../../shared/contract/ledger-check.ts';
import type { VcodeData } from '../../../shared/contract/repayment.ts';
import type { Market } from '../../../shared/markets.ts';
import { signedHeaders } from '../../adapters/payment-gateway.ts';
import { ledgerChecks, orders, products } from '../../db/schema.ts';
import { type DemoOrder, seedOrder } from '../../db/seed-loans.ts';
import { createTestApp, type StaffHeaders, staffSignIn, type TestApp } from '../../test/helpers.ts';
import { ledgerCheckService, NIGHTLY, nightlySlot } from './ledger-check.service.ts';

/**
 * The ledger check (issue 27, decision 049) on the seeded demo data, which has loans in every state:
 * clean, it reports nothing; each invariant broken by a direct SQL tamper is reported with its rule on
 * that order only; runs are recorded; agents see their markets' breaches and cannot start a run.
 * PGlite, or PostgreSQL with TEST_DATABASE_URL.
 */
let t: TestApp;
const secret = 'test-gateway-secret-0123456789abcdefghij';
let admin: StaffHeaders;
let agentIn: StaffHeaders;
const borrowerOf: Partial<Record<Market, number>> = {};
const productOf: Partial<Record<Market, number>> = {};

beforeAll(async () => {
  t = await createTestApp({ GATEWAY_SECRET: secret });
  for (const market of ['IN', 'ID'] as const) {
    const [o] = await t.database.db
      .select({ borrowerId: orders.borrowerId })
      .from(orders)
      .where(eq(orders.orderNo, `${market}20261101001`));
    borrowerOf[market] = o!.borrowerId;
    // Index 1 of the market's demo products: one period in India, one in Indonesia too (Kredito Kilat
    // is index 0; Modal Usaha, index 1, has three periods).
    const [p] = await t.database.db
      .select({ id: products.id })
      .from(products)
      .where(
        and(
          eq(products.market, market),
          eq(products.code, market === 'IN' ? 'kredito-salary' : 'kredito-usaha'),
        ),
      );
    productOf[market] = p!.id;
  }
  admin = await staffSignIn(t.app, 'admin@kredito.test', 'Admin!2345');
  agentIn = await staffSignIn(t.app, 'agent.in@kredito.test', 'Agent!2345');
});
afterAll(async () => {
  await t.close();
});

let seq = 700;
/** A further demo loan of the market's borrower in `status`, settled by one payment of everything for 200. */
async function loan(market: Market, status: DemoOrder['status']): Promise<{ id: number; orderNo: string }> {
  const orderNo = `${market}20261102${++seq}`;
  await seedOrder(
    t.database.db,
    market,
    borrowerOf[market]!,
    productOf[market]!,
    {
      orderNo,
      product: 1,
      status,
      amountMinor: market === 'IN' ? 1_000_000 : 300_000_000,
      termDays: 91,
      createdDaysAgo: 120,
    },
    Date.now(),
  );
  const [o] = await t.database.db.select({ id: orders.id }).from(orders).where(eq(orders.orderNo, orderNo));
  return { id: o!.id, orderNo };
}

const run = (headers: StaffHeaders) =>
  t.app.inject({ method: 'POST', url: '/admin-api/ledger-checks/run', headers });
const latest = async (headers: StaffHeaders) => {
  const res = await t.app.inject({ method: 'GET', url: '/admin-api/ledger-checks', headers });
  expect(res.statusCode).toBe(200);
  return res.json().data as LedgerChecksData;
};
const exec = (query: ReturnType<typeof sql>) => t.database.db.execute(query);
const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await exec(query)) as unknown as { rows: T[] }).rows;
const rulesOf = (breaches: LedgerBreach[], orderNo: string) =>
  breaches
    .filter((b) => b.orderNo === orderNo)
    .map((b) => b.rule)
    .sort();

describe('a clean ledger', () => {
  it('reports no breach over every seeded order, and the run is recorded and listed', async () => {
    const [{ count }] = (await rows<{ count: number }>(sql`select count(*)::int as count from orders`)) as [
      { count: number },
    ];
    const res = await run(admin);
    expect(res.statusCode).toBe(200);
    const ran = res.json().data as LedgerCheckRun;
    expect(ran).toMatchObject({ ordersChecked: count, breachCount: 0 });
    expect(count).toBeGreaterThanOrEqual(14);

    const [row] = await t.database.db.select().from(ledgerChecks).where(eq(ledgerChecks.id, ran.id));
    expect(row).toMatchObject({ ordersChecked: count, breaches: [] });
    expect(row!.finishedAt!.getTime()).toBeGreaterThanOrEqual(row!.startedAt.getTime());

    const listed = await latest(admin);
    expect(listed.runs[0]).toEqual(ran);
    expect(listed.breaches).toEqual([]);
  });

  it('reads every order whatever the page size', async () => {
    const small = ledgerCheckService({ database: t.database, pageSize: 3 });
    const whole = await ledgerCheckService({ database: t.database }).run();
    const paged = await small.run();
    expect(paged!.ordersChecked).toBe(whole!.ordersChecked);
    expect(paged!.breaches).toEqual([]);
  });
});

describe('money booked through the real paths', () => {
  let paid = 0;
  /** A borrower's pay code for `body` and the gateway's signed callback paying it exactly. */
  async function payThrough(market: Market, body: object) {
    const token = await t.signIn(market);
    const res = await t.app.inject({
      method: 'POST',
      url: REPAY_PATHS.vcode,
      headers: t.auth(token),
      payload: {
        ...(market === 'IN' ? { payCode: 'UPI', pay_type: 3 } : { payCode: 'BCA', pay_type: 1 }),
        ...body,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const code = res.json().data as VcodeData;
    const n = ++paid;
    const event = JSON.stringify({
      eventId: `evt_check_${n}`,
      type: 'payment.paid',
      paymentId: `pay_check_${n}`,
      vcode: code.vcode,
      amount: code.amount,
      currency: market === 'IN' ? 'INR' : 'IDR',
      paidAt: t.clock.now().toISOString(),
    });
    const cb = await t.app.inject({
      method: 'POST',
      url: REPAY_PATHS.webhook,
      headers: signedHeaders(secret, event, Math.floor(Date.now() / 1000)),
      payload: event,
    });
    expect(cb.statusCode, cb.body).toBe(200);
    expect(cb.json().data.outcome).toBe('credited');
  }
  const firstOffer = async (market: Market, orderNo: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: REPAY_PATHS.plan,
      headers: t.auth(await t.signIn(market)),
      payload: { orderId: orderNo },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.repayPlanDetail.repayWaitDetail[0]!.totalAmount as number;
  };

  it('keeps the ledger clean: a period paid, an extension, late charges and a payment of them', async () => {
    // Period 1 of three (Modal Usaha), paid by the borrower as the plan offers it.
    const three = await loan('ID', 174);
    await payThrough('ID', { orderId: three.orderNo, amount: await firstOffer('ID', three.orderNo) });
    // The extension of the demo borrower's due loan.
    const delay = await t.app.inject({
      method: 'POST',
      url: REPAY_PATHS.delay,
      headers: t.auth(await t.signIn('ID')),
      payload: { orderId: 'ID20261101001' },
    });
    const fee = delay.json().data.delayShouldPayAmount as number;
    await payThrough('ID', { orderId: 'ID20261101001', amount: fee, is_display: 1 });
    // The overdue loan's late fee and charges booked by the jobs, then paid with its period.
    await t.app.loanJobs.run();
    await payThrough('IN', { orderId: 'IN20260801007', amount: await firstOffer('IN', 'IN20260801007') });

    const res = await run(admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.breachCount).toBe(0);
    const [{ n }] = (await rows<{ n: number }>(
      sql`select count(*)::int as n from payment_allocations where component in ('extension_fee', 'late_fee')`,
    )) as [{ n: number }];
    expect(n).toBeGreaterThanOrEqual(2);
  });
});

describe('an agent', () => {
  it('cannot start a run (403), and sees nothing of a market they do not work on', async () => {
    const res = await run(agentIn);
    expect(res.statusCode).toBe(403);
    const seen = await latest(agentIn);
    expect(seen.breaches.every((b) => b.market === 'IN')).toBe(true);
  });
});

describe('a tampered ledger', () => {
  const tampered: Record<string, string> = {};
  let breaches: LedgerBreach[] = [];

  beforeAll(async () => {
    // An allocation over the principal of a settled loan's period.
    const over = await loan('IN', 200);
    await exec(sql`update payment_allocations set amount_minor = amount_minor + 100
                    where order_id = ${over.id} and component = 'principal' and period = 1`);
    tampered.over = over.orderNo;

    // A settled loan with something unpaid (its payment brought less than it owed).
    const unpaid = await loan('ID', 200);
    await exec(sql`update payment_allocations set amount_minor = amount_minor - 100
                    where order_id = ${unpaid.id} and component = 'principal' and period = 1`);
    await exec(sql`update payments set amount_minor = amount_minor - 100 where order_id = ${unpaid.id}`);
    tampered.unpaid = unpaid.orderNo;

    // The same settled by a cooling-off exit: the interest and fees left unpaid are waived, not owed.
    const exit = await loan('IN', 200);
    await exec(sql`update payment_allocations set amount_minor = amount_minor - 100
                    where order_id = ${exit.id} and component = 'interest' and period = 1`);
    await exec(sql`update payments set amount_minor = amount_minor - 100 where order_id = ${exit.id}`);
    await exec(sql`update order_events set reason = 'cooling-off exit, payment seed'
                    where order_id = ${exit.id} and operation = 'settle'`);
    tampered.exit = exit.orderNo;
    // …and the control: the same unpaid interest without the exit is owed.
    const interest = await loan('IN', 200);
    await exec(sql`update payment_allocations set amount_minor = amount_minor - 100
                    where order_id = ${interest.id} and component = 'interest' and period = 1`);
    await exec(sql`update payments set amount_minor = amount_minor - 100 where order_id = ${interest.id}`);
    tampered.interest = interest.orderNo;

    // An outstanding loan that owes nothing: fully paid, still "due".
    const paid = await loan('ID', 200);
    await exec(sql`update orders set status = 174 where id = ${paid.id}`);
    tampered.paid = paid.orderNo;

    // A due date that is not the plan's.
    const late = await loan('IN', 174);
    await exec(sql`update orders set due_at = due_at + interval '1 day' where id = ${late.id}`);
    tampered.due = late.orderNo;

    // An allocation of a payment that is in review, not credited.
    const review = await loan('ID', 200);
    await exec(
      sql`update payments set state = 'review', review_reason = 'overpaid' where order_id = ${review.id}`,
    );
    tampered.review = review.orderNo;

    // An extension fee paid with no extension booked.
    const ext = await loan('IN', 180);
    await exec(sql`with p as (
                     insert into payments (provider_payment_id, event_id, vcode, order_id, amount_minor,
                                           currency, paid_at, state)
                     values ('tamper-ext', 'tamper-ext', 'tamper-ext', ${ext.id}, 3000, 'INR', now(), 'credited')
                     returning id)
                   insert into payment_allocations (payment_id, order_id, period, component, amount_minor)
                   select id, ${ext.id}, null, 'extension_fee', 3000 from p`);
    tampered.ext = ext.orderNo;

    // A callback's payment allocated short of its amount; and a staff credit that recorded its excess.
    const short = await loan('IN', 180);
    const staffCredit = await loan('IN', 180);
    for (const [o, by] of [
      [short, null],
      [staffCredit, 1],
    ] as const)
      await exec(sql`with p as (
                       insert into payments (provider_payment_id, event_id, vcode, order_id, amount_minor,
                                             currency, paid_at, state, resolved_by, resolution)
                       values (${`tamper-short-${o.id}`}, ${`tamper-short-${o.id}`}, 'tamper', ${o.id}, 5000,
                               'INR', now(), 'credited', ${by}, ${by ? 'Credited ₹40 to order; excess ₹10 to refund' : null})
                       returning id)
                     insert into payment_allocations (payment_id, order_id, period, component, amount_minor)
                     select id, ${o.id}, 1, 'interest', 4000 from p`);
    tampered.short = short.orderNo;
    tampered.staffCredit = staffCredit.orderNo;

    const res = await run(admin);
    expect(res.statusCode).toBe(200);
    breaches = (await latest(admin)).breaches;
  });

  it('reports an allocation over the principal', () => {
    expect(rulesOf(breaches, tampered.over!)).toEqual(['allocationOverOwed', 'paymentOverAllocated']);
    expect(breaches.find((b) => b.rule === 'allocationOverOwed')).toMatchObject({
      market: 'IN',
      detail: expect.stringMatching(/^period 1 principal: ₹[\d,.]+ paid of ₹[\d,.]+$/),
    });
  });

  it('reports a settled loan with something unpaid', () => {
    expect(rulesOf(breaches, tampered.unpaid!)).toEqual(['settledOwes']);
    expect(rulesOf(breaches, tampered.interest!)).toEqual(['settledOwes']);
  });

  it('waives what a cooling-off exit leaves unpaid', () => {
    expect(rulesOf(breaches, tampered.exit!)).toEqual([]);
  });

  it('reports a callback’s payment not allocated in full, but not a staff credit’s recorded excess', () => {
    expect(rulesOf(breaches, tampered.short!)).toEqual(['paymentNotFullyAllocated']);
    expect(rulesOf(breaches, tampered.staffCredit!)).toEqual([]);
  });

  it('reports an outstanding loan that owes nothing', () => {
    expect(rulesOf(breaches, tampered.paid!)).toEqual(['outstandingOwesNothing']);
  });

  it('reports a due date that is not the plan’s', () => {
    expect(rulesOf(breaches, tampered.due!)).toEqual(['dueDateMismatch']);
  });

  it('reports an allocation of a payment in review', () => {
    expect(rulesOf(breaches, tampered.review!)).toEqual(['allocationToUncreditedPayment']);
  });

  it('reports an extension fee with no extension', () => {
    expect(rulesOf(breaches, tampered.ext!)).toEqual(['extensionFeeUnmatched']);
  });

  it('reports nothing on any order that was not tampered with', () => {
    const names = new Set(Object.values(tampered));
    expect(breaches.filter((b) => !names.has(b.orderNo))).toEqual([]);
  });

  it('counts and lists breaches per market for the staff member', async () => {
    const all = await latest(admin);
    expect(all.runs[0]!.breachCount).toBe(breaches.length);
    const seen = await latest(agentIn);
    expect(seen.breaches).toEqual(breaches.filter((b) => b.market === 'IN'));
    expect(seen.runs[0]!.breachCount).toBe(seen.breaches.length);
    expect(seen.breaches.length).toBeLessThan(breaches.length);
  });
});

describe('the nightly run', () => {
  it('runs once in the night window, and not outside it', async () => {
    // A day far ahead of every recorded run, so the window is open and empty.
    const slot = nightlySlot(new Date(Date.UTC(2099, 0, 2, 21)));
    expect(slot.toISOString()).toBe('2099-01-02T19:30:00.000Z');
    let now = new Date(slot.getTime() + 60_000);
    const checks = ledgerCheckService({ database: t.database, now: () => now });
    const first = await checks.nightly();
    expect(first).not.toBeNull();
    expect(await checks.nightly()).toBeNull();
    // The next night's window is closed at noon UTC, and open again at 19:30.
    now = new Date(Date.UTC(2099, 0, 3, 12));
    expect(await checks.nightly()).toBeNull();
    now = new Date(slot.getTime() + 86_400_000 + NIGHTLY.windowMs - 1);
    expect(await checks.nightly()).not.toBeNull();
    await t.database.db.delete(ledgerChecks).where(sql`started_at > '2099-01-01'`);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'leaves the run to the instance holding the lock (409 from the back office)',
    async () => {
      const url = new URL(process.env.TEST_DATABASE_URL!);
      const [{ db }] = (await rows<{ db: string }>(sql`select current_database() as db`)) as [{ db: string }];
      url.pathname = `/${db}`;
      const other = new pg.Client({ connectionString: url.toString() });
      await other.connect();
      try {
        await other.query('begin');
        await other.query('select pg_advisory_xact_lock(8008049)');
        const res = await run(admin);
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toMatch(/already running/);
        await other.query('rollback');
        expect((await run(admin)).statusCode).toBe(200);
      } finally {
        await other.end();
      }
    },
  );
});
