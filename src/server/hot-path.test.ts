import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_BASE,
  COMPLAINT_BASE,
  LIST_PAGE,
  LOAN_PATHS,
  REPAY_PATHS,
} from '../shared/contract/constants.ts';
import { complaints } from './db/schema.ts';
import { complaintPages } from './modules/complaints/complaints.repository.ts';
import { createTestApp, staffSignIn, type TestApp } from './test/helpers.ts';

/**
 * The hot-path pattern (decision 020): a borrower read is one database round trip once caches are warm,
 * and the caches never hide a logout or an operator's edit on the instance that took it.
 */
let t: TestApp;
let india: string;
beforeAll(async () => {
  t = await createTestApp();
  india = await t.signIn('IN');
});
afterAll(async () => {
  await t.close();
});

const post = (path: string, token: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url: `${COMPLAINT_BASE}/${path}`, payload, headers: t.auth(token) });
const qaList = (token: string, pid = 0) =>
  t.app.inject({ method: 'GET', url: `${COMPLAINT_BASE}/get-qa-list?pid=${pid}`, headers: t.auth(token) });

/** Runs a request twice (the first warms the caches) and counts the driver queries of the second. */
async function queriesOf(send: () => Promise<{ statusCode: number }>) {
  expect((await send()).statusCode).toBe(200);
  const before = t.database.queryCount();
  expect((await send()).statusCode).toBe(200);
  return t.database.queryCount() - before;
}

const adminSignIn = () => staffSignIn(t.app, 'admin@kredito.test', 'Admin!2345');

describe('one round trip per borrower read', () => {
  it('counts queries at the driver', async () => {
    const before = t.database.queryCount();
    await t.database.db.select().from(complaints).limit(1);
    expect(t.database.queryCount() - before).toBe(1);
  });

  it('get-qa-list and contact-kf-info answer from memory', async () => {
    expect(await queriesOf(() => qaList(india))).toBe(0);
    const categories = (await qaList(india)).json().data.answerList;
    expect(await queriesOf(() => qaList(india, categories[0].id))).toBe(0);
    expect(
      await queriesOf(() =>
        t.app.inject({
          method: 'POST',
          url: '/v3/personal-center/contact-kf-info',
          payload: { overall: 30 },
          headers: t.auth(india),
        }),
      ),
    ).toBe(0);
  });

  it('problem-init (orders, types and counts) is one statement', async () => {
    expect(await queriesOf(() => post('problem-init', india))).toBe(1);
    const init = (await post('problem-init', india)).json().data;
    expect(init.orderList).toHaveLength(7);
    expect(init.problemStatus.ratingDue).toBeGreaterThanOrEqual(0);
  });

  it('the loan screens read in one statement each: product list, confirmation, loan details, my loans', async () => {
    const loan = (url: string, payload: object) => () =>
      t.app.inject({ method: 'POST', url, payload, headers: t.auth(india) });
    expect(await queriesOf(loan(LOAN_PATHS.recommendList, {}))).toBe(1);
    expect(await queriesOf(loan(LOAN_PATHS.details, { orderId: 'IN20261101001' }))).toBe(1);
    expect(await queriesOf(loan(LOAN_PATHS.details, { orderId: 'IN20261120003' }))).toBe(1);
    // My loans (issue 30): every order of the page with its loan account's facts, one statement.
    expect(await queriesOf(loan(LOAN_PATHS.orderList, {}))).toBe(1);
    const [first] = (await loan(LOAN_PATHS.recommendList, {})()).json().data;
    expect(await queriesOf(loan(LOAN_PATHS.confirmDetail, { productId: first.id }))).toBe(1);
  });

  it('the repayment plan and the extension offer read in one statement each; pay types in none', async () => {
    const repay = (url: string, payload: object) => () =>
      t.app.inject({ method: 'POST', url, payload, headers: t.auth(india) });
    expect(await queriesOf(repay(REPAY_PATHS.plan, { orderId: 'IN20261101001' }))).toBe(1);
    expect(await queriesOf(repay(REPAY_PATHS.delay, { orderId: 'IN20261101001' }))).toBe(1);
    expect(await queriesOf(repay(REPAY_PATHS.payTypes, { orderId: 'IN20261101001' }))).toBe(0);
  });

  it('payment-status, polled every 5 s while a bill is open (decision 057), is one statement', async () => {
    const repay = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, payload, headers: t.auth(india) });
    const plan = (await repay(REPAY_PATHS.plan, { orderId: 'IN20261101001' })).json().data;
    const amount = plan.repayPlanDetail.repayWaitDetail[0].totalAmount;
    const bill = await repay(REPAY_PATHS.vcode, {
      orderId: 'IN20261101001',
      amount,
      payCode: 'UPI',
      pay_type: 3,
    });
    expect(bill.statusCode, bill.body).toBe(200);
    const status = () =>
      repay(REPAY_PATHS.status, { orderId: 'IN20261101001', billNo: bill.json().data.billNo });
    // A UPI bill: its latest payment and latest UTR come in the same statement as the bill.
    expect(await queriesOf(status)).toBe(1);
    expect((await status()).json().data.state).toBe('pending');
  });

  it('problem-list and problem-detail are one statement each', async () => {
    expect(await queriesOf(() => post('problem-list', india))).toBe(1);
    expect(await queriesOf(() => post('problem-list', india, { status: 'processed', limit: 1 }))).toBe(1);
    const { list } = (await post('problem-list', india, { status: 'processed' })).json().data;
    const detail = () => post('problem-detail', india, { problemId: list[0].id });
    expect(await queriesOf(detail)).toBe(1);
    expect((await detail()).json().data.disposeImages.length).toBeGreaterThan(0);
  });
});

describe('one round trip per complaint save', () => {
  it('checks the order and stores the complaint in one statement', async () => {
    let n = 0;
    const save = () =>
      post('problem-save', india, {
        problemType: 2,
        problemDetail: `Round trip ${n++}`,
        orderNo: 'IN20261101001',
      });
    expect(await queriesOf(save)).toBe(1);
  });
});

describe('sessions from the cache', () => {
  it('refuses a token at once after its logout on this instance', async () => {
    const token = await t.signIn('ID');
    expect((await qaList(token)).statusCode).toBe(200);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/vdthg/v1/session/logout',
      headers: t.auth(token),
    });
    expect(logout.statusCode).toBe(200);
    expect((await qaList(token)).statusCode).toBe(401);
  });
});

describe('reference data follows the back office', () => {
  it("shows an operator's edit of a chatbot category at once", async () => {
    const staff = await adminSignIn();
    const [category] = (await qaList(india)).json().data.answerList;
    const tree = await t.app.inject({ method: 'GET', url: `${ADMIN_BASE}/qa?market=IN`, headers: staff });
    const node = tree.json().data.items.find((i: { id: number }) => i.id === category.id);
    const { id: _id, ...body } = node;
    const res = await t.app.inject({
      method: 'PUT',
      url: `${ADMIN_BASE}/qa/${category.id}`,
      payload: { ...body, titleEn: 'Repayment help' },
      headers: staff,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await qaList(india)).json().data.answerList[0].title_local).toBe('Repayment help');
  });

  it("shows an operator's edit of a complaint type at once, and hides a deactivated one", async () => {
    const staff = await adminSignIn();
    const types = await t.app.inject({
      method: 'GET',
      url: `${ADMIN_BASE}/complaint-types?market=IN`,
      headers: staff,
    });
    const items = types.json().data.items as Array<{ id: number; value: number; sort: number }>;
    const late = items.find((i) => i.value === 2)!;
    const other = items.find((i) => i.value === 3)!;
    expect((await post('problem-init', india)).json().data.problemType[1].value).toBe(2);
    const edit = (id: number, body: object) =>
      t.app.inject({
        method: 'PUT',
        url: `${ADMIN_BASE}/complaint-types/${id}`,
        payload: body,
        headers: staff,
      });
    const renamed = await edit(late.id, {
      titleEn: 'Late fees',
      titleId: 'Denda keterlambatan',
      sort: late.sort,
      active: true,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(
      (await edit(other.id, { titleEn: 'Other', titleId: 'Lain', sort: other.sort, active: false }))
        .statusCode,
    ).toBe(200);
    const init = (await post('problem-init', india)).json().data;
    expect(init.problemType.find((o: { value: number }) => o.value === 2).title).toBe('Late fees');
    expect(init.problemType.some((o: { value: number }) => o.value === 3)).toBe(false);
    const save = await post('problem-save', india, {
      problemType: 3,
      problemDetail: 'A complaint of a type that was just switched off.',
      orderNo: 'IN20261101001',
    });
    expect(save.statusCode).toBe(400);
  });

  it('refuses a borrower token on the complaint-type editor', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${ADMIN_BASE}/complaint-types?market=IN`,
      headers: t.auth(india),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('counts on the complaint screens', () => {
  it('stop one past the display cap, however long the history', async () => {
    const token = await t.newBorrower('ID');
    const me = (
      await t.app.inject({ method: 'GET', url: '/vdthg/v1/session/me', headers: t.auth(token) })
    ).json().data;
    await t.database.db.insert(complaints).values(
      Array.from({ length: LIST_PAGE.countCap + 30 }, (_, i) => ({
        borrowerId: me.userId as number,
        market: 'ID',
        orderNo: 'ID-MANY',
        typeValue: 2,
        detail: `complaint ${i}`,
        status: 'processing',
        ratingDue: i < 3,
        deadlineAt: new Date(),
      })),
    );
    const list = (await post('problem-list', token)).json().data;
    expect(list.tabs.map((tab: { count: number }) => tab.count)).toEqual([LIST_PAGE.countCap + 1, 0]);
    const init = (await post('problem-init', token)).json().data;
    expect(init.problemStatus).toEqual({ processing: LIST_PAGE.countCap + 1, processed: 0, ratingDue: 3 });
  });
});

describe('complaint counts kept by the database', () => {
  /** What the counts must equal: the borrower's complaints counted the slow way. */
  async function counted(borrowerId: number) {
    const rows = await t.database.db
      .select({ status: complaints.status, ratingDue: complaints.ratingDue })
      .from(complaints)
      .where(eq(complaints.borrowerId, borrowerId));
    return {
      processing: rows.filter((r) => r.status === 'processing').length,
      processed: rows.filter((r) => r.status === 'processed').length,
      ratingDue: rows.filter((r) => r.ratingDue).length,
    };
  }

  it('follow a complaint filed, answered, rated and deleted, whichever path changes it', async () => {
    const token = await t.newBorrower('IN');
    const me = (
      await t.app.inject({ method: 'GET', url: '/vdthg/v1/session/me', headers: t.auth(token) })
    ).json().data;
    const borrowerId = me.userId as number;
    const shown = async () => (await post('problem-init', token)).json().data.problemStatus;
    expect(await shown()).toEqual({ processing: 0, processed: 0, ratingDue: 0 });

    const filed = await t.database.db
      .insert(complaints)
      .values(
        [0, 1, 2].map((i) => ({
          borrowerId,
          market: 'IN',
          orderNo: 'IN-COUNTS',
          typeValue: 2,
          detail: `complaint ${i}`,
          deadlineAt: new Date(),
        })),
      )
      .returning({ id: complaints.id });
    expect(await shown()).toEqual({ processing: 3, processed: 0, ratingDue: 0 });

    // An answer (as the back office writes it) moves one to the other tab and asks for a rating.
    await t.database.db
      .update(complaints)
      .set({ status: 'processed', ratingDue: true, replyText: 'Done' })
      .where(eq(complaints.id, filed[0]!.id));
    expect(await shown()).toEqual({ processing: 2, processed: 1, ratingDue: 1 });
    // An update that changes neither status nor rating leaves the counts alone.
    await t.database.db.update(complaints).set({ detail: 'edited' }).where(eq(complaints.id, filed[1]!.id));
    expect(await shown()).toEqual(await counted(borrowerId));

    const rated = await post('save-score', token, { problemId: filed[0]!.id, score: 5 });
    expect(rated.statusCode, rated.body).toBe(200);
    expect(await shown()).toEqual({ processing: 2, processed: 1, ratingDue: 0 });

    await t.database.db.delete(complaints).where(eq(complaints.id, filed[2]!.id));
    expect(await shown()).toEqual({ processing: 1, processed: 1, ratingDue: 0 });
    expect(await shown()).toEqual(await counted(borrowerId));
    const list = (await post('problem-list', token, { status: 'processed' })).json().data;
    expect(list.tabs.map((tab: { count: number }) => tab.count)).toEqual([1, 1]);
  });
});

describe('complaint times', () => {
  it('are the same millisecond in the list and in the details, however many microseconds', async () => {
    const token = await t.newBorrower('IN');
    const me = (
      await t.app.inject({ method: 'GET', url: '/vdthg/v1/session/me', headers: t.auth(token) })
    ).json().data;
    const [row] = await t.database.db
      .insert(complaints)
      .values({
        borrowerId: me.userId as number,
        market: 'IN',
        orderNo: 'IN-TIME',
        typeValue: 2,
        detail: 'timing',
        deadlineAt: new Date(),
      })
      .returning({ id: complaints.id });
    await t.database.db.execute(
      sql`update complaints set created_at = '2026-10-01 10:00:00.123999+00' where id = ${row!.id}`,
    );
    const list = (await post('problem-list', token)).json().data;
    expect(list.list[0].time).toBe('2026-10-01T10:00:00.123Z');
    const detail = (await post('problem-detail', token, { problemId: row!.id })).json().data;
    expect(detail.createdAt).toBe('2026-10-01T10:00:00.123Z');
  });
});

describe('paging problem-list', () => {
  // The screens' size (no limit sent) and a size the caller asks for run different statements.
  it.each([
    ["the screens' page size", undefined],
    ['a page size of 5', 5],
  ])(
    'returns every complaint exactly once, also when complaints arrive between pages (%s)',
    async (_, limit) => {
      const token = await t.newBorrower('IN');
      const me = (
        await t.app.inject({ method: 'GET', url: '/vdthg/v1/session/me', headers: t.auth(token) })
      ).json().data;
      // Equal creation times in groups of three: the id breaks ties, or rows would be skipped or repeated.
      const base = Date.UTC(2026, 9, 1);
      const rows = Array.from({ length: 47 }, (_, i) => ({
        borrowerId: me.userId as number,
        market: 'IN',
        orderNo: 'IN-PAGING',
        typeValue: 2,
        detail: `complaint ${i}`,
        status: i % 4 === 0 ? 'processed' : 'processing',
        deadlineAt: new Date(base + 86_400_000 * 5),
        createdAt: new Date(base + Math.floor(i / 3) * 60_000),
      }));
      const inserted = await t.database.db.insert(complaints).values(rows).returning({ id: complaints.id });

      for (const status of ['processing', 'processed'] as const) {
        const seen: number[] = [];
        let cursor: string | undefined;
        let pages = 0;
        do {
          const res = await post('problem-list', token, {
            status,
            ...(limit ? { limit } : {}),
            ...(cursor ? { cursor } : {}),
          });
          expect(res.statusCode, res.body).toBe(200);
          const page = res.json().data;
          seen.push(...page.list.map((i: { id: number }) => i.id));
          cursor = page.nextCursor ?? undefined;
          if (pages++ === 1) {
            // A new complaint while the borrower scrolls belongs to the top, never to a later page.
            await t.database.db.insert(complaints).values({ ...rows[0]!, status, createdAt: new Date() });
          }
        } while (cursor && pages < 50);
        const expected = inserted.filter((_, i) => rows[i]!.status === status).map((r) => r.id);
        expect(seen).toHaveLength(expected.length);
        expect(new Set(seen)).toEqual(new Set(expected));
      }
    },
  );
});

describe.runIf(process.env.TEST_DATABASE_URL)('problem-list plans on PostgreSQL', () => {
  /**
   * Prepares a statement's text on one connection, runs it seven times for a borrower with a few of a
   * large table's rows (after ANALYZE) and returns how PostgreSQL planned it: after five custom plans it
   * keeps one generic plan only if the generic one is estimated no dearer.
   */
  async function plans(
    text: string,
    types: string,
    params: string,
  ): Promise<{ generic: number; custom: number }> {
    return t.database.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`prepare plan_probe(${types}) as ${text}`));
      for (let i = 0; i < 7; i++) await tx.execute(sql.raw(`execute plan_probe(${params})`));
      const probe = (await tx.execute(
        sql.raw(`select generic_plans, custom_plans from pg_prepared_statements where name = 'plan_probe'`),
      )) as unknown as { rows: Array<{ generic_plans: string; custom_plans: string }> };
      const row = probe.rows[0];
      await tx.execute(sql.raw('deallocate plan_probe'));
      return { generic: Number(row!.generic_plans), custom: Number(row!.custom_plans) };
    });
  }

  it("the screens' page keeps one generic plan; a limit as a parameter would be planned every time", async () => {
    const [few, many] = [await t.newBorrower('IN'), await t.newBorrower('IN')];
    const idOf = async (token: string) =>
      (await t.app.inject({ method: 'GET', url: '/vdthg/v1/session/me', headers: t.auth(token) })).json().data
        .userId as number;
    const [fewId, manyId] = [await idOf(few), await idOf(many)];
    // Without the counts trigger: 60 000 upserts of one counts row would take longer than the insert.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`alter table complaints disable trigger complaint_counts_trg`);
      await tx.execute(sql`
      insert into complaints (borrower_id, market, order_no, type_value, detail, deadline_at, created_at)
      select case when g % 30 = 0 then ${fewId}::int else ${manyId}::int end, 'IN', 'IN-PLANS', 2,
             'complaint ' || g, now() + interval '5 days', now() - g * interval '1 minute'
        from generate_series(1, 60000) g`);
      await tx.execute(sql`alter table complaints enable trigger complaint_counts_trg`);
    });
    await t.database.db.execute(sql`analyze complaints`);

    const screens = await plans(complaintPages.first.text, 'int, text', `${fewId}, 'processing'`);
    expect(screens.generic).toBeGreaterThan(0);
    // The same statement with its limit as a parameter: the planner's guess for an unknown limit makes
    // the generic plan look dearer, so every execution is planned again (what the constant avoids).
    const sized = await plans(complaintPages.firstSized.text, 'int, text, int', `${fewId}, 'processing', 11`);
    expect(sized.generic).toBe(0);
    expect(sized.custom).toBe(7);
  });
});
