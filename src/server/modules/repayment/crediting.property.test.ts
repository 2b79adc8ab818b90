import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPAY_PATHS } from '../../../shared/contract/constants.ts';
import type { GatewayEvent, PlanData, VcodeData } from '../../../shared/contract/repayment.ts';
import { signedHeaders } from '../../adapters/payment-gateway.ts';
import { orders, payCodes, paymentAllocations, payments, products } from '../../db/schema.ts';
import { seedOrder } from '../../db/seed-loans.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

/**
 * Issue 9's proof of crediting, as a property over the real ledger (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL): for any mix of callbacks for one bill — the payment, its duplicate deliveries, a
 * second event for the same payment, a second payment to the same bill, an underpaid one, one paid
 * after the bill expired — delivered in any order, the bill is credited at most once, exactly its amount
 * when a valid payment is among them, and two deliveries of the same callbacks in different orders end
 * in the same state of the order.
 */
const SECRET = 'property-gateway-secret-0123456789abcdef';
let t: TestApp;
let token: string;
let borrowerId: number;
let productId: number;
let seq = 0;

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
});
afterAll(async () => {
  await t.close();
});

type Kind = 'paid' | 'redelivered' | 'secondEvent' | 'secondPayment' | 'underpaid' | 'expired';
const KINDS: Kind[] = ['paid', 'redelivered', 'secondEvent', 'secondPayment', 'underpaid', 'expired'];

/** A fresh three-period loan whose first period is due today, and a bank code for that period. */
async function freshBill(): Promise<{ orderNo: string; code: VcodeData; expiresAt: Date }> {
  const orderNo = `ID2026110199${String(++seq).padStart(3, '0')}`;
  await seedOrder(
    t.database.db,
    'ID',
    borrowerId,
    productId,
    { orderNo, product: 1, status: 174, amountMinor: 300_000_000, termDays: 91, createdDaysAgo: 0 },
    Date.now(),
  );
  const post = (path: string, payload: object) =>
    t.app.inject({ method: 'POST', url: path, headers: t.auth(token), payload });
  const plan: PlanData = (await post(REPAY_PATHS.plan, { orderId: orderNo })).json().data;
  const res = await post(REPAY_PATHS.vcode, {
    orderId: orderNo,
    amount: plan.repayPlanDetail.repayWaitDetail[0]!.totalAmount,
    payCode: 'BNI',
    pay_type: 1,
  });
  expect(res.statusCode, res.body).toBe(200);
  const code: VcodeData = res.json().data;
  const [row] = await t.database.db.select().from(payCodes).where(eq(payCodes.vcode, code.vcode));
  return { orderNo, code, expiresAt: row!.expiresAt };
}

/** The callbacks each kind stands for, for one bill (ids unique to the bill). */
function callbacksFor(bill: { code: VcodeData; expiresAt: Date }, tag: string) {
  const base = {
    type: 'payment.paid' as const,
    vcode: bill.code.vcode,
    amount: bill.code.amount,
    currency: 'IDR' as const,
    paidAt: new Date().toISOString(),
  };
  const paid: GatewayEvent = { ...base, eventId: `evt_${tag}_paid`, paymentId: `pay_${tag}_1` };
  return {
    paid,
    // The provider's retry of the very same event (same bytes).
    redelivered: paid,
    // A later event about the same payment (a status update): never a second credit.
    secondEvent: { ...paid, eventId: `evt_${tag}_again` },
    // The borrower paid the same bill twice.
    secondPayment: { ...base, eventId: `evt_${tag}_second`, paymentId: `pay_${tag}_2` },
    underpaid: { ...base, eventId: `evt_${tag}_under`, paymentId: `pay_${tag}_3`, amount: base.amount - 1 },
    expired: {
      ...base,
      eventId: `evt_${tag}_late`,
      paymentId: `pay_${tag}_4`,
      paidAt: new Date(bill.expiresAt.getTime() + 60_000).toISOString(),
    },
  } satisfies Record<Kind, GatewayEvent>;
}

async function deliver(event: GatewayEvent) {
  const body = JSON.stringify(event);
  const res = await t.app.inject({
    method: 'POST',
    url: REPAY_PATHS.webhook,
    headers: signedHeaders(SECRET, body, Math.floor(Date.now() / 1000)),
    payload: body,
  });
  // Every callback is acknowledged (a refusal would make the provider retry forever): credited,
  // duplicate or put in review, never an error.
  expect(res.statusCode, res.body).toBe(200);
}

/** The order's state as the ledger left it, without anything that names a particular payment. */
async function stateOf(orderNo: string) {
  const [o] = await t.database.db.select().from(orders).where(eq(orders.orderNo, orderNo));
  const [alloc] = await t.database.db
    .select({ sum: sql<string>`coalesce(sum(${paymentAllocations.amountMinor}), 0)` })
    .from(paymentAllocations)
    .where(eq(paymentAllocations.orderId, o!.id));
  const rows = await t.database.db
    .select({ state: payments.state, n: sql<number>`count(*)::int` })
    .from(payments)
    .where(eq(payments.orderId, o!.id))
    .groupBy(payments.state);
  const byState = Object.fromEntries(rows.map((r) => [r.state, r.n]));
  return {
    status: o!.status,
    dueAt: o!.dueAt?.toISOString() ?? null,
    allocated: Number(alloc!.sum),
    credited: byState.credited ?? 0,
    review: byState.review ?? 0,
  };
}

describe('crediting, whatever arrives in whatever order', () => {
  it('credits a bill at most once, exactly, and ends in one state for any order of delivery', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...KINDS), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        async (kinds, seed) => {
          // The same callbacks, delivered as drawn to one bill and in another order to a twin bill.
          const shuffled = [...kinds];
          let s = seed;
          for (let i = shuffled.length - 1; i > 0; i--) {
            s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
            const j = s % (i + 1);
            [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
          }
          const outcomes = [];
          for (const [n, order] of [kinds, shuffled].entries()) {
            const bill = await freshBill();
            const events = callbacksFor(bill, `${seq}_${n}`);
            for (const kind of order) await deliver(events[kind]);
            outcomes.push({ bill, state: await stateOf(bill.orderNo) });
          }
          const [first, second] = outcomes as [(typeof outcomes)[0], (typeof outcomes)[0]];
          const valid = kinds.some(
            (k) => k === 'paid' || k === 'redelivered' || k === 'secondEvent' || k === 'secondPayment',
          );
          // At most once, exactly the bill when a payment of the right amount came in time.
          expect(first.state.credited).toBe(valid ? 1 : 0);
          expect(first.state.allocated).toBe(valid ? first.bill.code.amount : 0);
          // One row per provider payment: every other one waits for staff, none is lost.
          const distinct = new Set(
            kinds.map((k) => (k === 'redelivered' || k === 'secondEvent' ? 'paid' : k)),
          ).size;
          expect(first.state.credited + first.state.review).toBe(distinct);
          // The same callbacks in another order: the same state.
          expect(second.state).toEqual(first.state);
        },
      ),
      {
        numRuns: 30,
        // The cases that matter most, always among the runs: nothing valid, a double payment, the
        // payment before and after its own duplicates.
        examples: [
          [['expired'], 1],
          [['underpaid', 'expired'], 7],
          [['secondPayment', 'paid', 'redelivered'], 3],
          [['secondEvent', 'paid', 'underpaid', 'redelivered'], 11],
        ],
      },
    );
  }, 120_000);
});
