import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPAY_PATHS } from '../../../shared/contract/constants.ts';
import type { GatewayEvent, PlanData, VcodeData } from '../../../shared/contract/repayment.ts';
import { COMPONENTS } from '../../../shared/domain/ledger.ts';
import { signedHeaders } from '../../adapters/payment-gateway.ts';
import type { Database } from '../../db/client.ts';
import { gatewayEvents, orders, payCodes, paymentAllocations, payments, products } from '../../db/schema.ts';
import { seedOrder } from '../../db/seed-loans.ts';
import { createTestApp, type StaffHeaders, staffSignIn, type TestApp } from '../../test/helpers.ts';
import {
  holdRows,
  killWaiting as killLockWaiter,
  sideConnection as sideConnectionOf,
  lockWaiters as waitForLocks,
} from '../../test/row-locks.ts';
import type { OrderEngine } from '../orders/order-engine.ts';
import { repaymentLedger } from './repayment.ledger.ts';
import { repaymentRepository } from './repayment.repository.ts';
import { balanceOfOrder } from './repayment.service.ts';

/**
 * Money under concurrency and faults (decision 045), against the real database. The races are made
 * certain rather than likely (test/row-locks.ts): a connection of the test holds the order's row, the
 * requests are seen waiting for it, and then it lets go or one of them is ended. PGlite has one
 * connection, so nothing there can wait for a lock: those tests run on PostgreSQL only.
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

const holdOrder = (orderNo: string) =>
  holdRows(t.database, 'select id from orders where order_no = $1 for no key update', [orderNo]);
const lockWaiters = (n: number) => waitForLocks(t.database, n);
const killWaiting = (query: string) => killLockWaiter(t.database, query);
const sideConnection = () => sideConnectionOf(t.database);

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
      // The staff credit books what the order still owed when it ran; the rest is its excess to refund.
      const [o] = await t.database.db.select().from(orders).where(eq(orders.orderNo, orderNo));
      const paid = await t.database.db.select().from(payments).where(eq(payments.orderId, o!.id));
      const credited = paid.filter((p) => p.state === 'credited').reduce((a, p) => a + p.amountMinor, 0);
      expect(Number(await allocatedTo(o!.id))).toBe(credited - staff.json().data.excessMinor);
    },
  );
});

/** What a crash between recording a payment and crediting it leaves: the event and the payment `received`. */
async function leftReceived(code: VcodeData, event: GatewayEvent, createdAt: Date) {
  const [bill] = await t.database.db.select().from(payCodes).where(eq(payCodes.vcode, code.vcode));
  await t.database.db
    .insert(gatewayEvents)
    .values({ eventId: event.eventId, paymentId: event.paymentId, outcome: 'received' });
  const [row] = await t.database.db
    .insert(payments)
    .values({
      providerPaymentId: event.paymentId,
      eventId: event.eventId,
      vcode: event.vcode,
      payCodeId: bill!.id,
      orderId: bill!.orderId,
      amountMinor: event.amount,
      currency: event.currency,
      paidAt: new Date(event.paidAt),
      state: 'received',
      createdAt,
    })
    .returning();
  return row!;
}

const paymentOf = async (providerPaymentId: string) =>
  (await t.database.db.select().from(payments).where(eq(payments.providerPaymentId, providerPaymentId)))[0]!;
const allocationsOf = async (paymentId: number) =>
  Number(
    (
      await t.database.db
        .select({ n: sql<number>`coalesce(sum(${paymentAllocations.amountMinor}), 0)::bigint` })
        .from(paymentAllocations)
        .where(eq(paymentAllocations.paymentId, paymentId))
    )[0]!.n,
  );

describe('the sweep: payments a crash left received', () => {
  it('credits one left past the grace once, leaves one within it, and a second run changes nothing', async () => {
    const orderNo = await freshLoan();
    const [one, two] = await offered(orderNo);
    const old = await bill(orderNo, one!);
    const recent = await bill(orderNo, two!, 'BNI');
    const oldEvent = eventFor(old);
    const recentEvent = eventFor(recent);
    const stuck = await leftReceived(old, oldEvent, new Date(Date.now() - 5 * 60_000));
    await leftReceived(recent, recentEvent, new Date());

    expect(await t.app.creditSweep()).toEqual({ credited: 1, review: 0, undecided: 0 });
    expect((await paymentOf(oldEvent.paymentId)).state).toBe('credited');
    expect(await allocationsOf(stuck.id)).toBe(oldEvent.amount);
    // Within the grace it may still be being credited by its own delivery: not the sweep's.
    expect((await paymentOf(recentEvent.paymentId)).state).toBe('received');

    expect(await t.app.creditSweep()).toEqual({ credited: 0, review: 0, undecided: 0 });
    expect(await allocationsOf(stuck.id)).toBe(oldEvent.amount);
    // Its provider's repeat finishes it instead: a repeat is never told "duplicate" for it.
    const repeat = await callback(recentEvent);
    expect(repeat.json().data.outcome).not.toBe('duplicate');
    expect((await paymentOf(recentEvent.paymentId)).state).not.toBe('received');
    expect(await t.app.creditSweep({ graceMs: 0 })).toEqual({ credited: 0, review: 0, undecided: 0 });
    await expectNothingBookedTwice(orderNo);
  });

  it('puts one it cannot credit in the reconciliation list for staff, once', async () => {
    const orderNo = await freshLoan();
    const [one] = await offered(orderNo);
    const code = await bill(orderNo, one!);
    const e = eventFor(code);
    const stuck = await leftReceived(code, e, new Date(Date.now() - 5 * 60_000));
    // An order engine that fails as a bug would: every retry would fail the same way.
    const broken = repaymentLedger({
      db: t.database.db,
      run: t.database.run,
      repo: repaymentRepository(t.database),
      engine: {
        apply: async () => {
          throw new Error('engine failure');
        },
      } as unknown as OrderEngine,
      clock: t.clock,
    });
    expect(await broken.sweep()).toEqual({ credited: 0, review: 0, undecided: 1 });
    const row = await paymentOf(e.paymentId);
    expect(row).toMatchObject({ state: 'review', reviewReason: 'undecided' });
    expect(await allocationsOf(stuck.id)).toBe(0);
    const list = await t.app.inject({ method: 'GET', url: '/admin-api/payments/review', headers: admin });
    expect(list.statusCode, list.body).toBe(200);
    expect(JSON.stringify(list.json().data)).toContain(e.paymentId);
    expect(await broken.sweep()).toEqual({ credited: 0, review: 0, undecided: 0 });
  });
});

describe('a connection killed in the middle of crediting (PostgreSQL)', () => {
  it.skipIf(!onPostgres)(
    'answers the callback 503 in its language, keeps the payment for the sweep, and the next request works',
    async () => {
      const orderNo = await freshLoan();
      const [one] = await offered(orderNo);
      const code = await bill(orderNo, one!);
      const e = eventFor(code);
      const hold = await holdOrder(orderNo);
      const reply = callback(e);
      expect(await killWaiting('%from orders%for update%')).toBe(1);
      await hold.release();
      const res = await reply;
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toMatchObject({ code: '503', data: null });
      expect(res.json().message).toMatch(/\S/);
      // Nothing half-written: recorded, not credited, nothing allocated.
      const row = await paymentOf(e.paymentId);
      expect(row.state).toBe('received');
      expect(await allocationsOf(row.id)).toBe(0);
      // The process is up and the pool gives working connections.
      expect((await borrowerPost(REPAY_PATHS.plan, { orderId: orderNo })).statusCode).toBe(200);
      expect(await t.app.creditSweep({ graceMs: 0 })).toMatchObject({ credited: 1 });
      expect(await t.app.creditSweep({ graceMs: 0 })).toMatchObject({ credited: 0 });
      expect(await allocationsOf(row.id)).toBe(e.amount);
      expect((await callback(e)).json().data.outcome).toBe('duplicate');
    },
  );

  it.skipIf(!onPostgres)(
    'credits a repeated event exactly once when the delivery crediting it is killed',
    async () => {
      const orderNo = await freshLoan();
      const [one] = await offered(orderNo);
      const code = await bill(orderNo, one!);
      const e = eventFor(code);
      // The order held as `for update` stops the first delivery's recording statement at its foreign key
      // check, uncommitted; the repeat's recording statement then starts and waits for it. The bill held
      // stops whichever delivery decides the payment first, inside its crediting transaction.
      const side = await sideConnection();
      await side.query('begin');
      await side.query('select id from orders where order_no = $1 for update', [orderNo]);
      const billHold = await sideConnection();
      await billHold.query('begin');
      await billHold.query('select id from pay_codes where vcode = $1 for no key update', [code.vcode]);
      const first = callback(e);
      await lockWaiters(1);
      const repeat = callback(e);
      await lockWaiters(2);
      await side.query('commit');
      await side.end();
      expect(await killWaiting('%from "pay_codes"%for update%')).toBe(1);
      await billHold.query('commit');
      await billHold.end();
      const replies = await Promise.all([first, repeat]);
      const statuses = replies.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([200, 503]);
      const answered = replies.find((r) => r.statusCode === 200)!;
      expect(answered.json().data.outcome).toBe('credited');
      const row = await paymentOf(e.paymentId);
      expect(row.state).toBe('credited');
      expect(await allocationsOf(row.id)).toBe(e.amount);
      expect(await t.app.creditSweep({ graceMs: 0 })).toMatchObject({ credited: 0 });
      expect(await allocationsOf(row.id)).toBe(e.amount);
    },
  );

  it.skipIf(!onPostgres)(
    'answers a staff credit 503 with nothing booked, and the same credit then goes through once',
    async () => {
      const orderNo = await freshLoan();
      const [one] = await offered(orderNo);
      const code = await bill(orderNo, one!);
      const short = eventFor(code, one! - 1_000);
      expect((await callback(short)).json().data.outcome).toBe('review');
      const reviewed = await paymentOf(short.paymentId);
      const credit = () =>
        t.app.inject({
          method: 'POST',
          url: `/admin-api/payments/${reviewed.id}/credit`,
          headers: admin,
          payload: { note: 'Confirmed with the bank' },
        });
      const hold = await holdOrder(orderNo);
      const reply = credit();
      expect(await killWaiting('%from orders%for update%')).toBe(1);
      await hold.release();
      const res = await reply;
      expect(res.statusCode, res.body).toBe(503);
      expect((await paymentOf(short.paymentId)).state).toBe('review');
      expect(await allocationsOf(reviewed.id)).toBe(0);
      const again = await credit();
      expect(again.statusCode, again.body).toBe(200);
      expect(await allocationsOf(reviewed.id)).toBe(short.amount);
    },
  );
});

describe('a connection killed between two statements of a crediting (PostgreSQL)', () => {
  it.skipIf(!onPostgres)(
    'answers the callback and the staff credit 503, not 500; nothing is half-written and a retry works',
    async () => {
      // The app's transactions are wrapped so that the next one ends its own backend before its first
      // statement: the connection is broken while the transaction is idle, and its ROLLBACK fails too.
      let killNext = false;
      const app = await createTestApp({ GATEWAY_SECRET: SECRET }, (database) => {
        const transaction = database.db.transaction.bind(database.db);
        const killing: typeof transaction = (fn, config) =>
          transaction(async (tx) => {
            if (killNext) {
              killNext = false;
              await endOwnBackend(database, tx);
            }
            return fn(tx);
          }, config);
        const db = new Proxy(database.db, {
          get: (target, key, receiver) =>
            key === 'transaction' ? killing : Reflect.get(target, key, receiver),
        });
        return { ...database, db };
      });
      try {
        const borrower = await app.signIn('ID');
        const [demo] = await app.database.db.select().from(orders).where(eq(orders.orderNo, 'ID20261101001'));
        const orderNo = 'ID20261101779';
        await seedOrder(
          app.database.db,
          'ID',
          demo!.borrowerId,
          productId,
          { orderNo, product: 1, status: 174, amountMinor: 300_000_000, termDays: 91, createdDaysAgo: 0 },
          Date.now(),
        );
        const send = (path: string, payload: object) =>
          app.app.inject({ method: 'POST', url: path, headers: app.auth(borrower), payload });
        const plan: PlanData = (await send(REPAY_PATHS.plan, { orderId: orderNo })).json().data;
        const amount = plan.repayPlanDetail.repayWaitDetail[0]!.totalAmount;
        const code: VcodeData = (
          await send(REPAY_PATHS.vcode, { orderId: orderNo, amount, payCode: 'BCA', pay_type: 1 })
        ).json().data;
        const deliver = (e: GatewayEvent) => {
          const body = JSON.stringify(e);
          return app.app.inject({
            method: 'POST',
            url: REPAY_PATHS.webhook,
            headers: { ...signedHeaders(SECRET, body, Math.floor(Date.now() / 1000)), 'x-lang': 'id' },
            payload: body,
          });
        };
        const rowOf = async (providerPaymentId: string) =>
          (
            await app.database.db
              .select()
              .from(payments)
              .where(eq(payments.providerPaymentId, providerPaymentId))
          )[0]!;

        // A callback: 503 in the caller's language, the payment recorded and not credited, then the sweep.
        const paid = eventFor(code);
        killNext = true;
        const res = await deliver(paid);
        expect(res.statusCode, res.body).toBe(503);
        expect(res.json()).toMatchObject({ code: '503', data: null });
        const recorded = await rowOf(paid.paymentId);
        expect(recorded.state).toBe('received');
        expect(
          await app.database.db
            .select()
            .from(paymentAllocations)
            .where(eq(paymentAllocations.paymentId, recorded.id)),
        ).toEqual([]);
        expect(await app.app.creditSweep({ graceMs: 0 })).toMatchObject({ credited: 1 });

        // A staff credit of a reviewed payment: 503, still in review, nothing booked; the retry credits it.
        const staff = await staffSignIn(app.app, 'admin@kredito.test', 'Admin!2345');
        const after: PlanData = (await send(REPAY_PATHS.plan, { orderId: orderNo })).json().data;
        const next: VcodeData = (
          await send(REPAY_PATHS.vcode, {
            orderId: orderNo,
            amount: after.repayPlanDetail.repayWaitDetail[0]!.totalAmount,
            payCode: 'BNI',
            pay_type: 1,
          })
        ).json().data;
        const short = eventFor(next, next.amount - 1_000);
        expect((await deliver(short)).json().data.outcome).toBe('review');
        const reviewed = await rowOf(short.paymentId);
        const credit = () =>
          app.app.inject({
            method: 'POST',
            url: `/admin-api/payments/${reviewed.id}/credit`,
            headers: staff,
            payload: { note: 'Confirmed with the bank' },
          });
        killNext = true;
        const refused = await credit();
        expect(refused.statusCode, refused.body).toBe(503);
        expect((await rowOf(short.paymentId)).state).toBe('review');
        const again = await credit();
        expect(again.statusCode, again.body).toBe(200);
        expect((await rowOf(short.paymentId)).state).toBe('credited');
      } finally {
        await app.close();
      }
    },
  );
});

/** Ends the transaction's own backend from a connection of the test's, and waits until it is gone. */
async function endOwnBackend(database: Database, tx: Pick<Database['db'], 'execute'>) {
  const result = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
    rows: Array<{ pid: number }>;
  };
  const pid = result.rows[0]!.pid;
  const client = await sideConnectionOf(database);
  try {
    await client.query('select pg_terminate_backend($1)', [pid]);
    for (let i = 0; i < 2000; i++) {
      const { rows } = await client.query('select 1 from pg_stat_activity where pid = $1', [pid]);
      if (rows.length === 0) return;
      await new Promise((r) => setTimeout(r, 5));
    }
    throw new Error('the backend did not end');
  } finally {
    await client.end();
  }
}
