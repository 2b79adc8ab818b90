import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPLAINT_BASE } from '../../../shared/contract/constants.ts';
import { DATA_RIGHTS_PATHS } from '../../../shared/contract/data-rights.ts';
import { DATA_RIGHTS_ADMIN_PATHS } from '../../../shared/contract/data-rights-admin.ts';
import type { OverviewData, RequestItem } from '../../../shared/contract/data-rights-schema.ts';
import { CARD_REPAY_PATHS } from '../../../shared/contract/repayment-card.ts';
import type { Market } from '../../../shared/markets.ts';
import {
  accountClosures,
  auditLog,
  bankCards,
  borrowers,
  complaintImages,
  complaints,
  consents,
  dataRightsRequests,
  orderEvents,
  orders,
  paymentAllocations,
  payments,
  products,
  qaRecords,
  sessions,
  uploads,
  verificationSteps,
} from '../../db/schema.ts';
import { createTestApp, type StaffHeaders, staffSignIn, type TestApp } from '../../test/helpers.ts';
import { multipart, photo } from '../../test/images.ts';
import { sessionRepository } from '../session/session.repository.ts';
import { sessionService } from '../session/session.service.ts';
import { deadlineFor } from './data-rights.rules.ts';
import { EXPORT_LINK_TTL_SECONDS } from './data-rights.service.ts';

/**
 * Privacy rights (decision 035) against the real database: requests and their legal deadlines, the copy
 * of the data (the borrower's and nobody else's), account cancellation, and the operators' queue.
 */
let t: TestApp;
let admin: StaffHeaders;
let agentIn: StaffHeaders;
let agentId: StaffHeaders;
let serial = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await staffSignIn(t.app, 'admin@kredito.test', 'Admin!2345');
  agentIn = await staffSignIn(t.app, 'agent.in@kredito.test', 'Agent!2345');
  agentId = await staffSignIn(t.app, 'agent.id@kredito.test', 'Agent!2345');
});
afterAll(async () => {
  await t.close();
});

interface Borrower {
  id: number;
  phone: string;
  market: Market;
  token: string;
}

/** A new borrower of the market with a phone and name of its own, signed in on one device. */
async function newBorrower(market: Market, name = 'Test Borrower'): Promise<Borrower> {
  const n = String(++serial).padStart(6, '0');
  const phone = market === 'IN' ? `9345${n}` : `081377${n}`;
  const [row] = await t.database.db.insert(borrowers).values({ market, phone, name }).returning();
  const token = await openSession(row!.id, `device-${n}`);
  return { id: row!.id, phone, market, token };
}

const openSession = (borrowerId: number, device: string) =>
  sessionService(sessionRepository(t.database), { ttlMs: 3_600_000 }).open(borrowerId, device);

/** A settled loan of the borrower's, with its history, one payment and how it was allocated. */
async function settledLoan(b: Borrower) {
  const db = t.database.db;
  const [product] = await db.select().from(products).where(eq(products.market, b.market)).limit(1);
  const orderNo = `${b.market}DR${String(++serial).padStart(8, '0')}`;
  const [order] = await db
    .insert(orders)
    .values({
      orderNo,
      borrowerId: b.id,
      productId: product!.id,
      market: b.market,
      status: 200,
      amountMinor: 1_000_000,
      termDays: 91,
      quote: {
        disbursed: 980_000,
        interest: 45_500,
        fees: [{ name: 'processing', amount: 20_000, timing: 'upfront' }],
        totalRepayable: 1_045_500,
        aprBp: 4_213,
      } as never,
    })
    .returning();
  await db.insert(orderEvents).values([
    { orderId: order!.id, operation: 'submit', toStatus: 21, actor: `borrower:${b.id}` },
    { orderId: order!.id, operation: 'settle', fromStatus: 170, toStatus: 200, actor: 'system:ledger' },
  ]);
  const [payment] = await db
    .insert(payments)
    .values({
      providerPaymentId: `pay_${orderNo}`,
      eventId: `evt_${orderNo}`,
      vcode: `V${orderNo}`,
      orderId: order!.id,
      amountMinor: 1_045_500,
      currency: b.market === 'IN' ? 'INR' : 'IDR',
      paidAt: new Date('2026-10-01T05:00:00.000Z'),
      state: 'credited',
    })
    .returning();
  await db.insert(paymentAllocations).values([
    { paymentId: payment!.id, orderId: order!.id, period: 1, component: 'interest', amountMinor: 45_500 },
    { paymentId: payment!.id, orderId: order!.id, period: 1, component: 'principal', amountMinor: 1_000_000 },
  ]);
  return { orderNo, orderId: order!.id, paymentId: payment!.id };
}

const post = (path: string, token: string, payload: unknown = {}, lang?: string) =>
  t.app.inject({
    method: 'POST',
    url: path,
    headers: { ...t.auth(token), 'content-type': 'application/json', ...(lang ? { 'x-lang': lang } : {}) },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

async function overview(token: string, lang?: string): Promise<OverviewData> {
  const res = await post(DATA_RIGHTS_PATHS.overview, token, {}, lang);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function ask(token: string, kind: string, details = ''): Promise<RequestItem> {
  const res = await post(DATA_RIGHTS_PATHS.request, token, { kind, details });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const staffCall = (who: StaffHeaders, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: {
      cookie: who.cookie,
      ...(method === 'POST'
        ? { 'x-csrf-token': who['x-csrf-token'], 'content-type': 'application/json' }
        : {}),
    },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
const act = (who: StaffHeaders, id: number, action: string, answer?: string) =>
  staffCall(
    who,
    'POST',
    DATA_RIGHTS_ADMIN_PATHS.actions(id),
    answer === undefined ? { action } : { action, answer },
  );

async function exportOf(token: string) {
  const link = await post(DATA_RIGHTS_PATHS.exportLink, token);
  expect(link.statusCode, link.body).toBe(200);
  const { url } = link.json().data as { url: string };
  const file = await t.app.inject({ url });
  return { url, file };
}

describe('what the borrower sees', () => {
  it('sums up what we hold, the rights with their answer times, and whether the account can close', async () => {
    const india = await t.signIn('IN');
    const data = await overview(india);
    expect(data.held.market).toBe('IN');
    expect(data.held.orders).toBeGreaterThan(0);
    expect(data.held.phone).toMatch(/^\*+\d{4}$/);
    expect(data.rights.map((r) => r.kind)).toEqual([
      'access',
      'correction',
      'erasure',
      'objection',
      'restriction',
      'withdrawal',
    ]);
    expect(new Set(data.rights.map((r) => r.answerWithin))).toEqual(new Set(['Answered within 30 days']));
    // The demo borrower has a loan due: the account cannot close, and the screen says why.
    expect(data.cancel.allowed).toBe(false);
    expect(data.cancel.reason).toMatch(/^You can cancel your account once every loan is repaid\. Loan IN\d+/);

    const indonesia = await overview(await t.signIn('ID'));
    expect(new Set(indonesia.rights.map((r) => r.answerWithin))).toEqual(
      new Set(['Dijawab paling lambat 3 × 24 jam']),
    );
    expect(indonesia.cancel.reason).toMatch(/^Akun dapat ditutup setelah semua pinjaman lunas/);
  });

  it('answers the screen with one database round trip once the session is cached', async () => {
    const b = await newBorrower('ID');
    await overview(b.token);
    const before = t.database.queryCount();
    await overview(b.token);
    expect(t.database.queryCount() - before).toBe(1);
  });
});

describe('requests', () => {
  it('records a request with the deadline of its market and kind, in the borrower language', async () => {
    const id = await newBorrower('ID');
    const access = await ask(id.token, 'access');
    expect(access.status).toBe('received');
    expect(new Date(access.deadlineAt).getTime() - new Date(access.createdAt).getTime()).toBe(72 * 3_600_000);
    expect(access.deadline).toMatch(/WIB|\d{2}\.\d{2}/);

    const india = await newBorrower('IN');
    const correction = await ask(india.token, 'correction', 'My name is spelt Priya, not Pria.');
    expect(correction.details).toBe('My name is spelt Priya, not Pria.');
    expect(correction.deadlineAt).toBe(
      deadlineFor('IN', 'correction', new Date(correction.createdAt)).toISOString(),
    );
    // Thirty days and the rest of the last day in Kolkata.
    const days =
      (new Date(correction.deadlineAt).getTime() - new Date(correction.createdAt).getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(30);
    expect(days).toBeLessThanOrEqual(31);
    expect(new Date(correction.deadlineAt).toISOString()).toMatch(/T18:29:59\.999Z$/);

    const listed = await overview(india.token);
    expect(listed.requests.map((r) => [r.id, r.kind, r.status])).toEqual([
      [correction.id, 'correction', 'received'],
    ]);
  });

  it('allows one open request per kind: a second is refused and names the open one', async () => {
    const b = await newBorrower('IN');
    const first = await ask(b.token, 'erasure', 'Delete my marketing preferences.');
    const again = await post(DATA_RIGHTS_PATHS.request, b.token, { kind: 'erasure', details: 'again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('40902');
    expect(again.json().message).toContain(`You already have an open Erasure request (no. ${first.id}`);
    // Another kind is another request.
    await ask(b.token, 'objection', 'No marketing SMS, please.');
    // Once answered, the kind is free again.
    expect((await act(agentIn, first.id, 'complete', 'Done: preferences deleted.')).statusCode).toBe(200);
    const next = await ask(b.token, 'erasure', 'One more thing.');
    expect(next.id).not.toBe(first.id);
    // In Indonesian for an Indonesian borrower.
    const id = await newBorrower('ID');
    await ask(id.token, 'withdrawal');
    const refused = await post(DATA_RIGHTS_PATHS.request, id.token, { kind: 'withdrawal' });
    expect(refused.json().message).toMatch(/^Anda masih memiliki permintaan Penarikan persetujuan/);
  });

  it('two requests of one kind at once make one', async () => {
    const b = await newBorrower('ID');
    const replies = await Promise.all(
      [1, 2, 3].map(() =>
        post(DATA_RIGHTS_PATHS.request, b.token, { kind: 'restriction', details: 'Hold it.' }),
      ),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const rows = await t.database.db
      .select()
      .from(dataRightsRequests)
      .where(eq(dataRightsRequests.borrowerId, b.id));
    expect(rows).toHaveLength(1);
  });

  it('asks what a correction, objection or restriction is about; invisible text is no answer', async () => {
    const b = await newBorrower('IN');
    for (const details of ['', '   ', '\u200b\u200d\ufeff']) {
      const res = await post(DATA_RIGHTS_PATHS.request, b.token, { kind: 'correction', details });
      expect(res.statusCode, JSON.stringify(details)).toBe(400);
      expect(res.json().message).toBe('Please tell us what this request is about.');
    }
    // Access needs no explanation.
    expect((await ask(b.token, 'access')).details).toBe('');
  });

  it('refuses hostile input with 400 and writes nothing', async () => {
    const b = await newBorrower('IN');
    const bad: unknown[] = [
      { kind: 'access', details: 'a\u0000b' },
      { kind: 'objection', details: 'bell \u0007 here' },
      { kind: 'objection', details: 'c1 \u0085 here' },
      { kind: 'objection', details: 'x'.repeat(1001) },
      { kind: ['access'] },
      { kind: 'delete-everything' },
      { kind: 'access', status: 'done' },
      { kind: 'access', borrowerId: 1 },
      { kind: 'access', details: ['a'] },
      '{"kind":"access"',
      [],
    ];
    for (const body of bad) {
      const res = await post(DATA_RIGHTS_PATHS.request, b.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).not.toMatch(/postgres|select|stack|at .*\.ts/i);
    }
    for (const id of [2_147_483_648, '1e3', [1], -1, 0, '01x', null]) {
      const res = await post(DATA_RIGHTS_PATHS.requestDetail, b.token, { id });
      expect(res.statusCode, JSON.stringify(id)).toBe(400);
    }
    expect((await post(DATA_RIGHTS_PATHS.cancelAccount, b.token, { confirm: 'true' })).statusCode).toBe(400);
    expect((await post(DATA_RIGHTS_PATHS.cancelAccount, b.token, {})).statusCode).toBe(400);
    expect((await post(DATA_RIGHTS_PATHS.overview, b.token, { userId: 2 })).statusCode).toBe(400);
    const rows = await t.database.db
      .select()
      .from(dataRightsRequests)
      .where(eq(dataRightsRequests.borrowerId, b.id));
    expect(rows).toHaveLength(0);
    // Staff paths and bodies.
    for (const url of [
      DATA_RIGHTS_ADMIN_PATHS.one('2147483648'),
      DATA_RIGHTS_ADMIN_PATHS.one('1e3'),
      `${DATA_RIGHTS_ADMIN_PATHS.queue}?page=0`,
      `${DATA_RIGHTS_ADMIN_PATHS.queue}?status=deleted`,
      `${DATA_RIGHTS_ADMIN_PATHS.queue}?market=IN&market=ID`,
    ]) {
      expect((await staffCall(admin, 'GET', url)).statusCode, url).toBe(400);
    }
    const open = await ask(b.token, 'objection', 'No calls at night.');
    for (const body of [
      { action: ['start'] },
      { action: 'complete', answer: 'ok\u0000' },
      { action: 'delete' },
    ]) {
      const res = await staffCall(admin, 'POST', DATA_RIGHTS_ADMIN_PATHS.actions(open.id), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('shows a borrower their own request and nobody else their request (404)', async () => {
    const a = await newBorrower('IN');
    const other = await newBorrower('IN');
    const mine = await ask(a.token, 'objection', 'Stop marketing e-mails.');
    const own = await post(DATA_RIGHTS_PATHS.requestDetail, a.token, { id: mine.id });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.details).toBe('Stop marketing e-mails.');
    const theirs = await post(DATA_RIGHTS_PATHS.requestDetail, other.token, { id: mine.id });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toContain('marketing');
    expect((await post(DATA_RIGHTS_PATHS.requestDetail, other.token, { id: 2_147_483_647 })).statusCode).toBe(
      404,
    );
  });

  it('needs a session', async () => {
    for (const path of [
      DATA_RIGHTS_PATHS.overview,
      DATA_RIGHTS_PATHS.request,
      DATA_RIGHTS_PATHS.cancelAccount,
    ]) {
      const res = await t.app.inject({ method: 'POST', url: path, payload: {} });
      expect(res.statusCode, path).toBe(401);
    }
  });
});

describe('the copy of the data', () => {
  it('holds who the borrower is (issue 30): steps, bank account and consents, numbers masked, and why a loan was declined', async () => {
    const token = await t.signIn('IN');
    const [me] = await t.database.db
      .select({ id: borrowers.id })
      .from(borrowers)
      .where(eq(borrowers.phone, '9876543210'));
    await t.database.db.insert(consents).values({
      borrowerId: me!.id,
      purpose: 'device',
      textVersion: 'device-2026-11',
      granted: true,
      data: { model: 'Export marker phone' },
    });
    const { file } = await exportOf(token);
    expect(file.statusCode, file.body).toBe(200);
    const copy = file.json() as {
      verification: Array<{
        step: string;
        status: string;
        masked: Record<string, unknown>;
        history: unknown[];
      }>;
      bankAccounts: Array<{ account: string; holderName: string; status: string }>;
      consents: Array<{ purpose: string; textVersion: string; data: unknown }>;
      loans: Array<{ orderNo: string; history: Array<{ reasonCode: string | null }> }>;
    };
    const base = copy.verification.find((v) => v.step === 'base')!;
    expect(base.status).toBe('done');
    expect(base.masked).toEqual(expect.objectContaining({ pan: '******234K' }));
    expect(base.history.length).toBeGreaterThan(0);
    expect(copy.verification.map((v) => v.step).sort()).toEqual([
      'base',
      'extra',
      'identity',
      'job',
      'personal',
    ]);
    // The identity check (decision 067): the Aadhaar's last four only, as every screen shows it.
    expect(copy.verification.find((v) => v.step === 'identity')!.masked).toEqual({ aadhaar: '********1234' });
    expect(copy.bankAccounts).toEqual([
      expect.objectContaining({ account: expect.stringMatching(/^\*{4} \d{4}$/), status: 'verified' }),
    ]);
    expect(copy.consents).toEqual([
      expect.objectContaining({
        purpose: 'device',
        textVersion: 'device-2026-11',
        data: { model: 'Export marker phone' },
      }),
    ]);
    const declined = copy.loans.find((l) => l.orderNo === 'IN20261015005')!;
    expect(declined.history.map((e) => e.reasonCode)).toContain('incomeUnverified');
    // The sealed numbers are never opened for a file that travels by link.
    expect(file.body).not.toContain('ABCPS1234K');
    expect(file.body).not.toContain('9812345670');
    expect(file.body).not.toMatch(/v1\.[\w-]+\.[\w-]+\.[\w-]+/);
  });

  it('holds everything on the borrower, as a downloadable file, and records the access right as done', async () => {
    const b = await newBorrower('IN', 'Priya Export');
    const loan = await settledLoan(b);
    const second = await openSession(b.id, 'second-phone');
    await t.database.db.insert(bankCards).values({
      borrowerId: b.id,
      market: 'IN',
      bankName: 'HDFC Bank',
      bankCode: 'HDFC',
      maskedNo: '************4321',
      providerToken: `tok_secret_${b.id}`,
    });
    const form = multipart('problemImage', 'p.jpg', 'image/jpeg', await photo());
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `${COMPLAINT_BASE}/upload-problem-img`,
      payload: form.payload,
      headers: { ...t.auth(b.token), ...form.headers },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const saved = await post(`${COMPLAINT_BASE}/problem-save`, b.token, {
      problemType: 2,
      problemSonType: 0,
      problemDetail: 'Export marker: my payment of October.',
      problemImage: uploaded.json().data.url,
      orderNo: loan.orderNo,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const chat = await post(`${COMPLAINT_BASE}/qa-record`, b.token, {
      type: 4,
      value: 'Chat marker: where is my refund?',
    });
    expect(chat.statusCode, chat.body).toBe(200);
    const open = await ask(b.token, 'access', 'Everything, please.');

    const { url, file } = await exportOf(b.token);
    expect(url).toMatch(/^\/api\/v1\/data-rights\/export\?session=\d+&exp=\d+&sig=[A-Za-z0-9_-]+&lang=en$/);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toMatch(/^application\/json/);
    expect(file.headers['content-disposition']).toMatch(
      /^attachment; filename="my-data-in-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(file.headers['cache-control']).toBe('private, no-store');
    const copy = file.json();

    expect(copy.profile).toMatchObject({ id: b.id, name: 'Priya Export', phone: b.phone, market: 'IN' });
    expect(copy.about).toContain('Kredito Finance India Private Limited');
    expect(copy.signIns).toHaveLength(2);
    expect(copy.signIns.map((s: { deviceId: string }) => s.deviceId)).toContain('second-phone');
    expect(Object.keys(copy.signIns[0]).sort()).toEqual(['at', 'deviceId', 'endedAt', 'expiresAt']);
    // No credential of any kind: neither token nor its hash, nor the card's provider token.
    for (const secret of [
      b.token,
      second,
      createHash('sha256').update(b.token).digest('hex'),
      `tok_secret_${b.id}`,
    ]) {
      expect(file.body).not.toContain(secret);
    }
    expect(file.body).not.toMatch(/tokenHash|token_hash|providerToken/);

    const [loanCopy] = copy.loans;
    expect(loanCopy).toMatchObject({
      orderNo: loan.orderNo,
      status: 200,
      amountMinor: 1_000_000,
      termDays: 91,
    });
    expect(loanCopy.quote).toMatchObject({ disbursed: 980_000, totalRepayable: 1_045_500, aprBp: 4_213 });
    expect(loanCopy.history.map((e: { operation: string }) => e.operation)).toEqual(['submit', 'settle']);
    expect(copy.payments).toEqual([
      expect.objectContaining({
        orderNo: loan.orderNo,
        amountMinor: 1_045_500,
        currency: 'INR',
        allocations: [
          { period: 1, component: 'interest', amountMinor: 45_500 },
          { period: 1, component: 'principal', amountMinor: 1_000_000 },
        ],
      }),
    ]);
    expect(copy.bankCards).toEqual([
      expect.objectContaining({ bankName: 'HDFC Bank', cardNo: '************4321' }),
    ]);
    expect(copy.helpAssistant).toEqual([
      expect.objectContaining({ kind: 'text', value: 'Chat marker: where is my refund?' }),
    ]);

    const [complaint] = copy.complaints;
    expect(complaint.text).toBe('Export marker: my payment of October.');
    expect(complaint.images).toHaveLength(1);
    // Absolute, signed, short-lived: it opens the photo, and only with its signature.
    const image = new URL(complaint.images[0].url);
    expect(image.searchParams.get('sig')).toBeTruthy();
    expect(Number(image.searchParams.get('exp')) * 1000 - Date.now()).toBeLessThanOrEqual(3_600_000);
    expect((await t.app.inject({ url: `${image.pathname}${image.search}` })).statusCode).toBe(200);
    expect((await t.app.inject({ url: image.pathname })).statusCode).toBe(400);

    // The copy answered the open access request: done, with the day it was prepared.
    const requests = await overview(b.token);
    const answered = requests.requests.find((r) => r.id === open.id)!;
    expect(answered.status).toBe('done');
    expect(answered.answer).toMatch(/^A copy of your data was prepared for download on /);
    expect(copy.dataRightsRequests.map((r: { id: number }) => r.id)).toContain(open.id);

    // Without an open access request, each copy is recorded as an access request made and done.
    await exportOf(b.token);
    const after = await overview(b.token);
    expect(after.requests.filter((r) => r.kind === 'access').map((r) => r.status)).toEqual(['done', 'done']);
  });

  it("holds nobody else's data", async () => {
    const a = await newBorrower('IN', 'Alpha Person');
    const z = await newBorrower('IN', 'Zulu Person');
    const loanA = await settledLoan(a);
    const loanZ = await settledLoan(z);
    await ask(z.token, 'objection', 'Zulu-only objection text.');
    const chat = await post(`${COMPLAINT_BASE}/qa-record`, z.token, {
      type: 4,
      value: 'Zulu-only chat text',
    });
    expect(chat.statusCode).toBe(200);

    const copyA = (await exportOf(a.token)).file.body;
    expect(copyA).toContain(loanA.orderNo);
    for (const other of [loanZ.orderNo, z.phone, 'Zulu', `pay_${loanZ.orderNo}`])
      expect(copyA).not.toContain(other);
    const copyZ = (await exportOf(z.token)).file.body;
    for (const other of [loanA.orderNo, a.phone, 'Alpha']) expect(copyZ).not.toContain(other);
    // The Indonesian demo borrower's orders are not in an Indian stranger's copy either.
    expect(copyA).not.toMatch(/ID20\d{9}/);
  });

  it('opens only with a fresh signature of a live session', async () => {
    const b = await newBorrower('ID');
    const { url } = await exportOf(b.token);
    const u = new URL(url, 'http://localhost');
    const forged = new URL(u);
    forged.searchParams.set('sig', `${u.searchParams.get('sig')!.slice(0, -2)}AA`);
    const refused = await t.app.inject({ url: `${forged.pathname}${forged.search}` });
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain(b.phone);
    // Someone else's session number with this signature opens nothing.
    const other = await newBorrower('ID');
    const otherSession = await t.database.db.select().from(sessions).where(eq(sessions.borrowerId, other.id));
    const swapped = new URL(u);
    swapped.searchParams.set('session', String(otherSession[0]!.id));
    expect((await t.app.inject({ url: `${swapped.pathname}${swapped.search}` })).statusCode).toBe(404);
    // Signed out: the session's links die with it, and say so in the borrower's language.
    await t.database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.borrowerId, b.id));
    const ended = await t.app.inject({ url });
    expect(ended.statusCode).toBe(403);
    expect(ended.json().message).toMatch(/^Tautan ini sudah kedaluwarsa/);
  });

  it('expires after ten minutes', async () => {
    const b = await newBorrower('IN');
    const { url } = await exportOf(b.token);
    t.clock.advance((EXPORT_LINK_TTL_SECONDS + 1) * 1000);
    const late = await t.app.inject({ url });
    expect(late.statusCode).toBe(403);
    expect(late.json().message).toBe(
      'This link has expired. Open "My data" in the app and download your data again.',
    );
  });
});

describe('account cancellation', () => {
  it('forgets the emergency contacts and the data taken under a consent; keeps identity and bank records sealed (issue 30)', async () => {
    const b = await newBorrower('ID', 'Rina Closing');
    await settledLoan(b);
    const db = t.database.db;
    await db.insert(verificationSteps).values([
      {
        borrowerId: b.id,
        market: 'ID',
        step: 'base',
        status: 'done',
        data: { fullName: 'Rina Closing' },
        sealed: 'v1.a.b.c',
      },
      {
        borrowerId: b.id,
        market: 'ID',
        step: 'extra',
        status: 'done',
        data: { purpose: 'education' },
        sealed: 'v1.d.e.f',
      },
    ]);
    await db.insert(consents).values({
      borrowerId: b.id,
      purpose: 'location',
      textVersion: 'location-2026-11',
      granted: true,
      data: { lat: -6.2, lng: 106.8 },
    });
    const res = await post(DATA_RIGHTS_PATHS.cancelAccount, b.token, { confirm: true });
    expect(res.statusCode, res.body).toBe(200);
    const steps = await db.select().from(verificationSteps).where(eq(verificationSteps.borrowerId, b.id));
    expect(steps.map((s) => s.step)).toEqual(['base']);
    const [consent] = await db.select().from(consents).where(eq(consents.borrowerId, b.id));
    expect(consent).toMatchObject({
      purpose: 'location',
      textVersion: 'location-2026-11',
      granted: true,
      data: null,
    });
    const [closure] = await db.select().from(accountClosures).where(eq(accountClosures.borrowerId, b.id));
    expect(closure!.retained).toEqual(
      expect.arrayContaining([
        { record: 'verification_steps', count: 1 },
        { record: 'consents', count: 1 },
      ]),
    );
  });

  it('is refused while a loan is outstanding, in the borrower language, and changes nothing', async () => {
    const india = await t.signIn('IN');
    const refused = await post(DATA_RIGHTS_PATHS.cancelAccount, india, { confirm: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('40901');
    expect(refused.json().message).toMatch(
      /^You can cancel your account once every loan is repaid\. Loan IN\d+/,
    );
    const indonesia = await t.signIn('ID');
    const ditolak = await post(DATA_RIGHTS_PATHS.cancelAccount, indonesia, { confirm: true });
    expect(ditolak.json().message).toMatch(
      /^Akun dapat ditutup setelah semua pinjaman lunas\. Pinjaman ID\d+/,
    );
    // Still signed in, still named.
    expect((await overview(india)).held.name).not.toBe('Deleted user');

    // An application under review counts as outstanding too.
    const b = await newBorrower('ID');
    const loan = await settledLoan(b);
    await t.database.db.update(orders).set({ status: 21 }).where(eq(orders.id, loan.orderId));
    expect((await post(DATA_RIGHTS_PATHS.cancelAccount, b.token, { confirm: true })).statusCode).toBe(409);
  });

  it('erases personal data, ends every session at once and keeps the lending records', async () => {
    const b = await newBorrower('IN', 'Kiran Closing');
    const loan = await settledLoan(b);
    const otherDevice = await openSession(b.id, 'old-tablet');
    const form = multipart('problemImage', 'p.jpg', 'image/jpeg', await photo());
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `${COMPLAINT_BASE}/upload-problem-img`,
      payload: form.payload,
      headers: { ...t.auth(b.token), ...form.headers },
    });
    const imageUrl = uploaded.json().data.url as string;
    const saved = await post(`${COMPLAINT_BASE}/problem-save`, b.token, {
      problemType: 2,
      problemSonType: 0,
      problemDetail: 'Closing marker complaint text.',
      problemImage: imageUrl,
      orderNo: loan.orderNo,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // An upload never attached goes too.
    const loose = await t.app.inject({
      method: 'POST',
      url: `${COMPLAINT_BASE}/upload-problem-img`,
      payload: form.payload,
      headers: { ...t.auth(b.token), ...form.headers },
    });
    await post(`${COMPLAINT_BASE}/qa-record`, b.token, { type: 4, value: 'Closing marker chat text.' });
    const open = await ask(b.token, 'erasure', 'Please delete everything you can.');
    expect((await t.app.inject({ url: imageUrl })).statusCode).toBe(200);

    // The other device was in use a moment ago: its session sits in this instance's session cache.
    expect((await post(DATA_RIGHTS_PATHS.overview, otherDevice)).statusCode).toBe(200);
    const res = await post(DATA_RIGHTS_PATHS.cancelAccount, b.token, { confirm: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Your account is closed.');

    // Both tokens are refused at once.
    expect((await post(DATA_RIGHTS_PATHS.overview, b.token)).statusCode).toBe(401);
    expect((await post(DATA_RIGHTS_PATHS.overview, otherDevice)).statusCode).toBe(401);

    const db = t.database.db;
    const [person] = await db.select().from(borrowers).where(eq(borrowers.id, b.id));
    expect(person).toMatchObject({ name: 'Deleted user', phone: `deleted-${b.id}` });
    const own = await db.select().from(sessions).where(eq(sessions.borrowerId, b.id));
    expect(own.every((s) => s.revokedAt !== null && s.deviceId === null)).toBe(true);
    const [complaint] = await db.select().from(complaints).where(eq(complaints.borrowerId, b.id));
    expect(complaint!.detail).toBe('[erased]');
    expect(
      await db.select().from(complaintImages).where(eq(complaintImages.complaintId, complaint!.id)),
    ).toEqual([]);
    expect(
      await db
        .select()
        .from(uploads)
        .where(and(eq(uploads.ownerKind, 'borrower'), eq(uploads.ownerId, b.id))),
    ).toEqual([]);
    // The photos are gone from storage too.
    expect((await t.app.inject({ url: imageUrl })).statusCode).toBe(404);
    expect((await t.app.inject({ url: loose.json().data.url })).statusCode).toBe(404);
    const chats = await db.select().from(qaRecords).where(eq(qaRecords.borrowerId, b.id));
    expect(chats.map((c) => c.value)).toEqual(['[erased]']);
    const [request] = await db.select().from(dataRightsRequests).where(eq(dataRightsRequests.id, open.id));
    expect(request).toMatchObject({ status: 'done', details: '[erased]' });
    expect(request!.answer).toMatch(/^Closed together with your account on /);

    // What the law keeps: the loan, its history, the payment and its allocations.
    expect(await db.select().from(orders).where(eq(orders.id, loan.orderId))).toHaveLength(1);
    expect(await db.select().from(orderEvents).where(eq(orderEvents.orderId, loan.orderId))).toHaveLength(2);
    expect(await db.select().from(payments).where(eq(payments.id, loan.paymentId))).toHaveLength(1);
    expect(
      await db.select().from(paymentAllocations).where(eq(paymentAllocations.paymentId, loan.paymentId)),
    ).toHaveLength(2);
    const [closure] = await db.select().from(accountClosures).where(eq(accountClosures.borrowerId, b.id));
    expect(closure!.basis).toMatch(/PMLA/);
    expect(closure!.retainUntil.getUTCFullYear() - closure!.closedAt.getUTCFullYear()).toBe(5);
    expect(closure!.retained).toEqual(
      expect.arrayContaining([
        { record: 'orders', count: 1 },
        { record: 'order_events', count: 2 },
        { record: 'payments', count: 1 },
        { record: 'payment_allocations', count: 2 },
      ]),
    );
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `borrower:${b.id}`));
    expect(entry).toMatchObject({ action: 'account.cancel', staffId: null });
    // Nor can anything else take the ledger away with the person: the database refuses to delete a
    // borrower who has orders (restrict, not cascade), and the order's rows stay whole.
    await expect(db.delete(borrowers).where(eq(borrowers.id, b.id))).rejects.toThrow();
    expect(
      await db.select().from(paymentAllocations).where(eq(paymentAllocations.orderId, loan.orderId)),
    ).toHaveLength(2);

    // The same phone can register again as a new borrower.
    const again = await db
      .insert(borrowers)
      .values({ market: 'IN', phone: b.phone, name: 'New Start' })
      .returning();
    expect(again).toHaveLength(1);
  });
});

describe('the operators queue', () => {
  it("lists each staff member's markets, the oldest deadline first, with overdue ones flagged", async () => {
    const india = await newBorrower('IN');
    const indonesia = await newBorrower('ID');
    const slow = await ask(india.token, 'objection', 'India objection.');
    const fast = await ask(indonesia.token, 'restriction', 'Indonesia restriction.');

    const all = await staffCall(admin, 'GET', `${DATA_RIGHTS_ADMIN_PATHS.queue}?status=open`);
    expect(all.statusCode, all.body).toBe(200);
    const ids = all.json().data.items.map((i: { id: number }) => i.id);
    // Indonesia's 3 × 24 hours come before India's 30 days.
    expect(ids.indexOf(fast.id)).toBeLessThan(ids.indexOf(slow.id));
    const deadlines = all.json().data.items.map((i: { deadlineAt: string }) => i.deadlineAt);
    expect([...deadlines].sort()).toEqual(deadlines);

    const agent = await staffCall(agentIn, 'GET', DATA_RIGHTS_ADMIN_PATHS.queue);
    const markets = new Set(agent.json().data.items.map((i: { market: string }) => i.market));
    expect([...markets]).toEqual(['IN']);
    expect((await staffCall(agentIn, 'GET', `${DATA_RIGHTS_ADMIN_PATHS.queue}?market=ID`)).statusCode).toBe(
      403,
    );
    const foreign = await staffCall(agentIn, 'GET', DATA_RIGHTS_ADMIN_PATHS.one(fast.id));
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe('40301');
    expect(foreign.body).not.toContain('Indonesia restriction');
    expect((await act(agentIn, fast.id, 'start')).statusCode).toBe(403);
    expect((await staffCall(agentIn, 'GET', DATA_RIGHTS_ADMIN_PATHS.one(2_147_483_647))).statusCode).toBe(
      404,
    );

    // Four days later Indonesia's request is overdue; India's is not.
    t.clock.advance(4 * 86_400_000);
    const overdue = await staffCall(admin, 'GET', `${DATA_RIGHTS_ADMIN_PATHS.queue}?overdue=1`);
    const flagged = overdue.json().data.items as Array<{ id: number; overdue: boolean }>;
    expect(flagged.find((i) => i.id === fast.id)?.overdue).toBe(true);
    expect(flagged.some((i) => i.id === slow.id)).toBe(false);
    const seen = await overview(indonesia.token);
    expect(seen.requests[0]!.overdue).toBe(true);
  });

  it('starts, completes and refuses, each audited; the borrower reads the answer', async () => {
    const b = await newBorrower('ID');
    const asked = await ask(b.token, 'correction', 'Alamat saya salah.');

    const detail = await staffCall(agentId, 'GET', DATA_RIGHTS_ADMIN_PATHS.one(asked.id));
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data).toMatchObject({
      id: asked.id,
      kind: 'correction',
      status: 'received',
      details: 'Alamat saya salah.',
      borrower: { id: b.id, closed: false, outstandingLoans: 0 },
    });
    expect(detail.json().data.borrower.phone).toMatch(/^\*+\d{4}$/);

    const lastSms = async () => {
      const res = await t.app.inject({ url: `${CARD_REPAY_PATHS.demoSms}?phone=${b.phone}` });
      return res.statusCode === 200 ? (res.json().data as { purpose: string; text: string }) : null;
    };
    const started = await act(agentId, asked.id, 'start');
    expect(started.statusCode, started.body).toBe(200);
    // Starting is not an answer: nothing is sent.
    expect(await lastSms()).toBeNull();
    expect(started.json().data).toMatchObject({ status: 'in_progress', handledBy: 'agent.id@kredito.test' });
    // Starting twice: someone already did.
    const twice = await act(agentId, asked.id, 'start');
    expect(twice.statusCode).toBe(409);
    // An answer is needed to complete.
    const empty = await act(agentId, asked.id, 'complete', '  ');
    expect(empty.statusCode).toBe(400);
    const done = await act(agentId, asked.id, 'complete', 'Alamat sudah diperbaiki.');
    expect(done.json().data).toMatchObject({ status: 'done', answer: 'Alamat sudah diperbaiki.' });
    // The borrower hears of it in the market's language, signed; the answer itself stays in the app.
    expect(await lastSms()).toMatchObject({
      purpose: 'data_rights_answer',
      text: 'Kredito: permintaan Anda (Perbaikan) sudah kami jawab. Buka "Data saya" di aplikasi untuk membaca jawabannya.',
    });
    expect(done.json().data.history.map((h: { action: string }) => h.action)).toEqual(['start', 'complete']);
    const after = await act(agentId, asked.id, 'refuse', 'Too late.');
    expect(after.statusCode).toBe(409);
    expect(after.json().message).toBe('This request is already Done. Reload it to see what changed.');

    const seen = (await overview(b.token)).requests.find((r) => r.id === asked.id)!;
    expect(seen).toMatchObject({ status: 'done', answer: 'Alamat sudah diperbaiki.' });
    expect(seen.closed).not.toBe('');

    const other = await ask(b.token, 'objection', 'Tolong berhenti.');
    const refusedNoReason = await act(agentId, other.id, 'refuse');
    expect(refusedNoReason.statusCode).toBe(400);
    const refused = await act(agentId, other.id, 'refuse', 'Kami wajib menyimpan data ini menurut hukum.');
    expect(refused.json().data.status).toBe('refused');
    expect((await lastSms())?.text).toMatch(/^Kredito: permintaan Anda \(Keberatan\) sudah kami jawab\./);

    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `dataRights:${asked.id}`));
    expect(entries.map((e) => e.action)).toEqual(['dataRights.start', 'dataRights.complete']);
    expect(entries.every((e) => e.staffId !== null)).toBe(true);
  });

  it('needs the CSRF token for a change, and a staff session at all', async () => {
    const b = await newBorrower('IN');
    const asked = await ask(b.token, 'access');
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: DATA_RIGHTS_ADMIN_PATHS.actions(asked.id),
      headers: { cookie: admin.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ action: 'start' }),
    });
    expect(noCsrf.statusCode).toBe(403);
    const crossSite = await t.app.inject({
      method: 'POST',
      url: DATA_RIGHTS_ADMIN_PATHS.actions(asked.id),
      headers: {
        cookie: admin.cookie,
        'x-csrf-token': admin['x-csrf-token'],
        origin: 'https://evil.example',
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ action: 'start' }),
    });
    expect(crossSite.statusCode).toBe(403);
    const borrowerToken = await t.app.inject({
      url: DATA_RIGHTS_ADMIN_PATHS.queue,
      headers: t.auth(b.token),
    });
    expect(borrowerToken.statusCode).toBe(403);
    expect((await t.app.inject({ url: DATA_RIGHTS_ADMIN_PATHS.queue })).statusCode).toBe(401);
    const [row] = await t.database.db
      .select()
      .from(dataRightsRequests)
      .where(eq(dataRightsRequests.id, asked.id));
    expect(row!.status).toBe('received');
  });
});
