import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminProduct } from '../../../shared/contract/admin.ts';
import { ADMIN_BASE, LOAN_PATHS } from '../../../shared/contract/constants.ts';
import { LOAN_ERROR_CODE } from '../../../shared/contract/reply-codes.ts';
import { daysBetween, type MarketDay, marketDay } from '../../../shared/domain/time.ts';
import { loanQuotes, orders, products, productVersions } from '../../db/schema.ts';
import { createTestApp, type StaffHeaders, staffSignIn, type TestApp } from '../../test/helpers.ts';
import { OPEN_LOANS_PER_MARKET, QUOTE_VALID_MS } from './loans.service.ts';

/**
 * What was shown is what is booked (decision 046): the confirm call stores its quote, the push names it
 * and books exactly it, or refuses when the terms changed, it expired, or it is not the borrower's; and
 * the borrower's limits (one per product, none while overdue, two per market) hold under simultaneous
 * pushes.
 */
let t: TestApp;
let admin: StaffHeaders;
const id: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const p of await t.database.db.select().from(products)) id[`${p.market}:${p.code}`] = p.id;
  admin = await staffSignIn(t.app, 'admin@kredito.test', 'Admin!2345');
});
afterAll(async () => {
  await t.close();
});

const post = (path: string, token: string, payload: object = {}, lang?: string) =>
  t.app.inject({
    method: 'POST',
    url: path,
    headers: { ...t.auth(token), ...(lang ? { 'x-lang': lang } : {}) },
    payload,
  });

let keys = 0;
const key = () => `quote-request-key-${String(++keys).padStart(6, '0')}`;

interface Loan {
  productId: number;
  amount: number;
  periods: number;
}

async function confirm(token: string, loan: Loan) {
  const res = await post(LOAN_PATHS.confirmDetail, token, loan);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const push = (token: string, loan: Loan, quoteId: string, lang?: string, requestKey = key()) =>
  post(LOAN_PATHS.push, token, { ...loan, termUnit: 'day', agreed: true, requestKey, quoteId }, lang);

/** Polls `done` until it holds (no time limit of its own: the test's timeout is the bound). */
async function waitFor(done: () => Promise<boolean>) {
  while (!(await done())) await new Promise((r) => setTimeout(r, 10));
}

const ordersOf = async (token: string) => {
  const me = (
    await t.app.inject({ method: 'GET', url: '/vdthg/v1/session/me', headers: t.auth(token) })
  ).json().data.userId as number;
  return t.database.db.select().from(orders).where(eq(orders.borrowerId, me));
};

/** An administrator's edit of a product through the back office: `change` gets the current product. */
async function edit(productId: number, change: (p: AdminProduct) => Partial<AdminProduct>) {
  const current = (
    await t.app.inject({ method: 'GET', url: `${ADMIN_BASE}/products/${productId}`, headers: admin })
  ).json().data as AdminProduct;
  const next = { ...current, ...change(current) };
  const res = await t.app.inject({
    method: 'PUT',
    url: `${ADMIN_BASE}/products/${productId}`,
    headers: admin,
    payload: {
      name: next.name,
      logoUrl: next.logoUrl,
      terms: next.terms,
      copy: next.copy,
      sort: next.sort,
      dailyQuota: next.dailyQuota,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as AdminProduct;
}

const STALE = {
  termsChanged: {
    en: 'The loan terms have changed since you saw them. Please review the new terms and confirm again.',
    id: 'Ketentuan pinjaman telah berubah sejak Anda melihatnya. Silakan periksa ketentuan baru dan konfirmasi kembali.',
  },
  quoteExpired: 'These loan terms have expired. Please review the current terms and confirm again.',
};

describe('the confirm call stores what it shows', () => {
  it('answers a quote: an unguessable id, the terms version, valid for 30 minutes, the figures shown', async () => {
    const fresh = await t.newBorrower('IN');
    const loan = { productId: id['IN:kredito-flex']!, amount: 1_000_000, periods: 91 };
    const before = t.clock.now().getTime();
    const data = await confirm(fresh, loan);
    expect(data.quote).toMatchObject({
      termsVersion: 1,
      principal: 1_000_000,
      disbursed: data.keyFacts.disbursed,
      totalRepayable: data.keyFacts.totalRepayable,
      aprBp: data.keyFacts.aprBp,
    });
    expect(data.quote.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const until = Date.parse(data.quote.validUntil);
    expect(until - before).toBeGreaterThanOrEqual(QUOTE_VALID_MS);
    expect(until - before).toBeLessThan(QUOTE_VALID_MS + 60_000);
    // Another call for the same loan is another quote.
    expect((await confirm(fresh, loan)).quote.id).not.toBe(data.quote.id);
    const [stored] = await t.database.db.select().from(loanQuotes).where(eq(loanQuotes.id, data.quote.id));
    expect(stored).toMatchObject({
      productId: loan.productId,
      termsVersion: 1,
      amountMinor: 1_000_000,
      termDays: 91,
    });
    expect(stored!.quote.totalRepayable).toBe(data.keyFacts.totalRepayable);
  });
});

describe('the push books the quote it names', () => {
  it('books exactly the quote shown: terms of its version, APR, total and schedule', async () => {
    const fresh = await t.newBorrower('ID');
    const loan = { productId: id['ID:kredito-usaha']!, amount: 300_000_000, periods: 120 };
    const shown = await confirm(fresh, loan);
    const res = await push(fresh, loan, shown.quote.id);
    expect(res.statusCode, res.body).toBe(200);
    const [order] = await ordersOf(fresh);
    const [stored] = await t.database.db.select().from(loanQuotes).where(eq(loanQuotes.id, shown.quote.id));
    const [v1] = await t.database.db
      .select()
      .from(productVersions)
      .where(and(eq(productVersions.productId, loan.productId), eq(productVersions.version, 1)));
    expect(order).toMatchObject({
      quoteId: shown.quote.id,
      termsVersion: 1,
      amountMinor: 300_000_000,
      termDays: 120,
    });
    expect(order!.quote).toEqual(stored!.quote);
    expect(order!.terms).toEqual(v1!.terms);
    expect(order!.quote!.aprBp).toBe(shown.keyFacts.aprBp);
    expect(order!.quote!.totalRepayable).toBe(shown.keyFacts.totalRepayable);
    // The schedule shown: each due date of the key facts is the disbursal day plus the period's days.
    const today = marketDay(t.clock.now(), 'ID');
    expect(order!.quote!.schedule.map((s) => s.dueDay)).toEqual(
      shown.keyFacts.dueDates.map((d: MarketDay) => daysBetween(today, d)),
    );
    expect(order!.quote!.schedule).toHaveLength(shown.repay_plans.length);
  });

  it('refuses a quote whose terms changed before the push, in both languages, booking nothing', async () => {
    const fresh = await t.newBorrower('IN');
    const loan = { productId: id['IN:festive-loan']!, amount: 1_000_000, periods: 91 };
    const shown = await confirm(fresh, loan);
    // Another borrower books on version 1 before the change: that order keeps version 1's terms.
    const early = await t.newBorrower('IN');
    const earlyQuote = await confirm(early, loan);
    expect((await push(early, loan, earlyQuote.quote.id)).statusCode).toBe(200);

    const raised = await edit(loan.productId, (p) => ({
      terms: { ...p.terms!, dailyInterestPpm: 900 },
    }));
    expect(raised.termsVersion).toBe(2);

    const refused = await push(fresh, loan, shown.quote.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: LOAN_ERROR_CODE.QUOTE_STALE,
      message: STALE.termsChanged.en,
    });
    const inId = await push(fresh, loan, shown.quote.id, 'id');
    expect(inId.json()).toMatchObject({ code: LOAN_ERROR_CODE.QUOTE_STALE, message: STALE.termsChanged.id });
    expect(await ordersOf(fresh)).toEqual([]);

    // The screen asks again: the new terms, version 2, and they book.
    const again = await confirm(fresh, loan);
    expect(again.quote.termsVersion).toBe(2);
    expect(again.quote.totalRepayable).toBeGreaterThan(shown.quote.totalRepayable);
    expect((await push(fresh, loan, again.quote.id)).statusCode).toBe(200);
    const [booked] = await ordersOf(fresh);
    expect(booked).toMatchObject({ termsVersion: 2 });
    expect(booked!.terms!.dailyInterestPpm).toBe(900);
    expect(booked!.quote!.totalRepayable).toBe(again.quote.totalRepayable);

    const [kept] = await ordersOf(early);
    expect(kept).toMatchObject({ termsVersion: 1 });
    expect(kept!.terms!.dailyInterestPpm).toBe(700);
    expect(kept!.quote!.totalRepayable).toBe(earlyQuote.quote.totalRepayable);
  });

  it('books a quote across an edit that leaves the terms alone (name, copy), which makes no version', async () => {
    const fresh = await t.newBorrower('IN');
    const loan = { productId: id['IN:kredito-mini']!, amount: 500_000, periods: 91 };
    const shown = await confirm(fresh, loan);
    const renamed = await edit(loan.productId, () => ({ name: 'Kredito Mini+' }));
    expect(renamed.termsVersion).toBe(1);
    const versions = await t.database.db
      .select()
      .from(productVersions)
      .where(eq(productVersions.productId, loan.productId));
    expect(versions.map((v) => v.version)).toEqual([1]);
    expect((await push(fresh, loan, shown.quote.id)).statusCode).toBe(200);
  });

  it('refuses a quote for a product taken off offer since, as changed terms; the screen then finds it gone', async () => {
    const fresh = await t.newBorrower('IN');
    const loan = { productId: id['IN:festive-loan']!, amount: 500_000, periods: 91 };
    const shown = await confirm(fresh, loan);
    const off = await t.app.inject({
      method: 'POST',
      url: `${ADMIN_BASE}/products/${loan.productId}/enabled`,
      headers: admin,
      payload: { enabled: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    const refused = await push(fresh, loan, shown.quote.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: LOAN_ERROR_CODE.QUOTE_STALE,
      message: STALE.termsChanged.en,
    });
    expect((await post(LOAN_PATHS.confirmDetail, fresh, loan)).statusCode).toBe(404);
    expect(await ordersOf(fresh)).toEqual([]);
  });

  it("refuses another borrower's quote exactly as a missing one, and a quote for another loan", async () => {
    const mine = await t.newBorrower('IN');
    const theirs = await t.newBorrower('IN');
    const loan = { productId: id['IN:kredito-salary']!, amount: 1_000_000, periods: 91 };
    const their = await confirm(theirs, loan);
    const stolen = await push(mine, loan, their.quote.id, 'en', 'quote-request-key-stolen');
    const missing = await push(mine, loan, 'A'.repeat(22), 'en', 'quote-request-key-stolen');
    expect(stolen.statusCode).toBe(409);
    expect(stolen.body).toBe(missing.body);
    expect(stolen.json()).toMatchObject({ code: LOAN_ERROR_CODE.QUOTE_STALE, message: STALE.quoteExpired });

    const shown = await confirm(mine, loan);
    const more = await push(mine, { ...loan, amount: 2_000_000 }, shown.quote.id);
    expect(more.statusCode).toBe(409);
    expect(more.json()).toMatchObject({
      code: LOAN_ERROR_CODE.QUOTE_STALE,
      message: 'The loan you confirmed is not the one on screen. Please review the terms and confirm again.',
    });
    expect(await ordersOf(mine)).toEqual([]);
    // The quote itself is still good, and the thief's attempt did not spend it.
    expect((await push(theirs, loan, their.quote.id)).statusCode).toBe(200);
    expect((await push(theirs, loan, their.quote.id)).statusCode).toBe(409);
  });
});

describe('how many loans a borrower may hold', () => {
  it('refuses a borrower with an overdue loan any new loan, at apply and at push', async () => {
    // The demo borrower has an overdue loan on Salary Advance and none on Home Repair.
    const demo = await t.signIn('IN');
    const loan = { productId: id['IN:home-repair']!, amount: 2_000_000, periods: 180 };
    const applied = await post(LOAN_PATHS.apply, demo, { product_id: loan.productId, module_id: 300 });
    expect(applied.statusCode).toBe(409);
    expect(applied.json().message).toBe(
      'You have an overdue loan. Please repay it before taking a new loan.',
    );
    // The product list says so on the card, before any tap: its button is off, with the reason.
    const list = await post(LOAN_PATHS.recommendList, demo, {});
    const card = (list.json().data as Array<{ id: number; buttonStatus: number; buttonText: string }>).find(
      (c) => c.id === loan.productId,
    );
    expect(card).toMatchObject({ buttonStatus: 0, buttonText: 'Repay your overdue loan first' });
    const shown = await confirm(demo, loan);
    const pushed = await push(demo, loan, shown.quote.id, 'id');
    expect(pushed.statusCode).toBe(409);
    expect(pushed.json().message).toBe(
      'Anda memiliki pinjaman yang terlambat. Mohon lunasi terlebih dahulu sebelum mengajukan pinjaman baru.',
    );
    const [n] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.productId, loan.productId));
    expect(n!.n).toBe(0);
  });

  it(`holds ${OPEN_LOANS_PER_MARKET} loans or applications per market under simultaneous pushes on different products`, async () => {
    const fresh = await t.newBorrower('ID');
    const loans = [
      { productId: id['ID:kredito-kilat']!, amount: 100_000_000, periods: 30 },
      { productId: id['ID:kredito-usaha']!, amount: 200_000_000, periods: 91 },
      { productId: id['ID:kredito-plus']!, amount: 300_000_000, periods: 91 },
      { productId: id['ID:kredito-mini']!, amount: 150_000_000, periods: 30 },
      { productId: id['ID:dana-pendidikan']!, amount: 200_000_000, periods: 91 },
    ];
    const quotes = await Promise.all(loans.map((l) => confirm(fresh, l)));
    const pushes = () => Promise.all(loans.map((l, i) => push(fresh, l, quotes[i].quote.id)));
    // On PostgreSQL the pushes are lined up: the test holds the quotes table until every push waits on a
    // lock (the quotes table, or the borrower's row), so that without the borrower's lock all five would
    // read "no loans" at once. PGlite has one connection: the pushes take turns there anyway.
    const replies = process.env.TEST_DATABASE_URL
      ? await t.database.db
          .transaction(async (tx) => {
            await tx.execute(sql`lock table loan_quotes in access exclusive mode`);
            const sent = pushes();
            await waitFor(async () => {
              const result = await t.database.db.execute(
                sql`select count(*)::int as n from pg_stat_activity
                   where datname = current_database() and wait_event_type = 'Lock'`,
              );
              return (result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n >= loans.length;
            });
            return { sent };
          })
          .then(({ sent }) => sent)
      : await pushes();
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(OPEN_LOANS_PER_MARKET);
    const refused = replies.filter((r) => r.statusCode !== 200);
    expect(refused.map((r) => r.statusCode)).toEqual(Array(loans.length - OPEN_LOANS_PER_MARKET).fill(409));
    expect(refused[0]!.json().message).toBe(
      'Anda sudah memiliki 2 pinjaman atau pengajuan yang aktif. Lunasi salah satunya sebelum mengajukan pinjaman baru.',
    );
    expect(await ordersOf(fresh)).toHaveLength(OPEN_LOANS_PER_MARKET);
    // And at apply, in English, on a product the borrower holds nothing of.
    const other = loans[replies.findIndex((r) => r.statusCode !== 200)]!;
    const third = await post(LOAN_PATHS.apply, fresh, { product_id: other.productId, module_id: 300 }, 'en');
    expect(third.json().message).toBe(
      'You already have 2 loans or applications open. Repay one before taking a new loan.',
    );
    // Its card says so too (Indonesian, the borrower's market language).
    const list = await post(LOAN_PATHS.recommendList, fresh, {});
    const card = (list.json().data as Array<{ id: number; buttonStatus: number; buttonText: string }>).find(
      (c) => c.id === other.productId,
    );
    expect(card).toMatchObject({ buttonStatus: 0, buttonText: 'Batas pinjaman tercapai' });
  });
});

describe('attacks on confirm and push', () => {
  it('refuses hostile bodies with a clear 400 and books nothing', async () => {
    const fresh = await t.newBorrower('IN');
    const loan = { productId: id['IN:kredito-plus']!, amount: 1_000_000, periods: 120 };
    const shown = await confirm(fresh, loan);
    for (const body of [
      { ...loan, productId: 2 ** 31 },
      { ...loan, productId: [loan.productId] },
      { ...loan, amount: '1000000\u0000' },
      { ...loan, periods: -1 },
    ]) {
      const res = await post(LOAN_PATHS.confirmDetail, fresh, body);
      expect(res.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, JSON.stringify(body)).toBeLessThan(500);
    }
    const base = { ...loan, termUnit: 'day', agreed: true, requestKey: key(), quoteId: shown.quote.id };
    for (const body of [
      { ...base, quoteId: `${shown.quote.id}\u0000` },
      { ...base, quoteId: [shown.quote.id] },
      { ...base, quoteId: 2 ** 31 },
      { ...base, amount: 2 ** 31 },
      { ...base, amount: [loan.amount] },
      { ...base, quoteId: 'x'.repeat(10_000) },
    ]) {
      // Malformed: 400; well formed but not this quote's (an amount past int32): the quote's 409.
      const res = await post(LOAN_PATHS.push, fresh, body);
      expect([400, 409], JSON.stringify(body).slice(0, 80)).toContain(res.statusCode);
    }
    expect(await ordersOf(fresh)).toHaveLength(0);
  });

  it('books one order for the same push sent twice at once, and one for one quote under two keys', async () => {
    const fresh = await t.newBorrower('IN');
    const loan = { productId: id['IN:kredito-plus']!, amount: 1_000_000, periods: 120 };
    const shown = await confirm(fresh, loan);
    const requestKey = key();
    const twins = await Promise.all([
      push(fresh, loan, shown.quote.id, undefined, requestKey),
      push(fresh, loan, shown.quote.id, undefined, requestKey),
    ]);
    expect(twins.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(twins[0]!.json().data.orderNo).toBe(twins[1]!.json().data.orderNo);
    const other = await t.newBorrower('IN');
    const theirs = await confirm(other, loan);
    const keys2 = await Promise.all([push(other, loan, theirs.quote.id), push(other, loan, theirs.quote.id)]);
    expect(keys2.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(keys2.filter((r) => r.statusCode === 409)).toHaveLength(1);
    expect(await ordersOf(fresh)).toHaveLength(1);
    expect(await ordersOf(other)).toHaveLength(1);
  });
});

describe('a quote expires', () => {
  // Last in the file: the clock only moves forward.
  it('refuses a quote past its validity, booking nothing; a new one books', async () => {
    const fresh = await t.newBorrower('IN');
    const loan = { productId: id['IN:kredito-plus']!, amount: 1_000_000, periods: 120 };
    const shown = await confirm(fresh, loan);
    t.clock.advance(QUOTE_VALID_MS);
    const late = await push(fresh, loan, shown.quote.id);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: LOAN_ERROR_CODE.QUOTE_STALE, message: STALE.quoteExpired });
    expect(await ordersOf(fresh)).toEqual([]);
    const again = await confirm(fresh, loan);
    const booked = await push(fresh, loan, again.quote.id, 'en', 'quote-request-key-replayed');
    expect(booked.statusCode).toBe(200);
    // A retry of that confirm after its quote expired still gets its order (the request key), not a refusal.
    t.clock.advance(QUOTE_VALID_MS);
    const replay = await push(fresh, loan, again.quote.id, 'en', 'quote-request-key-replayed');
    expect(replay.statusCode).toBe(200);
    expect(replay.json().data.orderNo).toBe(booked.json().data.orderNo);
    expect(await ordersOf(fresh)).toHaveLength(1);
  });
});
