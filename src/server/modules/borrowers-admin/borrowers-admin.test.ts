import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ERROR_CODE } from '../../../shared/contract/admin.ts';
import { BANK_ACCOUNT_PATHS } from '../../../shared/contract/bank-account.ts';
import { ADMIN_BASE, CERTIFY_PATHS } from '../../../shared/contract/constants.ts';
import type { Market } from '../../../shared/markets.ts';
import { sealer } from '../../crypto/sealed.ts';
import {
  auditLog,
  bankAccounts,
  borrowers,
  orders,
  products,
  verificationEvents,
  verificationSteps,
} from '../../db/schema.ts';
import { seedVerifiedSteps } from '../../db/seed-verification.ts';
import { createTestApp, type StaffHeaders, staffSignIn, type TestApp } from '../../test/helpers.ts';
import { sealedAccount } from '../bank/index.ts';

/** The borrower view, the audited reveal and the verification review queue (decision 068). */
let t: TestApp;
let admin: StaffHeaders;
let agentIn: StaffHeaders;
let agentId: StaffHeaders;
beforeAll(async () => {
  t = await createTestApp();
  admin = await staffSignIn(t.app, 'admin@kredito.test', 'Admin!2345');
  agentIn = await staffSignIn(t.app, 'agent.in@kredito.test', 'Agent!2345');
  agentId = await staffSignIn(t.app, 'agent.id@kredito.test', 'Agent!2345');
});
afterAll(async () => {
  await t.close();
});

let serial = 0;
/**
 * A borrower with every step done (PAN or NIK and a contact phone sealed), a verified bank account and,
 * unless `review: false`, the base step and a second account held for review as a check would leave them.
 */
async function person(market: Market, opts: { review?: boolean } = {}) {
  const n = String(++serial).padStart(4, '0');
  const phone = market === 'IN' ? `97700${n}1` : `08129900${n}`;
  const idNumber = market === 'IN' ? `ABCPT${n}F` : `32730120019${n.slice(1)}02`.slice(0, 16);
  const contactPhone = market === 'IN' ? `98123${n}9` : `08129876${n}`;
  const name = `Review Person ${n}`;
  const [b] = await t.database.db.insert(borrowers).values({ market, phone, name }).returning();
  const seal = sealer(t.config.dataKey!);
  await seedVerifiedSteps(t.database.db, seal, b!.id, market, {
    fullName: name,
    birthDate: '1990-01-20',
    gender: 'male',
    email: `p${n}@example.com`,
    idNumber: market === 'IN' ? idNumber : '3273012001900002',
    contactPhone,
  });
  const account = market === 'IN' ? `50100${n}77` : `52${n}4321`;
  const bankCode = market === 'IN' ? 'HDFC0001234' : 'BCA';
  const status = opts.review === false ? 'verified' : 'review';
  const [acc] = await t.database.db
    .insert(bankAccounts)
    .values({
      borrowerId: b!.id,
      market,
      bankCode,
      ...sealedAccount(seal, market, bankCode, account),
      holderName: 'DEWI KARTIKA SARI',
      status,
      reason: status === 'review' ? 'nameMismatch' : null,
      verifiedAt: status === 'verified' ? new Date() : null,
    })
    .returning();
  if (opts.review !== false)
    await t.database.db
      .update(verificationSteps)
      .set({ status: 'review', reason: 'nameMismatch' })
      .where(and(eq(verificationSteps.borrowerId, b!.id), eq(verificationSteps.step, 'base')));
  const [step] = await t.database.db
    .select()
    .from(verificationSteps)
    .where(and(eq(verificationSteps.borrowerId, b!.id), eq(verificationSteps.step, 'base')));
  return {
    id: b!.id,
    phone,
    idNumber: market === 'IN' ? idNumber : '3273012001900002',
    contactPhone,
    account,
    accountId: acc!.id,
    stepId: step!.id,
  };
}

const get = (url: string, headers: StaffHeaders) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: StaffHeaders, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as object });
const reveal = (id: number | string, headers: StaffHeaders, payload: unknown) =>
  post(`${ADMIN_BASE}/borrowers/${id}/reveal`, headers, payload);
const decide = (kind: string, id: number | string, headers: StaffHeaders, payload: unknown) =>
  post(`${ADMIN_BASE}/verification-queue/${kind}/${id}`, headers, payload);
const REASON = 'Complaint 42: borrower says the payout went astray';

describe('borrower view', () => {
  it('shows every part of the borrower with each personal number masked', async () => {
    const p = await person('IN');
    const [product] = await t.database.db.select().from(products).where(eq(products.market, 'IN'));
    await t.database.db.insert(orders).values({
      orderNo: `INVIEW${p.id}`,
      borrowerId: p.id,
      productId: product!.id,
      market: 'IN',
      status: 21,
      amountMinor: 1_000_000,
      termDays: 91,
    });
    const res = await get(`${ADMIN_BASE}/borrowers/${p.id}`, agentIn);
    expect(res.statusCode).toBe(200);
    const body = res.body;
    for (const secret of [p.phone, p.idNumber, p.contactPhone, p.account]) expect(body).not.toContain(secret);
    const data = res.json().data;
    expect(data.phone).toBe(`******${p.phone.slice(-4)}`);
    expect(data.steps.map((s: { step: string }) => s.step)).toEqual([
      'base',
      'identity',
      'personal',
      'job',
      'extra',
    ]);
    const base = data.steps[0];
    expect(base.status).toBe('review');
    expect(base.masked.pan).toBe(`******${p.idNumber.slice(-4)}`);
    expect(base.events.length).toBeGreaterThan(0);
    expect(data.steps[4].masked.contacts).toEqual([`******${p.contactPhone.slice(-4)}`]);
    expect(data.bankAccounts).toEqual([
      expect.objectContaining({
        id: p.accountId,
        accountMasked: `**** ${p.account.slice(-4)}`,
        status: 'review',
      }),
    ]);
    expect(data.orders).toEqual([
      expect.objectContaining({ orderNo: `INVIEW${p.id}`, amount: expect.any(String) }),
    ]);
    expect(data).toMatchObject({ payments: [], complaints: [], rightsRequests: [], consents: [] });
  });

  it('refuses another market’s borrower (40301) and a missing one (404)', async () => {
    const p = await person('ID');
    const other = await get(`${ADMIN_BASE}/borrowers/${p.id}`, agentIn);
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe(ADMIN_ERROR_CODE.OTHER_MARKET);
    expect((await get(`${ADMIN_BASE}/borrowers/2147483646`, admin)).statusCode).toBe(404);
  });

  it('finds a borrower by any written form of the phone, by id or by order number; never by a part', async () => {
    const p = await person('IN', { review: false });
    const [product] = await t.database.db.select().from(products).where(eq(products.market, 'IN'));
    await t.database.db.insert(orders).values({
      orderNo: `INFIND${p.id}`,
      borrowerId: p.id,
      productId: product!.id,
      market: 'IN',
      status: 21,
      amountMinor: 1_000_000,
      termDays: 91,
    });
    const find = async (q: string, who = agentIn) => {
      const res = await get(`${ADMIN_BASE}/borrowers?q=${encodeURIComponent(q)}`, who);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(p.phone);
      return res.json().data.items.map((i: { id: number }) => i.id);
    };
    expect(await find(`+91 ${p.phone.slice(0, 5)} ${p.phone.slice(5)}`)).toEqual([p.id]);
    expect(await find(String(p.id))).toContain(p.id);
    expect(await find(`INFIND${p.id}`)).toEqual([p.id]);
    expect(await find(p.phone.slice(0, 7))).not.toContain(p.id);
    // Another market's staff do not find them.
    expect(await find(p.phone, agentId)).toEqual([]);
  });
});

describe('reveal', () => {
  it('is refused to an operator (403), and without a proper reason (400), writing no audit row', async () => {
    const p = await person('IN');
    expect((await reveal(p.id, agentIn, { field: 'idNumber', reason: REASON })).statusCode).toBe(403);
    for (const payload of [
      { field: 'idNumber' },
      { field: 'idNumber', reason: 'too short' },
      { field: 'idNumber', reason: 'x'.repeat(201) },
      { field: 'idNumber', reason: `${REASON}\u0000` },
      { field: 'idNumber', reason: `${REASON}\u0007` },
      { field: 'idNumber', reason: [REASON] },
      { field: 'accountNumber', reason: REASON, accountId: 2 ** 31 },
      { field: 'accountNumber', reason: REASON, accountId: [1] },
      { field: 'accountNumber', reason: REASON },
      { field: 'contactPhone', reason: REASON },
      { field: 'secret', reason: REASON },
      { field: 'idNumber', reason: REASON, extra: 1 },
    ])
      expect((await reveal(p.id, admin, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    expect((await reveal(2 ** 31, admin, { field: 'idNumber', reason: REASON })).statusCode).toBe(400);
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `borrower:${p.id}`));
    expect(rows).toEqual([]);
  });

  it('answers the bound value, uncached, and audits who, whose, which and why; never logs it', async () => {
    const p = await person('IN');
    const cases = [
      [{ field: 'idNumber' }, p.idNumber, 'idNumber'],
      [{ field: 'accountNumber', accountId: p.accountId }, p.account, `bankAccount:${p.accountId}`],
      [{ field: 'contactPhone', index: 0 }, p.contactPhone, 'contact:0'],
      [{ field: 'phone' }, p.phone, 'phone'],
    ] as const;
    for (const [body, value, target] of cases) {
      const res = await reveal(p.id, admin, { ...body, reason: REASON });
      expect(res.statusCode, JSON.stringify(body)).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json().data).toEqual({ field: body.field, value });
      const [row] = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.target, `borrower:${p.id}`), eq(auditLog.action, 'borrower.reveal')))
        .orderBy(auditLog.id)
        .offset(cases.findIndex((c) => c[2] === target));
      expect(JSON.parse(row!.detail)).toEqual({ field: target, reason: REASON });
      expect(row!.staffId).not.toBeNull();
      expect(row!.detail).not.toContain(value);
      expect(t.logs.join('\n')).not.toContain(value);
    }
    // The audit page lists it.
    const audit = await get(`${ADMIN_BASE}/audit`, admin);
    expect(audit.json().data.items[0]).toMatchObject({
      action: 'borrower.reveal',
      target: `borrower:${p.id}`,
    });
  });

  it('reveals nothing of another borrower’s account or a contact that does not exist (404, no audit)', async () => {
    const p = await person('IN');
    const q = await person('IN');
    expect(
      (await reveal(p.id, admin, { field: 'accountNumber', accountId: q.accountId, reason: REASON }))
        .statusCode,
    ).toBe(404);
    expect((await reveal(p.id, admin, { field: 'contactPhone', index: 5, reason: REASON })).statusCode).toBe(
      404,
    );
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `borrower:${p.id}`));
    expect(rows).toEqual([]);
  });
});

describe('verification review queue', () => {
  it('lists the rows in review only, oldest first, in the staff member’s markets', async () => {
    const inP = await person('IN');
    const idP = await person('ID');
    const done = await person('IN', { review: false });
    const list = async (who: StaffHeaders, q = '') => {
      const res = await get(`${ADMIN_BASE}/verification-queue${q}`, who);
      expect(res.statusCode).toBe(200);
      return res.json().data;
    };
    const all = await list(admin);
    const keys = all.items.map((i: { kind: string; id: number }) => `${i.kind}:${i.id}`);
    expect(keys).toEqual(
      expect.arrayContaining([`step:${inP.stepId}`, `bankAccount:${inP.accountId}`, `step:${idP.stepId}`]),
    );
    expect(keys).not.toContain(`step:${done.stepId}`);
    expect(keys).not.toContain(`bankAccount:${done.accountId}`);
    const since = all.items.map((i: { since: string }) => i.since);
    expect([...since].sort()).toEqual(since);
    expect(
      all.items.find((i: { id: number; kind: string }) => i.kind === 'bankAccount' && i.id === inP.accountId),
    ).toMatchObject({
      masked: `**** ${inP.account.slice(-4)}`,
      holderName: 'DEWI KARTIKA SARI',
      reason: 'nameMismatch',
    });
    expect(JSON.stringify(all)).not.toContain(inP.account);
    const inOnly = await list(agentIn);
    expect(inOnly.items.every((i: { market: string }) => i.market === 'IN')).toBe(true);
    expect((await get(`${ADMIN_BASE}/verification-queue?market=ID`, agentIn)).statusCode).toBe(403);
    for (const q of ['?page=0', '?page=2147483648', '?page=1&page=2', '?market=XX'])
      expect((await get(`${ADMIN_BASE}/verification-queue${q}`, admin)).statusCode, q).toBe(400);
  });

  it('approves a step: done, a history row by the staff member, audited; a second decision is 409', async () => {
    const p = await person('IN');
    const res = await decide('step', p.stepId, agentIn, { decision: 'approve' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ kind: 'step', id: p.stepId, status: 'done' });
    const [step] = await t.database.db
      .select()
      .from(verificationSteps)
      .where(eq(verificationSteps.id, p.stepId));
    expect(step).toMatchObject({ status: 'done', reason: null });
    const events = await t.database.db
      .select()
      .from(verificationEvents)
      .where(and(eq(verificationEvents.borrowerId, p.id), eq(verificationEvents.step, 'base')))
      .orderBy(verificationEvents.id);
    expect(events.at(-1)).toMatchObject({ status: 'done', actor: expect.stringMatching(/^staff:\d+$/) });
    const again = await decide('step', p.stepId, agentIn, { decision: 'reject', reason: 'nameMismatch' });
    expect(again.statusCode).toBe(409);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `borrower:${p.id}`));
    expect(audit.map((a) => a.action)).toEqual(['verification.approve']);
  });

  it('rejects with a listed reason only; a bank account becomes refused, then verified is impossible', async () => {
    const p = await person('IN');
    for (const payload of [
      { decision: 'reject' },
      { decision: 'reject', reason: 'because' },
      { decision: 'approve', reason: 'nameMismatch' },
      { decision: ['approve'] },
      { decision: 'approve\u0000' },
    ])
      expect(
        (await decide('bankAccount', p.accountId, agentIn, payload)).statusCode,
        JSON.stringify(payload),
      ).toBe(400);
    expect((await decide('bankAccount', 2 ** 31, agentIn, { decision: 'approve' })).statusCode).toBe(400);
    expect((await decide('other', p.accountId, agentIn, { decision: 'approve' })).statusCode).toBe(400);
    const res = await decide('bankAccount', p.accountId, agentIn, {
      decision: 'reject',
      reason: 'accountNotOwn',
    });
    expect(res.json().data).toEqual({ kind: 'bankAccount', id: p.accountId, status: 'refused' });
    const [acc] = await t.database.db.select().from(bankAccounts).where(eq(bankAccounts.id, p.accountId));
    expect(acc).toMatchObject({ status: 'refused', reason: 'accountNotOwn', verifiedAt: null });
    expect((await decide('bankAccount', p.accountId, agentIn, { decision: 'approve' })).statusCode).toBe(409);
  });

  it('approves a bank account: verified and dated', async () => {
    const p = await person('ID');
    const res = await decide('bankAccount', p.accountId, agentId, { decision: 'approve' });
    expect(res.statusCode).toBe(200);
    const [acc] = await t.database.db.select().from(bankAccounts).where(eq(bankAccounts.id, p.accountId));
    expect(acc!.status).toBe('verified');
    expect(acc!.verifiedAt).toBeInstanceOf(Date);
  });

  it('lets one of two operators deciding at once win; the other gets 409', async () => {
    const p = await person('IN');
    const [a, b] = await Promise.all([
      decide('step', p.stepId, agentIn, { decision: 'approve' }),
      decide('step', p.stepId, admin, { decision: 'reject', reason: 'nameMismatch' }),
    ]);
    expect([a!.statusCode, b!.statusCode].sort()).toEqual([200, 409]);
    const events = await t.database.db
      .select()
      .from(verificationEvents)
      .where(eq(verificationEvents.borrowerId, p.id));
    expect(events.filter((e) => e.actor.startsWith('staff:'))).toHaveLength(1);
  });

  it('tells the borrower, in their language, why staff refused their step and their bank account', async () => {
    const token = await t.newBorrower('ID');
    const me = await t.app.inject({ method: 'GET', url: '/vdthg/v1/session/me', headers: t.auth(token) });
    const borrowerId = me.json().data.userId as number;
    const [step] = await t.database.db
      .update(verificationSteps)
      .set({ status: 'review', reason: 'nameMismatch' })
      .where(and(eq(verificationSteps.borrowerId, borrowerId), eq(verificationSteps.step, 'base')))
      .returning();
    const [acc] = await t.database.db
      .insert(bankAccounts)
      .values({
        borrowerId,
        market: 'ID',
        bankCode: 'BCA',
        ...sealedAccount(sealer(t.config.dataKey!), 'ID', 'BCA', '5299004321'),
        holderName: 'SOMEONE ELSE',
        status: 'review',
        reason: 'nameMismatch',
      })
      .returning();
    expect(
      (await decide('step', step!.id, agentId, { decision: 'reject', reason: 'documentUnclear' })).statusCode,
    ).toBe(200);
    expect(
      (await decide('bankAccount', acc!.id, agentId, { decision: 'reject', reason: 'accountNotOwn' }))
        .statusCode,
    ).toBe(200);
    const read = (url: string, lang: string) =>
      t.app.inject({ method: 'POST', url, headers: { ...t.auth(token), 'x-lang': lang }, payload: {} });
    for (const [lang, stepReason, bankReason] of [
      ['id', 'Dokumen Anda tidak terbaca dengan jelas', 'Rekening bank ini bukan atas nama Anda'],
      ['en', 'We could not read your document clearly', 'This bank account is not in your name'],
    ] as const) {
      const steps = (await read(CERTIFY_PATHS.steps, lang)).json().data;
      const base = steps.steps.find((s: { step: string }) => s.step === 'base');
      expect(base).toMatchObject({ status: 'refused', reason: expect.stringContaining(stepReason) });
      const bank = (await read(BANK_ACCOUNT_PATHS.info, lang)).json().data;
      // No current account: the form is offered again, with why the last one was refused.
      expect(bank).toMatchObject({
        status: 'none',
        accountMasked: null,
        reason: expect.stringContaining(bankReason),
      });
    }
  });

  it('refuses another market’s staff (40301) and a missing row (404)', async () => {
    const p = await person('ID');
    const res = await decide('step', p.stepId, agentIn, { decision: 'approve' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(ADMIN_ERROR_CODE.OTHER_MARKET);
    expect((await decide('step', 2147483647, agentIn, { decision: 'approve' })).statusCode).toBe(404);
    const [step] = await t.database.db
      .select()
      .from(verificationSteps)
      .where(eq(verificationSteps.id, p.stepId));
    expect(step!.status).toBe('review');
  });
});
