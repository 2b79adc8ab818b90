import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_ERROR_CODE } from '../../../shared/contract/admin.ts';
import { ADMIN_BASE, LOAN_PATHS } from '../../../shared/contract/constants.ts';
import { quoteLoan } from '../../../shared/domain/pricing.ts';
import { termsOf } from '../../../shared/domain/product.ts';
import type { PayoutRequest } from '../../adapters/payout.ts';
import { sealer } from '../../crypto/sealed.ts';
import { auditLog, borrowers, orders, products } from '../../db/schema.ts';
import { giveVerifiedAccount } from '../../db/seed-bank-accounts.ts';
import { createTestApp, staffSignIn, type TestApp } from '../../test/helpers.ts';
import { sessionRepository } from '../session/session.repository.ts';
import { sessionService } from '../session/session.service.ts';
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

const signIn = (email: string, password: string) => staffSignIn(t.app, email, password);

let phones = 0;
/**
 * A new borrower of the market, with a phone of its own (for the search by phone) and a verified bank
 * account (a payout goes only to one: decision 065, whose tests cover the refusals).
 */
async function newBorrower(market: 'IN' | 'ID') {
  const serial = String(++phones).padStart(6, '0');
  const phone = market === 'IN' ? `9123${serial}` : `081299${serial}`;
  const name = `Search Borrower ${serial}`;
  const [row] = await t.database.db
    .insert(borrowers)
    .values({ market, phone, name })
    .returning({ id: borrowers.id });
  await giveVerifiedAccount(t.database.db, sealer(t.config.dataKey!), { id: row!.id, market, name });
  return { id: row!.id, phone };
}

/**
 * A new order under review in `market`, made through the engine as the push will make it: ₹10,000 or
 * Rp 10.000 for 91 days, with its quote (the key facts the borrower accepted: a 2 % fee kept from the
 * payout) unless `quote` is false. Each order is a new borrower's: a borrower has one application in
 * flight per product.
 */
async function underReview(market: 'IN' | 'ID', borrowerId?: number, opts: { quote?: boolean } = {}) {
  const b = borrowerId ?? (await newBorrower(market)).id;
  const [p] = await t.database.db
    .select({ id: products.id, terms: products.terms })
    .from(products)
    .where(eq(products.market, market));
  const orderNo = `${market}REVIEW${++n}`;
  const quote = quoteLoan(
    {
      ...termsOf(market, p!.terms!),
      amountMin: 1_000_000,
      amountStep: 100,
      termDays: [91],
      fees: [{ name: 'processing', rateBp: 200, timing: 'upfront' }],
    },
    1_000_000,
    91,
  );
  await orderEngine(t.database.db).submit(
    {
      orderNo,
      borrowerId: b,
      productId: p!.id,
      market,
      amountMinor: 1_000_000,
      termDays: 91,
      ...(opts.quote === false ? {} : { quote }),
    },
    `borrower:${b}`,
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
    // Named, not numbered (issue 29).
    expect(data.events[1].actorName).toBe('Anita Admin');
    expect(data.events[0].actorName).toBeNull();
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.approve'), eq(auditLog.target, `order:${orderNo}`)));
    expect(audited).toHaveLength(1);
  });

  it('rejects only with a reason from the list, kept in the history; a second decision is refused (409)', async () => {
    const admin = await signIn('admin@kredito.test', 'Admin!2345');
    const orderNo = await underReview('ID');
    const decide = (payload: object, lang = 'en') =>
      t.app.inject({
        method: 'POST',
        url: `${ADMIN_BASE}/orders/${orderNo}/actions`,
        headers: { ...admin, 'x-lang': lang },
        payload,
      });
    // Words alone are no longer a reason: the borrower is shown one of the list (issue 29).
    for (const payload of [
      { action: 'reject' },
      { action: 'reject', reason: 'Income could not be verified' },
    ]) {
      const refused = await decide(payload, 'id');
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe('Mohon pilih alasan penolakan.');
    }
    expect((await decide({ action: 'reject', rejectReason: 'unheard' })).statusCode).toBe(400);
    // "Other" needs the operator's words, at most 200 characters.
    const noWords = await decide({ action: 'reject', rejectReason: 'other', reason: '   ' }, 'id');
    expect(noWords.statusCode).toBe(400);
    expect(noWords.json().message).toBe('Mohon isi alasannya.');
    const tooLong = await decide({ action: 'reject', rejectReason: 'other', reason: 'x'.repeat(201) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe('Please keep the reason to 200 characters or fewer.');
    const rejected = await decide({
      action: 'reject',
      rejectReason: 'other',
      reason: ' Slip from another employer ',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().data.events.at(-1)).toMatchObject({
      toStatus: 110,
      reasonCode: 'other',
      reason: 'Slip from another employer',
    });
    const [audited] = await t.database.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.reject'), eq(auditLog.target, `order:${orderNo}`)));
    expect(audited?.detail).toBe('other: Slip from another employer');
    const again = await decide({ action: 'approve' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/cannot do that in its current state/);
  });

  it('shows the borrower the reason of a rejection in their language, with what to do next', async () => {
    const admin = await signIn('admin@kredito.test', 'Admin!2345');
    const b = await newBorrower('ID');
    const token = await sessionService(sessionRepository(t.database), { ttlMs: 3600_000 }).open(b.id, null);
    const orderNo = await underReview('ID', b.id);
    const ask = (lang: string, who = token, orderId = orderNo) =>
      t.app.inject({
        method: 'POST',
        url: LOAN_PATHS.rejection,
        headers: { ...t.auth(who), 'x-lang': lang },
        payload: { orderId },
      });
    const details = (lang: string) =>
      t.app.inject({
        method: 'POST',
        url: LOAN_PATHS.details,
        headers: { ...t.auth(token), 'x-lang': lang },
        payload: { orderId: orderNo },
      });
    // In review: nothing to show yet.
    expect((await ask('id')).json()).toMatchObject({ code: 0, data: null });
    expect((await details('id')).json().data.rejection).toBeNull();
    const res = await t.app.inject({
      method: 'POST',
      url: `${ADMIN_BASE}/orders/${orderNo}/actions`,
      headers: admin,
      payload: { action: 'reject', rejectReason: 'incomeUnverified', reason: 'not kept' },
    });
    expect(res.statusCode, res.body).toBe(200);
    // The staff history names the listed reason; the note of a listed reason is not kept.
    expect(res.json().data.events.at(-1)).toMatchObject({ reasonCode: 'incomeUnverified', reason: '' });
    expect((await ask('id')).json().data).toEqual({
      reason: 'incomeUnverified',
      title: 'Mengapa pengajuan Anda ditolak',
      text: 'Kami tidak dapat memverifikasi penghasilan Anda.',
      note: null,
      nextTitle: 'Yang dapat Anda lakukan',
      next: 'Pastikan data penghasilan Anda lengkap dan terbaru, lalu ajukan lagi.',
    });
    expect((await ask('en')).json().data).toMatchObject({
      text: 'We could not verify your income.',
      next: 'Check that your income details are complete and up to date, then apply again.',
    });
    // Loan details carries the same reason in its one statement: the screen makes no second call.
    expect((await details('id')).json().data.rejection).toEqual((await ask('id')).json().data);
    expect((await details('en')).json().data.rejection).toEqual((await ask('en')).json().data);
    // Another borrower's order is not found; a made-up one neither; no session, no answer.
    const other = await t.newBorrower('ID');
    expect((await ask('en', other)).statusCode).toBe(404);
    expect((await ask('en', token, 'IDNOSUCH1')).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: LOAN_PATHS.rejection, payload: { orderId: orderNo } }))
        .statusCode,
    ).toBe(401);
  });

  it('shows the borrower the operator’s own words for an "other" reason', async () => {
    const admin = await signIn('admin@kredito.test', 'Admin!2345');
    const b = await newBorrower('IN');
    const token = await sessionService(sessionRepository(t.database), { ttlMs: 3600_000 }).open(b.id, null);
    const orderNo = await underReview('IN', b.id);
    await t.app.inject({
      method: 'POST',
      url: `${ADMIN_BASE}/orders/${orderNo}/actions`,
      headers: admin,
      payload: { action: 'reject', rejectReason: 'other', reason: 'The bank account is not in your name.' },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: LOAN_PATHS.rejection,
      headers: t.auth(token),
      payload: { orderId: orderNo },
    });
    expect(res.json().data).toMatchObject({
      reason: 'other',
      text: 'Another reason, from our review team:',
      note: 'The bank account is not in your name.',
    });
    const details = await t.app.inject({
      method: 'POST',
      url: LOAN_PATHS.details,
      headers: t.auth(token),
      payload: { orderId: orderNo },
    });
    expect(details.json().data.rejection).toEqual(res.json().data);
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

describe('the payout amount (decision 047)', () => {
  /** The service with a payout provider that only records what it is asked to send. */
  function recording() {
    const sent: PayoutRequest[] = [];
    const service = ordersAdminService(
      t.database.db,
      orderEngine(t.database.db),
      async () => {},
      () => ({
        send: async (r) => {
          sent.push(r);
          return { reference: `REF-${sent.length}` };
        },
      }),
    );
    return { sent, service };
  }
  const staff = { id: 1, markets: ['IN', 'ID'] } as unknown as Parameters<
    ReturnType<typeof ordersAdminService>['decide']
  >[0];

  it('sends what the key facts said the borrower receives: the principal less upfront fees', async () => {
    const { sent, service } = recording();
    for (const market of ['IN', 'ID'] as const) {
      const orderNo = await underReview(market);
      await service.decide(staff, orderNo, { action: 'approve' }, '127.0.0.1');
      const [row] = await t.database.db.select().from(orders).where(eq(orders.orderNo, orderNo));
      expect(sent.at(-1)).toEqual({ orderNo, market, amountMinor: row!.quote!.disbursed });
      // ₹10,000 (Rp 10.000) less the 2 % fee: not the full principal.
      expect(sent.at(-1)!.amountMinor).toBe(980_000);
    }
  });

  it('refuses to approve an order without key facts (nothing to pay out against), and sends nothing', async () => {
    const { sent, service } = recording();
    const orderNo = await underReview('IN', undefined, { quote: false });
    await expect(service.decide(staff, orderNo, { action: 'approve' }, '127.0.0.1')).rejects.toMatchObject({
      status: 409,
    });
    expect(sent).toEqual([]);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    expect(row!.status).toBe(21);
  });

  it('pays out once when two staff members approve at the same moment', async () => {
    const { sent, service } = recording();
    const orderNo = await underReview('ID');
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, () => service.decide(staff, orderNo, { action: 'approve' }, '127.0.0.1')),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(sent.map((r) => r.orderNo)).toEqual([orderNo]);
  });
});

describe('a payout recorded by hand', () => {
  it("needs the provider's reference, keeps it in the history, and only for a loan being paid out", async () => {
    const admin = await signIn('admin@kredito.test', 'Admin!2345');
    const orderNo = await underReview('ID');
    const act = (payload: object, lang = 'en') =>
      t.app.inject({
        method: 'POST',
        url: `${ADMIN_BASE}/orders/${orderNo}/actions`,
        headers: { ...admin, 'x-lang': lang },
        payload,
      });
    // Still in review: nothing was paid out to record.
    expect((await act({ action: 'disburse', reason: 'BANK-77' })).statusCode).toBe(409);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    // Approved by the engine directly, so the sandbox sends nothing and the order waits at 151.
    await orderEngine(t.database.db).apply(row!.id, 'approve', 'staff:1');
    const none = await act({ action: 'disburse', reason: '  ' }, 'id');
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Mohon isi nomor referensi pembayaran dari penyedia pencairan.');
    const res = await act({ action: 'disburse', reason: 'BANK-77' });
    expect(res.statusCode, res.body).toBe(200);
    const history = await orderEngine(t.database.db).history(row!.id);
    expect(history.at(-1)).toMatchObject({ operation: 'disburse', toStatus: 170, reason: 'BANK-77' });
    expect(history.at(-1)!.actor).toMatch(/^staff:\d+$/);
    const [after] = await t.database.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    expect(after!.disbursedAt).not.toBeNull();
    expect(after!.dueAt).not.toBeNull();
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.disburse'), eq(auditLog.target, `order:${orderNo}`)));
    expect(entry!.detail).toBe('BANK-77');
    // Twice: the second finds it paid out.
    expect((await act({ action: 'disburse', reason: 'BANK-77' })).statusCode).toBe(409);
  });
});

describe('orders search', () => {
  type Item = { orderNo: string; status: number; createdAt: string };
  const search = async (who: { cookie: string }, query: Record<string, string>) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${ADMIN_BASE}/orders?${new URLSearchParams(query)}`,
      headers: { cookie: who.cookie },
    });
    return res;
  };

  it('finds an order by its number, and a borrower’s orders by phone as any form of it; lists mask the phone', async () => {
    const admin = await signIn('admin@kredito.test', 'Admin!2345');
    const b = await newBorrower('ID');
    const first = await underReview('ID', b.id);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.orderNo, first));
    await orderEngine(t.database.db).apply(row!.id, 'reject', 'staff:1', { reason: 'Test' });
    const second = await underReview('ID', b.id);

    const byNumber = await search(admin, { q: ` ${first} ` });
    expect(byNumber.statusCode, byNumber.body).toBe(200);
    expect(byNumber.json().data.items).toEqual([
      {
        orderNo: first,
        market: 'ID',
        borrowerName: expect.stringMatching(/^Search Borrower/),
        borrowerPhone: `********${b.phone.slice(-4)}`,
        productName: expect.any(String),
        amountMinor: 1_000_000,
        amount: 'Rp\u00a010.000',
        status: 110,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);
    expect(byNumber.json().data.nextCursor).toBeNull();

    // +62 812-9900-0001 is the borrower's 0812 9900 0001.
    const international = `+62 ${b.phone.slice(1, 4)}-${b.phone.slice(4, 8)}-${b.phone.slice(8)}`;
    const byPhone = await search(admin, { q: international });
    expect(byPhone.json().data.items.map((i: Item) => i.orderNo)).toEqual([second, first]);
    expect(byPhone.body).not.toContain(b.phone);
    expect(byPhone.body).not.toContain(b.phone.slice(1));

    const rejected = await search(admin, { q: b.phone, status: '110' });
    expect(rejected.json().data.items.map((i: Item) => i.orderNo)).toEqual([first]);
    const nothing = await search(admin, { q: 'NO-SUCH-ORDER' });
    expect(nothing.json().data).toEqual({ items: [], nextCursor: null });
  });

  it('filters by status, newest first', async () => {
    const admin = await signIn('admin@kredito.test', 'Admin!2345');
    await underReview('IN');
    const res = await search(admin, { status: '21' });
    const items: Item[] = res.json().data.items;
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => i.status === 21)).toBe(true);
    const times = items.map((i) => i.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('shows an agent only their market: another market’s order or phone finds nothing, its filter is refused', async () => {
    const agent = await signIn('agent.in@kredito.test', 'Agent!2345');
    const b = await newBorrower('ID');
    const orderNo = await underReview('ID', b.id);
    expect((await search(agent, { q: orderNo })).json().data.items).toEqual([]);
    expect((await search(agent, { q: b.phone })).json().data.items).toEqual([]);
    const all: Item[] = (await search(agent, {})).json().data.items;
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((i) => (i as Item & { market: string }).market === 'IN')).toBe(true);
    expect((await search(agent, { market: 'ID' })).statusCode).toBe(403);
  });

  it('pages with a cursor: every order once, in order, even with equal times and an order made meanwhile', async () => {
    const admin = await signIn('admin@kredito.test', 'Admin!2345');
    const b = await newBorrower('IN');
    const engine = orderEngine(t.database.db);
    const [p] = await t.database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.market, 'IN'));
    // 25 orders made at one instant: only the id tells them apart.
    const at = new Date('2026-01-05T10:00:00.123Z');
    const made: string[] = [];
    for (let i = 0; i < 25; i++) {
      const orderNo = `INPAGE${i}`;
      const change = await engine.submit(
        { orderNo, borrowerId: b.id, productId: p!.id, market: 'IN', amountMinor: 500_000, termDays: 91 },
        `borrower:${b.id}`,
        at,
      );
      // Rejected: a borrower has one application in flight per product.
      await engine.apply(change.orderId, 'reject', 'staff:1', { reason: 'Paging' });
      made.push(orderNo);
    }
    const first = (await search(admin, { q: b.phone })).json().data;
    expect(first.items).toHaveLength(20);
    expect(first.nextCursor).toMatch(/^\d+-\d+$/);
    // A newer order arrives between the pages: it belongs before the first page, and shifts nothing.
    await engine.submit(
      {
        orderNo: 'INPAGELATE',
        borrowerId: b.id,
        productId: p!.id,
        market: 'IN',
        amountMinor: 1,
        termDays: 91,
      },
      `borrower:${b.id}`,
    );
    const second = (await search(admin, { q: b.phone, cursor: first.nextCursor })).json().data;
    expect(second.items).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
    const seen = [...first.items, ...second.items].map((i: Item) => i.orderNo);
    expect(seen).toEqual([...made].reverse());
  });

  it('refuses a malformed cursor, a status that is not a code and control characters (400)', async () => {
    const admin = await signIn('admin@kredito.test', 'Admin!2345');
    const queries: Record<string, string>[] = [
      { cursor: 'abc' },
      { cursor: '1-2-3' },
      { status: 'open' },
      { q: 'IN\u0000001' },
    ];
    for (const query of queries) {
      expect((await search(admin, query)).statusCode, JSON.stringify(query)).toBe(400);
    }
  });
});

describe('the order page', () => {
  it('shows the borrower (phone masked), product, amount in the market’s money and the history', async () => {
    const admin = await signIn('admin@kredito.test', 'Admin!2345');
    const b = await newBorrower('IN');
    const orderNo = await underReview('IN', b.id);
    const res = await t.app.inject({
      method: 'GET',
      url: `${ADMIN_BASE}/orders/${orderNo}`,
      headers: { cookie: admin.cookie, 'x-lang': 'id' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      orderNo,
      market: 'IN',
      status: 21,
      amountMinor: 1_000_000,
      amount: '₹10,000',
      termDays: 91,
      borrowerName: expect.stringMatching(/^Search Borrower/),
      borrowerPhone: `******${b.phone.slice(-4)}`,
      productName: expect.any(String),
      disbursedAt: null,
      dueAt: null,
      quote: expect.objectContaining({ disbursed: '₹9,800' }),
      events: [expect.objectContaining({ operation: 'submit', toStatus: 21 })],
    });
    expect(res.body).not.toContain(b.phone);
  });
});
