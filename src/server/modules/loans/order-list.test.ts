import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOAN_PATHS } from '../../../shared/contract/constants.ts';
import { ORDER_LIST_PAGE_SIZE, type OrderListItem } from '../../../shared/contract/loans.ts';
import { isLive, isPending } from '../../../shared/domain/order-status.ts';
import { borrowers, orders, products } from '../../db/schema.ts';
import { seedOrder } from '../../db/seed-loans.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

/** My loans (issue 30): the borrower's orders, open first, with the loan account's next due amount. */
let t: TestApp;
let india: string;
let indonesia: string;

beforeAll(async () => {
  t = await createTestApp();
  india = await t.signIn('IN');
  indonesia = await t.signIn('ID');
});
afterAll(async () => {
  await t.close();
});

const list = (token: string, payload: unknown = {}, lang?: string) =>
  t.app.inject({
    method: 'POST',
    url: LOAN_PATHS.orderList,
    headers: { ...t.auth(token), ...(lang ? { 'x-lang': lang } : {}) },
    payload: payload as object,
  });

/** The borrower an order belongs to. */
async function ownerOf(orderNo: string): Promise<number> {
  const [row] = await t.database.db
    .select({ borrowerId: orders.borrowerId })
    .from(orders)
    .where(eq(orders.orderNo, orderNo));
  return row!.borrowerId;
}

/** The newest borrower: the one `newBorrower` just made. */
async function newest(): Promise<number> {
  const [row] = await t.database.db
    .select({ id: borrowers.id })
    .from(borrowers)
    .orderBy(desc(borrowers.id))
    .limit(1);
  return row!.id;
}

const detailsRow = async (token: string, orderNo: string, lang: string, title: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: LOAN_PATHS.details,
    headers: { ...t.auth(token), 'x-lang': lang },
    payload: { orderId: orderNo },
  });
  const rows = res.json().data.userOrderDetail.detail as Array<{ text: string; value: string }>;
  return rows.find((r) => r.text === title)?.value;
};

describe('order-list', () => {
  it("lists exactly the borrower's own orders: open first, overdue then due among them, else newest first", async () => {
    const res = await list(india);
    expect(res.statusCode).toBe(200);
    const { code, data } = res.json();
    expect(code).toBe(0);
    const items = data.items as OrderListItem[];
    const mine = await t.database.db
      .select({ orderNo: orders.orderNo, status: orders.status, createdAt: orders.createdAt })
      .from(orders)
      .where(eq(orders.borrowerId, await ownerOf('IN20261101001')));
    expect(items.map((i) => i.orderNo).sort()).toEqual(mine.map((o) => o.orderNo).sort());
    expect(items.every((i) => i.orderNo.startsWith('IN'))).toBe(true);
    const openFlags = items.map((i) => i.open);
    expect(openFlags).toEqual([...openFlags].sort((a, b) => Number(b) - Number(a)));
    for (const i of items) expect(i.open).toBe(isLive(i.orderStatus) || isPending(i.orderStatus));
    const created = new Map(mine.map((o) => [o.orderNo, o.createdAt.getTime()]));
    // What needs the borrower now comes first: the overdue loan, then the due one.
    const open = items.filter((i) => i.open);
    expect(open.slice(0, 2).map((i) => i.orderStatus)).toEqual([180, 174]);
    for (const group of [open.slice(2), items.filter((i) => !i.open)]) {
      const times = group.map((i) => created.get(i.orderNo)!);
      expect(times).toEqual([...times].sort((a, b) => b - a));
    }
    expect(data).toMatchObject({ page: 1, hasMore: false });
  });

  it("shows a live loan's next due amount as its details do, and a closed one's none", async () => {
    const items = (await list(india)).json().data.items as OrderListItem[];
    const due = items.find((i) => i.orderNo === 'IN20261101001')!;
    expect(due).toMatchObject({ orderStatus: 174, statusText: 'Repayment due', amountText: '₹15,000' });
    expect(due.nextDue).not.toBeNull();
    expect(due.nextDue!.amountText).toBe(await detailsRow(india, due.orderNo, 'en', 'Amount due now'));
    const settled = items.find((i) => i.orderNo === 'IN20260801002')!;
    expect(settled).toMatchObject({ open: false, nextDue: null, daysOverdue: 0, overdueText: '' });
    const review = items.find((i) => i.orderNo === 'IN20261120003')!;
    expect(review).toMatchObject({ open: true, nextDue: null, statusText: 'Under review' });
  });

  it('says how many days an overdue loan is late, in each language', async () => {
    const en = (await list(india)).json().data.items as OrderListItem[];
    const late = en.find((i) => i.orderStatus === 180)!;
    expect(late.daysOverdue).toBeGreaterThan(1);
    expect(late.overdueText).toBe(`${late.daysOverdue} days overdue`);
    const id = (await list(indonesia, {}, 'id')).json().data.items as OrderListItem[];
    const terlambat = id.find((i) => i.orderStatus === 180)!;
    expect(terlambat.statusText).toBe('Terlambat');
    expect(terlambat.overdueText).toBe(`Terlambat ${terlambat.daysOverdue} hari`);
    expect(terlambat.amountText).toMatch(/^Rp\u00a0[\d.]+$/);
  });

  it('answers an empty list for a borrower with no orders', async () => {
    const res = await list(await t.newBorrower('ID'));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ items: [], page: 1, hasMore: false });
  });

  it('pages by 20, open orders on the first page, and another borrower never sees them', async () => {
    const token = await t.newBorrower('IN');
    const borrowerId = await newest();
    const [product] = await t.database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.market, 'IN'))
      .limit(1);
    const now = Date.now();
    // 21 settled loans, and one under review made before them all: open first all the same.
    for (let i = 0; i < ORDER_LIST_PAGE_SIZE + 1; i++)
      await seedOrder(
        t.database.db,
        'IN',
        borrowerId,
        product!.id,
        {
          orderNo: `IN2025020${String(i).padStart(4, '0')}`,
          product: 0,
          status: 200,
          amountMinor: 1_000_000,
          termDays: 91,
          createdDaysAgo: 300 - i,
        },
        now,
      );
    await seedOrder(
      t.database.db,
      'IN',
      borrowerId,
      product!.id,
      {
        orderNo: 'IN20250101900',
        product: 0,
        status: 21,
        amountMinor: 1_000_000,
        termDays: 91,
        createdDaysAgo: 400,
      },
      now,
    );
    const first = (await list(token)).json().data;
    expect(first.items).toHaveLength(ORDER_LIST_PAGE_SIZE);
    expect(first.hasMore).toBe(true);
    expect(first.items[0]).toMatchObject({ orderNo: 'IN20250101900', open: true });
    const second = (await list(token, { page: 2 })).json().data;
    expect(second).toMatchObject({ page: 2, hasMore: false });
    expect(second.items).toHaveLength(2);
    const all = [...first.items, ...second.items].map((i: OrderListItem) => i.orderNo);
    expect(new Set(all).size).toBe(ORDER_LIST_PAGE_SIZE + 2);
    // The demo borrower's list holds none of them.
    const theirs = ((await list(india)).json().data.items as OrderListItem[]).map((i) => i.orderNo);
    expect(theirs.some((n) => all.includes(n))).toBe(false);
  });

  it.each([
    [{ page: 0 }],
    [{ page: 501 }],
    [{ page: 2 ** 31 }],
    [{ page: [1] }],
    [{ page: '1\u0000' }],
    [{ page: 1, other: 1 }],
  ])('refuses %j with 400 and a message', async (payload) => {
    const res = await list(india, payload);
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().message).toBe('string');
  });

  it('needs a signed-in borrower', async () => {
    const res = await t.app.inject({ method: 'POST', url: LOAN_PATHS.orderList, payload: {} });
    expect(res.statusCode).toBe(401);
  });
});
