import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { borrowers, orderEvents, orders, products } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { freshDatabase } from '../../test/helpers.ts';
import { type OrderEngine, orderEngine } from './order-engine.ts';

/** The order engine on a real database (PostgreSQL with TEST_DATABASE_URL, else PGlite). */
let database: Database;
let engine: OrderEngine;
let borrowerId: number;
let n = 0;

beforeAll(async () => {
  database = await freshDatabase();
  engine = orderEngine(database.db);
  const [b] = await database.db
    .insert(borrowers)
    .values({ market: 'IN', phone: '9000000001', name: 'Engine Test' })
    .returning({ id: borrowers.id });
  borrowerId = b!.id;
});
afterAll(async () => {
  await database.close();
});

/** A new application, each on a product of its own (one application in flight per borrower and product). */
const submit = async () => {
  const [p] = await database.db
    .insert(products)
    .values({ market: 'IN', code: `ENGINE${++n}`, name: 'Engine loan', logoUrl: '/logo.svg' })
    .returning({ id: products.id });
  return engine.submit(
    { orderNo: `ENG${n}`, borrowerId, productId: p!.id, market: 'IN', amountMinor: 1_000_000, termDays: 91 },
    `borrower:${borrowerId}`,
  );
};
const statusOf = async (id: number) =>
  (await database.db.select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.s;
const eventsOf = async (id: number) =>
  (await database.db.select({ c: count() }).from(orderEvents).where(eq(orderEvents.orderId, id)))[0]!.c;
async function refusal(p: Promise<unknown>) {
  try {
    await p;
  } catch (e) {
    return e instanceof AppError ? { status: e.status, key: e.messageKey } : String(e);
  }
  return null;
}

describe('order engine', () => {
  it('moves a loan from review to settled, one event per move, each saying who, from, to and why', async () => {
    const { orderId } = await submit();
    await engine.apply(orderId, 'approve', 'staff:7');
    await engine.apply(orderId, 'disburse', 'system:payout');
    await engine.apply(orderId, 'fallDue', 'system:due-job');
    await engine.apply(orderId, 'goOverdue', 'system:overdue-job');
    await engine.apply(orderId, 'settle', 'system:payments');
    expect(await statusOf(orderId)).toBe(200);
    const history = await engine.history(orderId);
    expect(history.map((e) => [e.operation, e.fromStatus, e.toStatus, e.actor])).toEqual([
      ['submit', null, 21, `borrower:${borrowerId}`],
      ['approve', 21, 151, 'staff:7'],
      ['disburse', 151, 170, 'system:payout'],
      ['fallDue', 170, 174, 'system:due-job'],
      ['goOverdue', 174, 180, 'system:overdue-job'],
      ['settle', 180, 200, 'system:payments'],
    ]);
  });

  it('refuses an illegal move with 409 and writes nothing', async () => {
    const { orderId } = await submit();
    expect(await refusal(engine.apply(orderId, 'disburse', 'system:payout'))).toEqual({
      status: 409,
      key: 'orders:refusals.illegalTransition',
    });
    expect(await statusOf(orderId)).toBe(21);
    expect(await eventsOf(orderId)).toBe(1);
  });

  it('keeps the reason of a rejection, and refuses one without a reason (400, nothing written)', async () => {
    const { orderId } = await submit();
    expect(await refusal(engine.apply(orderId, 'reject', 'staff:7', { reason: '  ' }))).toEqual({
      status: 400,
      key: 'orders:refusals.reasonRequired',
    });
    expect(await eventsOf(orderId)).toBe(1);
    await engine.apply(orderId, 'reject', 'staff:7', { reason: ' Income could not be verified ' });
    const [, rejected] = await engine.history(orderId);
    expect(rejected).toMatchObject({ toStatus: 110, reason: 'Income could not be verified' });
  });

  it('answers 404 for an order that does not exist', async () => {
    expect(await refusal(engine.apply(2_000_000_000, 'approve', 'staff:7'))).toMatchObject({ status: 404 });
  });

  it('lets one of ten simultaneous approvals through; the others find it approved', async () => {
    const { orderId } = await submit();
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => engine.apply(orderId, 'approve', `staff:${i + 1}`)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected')) {
      expect((r as PromiseRejectedResult).reason).toMatchObject({ status: 409 });
    }
    expect(await statusOf(orderId)).toBe(151);
    expect(await eventsOf(orderId)).toBe(2);
  });
});

describe("a product's daily quota", () => {
  it('takes one order of 8 pushed at once against a quota of 1; the rest are told the product is full', async () => {
    const [p] = await database.db
      .insert(products)
      .values({ market: 'IN', code: `QUOTA${++n}`, name: 'Quota loan', logoUrl: '/logo.svg', dailyQuota: 1 })
      .returning({ id: products.id });
    const people = await database.db
      .insert(borrowers)
      .values(
        Array.from({ length: 8 }, (_, i) => ({ market: 'IN', phone: `90000011${10 + i}`, name: 'Quota' })),
      )
      .returning({ id: borrowers.id });
    const results = await Promise.all(
      people.map((b, i) =>
        refusal(
          engine.submit(
            {
              orderNo: `QUO${n}${i}`,
              borrowerId: b.id,
              productId: p!.id,
              market: 'IN',
              amountMinor: 1_000_000,
              termDays: 91,
            },
            `borrower:${b.id}`,
          ),
        ),
      ),
    );
    expect(results.filter((r) => r === null)).toHaveLength(1);
    expect(results.filter((r) => r !== null)).toEqual(
      Array.from({ length: 7 }, () => ({ status: 409, key: 'loans:refusals.productFull' })),
    );
    const taken = await database.db.select({ c: count() }).from(orders).where(eq(orders.productId, p!.id));
    expect(taken[0]!.c).toBe(1);
  });
});
