import cookie from '@fastify/cookie';
import { and, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_ERROR_CODE,
  type AdminProduct,
  type ProductUpdateBody,
} from '../../../shared/contract/admin.ts';
import { ADMIN_BASE } from '../../../shared/contract/constants.ts';
import type { StoredTerms } from '../../../shared/domain/product.ts';
import type { Market } from '../../../shared/markets.ts';
import type { Database } from '../../db/client.ts';
import { auditLog, borrowers, products, productVersions, staffUsers } from '../../db/schema.ts';
import { seed } from '../../db/seed.ts';
import { authPlugin } from '../../plugins/auth.ts';
import { errorsPlugin } from '../../plugins/errors.ts';
import { replySerializerCompiler } from '../../serializer.ts';
import { freshDatabase, type StaffHeaders, staffSignIn } from '../../test/helpers.ts';
import { sessionRepository } from '../session/session.repository.ts';
import { sessionService } from '../session/session.service.ts';
import { staffRepository } from '../staff/staff.repository.ts';
import { staffRoutes } from '../staff/staff.routes.ts';
import { hashPassword, staffService } from '../staff/staff.service.ts';
import { productsAdminRoutes, productsAdminService } from './products-admin.ts';

/**
 * Loan products in the back office: per market, terms judged against the market's caps, audited, the
 * borrower side's cache told. The app is built here as app.ts builds its staff scope (cookies, staff
 * sign-in, these routes), on a fresh seeded database.
 */
let database: Database;
let app: Awaited<ReturnType<typeof build>>;
const changed: Market[] = [];

async function build(db: Database) {
  const instance = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  instance.setValidatorCompiler(validatorCompiler);
  instance.setSerializerCompiler(replySerializerCompiler({ checkContract: true }));
  const staffRepo = staffRepository(db.db);
  const staff = staffService(staffRepo);
  const sessions = sessionService(sessionRepository(db), { ttlMs: 3600_000 });
  const service = productsAdminService(db.db, staffRepo.audit, (market) => changed.push(market));
  await instance.register(errorsPlugin);
  await instance.register(authPlugin, { sessions, staff });
  await instance.register(async (scope) => {
    await scope.register(cookie);
    await scope.register(staffRoutes, { staff, secureCookie: false });
    await scope.register(productsAdminRoutes, { products: service });
  });
  await instance.ready();
  return Object.assign(instance, { sessions });
}

beforeAll(async () => {
  database = await freshDatabase();
  await seed(database.db, null, { demo: true });
  // An administrator of one market: the market rule holds for changes, not only for agents' reads.
  await database.db.insert(staffUsers).values({
    email: 'admin.in@kredito.test',
    name: 'Indra Admin',
    role: 'admin',
    markets: 'IN',
    passwordHash: await hashPassword('Admin!2345'),
  });
  app = await build(database);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const signIn = (email: string, password: string) => staffSignIn(app, email, password);
const admin = () => signIn('admin@kredito.test', 'Admin!2345');
const adminIn = () => signIn('admin.in@kredito.test', 'Admin!2345');
const agentIn = () => signIn('agent.in@kredito.test', 'Agent!2345');

/** Terms an Indonesian product may have: 0.08 %/day and a 0.5 % fee stay within 0.1 % a day of cost. */
function idTerms(over: Partial<StoredTerms> = {}): StoredTerms {
  return {
    amountMin: 100_000_000,
    amountMax: 1_500_000_000,
    amountStep: 50_000_000,
    termDays: [30, 60],
    installments: 1,
    dailyInterestPpm: 800,
    fees: [{ name: 'processing', rateBp: 50, timing: 'upfront' }],
    lateFee: { newBorrower: 5_000_000, repeatBorrower: 4_000_000 },
    lateChargeTiers: [{ fromDay: 1, dailyPpm: 1_000 }],
    coolingOffDays: 2,
    earlyRepaymentMinDay: 0,
    earlyRepaymentMinTermBp: 0,
    // 0.7 % for 7 days: 0.1 % a day, the OJK cap on cost per day (decision 047).
    extension: { feeBp: 70, days: 7 },
    ...over,
  };
}

/** India's terms of spec §9: 91-365 days, late fee ₹1,000 / ₹800, 5 % / 4 % / 2 % tiers, early after half. */
function inTerms(over: Partial<StoredTerms> = {}): StoredTerms {
  return {
    amountMin: 200_000,
    amountMax: 8_000_000,
    amountStep: 100_000,
    termDays: [91, 180, 365],
    installments: 3,
    dailyInterestPpm: 500,
    fees: [{ name: 'processing', fixed: 20_000, timing: 'upfront' }],
    lateFee: { newBorrower: 100_000, repeatBorrower: 80_000 },
    lateChargeTiers: [
      { fromDay: 1, dailyPpm: 50_000 },
      { fromDay: 31, dailyPpm: 40_000 },
      { fromDay: 91, dailyPpm: 20_000 },
    ],
    coolingOffDays: 3,
    earlyRepaymentMinDay: 7,
    earlyRepaymentMinTermBp: 5_000,
    ...over,
  };
}

let n = 0;
function body(market: Market, terms: StoredTerms | null, over: Record<string, unknown> = {}) {
  return {
    market,
    code: `test-${market.toLowerCase()}-${++n}`,
    name: `Test loan ${n}`,
    logoUrl: '/favicon.svg',
    terms,
    copy: {
      en: { description: 'Cash in two hours', tags: ['Fast', 'No collateral'] },
      id: { description: 'Dana cair dalam dua jam', tags: ['Cepat'] },
    },
    sort: 5,
    dailyQuota: 100,
    ...over,
  };
}
const update = ({ market: _m, code: _c, ...rest }: ReturnType<typeof body>): ProductUpdateBody =>
  rest as ProductUpdateBody;

async function create(who: StaffHeaders, payload: object, lang = 'en') {
  return app.inject({
    method: 'POST',
    url: `${ADMIN_BASE}/products`,
    headers: { ...who, 'x-lang': lang },
    payload,
  });
}
async function created(who: StaffHeaders, payload: object): Promise<AdminProduct> {
  const res = await create(who, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const setEnabled = (who: StaffHeaders, id: number, enabled: boolean, lang = 'en') =>
  app.inject({
    method: 'POST',
    url: `${ADMIN_BASE}/products/${id}/enabled`,
    headers: { ...who, 'x-lang': lang },
    payload: { enabled },
  });
const list = (who: StaffHeaders, query = '') =>
  app.inject({ method: 'GET', url: `${ADMIN_BASE}/products${query}`, headers: { cookie: who.cookie } });

describe('terms versions (decision 046)', () => {
  const versions = async (productId: number) =>
    (
      await database.db
        .select()
        .from(productVersions)
        .where(eq(productVersions.productId, productId))
        .orderBy(productVersions.version)
    ).map((v) => ({ version: v.version, rate: v.terms.dailyInterestPpm, createdBy: v.createdBy }));
  const put = (who: StaffHeaders, productId: number, payload: ProductUpdateBody) =>
    app.inject({ method: 'PUT', url: `${ADMIN_BASE}/products/${productId}`, headers: who, payload });

  it('writes version 1 on creation and the next on every change of the terms, on offer or not', async () => {
    const who = await admin();
    const [me] = await database.db
      .select()
      .from(staffUsers)
      .where(eq(staffUsers.email, 'admin@kredito.test'));
    const payload = body('IN', inTerms());
    const product = await created(who, payload);
    expect(product.termsVersion).toBe(1);
    expect(await versions(product.id)).toEqual([{ version: 1, rate: 500, createdBy: me!.id }]);

    const raised = await put(
      who,
      product.id,
      update({ ...payload, terms: inTerms({ dailyInterestPpm: 700 }) }),
    );
    expect(raised.json().data.termsVersion).toBe(2);
    expect((await setEnabled(who, product.id, true)).statusCode).toBe(200);
    // On offer: an edit of the terms is a new version, not a change of the one borrowers were quoted.
    const offered = await put(
      who,
      product.id,
      update({ ...payload, terms: inTerms({ dailyInterestPpm: 900 }) }),
    );
    expect(offered.json().data).toMatchObject({ termsVersion: 3, enabled: true });
    expect((await versions(product.id)).map((v) => [v.version, v.rate])).toEqual([
      [1, 500],
      [2, 700],
      [3, 900],
    ]);
    const [row] = await database.db.select().from(products).where(eq(products.id, product.id));
    expect(row).toMatchObject({ termsVersion: 3 });
    expect(row!.terms!.dailyInterestPpm).toBe(900);
  });

  it('makes no version for an edit that leaves the terms as they are (name, copy, quota, sort)', async () => {
    const who = await admin();
    const payload = body('ID', idTerms());
    const product = await created(who, payload);
    const renamed = await put(who, product.id, {
      ...update(payload),
      name: 'Renamed',
      sort: 9,
      dailyQuota: null,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Renamed', termsVersion: 1 });
    expect((await versions(product.id)).map((v) => v.version)).toEqual([1]);
  });

  it('gives a product created without terms version 1 when it first gets them', async () => {
    const who = await admin();
    const payload = body('IN', null);
    const draft = await created(who, payload);
    expect(await versions(draft.id)).toEqual([]);
    const termed = await put(who, draft.id, update({ ...payload, terms: inTerms() }));
    expect(termed.json().data.termsVersion).toBe(1);
    expect((await versions(draft.id)).map((v) => v.version)).toEqual([1]);
  });

  it('keeps the demo products at version 1, each with its version row', async () => {
    const demo = await database.db.select().from(products).where(eq(products.code, 'kredito-flex'));
    for (const p of demo) {
      expect(p.termsVersion).toBe(1);
      expect((await versions(p.id)).map((v) => [v.version, v.createdBy])).toEqual([[1, null]]);
    }
  });
});

describe('products in the back office', () => {
  it('creates a product off offer, edits it, offers it; each change audited and the market’s cache told', async () => {
    const who = await admin();
    changed.length = 0;
    const payload = body('ID', idTerms());
    const product = await created(who, payload);
    expect(product).toMatchObject({ market: 'ID', enabled: false, sort: 5, dailyQuota: 100 });
    expect(product.terms).toEqual(idTerms());
    expect(product.copy.id.tags).toEqual(['Cepat']);

    const edit = await app.inject({
      method: 'PUT',
      url: `${ADMIN_BASE}/products/${product.id}`,
      headers: who,
      payload: {
        ...update(payload),
        name: 'Kilat Plus',
        dailyQuota: null,
        terms: idTerms({ termDays: [30, 90] }),
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().data).toMatchObject({ name: 'Kilat Plus', dailyQuota: null, enabled: false });
    expect(edit.json().data.terms.termDays).toEqual([30, 90]);

    const on = await setEnabled(who, product.id, true);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data.enabled).toBe(true);
    const [row] = await database.db.select().from(products).where(eq(products.id, product.id));
    expect(row!.enabled).toBe(true);
    const off = await setEnabled(who, product.id, false);
    expect(off.json().data.enabled).toBe(false);

    expect(changed).toEqual(['ID', 'ID', 'ID', 'ID']);
    const audited = await database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.target, `product:${product.id}`))
      .orderBy(auditLog.id);
    expect(audited.map((a) => a.action)).toEqual([
      'product.create',
      'product.update',
      'product.enable',
      'product.disable',
    ]);
  });

  it('takes India’s terms of the spec (no numeric cap there)', async () => {
    const who = await admin();
    const product = await created(who, body('IN', inTerms()));
    const on = await setEnabled(who, product.id, true);
    expect(on.statusCode, on.body).toBe(200);
  });

  it('refuses terms over the Indonesian cap, naming the loan and the cap, in both languages; nothing saved', async () => {
    const who = await admin();
    // 0.2 %/day of interest: twice the cap of 0.1 % of the amount for each day of the term.
    const payload = body('ID', idTerms({ dailyInterestPpm: 2_000 }));
    const en = await create(who, payload);
    expect(en.statusCode).toBe(400);
    expect(en.json().message).toBe(
      'The terms need changing. A loan of Rp\u00a01.000.000 for 30 days would cost more in interest and fees than the market’s cap of 0.10% of the amount for each day of the term.',
    );
    const id = await create(who, payload, 'id');
    expect(id.statusCode).toBe(400);
    expect(id.json().message).toBe(
      'Ketentuannya perlu diubah. Pinjaman Rp\u00a01.000.000 selama 30 hari akan dikenai bunga dan biaya melebihi batas pasar ini, yaitu 0,10% dari jumlah pinjaman untuk setiap hari tenor.',
    );
    const saved = await database.db.select().from(products).where(eq(products.code, payload.code));
    expect(saved).toEqual([]);
  });

  it('refuses an extension fee over the cap for its days, and amounts in sen, in both languages (decision 047)', async () => {
    const who = await admin();
    // 50 % for 7 days: about 7 % a day against the 0.1 % the cap allows.
    const payload = body('ID', idTerms({ extension: { feeBp: 5_000, days: 7 } }));
    const en = await create(who, payload);
    expect(en.statusCode).toBe(400);
    expect(en.json().message).toBe(
      'The terms need changing. The extension fee may cost at most 0.10% of the amount for each day it buys (the market’s cap): at most 0.70% for 7 days.',
    );
    const id = await create(who, payload, 'id');
    expect(id.json().message).toBe(
      'Ketentuannya perlu diubah. Biaya perpanjangan paling banyak 0,10% dari jumlah pinjaman untuk setiap hari perpanjangan (batas pasar ini): paling banyak 0,70% untuk 7 hari.',
    );
    const sen = await create(
      who,
      body('ID', idTerms({ lateFee: { newBorrower: 5_000_050, repeatBorrower: 4_000_000 } })),
    );
    expect(sen.statusCode).toBe(400);
    expect(sen.json().message).toMatch(/must be whole rupiah, with no sen/);
    expect(await database.db.select().from(products).where(eq(products.code, payload.code))).toEqual([]);
    // India sets no numeric cap: the same extension is taken there.
    expect(
      (await create(who, body('IN', inTerms({ extension: { feeBp: 5_000, days: 7 } })))).statusCode,
    ).toBe(200);
  });

  it('takes in India what Indonesia refuses: the caps are the market’s', async () => {
    const who = await admin();
    const india = await create(who, body('IN', inTerms({ dailyInterestPpm: 2_000 })));
    expect(india.statusCode).toBe(200);
    // Fees count with the interest: 0.09 %/day for 300 days and a 20 % fee is 47 % of the amount, over
    // the 30 % that 0.1 % a day allows for that term.
    const over = await create(
      who,
      body(
        'ID',
        idTerms({
          termDays: [300],
          dailyInterestPpm: 900,
          fees: [{ name: 'service', rateBp: 2_000, timing: 'added' }],
        }),
      ),
    );
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toMatch(/A loan of Rp\u00a01\.000\.000 for 300 days would cost more/);
  });

  it('names every problem of bad terms at once, in the operator’s language', async () => {
    const who = await admin();
    const bad = idTerms({ amountMin: 0, termDays: [], coolingOffDays: 0 });
    const en = await create(who, body('ID', bad));
    expect(en.statusCode).toBe(400);
    expect(en.json().message).toBe(
      'The terms need changing. The smallest amount must be more than zero and not more than the largest amount. Offer from 1 to 8 loan terms, each from 1 to 730 days. The cooling-off period must be from 1 to 30 days.',
    );
    const id = await create(who, body('ID', bad), 'id');
    expect(id.json().message).toBe(
      'Ketentuannya perlu diubah. Jumlah terkecil harus lebih dari nol dan tidak lebih dari jumlah terbesar. Tawarkan 1 sampai 8 pilihan tenor, masing-masing 1 sampai 730 hari. Masa pertimbangan harus 1 sampai 30 hari.',
    );
    // Late charges over Indonesia's 0.1 % a day: the tier message names the cap.
    const late = await create(
      who,
      body('ID', idTerms({ lateChargeTiers: [{ fromDay: 1, dailyPpm: 5_000 }] })),
    );
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toMatch(/charge at most 0\.10% a day \(the market’s cap\)\.$/);
    // A range the site, the app and the chatbot do not promise (decision 058).
    const wide = await create(who, body('IN', inTerms({ amountMax: 10_000_000 })));
    expect(wide.statusCode).toBe(400);
    expect(wide.json().message).toBe(
      'The terms need changing. Our site, app and chatbot tell borrowers that loans run from ₹2,000 to ₹80,000: a product may not lend less or more.',
    );
    // An edit is judged as a new product is.
    const product = await created(who, body('IN', inTerms()));
    const edit = await app.inject({
      method: 'PUT',
      url: `${ADMIN_BASE}/products/${product.id}`,
      headers: { ...who, 'x-lang': 'id' },
      payload: { ...update(body('IN', inTerms({ amountStep: 700_000 }))) },
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().message).toMatch(/^Ketentuannya perlu diubah\. Kelipatan jumlah/);
  });

  it('refuses to offer a product without terms, and to remove the terms of one on offer', async () => {
    const who = await admin();
    const draft = await created(who, body('IN', null));
    expect(draft.terms).toBeNull();
    const en = await setEnabled(who, draft.id, true);
    expect(en.statusCode).toBe(400);
    expect(en.json().message).toBe(
      'This product has no terms yet. Add its terms before offering it to borrowers.',
    );
    const id = await setEnabled(who, draft.id, true, 'id');
    expect(id.json().message).toBe(
      'Produk ini belum memiliki ketentuan. Lengkapi ketentuannya sebelum ditawarkan kepada peminjam.',
    );
    const [row] = await database.db.select().from(products).where(eq(products.id, draft.id));
    expect(row!.enabled).toBe(false);

    const offered = await created(who, body('IN', inTerms()));
    await setEnabled(who, offered.id, true);
    const cleared = await app.inject({
      method: 'PUT',
      url: `${ADMIN_BASE}/products/${offered.id}`,
      headers: who,
      payload: { ...update(body('IN', null)) },
    });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json().message).toMatch(/^A product on offer needs its terms/);
    const [still] = await database.db.select().from(products).where(eq(products.id, offered.id));
    expect(still!.terms).not.toBeNull();
  });

  it('refuses terms that a seeded product kept from before, when someone tries to offer it', async () => {
    const who = await admin();
    const [legacy] = await database.db
      .insert(products)
      .values({
        market: 'ID',
        code: 'legacy-over-cap',
        name: 'Old',
        logoUrl: '/x.svg',
        terms: idTerms({ dailyInterestPpm: 3_000 }),
      })
      .returning();
    const res = await setEnabled(who, legacy!.id, true);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^The terms need changing\. A loan of Rp/);
  });

  it('answers 409 for a code the market already has; the other market may use it', async () => {
    const who = await admin();
    const first = body('IN', inTerms());
    await created(who, first);
    const again = await create(who, { ...body('IN', inTerms()), code: first.code });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      `This market already has a product with the code “${first.code}”. Please choose another code.`,
    );
    const idAgain = await create(who, { ...body('IN', inTerms()), code: first.code }, 'id');
    expect(idAgain.json().message).toMatch(/^Pasar ini sudah memiliki produk dengan kode/);
    const elsewhere = await create(who, { ...body('ID', idTerms()), code: first.code });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('refuses bodies the contract does not allow: control characters, unknown fields, money past the bound, a script logo', async () => {
    const who = await admin();
    const cases: object[] = [
      body('IN', inTerms(), { name: 'Bad\u0000name' }),
      body('IN', inTerms(), { enabled: true }),
      body('IN', inTerms({ amountMax: 100_000_000_001 })),
      body('IN', inTerms({ installments: 2_147_483_648 })),
      body('IN', inTerms(), { logoUrl: 'javascript:alert(1)' }),
      body('IN', inTerms(), { logoUrl: '//evil.example/logo.png' }),
      body('IN', inTerms(), { logoUrl: 'http://plain.example/logo.png' }),
      body('IN', inTerms(), { code: 'Has Spaces' }),
      body('IN', { ...inTerms(), market: 'ID' } as StoredTerms),
    ];
    for (const payload of cases) {
      const res = await create(who, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const https = await create(who, body('IN', inTerms(), { logoUrl: 'https://cdn.example/logo.png' }));
    expect(https.statusCode).toBe(200);
  });
});

describe('who may see and change products', () => {
  it('shows an agent their market’s products only; another market’s product is named as such (403)', async () => {
    const who = await admin();
    const indonesian = await created(who, body('ID', idTerms()));
    const indian = await created(who, body('IN', inTerms()));
    const agent = await agentIn();
    const mine = await list(agent);
    expect(mine.statusCode).toBe(200);
    const markets = new Set(mine.json().data.items.map((p: AdminProduct) => p.market));
    expect([...markets]).toEqual(['IN']);
    expect(mine.json().data.items.some((p: AdminProduct) => p.id === indian.id)).toBe(true);
    expect((await list(agent, '?market=ID')).statusCode).toBe(403);
    const other = await app.inject({
      method: 'GET',
      url: `${ADMIN_BASE}/products/${indonesian.id}`,
      headers: { cookie: agent.cookie, 'x-lang': 'id' },
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe(ADMIN_ERROR_CODE.OTHER_MARKET);
    expect(other.json().message).toBe('Produk ini milik pasar lain, yang bukan wilayah kerja Anda.');
    const missing = await app.inject({
      method: 'GET',
      url: `${ADMIN_BASE}/products/999999`,
      headers: { cookie: agent.cookie },
    });
    expect(missing.statusCode).toBe(404);
    // Both markets for an administrator of both.
    const all = await list(who);
    expect(new Set(all.json().data.items.map((p: AdminProduct) => p.market))).toEqual(new Set(['IN', 'ID']));
  });

  it('lets an agent read but not change terms (prices are the administrators’)', async () => {
    const who = await admin();
    const product = await created(who, body('IN', inTerms()));
    const agent = await agentIn();
    const view = await app.inject({
      method: 'GET',
      url: `${ADMIN_BASE}/products/${product.id}`,
      headers: { cookie: agent.cookie },
    });
    expect(view.statusCode).toBe(200);
    expect(view.json().data.terms).toEqual(inTerms());
    expect((await setEnabled(agent, product.id, true)).statusCode).toBe(403);
    expect((await create(agent, body('IN', inTerms()))).statusCode).toBe(403);
  });

  it('refuses an administrator of one market another market’s product (403 40301), and creating there', async () => {
    const who = await admin();
    const indonesian = await created(who, body('ID', idTerms()));
    const indian = await adminIn();
    const toggle = await setEnabled(indian, indonesian.id, true);
    expect(toggle.statusCode).toBe(403);
    expect(toggle.json().code).toBe(ADMIN_ERROR_CODE.OTHER_MARKET);
    expect(toggle.json().message).toBe('This product belongs to another market, which you do not work on.');
    const payload = body('ID', idTerms());
    const edit = await app.inject({
      method: 'PUT',
      url: `${ADMIN_BASE}/products/${indonesian.id}`,
      headers: indian,
      payload: update(payload),
    });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().code).toBe(ADMIN_ERROR_CODE.OTHER_MARKET);
    expect((await create(indian, payload)).statusCode).toBe(403);
    const [row] = await database.db.select().from(products).where(eq(products.id, indonesian.id));
    expect(row).toMatchObject({ enabled: false, name: indonesian.name });
  });

  it('refuses a change without the CSRF token, from another site, or with a borrower’s token', async () => {
    const who = await admin();
    const product = await created(who, body('IN', inTerms()));
    const url = `${ADMIN_BASE}/products/${product.id}/enabled`;
    const noCsrf = await app.inject({
      method: 'POST',
      url,
      headers: { cookie: who.cookie },
      payload: { enabled: true },
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().message).toBe('This page is out of date. Please reload it and try again.');
    const noCsrfId = await app.inject({
      method: 'POST',
      url: `${ADMIN_BASE}/products`,
      headers: { cookie: who.cookie, 'x-lang': 'id' },
      payload: body('IN', inTerms()),
    });
    expect(noCsrfId.statusCode).toBe(403);
    expect(noCsrfId.json().message).toBe('Halaman ini sudah kedaluwarsa. Muat ulang lalu coba lagi.');
    const foreign = await app.inject({
      method: 'POST',
      url,
      headers: { ...who, origin: 'https://evil.example' },
      payload: { enabled: true },
    });
    expect(foreign.statusCode).toBe(403);
    const [b] = await database.db
      .select({ id: borrowers.id })
      .from(borrowers)
      .where(eq(borrowers.market, 'IN'));
    const token = await app.sessions.open(b!.id, null);
    const borrower = await app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${token}` },
      payload: { enabled: true },
    });
    expect(borrower.statusCode).toBe(403);
    const [row] = await database.db.select().from(products).where(eq(products.id, product.id));
    expect(row!.enabled).toBe(false);
    const audited = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, `product:${product.id}`), eq(auditLog.action, 'product.enable')));
    expect(audited).toEqual([]);
  });
});
