import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_ERROR_CODE } from '../../../shared/contract/admin.ts';
import { ADMIN_BASE } from '../../../shared/contract/constants.ts';
import { auditLog, borrowers, orders, products } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { orderEngine } from './order-engine.ts';
import { ordersAdminService } from './orders-admin.ts';

/** The back office's review decisions on orders, through the engine, audited, per market. */
let t: TestApp;
let n = 0;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let address = 1;
async function signIn(email: string, password: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `${ADMIN_BASE}/session/login`,
    payload: { email, password },
    remoteAddress: `10.9.0.${address++}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return {
    cookie: String(res.headers['set-cookie']).split(';')[0]!,
    'x-csrf-token': res.json().data.csrfToken,
  };
}

/** A new order under review in `market`, made through the engine as the push will make it. */
async function underReview(market: 'IN' | 'ID') {
  const [b] = await t.database.db
    .select({ id: borrowers.id })
    .from(borrowers)
    .where(eq(borrowers.market, market));
  const [p] = await t.database.db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.market, market));
  const orderNo = `${market}REVIEW${++n}`;
  await orderEngine(t.database.db).submit(
    { orderNo, borrowerId: b!.id, productId: p!.id, market, amountMinor: 1_000_000, termDays: 91 },
    `borrower:${b!.id}`,
  );
  return orderNo;
}

describe('orders in the back office', () => {
  it('approves an order: status, history with the staff member, audit entry', async () => {
    const admin = await signIn('admin@kredito.test', 'Admin!2345');
    const orderNo = await underReview('IN');
    const res = await t.app.inject({
      method: 'POST',
      url: `${ADMIN_BASE}/orders/${orderNo}/actions`,
      headers: admin,
      payload: { action: 'approve' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.status).toBe(151);
    expect(data.events.map((e: { operation: string }) => e.operation)).toEqual(['submit', 'approve']);
    expect(data.events[1].actor).toMatch(/^staff:\d+$/);
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.approve'), eq(auditLog.target, `order:${orderNo}`)));
    expect(audited).toHaveLength(1);
  });

  it('rejects only with a reason, kept in the history; a second decision is refused (409)', async () => {
    const admin = await signIn('admin@kredito.test', 'Admin!2345');
    const orderNo = await underReview('ID');
    const decide = (payload: object, lang = 'en') =>
      t.app.inject({
        method: 'POST',
        url: `${ADMIN_BASE}/orders/${orderNo}/actions`,
        headers: { ...admin, 'x-lang': lang },
        payload,
      });
    const noReason = await decide({ action: 'reject' }, 'id');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe('Mohon isi alasannya.');
    const rejected = await decide({ action: 'reject', reason: 'Income could not be verified' });
    expect(rejected.json().data.events.at(-1)).toMatchObject({
      toStatus: 110,
      reason: 'Income could not be verified',
    });
    const again = await decide({ action: 'approve' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/cannot do that in its current state/);
  });

  it("names another market's order to an agent (403), and answers 404 for none; nothing changes", async () => {
    const agent = await signIn('agent.in@kredito.test', 'Agent!2345');
    const orderNo = await underReview('ID');
    const other = await t.app.inject({
      method: 'POST',
      url: `${ADMIN_BASE}/orders/${orderNo}/actions`,
      headers: agent,
      payload: { action: 'approve' },
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe(ADMIN_ERROR_CODE.OTHER_MARKET);
    const view = await t.app.inject({
      method: 'GET',
      url: `${ADMIN_BASE}/orders/${orderNo}`,
      headers: { cookie: agent.cookie },
    });
    expect(view.statusCode).toBe(403);
    const missing = await t.app.inject({
      method: 'GET',
      url: `${ADMIN_BASE}/orders/NOPE1`,
      headers: { cookie: agent.cookie },
    });
    expect(missing.statusCode).toBe(404);
    const admin = await signIn('admin@kredito.test', 'Admin!2345');
    const seen = await t.app.inject({
      method: 'GET',
      url: `${ADMIN_BASE}/orders/${orderNo}`,
      headers: { cookie: admin.cookie },
    });
    expect(seen.json().data.status).toBe(21);
  });

  it('refuses a decision without the CSRF token, from a borrower, or of an unknown kind', async () => {
    const admin = await signIn('admin@kredito.test', 'Admin!2345');
    const orderNo = await underReview('IN');
    const url = `${ADMIN_BASE}/orders/${orderNo}/actions`;
    const noCsrf = await t.app.inject({
      method: 'POST',
      url,
      headers: { cookie: admin.cookie },
      payload: { action: 'approve' },
    });
    expect(noCsrf.statusCode).toBe(403);
    const borrower = await t.signIn('IN');
    const asBorrower = await t.app.inject({
      method: 'POST',
      url,
      headers: t.auth(borrower),
      payload: { action: 'approve' },
    });
    expect([401, 403]).toContain(asBorrower.statusCode);
    const disburse = await t.app.inject({
      method: 'POST',
      url,
      headers: admin,
      payload: { action: 'disburse' },
    });
    expect(disburse.statusCode).toBe(400);
    const seen = await t.app.inject({
      method: 'GET',
      url: `${ADMIN_BASE}/orders/${orderNo}`,
      headers: { cookie: admin.cookie },
    });
    expect(seen.json().data.status).toBe(21);
  });
});

describe('payout', () => {
  it("sends the money once approved, and the provider's confirmation disburses the order", async () => {
    const admin = await signIn('admin@kredito.test', 'Admin!2345');
    const orderNo = await underReview('IN');
    await t.app.inject({
      method: 'POST',
      url: `${ADMIN_BASE}/orders/${orderNo}/actions`,
      headers: admin,
      payload: { action: 'approve' },
    });
    const view = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `${ADMIN_BASE}/orders/${orderNo}`,
          headers: { cookie: admin.cookie },
        })
      ).json().data;
    await vi.waitFor(async () => expect((await view()).status).toBe(170), { timeout: 5_000, interval: 100 });
    const last = (await view()).events.at(-1);
    expect(last).toMatchObject({
      operation: 'disburse',
      fromStatus: 151,
      toStatus: 170,
      actor: 'system:payout',
    });
    expect(last.reason).toMatch(/^payout SANDBOX-/);
  });

  it('disburses once however many times the provider confirms, and only an approved order', async () => {
    const sent: string[] = [];
    const service = ordersAdminService(
      t.database.db,
      orderEngine(t.database.db),
      async () => {},
      () => ({
        send: async (r) => {
          sent.push(r.orderNo);
          return { reference: 'REF-1' };
        },
      }),
    );
    const orderNo = await underReview('ID');
    // Not approved yet: a confirmation out of the blue changes nothing.
    await service.payoutConfirmed(orderNo, 'REF-0');
    const engine = orderEngine(t.database.db);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    expect(row!.status).toBe(21);
    await engine.apply(row!.id, 'approve', 'staff:1');
    await Promise.all(Array.from({ length: 5 }, () => service.payoutConfirmed(orderNo, 'REF-1')));
    const history = await engine.history(row!.id);
    expect(history.filter((e) => e.operation === 'disburse')).toHaveLength(1);
    expect(history.at(-1)!.toStatus).toBe(170);
  });
});
