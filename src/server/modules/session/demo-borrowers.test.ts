import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_BORROWERS, seed } from '../../db/seed.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

describe('demo mode’s several borrowers per market', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // As the process seeds demo mode (server.ts): every demo borrower. Idempotent over the test seed.
    await seed(t.database.db, null, { demo: true, borrowersPerMarket: 3 });
  });
  afterAll(async () => {
    await t.close();
  });

  const login = (market: string, borrower?: number) =>
    t.app.inject({
      method: 'POST',
      url: '/dev-api/demo-login',
      payload: borrower === undefined ? { market } : { market, borrower },
    });
  const post = (name: string, token: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url: `/h5-api/v3/user-problem/${name}`, headers: t.auth(token), payload });

  it('lists at least three per market, and signs in the one chosen (the first by default)', async () => {
    for (const market of ['IN', 'ID'] as const) {
      const list = (await t.app.inject(`/dev-api/demo-borrowers?market=${market}`)).json().data;
      expect(list.length).toBeGreaterThanOrEqual(3);
      expect(list.map((b: { name: string }) => b.name)).toEqual(DEMO_BORROWERS[market].map((b) => b.name));
      expect((await login(market)).json().data.userId).toBe(list[0].userId);
      const second = (await login(market, 2)).json().data;
      expect(second).toMatchObject({ userId: list[1].userId, market, name: list[1].name });
    }
    expect((await login('IN', 9)).statusCode).toBe(404);
    expect((await login('IN', 0)).statusCode).toBe(400);
  });

  it('gives each borrower their own orders and complaints, and keeps them apart', async () => {
    const first = (await login('IN', 1)).json().data.token as string;
    const second = (await login('IN', 2)).json().data.token as string;
    const orders = async (token: string) =>
      ((await post('problem-init', token)).json().data.orderList as Array<{ orderNo: string }>).map(
        (o) => o.orderNo,
      );
    const myOrders = await orders(first);
    const theirOrders = await orders(second);
    expect(myOrders.length).toBeGreaterThan(0);
    expect(theirOrders.length).toBeGreaterThan(0);
    expect(myOrders.filter((o) => theirOrders.includes(o))).toEqual([]);
    const listOf = async (token: string) => (await post('problem-list', token, {})).json().data.list;
    const mine = await listOf(first);
    const theirs = await listOf(second);
    expect(mine.length).toBeGreaterThan(0);
    expect(theirs.length).toBeGreaterThan(0);
    const ids = (l: Array<{ id: number }>) => l.map((c) => c.id);
    expect(ids(mine).filter((id) => ids(theirs).includes(id))).toEqual([]);
    // One borrower cannot read the other's complaint.
    expect((await post('problem-detail', second, { problemId: ids(mine)[0] })).statusCode).toBe(404);
  });
});
