import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPAY_PATHS } from '../../../shared/contract/constants.ts';
import type { PlanData, VcodeData } from '../../../shared/contract/repayment.ts';
import { addDays, marketDay, startOfMarketDay } from '../../../shared/domain/time.ts';
import { MARKET_INFO, type Market } from '../../../shared/markets.ts';
import { orders } from '../../db/schema.ts';
import { seedOrder } from '../../db/seed-loans.ts';
import { demoProductId } from '../../test/demo-products.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { CODE_LIFETIME_MS } from './repayment.service.ts';

/**
 * A pay code lives a fixed time, not to the market's midnight (issue 29): generate-vcode called when the
 * test clock reads 23:54 in Jakarta, then 23:54 in Kolkata, for a loan whose amount holds for weeks,
 * answers a code that lives 24 hours (and the extension offer's own expiry says the same). Against the
 * real database (PGlite, or PostgreSQL with TEST_DATABASE_URL).
 */
let t: TestApp;
const token: Partial<Record<Market, string>> = {};

beforeAll(async () => {
  t = await createTestApp();
  token.IN = await t.signIn('IN');
  token.ID = await t.signIn('ID');
});
afterAll(async () => {
  await t.close();
});

/** Moves the test clock (forward only) to the next 23:54 in the market's time zone. */
function toSixMinutesBeforeMidnight(market: Market) {
  const now = t.clock.now();
  const today = marketDay(now, market);
  let target = new Date(startOfMarketDay(addDays(today, 1), market).getTime() - 6 * 60_000);
  if (target <= now) target = new Date(target.getTime() + 86_400_000);
  t.clock.advance(target.getTime() - now.getTime());
  const clock = new Intl.DateTimeFormat('en-GB', {
    timeZone: MARKET_INFO[market].timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(t.clock.now());
  expect(clock).toBe('23:54');
}

/**
 * A three-period loan of the market's demo borrower (India's product 0, Indonesia's 1), paid out 10 days
 * before the clock's now: its first period may be paid ahead, and falls due weeks later.
 */
async function loanNotDueForWeeks(market: Market, orderNo: string) {
  const product = market === 'IN' ? 0 : 1;
  const [demo] = await t.database.db
    .select()
    .from(orders)
    .where(eq(orders.orderNo, `${market}20261101001`));
  const productId = await demoProductId(t.database.db, market, product);
  await seedOrder(
    t.database.db,
    market,
    demo!.borrowerId,
    productId,
    {
      orderNo,
      product,
      status: 170,
      amountMinor: market === 'IN' ? 1_500_000 : 300_000_000,
      termDays: 91,
      createdDaysAgo: 10,
    },
    t.clock.now().getTime(),
  );
}

const post = (market: Market, path: string, payload: object) =>
  t.app.inject({ method: 'POST', url: path, headers: t.auth(token[market]!), payload });

describe.each([
  ['ID', 'ID20261101951', { payCode: 'BNI', pay_type: 1 }],
  ['IN', 'IN20261101951', { payCode: 'UPI', pay_type: 3 }],
] as const)('a code made at 23:54 in %s', (market, orderNo, way) => {
  it('lives 24 hours, past the market’s midnight', async () => {
    toSixMinutesBeforeMidnight(market);
    await loanNotDueForWeeks(market, orderNo);
    const planRes = await post(market, REPAY_PATHS.plan, { orderId: orderNo });
    expect(planRes.statusCode, planRes.body).toBe(200);
    const first = (planRes.json().data as PlanData).repayPlanDetail.repayWaitDetail[0]!;

    const before = t.clock.now().getTime();
    const res = await post(market, REPAY_PATHS.vcode, {
      orderId: orderNo,
      amount: first.totalAmount,
      ...way,
    });
    const after = t.clock.now().getTime();
    expect(res.statusCode, res.body).toBe(200);
    const code = res.json().data as VcodeData;
    const expires = Date.parse(code.expiresAt);
    expect(expires).toBeGreaterThanOrEqual(before + CODE_LIFETIME_MS);
    expect(expires).toBeLessThanOrEqual(after + CODE_LIFETIME_MS);
    // Not the midnight six minutes away: the code outlives it by almost a day.
    const midnight = startOfMarketDay(addDays(marketDay(new Date(before), market), 1), market).getTime();
    expect(expires - midnight).toBeGreaterThan(23 * 3_600_000);

    // The extension offer's code expiry is the same rule.
    const delay = await post(market, REPAY_PATHS.delay, { orderId: orderNo });
    expect(delay.statusCode, delay.body).toBe(200);
    expect(Date.parse(delay.json().data.delayExpiryTime) - before).toBeGreaterThanOrEqual(CODE_LIFETIME_MS);
  });
});
