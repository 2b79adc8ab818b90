import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANK_ACCOUNT_PATHS } from '../../../shared/contract/bank-account.ts';
import { ADMIN_BASE } from '../../../shared/contract/constants.ts';
import { CARD_REPAY_PATHS } from '../../../shared/contract/repayment-card.ts';
import { quoteLoan } from '../../../shared/domain/pricing.ts';
import { termsOf } from '../../../shared/domain/product.ts';
import type { Market } from '../../../shared/markets.ts';
import { SANDBOX_OTHER_HOLDER } from '../../adapters/bank-verification.ts';
import { sealer } from '../../crypto/sealed.ts';
import { bankAccounts, borrowers, orders, products, verificationSteps } from '../../db/schema.ts';
import { createTestApp, staffSignIn, type TestApp } from '../../test/helpers.ts';
import { orderEngine } from '../orders/order-engine.ts';
import { sessionRepository } from '../session/session.repository.ts';
import { sessionService } from '../session/session.service.ts';

/** The borrower's bank account (issue 30, decision 065): per market, through the sandbox, sealed, masked. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let serial = 0;
/** A new borrower with a known phone and name, signed in. */
async function borrower(market: Market, name = market === 'IN' ? 'Rahul Sharma' : 'Budi Santoso') {
  const n = String(++serial).padStart(6, '0');
  const phone = market === 'IN' ? `9345${n}` : `081377${n}`;
  const [row] = await t.database.db
    .insert(borrowers)
    .values({ market, phone, name })
    .returning({ id: borrowers.id });
  const token = await sessionService(sessionRepository(t.database), { ttlMs: 3600_000 }).open(row!.id, null);
  return { id: row!.id, phone, headers: t.auth(token) };
}

type Who = Awaited<ReturnType<typeof borrower>>;
const call = (who: Who, path: string, payload: unknown = {}, lang?: 'en' | 'id') =>
  t.app.inject({
    method: 'POST',
    url: path,
    headers: { ...who.headers, ...(lang ? { 'x-lang': lang } : {}) },
    payload: payload as object,
  });
const bind = (who: Who, payload: unknown, lang?: 'en' | 'id') =>
  call(who, BANK_ACCOUNT_PATHS.bind, payload, lang);
const rowsOf = (id: number) =>
  t.database.db.select().from(bankAccounts).where(eq(bankAccounts.borrowerId, id));

/** A distinct account number per call, ending in `end` (the sandbox's test values are last-4 based). */
let accounts = 0;
const accountNo = (market: Market, end = '4321') =>
  `${market === 'IN' ? '6020' : '77'}${String(++accounts).padStart(6, '0')}${end}`;

describe('binding an account: India (IFSC + account, penny drop)', () => {
  it('verifies an account whose holder is the borrower: masked in the reply, sealed at rest', async () => {
    const who = await borrower('IN');
    const account = accountNo('IN');
    const res = await bind(who, { ifsc: 'hdfc0001234', accountNo: account });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      status: 'verified',
      bankCode: 'HDFC0001234',
      accountMasked: '**** 4321',
      last4: '4321',
      holderName: 'RAHUL SHARMA',
      reason: null,
      changeNeedsCode: true,
    });
    expect(res.body).not.toContain(account);
    // At rest: the number only sealed (it opens under the data key), never in any column in clear.
    const [row] = await rowsOf(who.id);
    expect(row!.accountSealed).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(account);
    expect(sealer(t.config.dataKey!).open('bank-account', row!.accountSealed)).toBe(account);
    // Read back: masked again.
    const info = await call(who, BANK_ACCOUNT_PATHS.info);
    expect(info.json().data).toMatchObject({ status: 'verified', accountMasked: '**** 4321' });
    expect(info.body).not.toContain(account);
  });

  it('refuses each field with its own message, in the borrower’s language', async () => {
    const who = await borrower('IN');
    const cases: Array<[object, string]> = [
      [{ accountNo: accountNo('IN') }, 'Please enter your bank branch’s IFSC.'],
      [{ ifsc: 'HDFC1001234', accountNo: accountNo('IN') }, 'The IFSC has 11 characters'],
      [{ ifsc: 'HDF0001234', accountNo: accountNo('IN') }, 'The IFSC has 11 characters'],
      [{ ifsc: 'HDFC0001234', accountNo: '12345678' }, 'The account number has 9 to 18 digits'],
      [{ ifsc: 'HDFC0001234', accountNo: '1234567890123456789' }, 'The account number has 9 to 18 digits'],
      [{ ifsc: 'HDFC0001234', accountNo: '000000000' }, 'The account number has 9 to 18 digits'],
      [{ ifsc: 'HDFC0001234', accountNo: '12345abcd9' }, 'The account number has 9 to 18 digits'],
      [{ ifsc: 'HDFC0001234', bankCode: 'BCA', accountNo: accountNo('IN') }, 'not used for accounts'],
    ];
    for (const [payload, message] of cases) {
      const res = await bind(who, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const id = await bind(who, { ifsc: 'HDFC1001234', accountNo: accountNo('IN') }, 'id');
    expect(id.json().message).toContain('IFSC terdiri dari 11 karakter');
    expect(await rowsOf(who.id)).toEqual([]);
  });

  it('accepts spaces and dashes as people type them (the canonical digits are kept)', async () => {
    const who = await borrower('IN');
    const res = await bind(who, { ifsc: ' sbin0005943 ', accountNo: '3012 3456-7890' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      bankCode: 'SBIN0005943',
      bankName: 'State Bank of India',
      last4: '7890',
    });
  });
});

describe('binding an account: Indonesia (bank code + account, account inquiry)', () => {
  it('verifies an account at a listed bank; the bank list comes with the reply', async () => {
    const who = await borrower('ID');
    const before = await call(who, BANK_ACCOUNT_PATHS.info);
    expect(before.json().data).toMatchObject({ status: 'none', accountMasked: null, changeNeedsCode: false });
    expect(before.json().data.banks.map((b: { code: string }) => b.code)).toContain('BCA');
    const res = await bind(who, { bankCode: 'mandiri', accountNo: accountNo('ID', '5566') });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'verified',
      bankCode: 'MANDIRI',
      bankName: 'Bank Mandiri',
      accountMasked: '**** 5566',
    });
  });

  it('refuses an unlisted bank, an IFSC, a short number, in Indonesian', async () => {
    const who = await borrower('ID');
    const cases: Array<[object, string]> = [
      [{ accountNo: accountNo('ID') }, 'Mohon pilih bank Anda.'],
      [{ bankCode: 'CHASE', accountNo: accountNo('ID') }, 'Mohon pilih bank Anda dari daftar.'],
      [{ bankCode: 'BCA', ifsc: 'HDFC0001234', accountNo: accountNo('ID') }, 'tidak digunakan'],
      [{ bankCode: 'BCA', accountNo: '1234567' }, 'Nomor rekening terdiri dari 8 sampai 18 angka'],
    ];
    for (const [payload, message] of cases) {
      const res = await bind(who, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });
});

describe("the sandbox's answers", () => {
  it('a holder name that does not match: kept for review, the borrower told plainly, masked', async () => {
    const who = await borrower('IN');
    const res = await bind(who, { ifsc: 'ICIC0000104', accountNo: accountNo('IN', '1111') });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ status: 'review', holderName: SANDBOX_OTHER_HOLDER.IN, verifiedAt: null });
    expect(data.reason).toContain('does not match the name you verified');
    const [row] = await rowsOf(who.id);
    expect(row).toMatchObject({ status: 'review', reason: 'nameMismatch' });
  });

  it("compares with the base step's verified full name when there is one (not the registration name)", async () => {
    const who = await borrower('ID', 'Pengguna Baru');
    await t.database.db.insert(verificationSteps).values({
      borrowerId: who.id,
      market: 'ID',
      step: 'base',
      status: 'done',
      data: { fullName: 'Siti Nurhaliza' },
    });
    const res = await bind(who, { bankCode: 'BRI', accountNo: accountNo('ID') });
    expect(res.json().data).toMatchObject({ status: 'verified', holderName: 'SITI NURHALIZA' });
  });

  it("compares with the identity check's verified name once that step is done (decision 067)", async () => {
    const who = await borrower('IN', 'Pengguna Baru');
    await t.database.db.insert(verificationSteps).values([
      { borrowerId: who.id, market: 'IN', step: 'base', status: 'done', data: { fullName: 'Rahul Verma' } },
      {
        borrowerId: who.id,
        market: 'IN',
        step: 'identity',
        status: 'done',
        data: { verifiedName: 'RAHUL KUMAR VERMA' },
      },
    ]);
    const res = await bind(who, { ifsc: 'ICIC0000104', accountNo: accountNo('IN') });
    // The sandbox answers with the name we compare against: the UIDAI's, not the typed one.
    expect(res.json().data).toMatchObject({ status: 'verified', holderName: 'RAHUL KUMAR VERMA' });
  });

  it('no such account: refused, nothing saved', async () => {
    const who = await borrower('ID');
    const res = await bind(who, { bankCode: 'BNI', accountNo: accountNo('ID', '0000') }, 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'The bank says there is no such account. Please check the number and the bank.',
    );
    expect(await rowsOf(who.id)).toEqual([]);
  });

  it('the provider unavailable: a clear 503, nothing saved', async () => {
    const who = await borrower('IN');
    const res = await bind(who, { ifsc: 'HDFC0001234', accountNo: accountNo('IN', '9999') });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: '503', data: null });
    expect(res.json().message).toContain('Nothing was saved');
    expect(await rowsOf(who.id)).toEqual([]);
  });
});

describe('one account, one borrower', () => {
  it('refuses an account another borrower holds (at any branch of that bank), and never shows theirs', async () => {
    const a = await borrower('IN');
    const b = await borrower('IN', 'Rahul Sharma');
    const account = accountNo('IN');
    expect((await bind(a, { ifsc: 'HDFC0001234', accountNo: account })).statusCode).toBe(200);
    const again = await bind(b, { ifsc: 'HDFC0009999', accountNo: account });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('already linked to another profile');
    expect(again.body).not.toContain(account);
    expect(again.body).not.toContain('4321');
    // B sees only their own (none), never A's.
    const info = await call(b, BANK_ACCOUNT_PATHS.info);
    expect(info.json().data).toMatchObject({ status: 'none', last4: null });
    expect(await rowsOf(b.id)).toEqual([]);
  });

  it('two borrowers binding one account at the same moment: one gets it', async () => {
    const [a, b] = [await borrower('ID'), await borrower('ID')];
    const account = accountNo('ID');
    const results = await Promise.all([
      bind(a, { bankCode: 'BCA', accountNo: account }),
      bind(b, { bankCode: 'BCA', accountNo: account }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('one borrower binding twice at the same moment: one account; the other needs the change code', async () => {
    const who = await borrower('IN');
    const results = await Promise.all([
      bind(who, { ifsc: 'HDFC0001234', accountNo: accountNo('IN') }),
      bind(who, { ifsc: 'HDFC0001234', accountNo: accountNo('IN') }),
    ]);
    // The loser either saw the winner's account (a change: code required, 400) or raced it to the
    // save (told to reload, 409); never a second account without a code.
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes[0]).toBe(200);
    expect([400, 409]).toContain(codes[1]);
    expect((await rowsOf(who.id)).filter((r) => r.status === 'verified')).toHaveLength(1);
  });
});

describe('changing the account', () => {
  const lastCode = async (phone: string) =>
    (await t.app.inject({ method: 'GET', url: `${CARD_REPAY_PATHS.demoSms}?phone=${phone}` })).json().data
      .code as string;

  it('needs the SMS code; a wrong one is refused; the right one re-verifies and replaces the old', async () => {
    const who = await borrower('IN');
    await bind(who, { ifsc: 'HDFC0001234', accountNo: accountNo('IN', '2468') });
    const next = { ifsc: 'SBIN0005943', accountNo: accountNo('IN', '1357') };
    const without = await bind(who, next);
    expect(without.statusCode).toBe(400);
    expect(without.json().message).toContain('request the SMS code');
    // A code typed before any was sent is not "expired": the borrower is asked to request one.
    const unsent = await bind(who, { ...next, verifyCode: '123456' });
    expect(unsent.statusCode).toBe(400);
    expect(unsent.json().message).toContain('request the SMS code');
    const sent = await call(who, BANK_ACCOUNT_PATHS.code);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.resendIn).toBeGreaterThan(0);
    // A second request within the minute: the one-time codes' limit.
    expect((await call(who, BANK_ACCOUNT_PATHS.code)).statusCode).toBe(429);
    const code = await lastCode(who.phone);
    expect(code).toMatch(/^\d{6}$/);
    const wrong = await bind(who, { ...next, verifyCode: code === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain('The SMS code is not correct');
    const changed = await bind(who, { ...next, verifyCode: code });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ status: 'verified', bankCode: 'SBIN0005943', last4: '1357' });
    const rows = await rowsOf(who.id);
    expect(rows.map((r) => [r.accountLast4, r.status])).toEqual([
      ['2468', 'replaced'],
      ['1357', 'verified'],
    ]);
    expect(rows[0]!.replacedAt).not.toBeNull();
    // The code was used: it does not change the account again.
    const reuse = await bind(who, { ifsc: 'SBIN0005943', accountNo: accountNo('IN'), verifyCode: code });
    expect(reuse.statusCode).toBe(400);
  });

  it('a code is refused to a borrower with nothing to change', async () => {
    const who = await borrower('ID');
    const res = await call(who, BANK_ACCOUNT_PATHS.code, {}, 'id');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('belum menautkan rekening bank');
  });
});

describe('attacks', () => {
  it('refuses NUL bytes, arrays, numbers (past int32 too) and unknown fields with a 400, never a 500', async () => {
    const who = await borrower('IN');
    const bodies = [
      { ifsc: 'HDFC0001234', accountNo: '123456789\u0000' },
      { ifsc: 'HDFC\u00000001234', accountNo: accountNo('IN') },
      { ifsc: 'HDFC0001234', accountNo: [accountNo('IN')] },
      { ifsc: ['HDFC0001234'], accountNo: accountNo('IN') },
      { ifsc: 'HDFC0001234', accountNo: 98765432101 },
      { ifsc: 'HDFC0001234', accountNo: 2147483648 },
      { ifsc: 'HDFC0001234', accountNo: accountNo('IN'), verifyCode: 123456 },
      { ifsc: 'HDFC0001234', accountNo: accountNo('IN'), borrowerId: 1 },
      { ifsc: 'HDFC0001234', accountNo: 'x'.repeat(10_000) },
    ];
    for (const payload of bodies) {
      const res = await bind(who, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
    }
    expect(await rowsOf(who.id)).toEqual([]);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: BANK_ACCOUNT_PATHS.info });
    expect(res.statusCode).toBe(401);
  });

  it('never writes an account number to the logs', async () => {
    const who = await borrower('ID');
    const account = accountNo('ID', '8642');
    await bind(who, { bankCode: 'BCA', accountNo: account });
    await bind(who, { bankCode: 'BCA', accountNo: `${account}0000000000` });
    await bind(await borrower('ID'), { bankCode: 'BCA', accountNo: account });
    expect(t.logs.join('\n')).not.toContain(account);
  });
});

describe('payouts go only to the verified account of the order’s borrower', () => {
  let n = 0;
  async function underReview(who: Who, market: Market) {
    const [p] = await t.database.db
      .select({ id: products.id, terms: products.terms })
      .from(products)
      .where(eq(products.market, market));
    const orderNo = `${market}BANK${++n}`;
    const quote = quoteLoan(
      { ...termsOf(market, p!.terms!), amountMin: 1_000_000, amountStep: 100, termDays: [91], fees: [] },
      1_000_000,
      91,
    );
    await orderEngine(t.database.db).submit(
      { orderNo, borrowerId: who.id, productId: p!.id, market, amountMinor: 1_000_000, termDays: 91, quote },
      `borrower:${who.id}`,
    );
    return orderNo;
  }
  const approve = async (orderNo: string, lang = 'en') => {
    const staff = await staffSignIn(t.app, 'admin@kredito.test', 'Admin!2345');
    return t.app.inject({
      method: 'POST',
      url: `${ADMIN_BASE}/orders/${orderNo}/actions`,
      headers: { ...staff, 'x-lang': lang },
      payload: { action: 'approve' },
    });
  };
  const statusOf = async (orderNo: string) =>
    (await t.database.db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0]!;

  it('refuses the approval without a verified account (none, or one in review): nothing sent', async () => {
    const none = await borrower('IN');
    const orderNo = await underReview(none, 'IN');
    const res = await approve(orderNo);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('no verified bank account');
    expect(await statusOf(orderNo)).toMatchObject({ status: 21, payoutAccountId: null });

    const review = await borrower('ID');
    await bind(review, { bankCode: 'BCA', accountNo: accountNo('ID', '1111') });
    const reviewOrder = await underReview(review, 'ID');
    const refused = await approve(reviewOrder, 'id');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('belum memiliki rekening bank terverifikasi');
  });

  it('pays out to the verified account: the order names it', async () => {
    const who = await borrower('IN');
    await bind(who, { ifsc: 'HDFC0001234', accountNo: accountNo('IN') });
    const orderNo = await underReview(who, 'IN');
    const res = await approve(orderNo);
    expect(res.statusCode, res.body).toBe(200);
    const [account] = await rowsOf(who.id);
    expect((await statusOf(orderNo)).payoutAccountId).toBe(account!.id);
  });

  it('holds the payout of an account changed less than 24 hours ago; after the day it goes out', async () => {
    const who = await borrower('ID');
    await bind(who, { bankCode: 'BCA', accountNo: accountNo('ID') });
    expect((await call(who, BANK_ACCOUNT_PATHS.code)).statusCode).toBe(200);
    const code = (
      await t.app.inject({ method: 'GET', url: `${CARD_REPAY_PATHS.demoSms}?phone=${who.phone}` })
    ).json().data.code;
    const changed = await bind(who, { bankCode: 'BNI', accountNo: accountNo('ID'), verifyCode: code });
    expect(changed.statusCode, changed.body).toBe(200);
    const orderNo = await underReview(who, 'ID');
    const held = await approve(orderNo);
    expect(held.statusCode).toBe(409);
    expect(held.json().message).toContain('less than 24 hours ago');
    expect(held.json().message).toMatch(/approved from \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    expect((await statusOf(orderNo)).status).toBe(21);
    t.clock.advance(25 * 3_600_000);
    const later = await approve(orderNo);
    expect(later.statusCode, later.body).toBe(200);
    const current = (await rowsOf(who.id)).find((r) => r.status === 'verified');
    expect((await statusOf(orderNo)).payoutAccountId).toBe(current!.id);
  });
});

describe('the demo borrowers', () => {
  it('have a verified account each, sealed, so the demo journeys reach a payout', async () => {
    const all = await t.database.db.select().from(bankAccounts);
    const seeded = all.filter((r) => r.providerRef?.startsWith('SEED-'));
    expect(seeded.map((r) => r.market).sort()).toEqual(['ID', 'IN']);
    expect(seeded.every((r) => r.status === 'verified' && r.accountSealed.startsWith('v1.'))).toBe(true);
    const [demoIn] = seeded.filter((r) => r.market === 'IN');
    expect(sealer(t.config.dataKey!).open('bank-account', demoIn!.accountSealed)).toMatch(/^\d{14}$/);
  });
});
