import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPAY_PATHS } from '../../../shared/contract/constants.ts';
import type { GatewayEvent, PlanData, VcodeData } from '../../../shared/contract/repayment.ts';
import { COMPONENTS } from '../../../shared/domain/ledger.ts';
import { signedHeaders } from '../../adapters/payment-gateway.ts';
import { orders, paymentAllocations, payments, products } from '../../db/schema.ts';
import { seedOrder } from '../../db/seed-loans.ts';
import { createTestApp, type StaffHeaders, staffSignIn, type TestApp } from '../../test/helpers.ts';
import { repaymentRepository } from './repayment.repository.ts';
import { balanceOfOrder } from './repayment.service.ts';

/**
 * Money under concurrency (decision 045), against the real database. The races are made certain rather
 * than likely: a connection of the test holds the order's row, both requests are seen waiting for it
 * (pg_stat_activity), and then it lets go. PGlite has one connection, so nothing there can wait for a
 * lock: those tests run on PostgreSQL only.
 */
const SECRET = 'concurrency-gateway-secret-0123456789abcd';
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
let t: TestApp;
let token: string;
let borrowerId: number;
let productId: number;
let admin: StaffHeaders;

beforeAll(async () => {
  t = await createTestApp({ GATEWAY_SECRET: SECRET });
  token = await t.signIn('ID');
  const [demo] = await t.database.db.select().from(orders).where(eq(orders.orderNo, 'ID20261101001'));
  borrowerId = demo!.borrowerId;
  const [usaha] = await t.database.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.market, 'ID'), eq(products.code, 'kredito-usaha')));
  productId = usaha!.id;
  admin = await staffSignIn(t.app, 'admin@kredito.test', 'Admin!2345');
});
afterAll(async () => {
  await t.close();
});

let seq = 0;
/** A fresh three-period Indonesian loan whose first period is due today. */
async function freshLoan(): Promise<string> {
  const orderNo = `ID2026110177${String(++seq).padStart(3, '0')}`;
  await seedOrder(
    t.database.db,
    'ID',
    borrowerId,
    productId,
    { orderNo, product: 1, status: 174, amountMinor: 300_000_000, termDays: 91, createdDaysAgo: 0 },
    Date.now(),
  );
  return orderNo;
}

const borrowerPost = (path: string, payload: object) =>
  t.app.inject({ method: 'POST', url: path, headers: t.auth(token), payload });

/** The amounts the plan offers: the first period, the first two, … */
async function offered(orderNo: string): Promise<number[]> {
  const plan: PlanData = (await borrowerPost(REPAY_PATHS.plan, { orderId: orderNo })).json().data;
  let sum = 0;
  return plan.repayPlanDetail.repayWaitDetail.map((w) => (sum += w.totalAmount));
}

async function bill(orderNo: string, amount: number, bank = 'BCA'): Promise<VcodeData> {
  const res = await borrowerPost(REPAY_PATHS.vcode, { orderId: orderNo, amount, payCode: bank, pay_type: 1 });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const eventFor = (code: VcodeData, amount = code.amount): GatewayEvent => {
  const id = `${++seq}_${Date.now()}`;
  return {
    eventId: `evt_conc_${id}`,
    type: 'payment.paid',
    paymentId: `pay_conc_${id}`,
    vcode: code.vcode,
    amount,
    currency: 'IDR',
    paidAt: t.clock.now().toISOString(),
  };
};

const callback = (event: GatewayEvent) => {
  const body = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: REPAY_PATHS.webhook,
    headers: signedHeaders(SECRET, body, Math.floor(Date.now() / 1000)),
    payload: body,
  });
};

/**
 * The ledger's first invariant: no component of the order was allocated more than it owed, and the
 * allocations add up to exactly the credited payments (less any excess written on them for a refund).
 */
async function expectNothingBookedTwice(orderNo: string) {
  const o = await repaymentRepository(t.database).borrowerLedger(borrowerId, orderNo);
  const b = balanceOfOrder(o!);
  for (const p of b.periods)
    for (const k of ['fees', 'interest', 'principal'] as const)
      expect(p.paid[k], `period ${p.period} ${k}`).toBeLessThanOrEqual(p.owed[k]);
  for (const k of COMPONENTS.slice(0, 2) as Array<'late_fee' | 'late_charge'>)
    expect(b.paid[k], k).toBeLessThanOrEqual(b.owed[k]);
}

const allocatedTo = async (orderId: number) =>
  (
    await t.database.db
      .select({ n: sql<number>`coalesce(sum(${paymentAllocations.amountMinor}), 0)::bigint` })
      .from(paymentAllocations)
      .where(eq(paymentAllocations.orderId, orderId))
  )[0]!.n;

/** A connection of the test's own to the app's database (PostgreSQL only). */
async function sideConnection(): Promise<pg.Client> {
  const [row] = (
    (await t.database.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: Array<{ name: string }>;
    }
  ).rows;
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${row!.name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  client.on('error', () => {});
  await client.connect();
  return client;
}

/**
 * Holds the order's row as a money path would (`for no key update`, so that inserting rows that refer to
 * the order, as recording a payment does, is not held up) until `release`.
 */
async function holdOrder(orderNo: string) {
  const client = await sideConnection();
  await client.query('begin');
  await client.query('select id from orders where order_no = $1 for no key update', [orderNo]);
  return {
    release: async () => {
      await client.query('commit');
      await client.end();
    },
  };
}

/** Waits until `n` backends of this database wait for a row lock (the race is then certain). */
async function lockWaiters(n: number) {
  for (let i = 0; i < 2000; i++) {
    const rows = (
      (await t.database.db.execute(sql`
        select count(*)::int as n from pg_stat_activity
         where datname = current_database() and wait_event_type = 'Lock'`)) as unknown as {
        rows: Array<{ n: number }>;
      }
    ).rows;
    if (rows[0]!.n >= n) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`never saw ${n} requests waiting for the order's lock`);
}

describe('two payments of one loan at once (PostgreSQL)', () => {
  it.skipIf(!onPostgres)(
    'allocates a bill for period 1 and a bill for periods 1+2 paid at once against the ledger as each finds it',
    async () => {
      const orderNo = await freshLoan();
      const [one, two] = await offered(orderNo);
      const first = await bill(orderNo, one!);
      const both = await bill(orderNo, two!, 'BNI');
      const hold = await holdOrder(orderNo);
      const replies = Promise.all([callback(eventFor(first)), callback(eventFor(both))]);
      await lockWaiters(2);
      await hold.release();
      const done = await replies;
      expect(done.map((r) => r.statusCode)).toEqual([200, 200]);
      await expectNothingBookedTwice(orderNo);
      // Whatever was credited was booked in full; whatever was not is in review for staff.
      const [o] = await t.database.db.select().from(orders).where(eq(orders.orderNo, orderNo));
      const paid = await t.database.db.select().from(payments).where(eq(payments.orderId, o!.id));
      const credited = paid.filter((p) => p.state === 'credited').reduce((a, p) => a + p.amountMinor, 0);
      expect(Number(await allocatedTo(o!.id))).toBe(credited);
      expect(paid.every((p) => p.state === 'credited' || p.state === 'review')).toBe(true);
      expect(paid.filter((p) => p.state === 'credited').length).toBeGreaterThan(0);
    },
  );

  it.skipIf(!onPostgres)(
    'keeps a staff credit of a reviewed payment racing a callback within what was owed',
    async () => {
      const orderNo = await freshLoan();
      const [one, two] = await offered(orderNo);
      const first = await bill(orderNo, one!);
      const both = await bill(orderNo, two!, 'BNI');
      // An underpaid payment of the two-period bill waits for staff.
      const short = eventFor(both, two! - 1_000);
      expect((await callback(short)).json().data.outcome).toBe('review');
      const [reviewed] = await t.database.db
        .select()
        .from(payments)
        .where(eq(payments.providerPaymentId, short.paymentId));
      const hold = await holdOrder(orderNo);
      const replies = Promise.all([
        t.app.inject({
          method: 'POST',
          url: `/admin-api/payments/${reviewed!.id}/credit`,
          headers: admin,
          payload: { note: 'Confirmed with the bank' },
        }),
        callback(eventFor(first)),
      ]);
      await lockWaiters(2);
      await hold.release();
      const [staff, gateway] = await replies;
      expect(staff.statusCode, staff.body).toBe(200);
      expect(gateway.statusCode, gateway.body).toBe(200);
      await expectNothingBookedTwice(orderNo);
      const [o] = await t.database.db.select().from(orders).where(eq(orders.orderNo, orderNo));
      const paid = await t.database.db.select().from(payments).where(eq(payments.orderId, o!.id));
      const credited = paid.filter((p) => p.state === 'credited').reduce((a, p) => a + p.amountMinor, 0);
      expect(Number(await allocatedTo(o!.id))).toBe(credited);
    },
  );
});
