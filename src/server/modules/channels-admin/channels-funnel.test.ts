import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ERROR_CODE } from '../../../shared/contract/admin.ts';
import { CHANNELS_ADMIN_PATHS, conversionPercent } from '../../../shared/contract/channels-admin.ts';
import type { FunnelData } from '../../../shared/contract/channels-admin-schema.ts';
import { addDays, marketDay } from '../../../shared/domain/time.ts';
import type { Market } from '../../../shared/markets.ts';
import { channelTemplates, promoEvents } from '../../db/schema.ts';
import { createTestApp, type StaffHeaders, staffSignIn, type TestApp } from '../../test/helpers.ts';

/**
 * The funnel of a channel per market day: events inserted at chosen instants around both markets'
 * midnights land on the market's day (India +05:30, Indonesia +07:00), every day of the range is there,
 * empty ones as zeros, and the range is bounded.
 */
let t: TestApp;
let admin: StaffHeaders;
const ids: Record<'in1' | 'in2' | 'id1', number> = { in1: 0, in2: 0, id1: 0 };

async function template(market: Market, name: string): Promise<number> {
  const [row] = await t.database.db
    .insert(channelTemplates)
    .values({ market, name, headline: name, appName: 'Kredito' })
    .returning();
  return row!.id;
}

type Kind = 'visit' | 'click' | 'sms' | 'register';
async function events(templateId: number, at: string, kinds: Partial<Record<Kind, number>>) {
  const rows = Object.entries(kinds).flatMap(([kind, count]) =>
    Array.from({ length: count }, () => ({ templateId, kind, createdAt: new Date(at) })),
  );
  await t.database.db.insert(promoEvents).values(rows);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await staffSignIn(t.app, 'admin@kredito.test', 'Admin!2345');
  ids.in1 = await template('IN', 'India one');
  ids.in2 = await template('IN', 'India two');
  ids.id1 = await template('ID', 'Indonesia one');

  // India, around its midnights (18:30 UTC is 00:00 IST).
  await events(ids.in1, '2026-02-28T18:29:59.999Z', { visit: 50 }); // 28 Feb 23:59 IST: before the range
  await events(ids.in1, '2026-02-28T18:30:00.000Z', { visit: 3, click: 2 }); // 1 Mar 00:00 IST
  await events(ids.in1, '2026-03-01T17:30:00.000Z', { visit: 1, register: 1 }); // 1 Mar 23:00 IST
  await events(ids.in1, '2026-03-01T18:29:59.999Z', { sms: 2, register: 1 }); // 1 Mar 23:59 IST
  await events(ids.in1, '2026-03-01T18:30:00.000Z', { visit: 8, click: 4, sms: 2, register: 1 }); // 2 Mar
  await events(ids.in1, '2026-03-04T18:29:59.999Z', { visit: 3, register: 2 }); // 4 Mar 23:59 IST
  await events(ids.in1, '2026-03-04T18:30:00.000Z', { visit: 40 }); // 5 Mar 00:00 IST: after the range
  // Another Indian template: in the market's funnel, not in the first template's.
  await events(ids.in2, '2026-03-02T06:00:00.000Z', { visit: 8 });
  await events(ids.in2, '2026-03-02T07:00:00.000Z', { visit: 8, register: 1 });

  // Indonesia, around its midnights (17:00 UTC is 00:00 WIB). The same instant as India's 1 Mar 23:00
  // IST is already 2 Mar 00:30 in Jakarta.
  await events(ids.id1, '2026-03-01T16:59:59.999Z', { visit: 2 }); // 1 Mar 23:59 WIB
  await events(ids.id1, '2026-03-01T17:30:00.000Z', { visit: 16, click: 5, sms: 3, register: 1 }); // 2 Mar 00:30 WIB
});
afterAll(async () => {
  await t.close();
});

const funnel = async (query: string, who = admin, lang = 'en') =>
  t.app.inject({
    method: 'GET',
    url: `${CHANNELS_ADMIN_PATHS.funnel}?${query}`,
    headers: { cookie: who.cookie, 'x-lang': lang },
  });
async function funnelData(query: string): Promise<FunnelData> {
  const res = await funnel(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const zero = { visits: 0, clicks: 0, codes: 0, registrations: 0, conversion: 0 };

describe('the funnel per market day', () => {
  it('counts a template’s events on India’s days, every day of the range included, empty ones as zeros', async () => {
    const data = await funnelData(`templateId=${ids.in1}&from=2026-03-01&to=2026-03-04`);
    expect(data).toMatchObject({ market: 'IN', templateId: ids.in1, from: '2026-03-01', to: '2026-03-04' });
    expect(data.days).toEqual([
      // 3 + 1 visits, 2 registrations: 50 %.
      { day: '2026-03-01', visits: 4, clicks: 2, codes: 2, registrations: 2, conversion: 50 },
      // 1 of 8: exactly 12.5.
      { day: '2026-03-02', visits: 8, clicks: 4, codes: 2, registrations: 1, conversion: 12.5 },
      { day: '2026-03-03', ...zero },
      // 2 of 3: 66.7 (rounded, not cut).
      { day: '2026-03-04', visits: 3, clicks: 0, codes: 0, registrations: 2, conversion: 66.7 },
    ]);
    // 5 of 15.
    expect(data.totals).toEqual({ visits: 15, clicks: 6, codes: 4, registrations: 5, conversion: 33.3 });
  });

  it('counts all of a market’s templates together, and nothing of the other market', async () => {
    const data = await funnelData('market=IN&from=2026-03-02&to=2026-03-02');
    // 8 of the first template, 16 of the second; 2 registrations of 24 visits: 8.3 %.
    expect(data.days).toEqual([
      { day: '2026-03-02', visits: 24, clicks: 4, codes: 2, registrations: 2, conversion: 8.3 },
    ]);
    expect(data.templateId).toBeNull();
  });

  it('counts on Indonesia’s days: the instant that is 23:00 in India is already the next day in Jakarta', async () => {
    const data = await funnelData(`templateId=${ids.id1}&from=2026-03-01&to=2026-03-03`);
    expect(data.market).toBe('ID');
    expect(data.days).toEqual([
      { day: '2026-03-01', visits: 2, clicks: 0, codes: 0, registrations: 0, conversion: 0 },
      // 1 of 16: 6.25, rounded half up.
      { day: '2026-03-02', visits: 16, clicks: 5, codes: 3, registrations: 1, conversion: 6.3 },
      { day: '2026-03-03', ...zero },
    ]);
    const market = await funnelData('market=ID&from=2026-03-01&to=2026-03-03');
    expect(market.totals).toEqual({ visits: 18, clicks: 5, codes: 3, registrations: 1, conversion: 5.6 });
  });

  it('answers a range without events with its days at zero, and registrations without visits as 0 %', async () => {
    const quiet = await funnelData(`templateId=${ids.in2}&from=2026-01-10&to=2026-01-12`);
    expect(quiet.days.map((d) => d.day)).toEqual(['2026-01-10', '2026-01-11', '2026-01-12']);
    expect(quiet.days.every((d) => d.visits + d.clicks + d.codes + d.registrations === 0)).toBe(true);
    expect(quiet.totals).toEqual(zero);
    // A registration whose visit was not counted (the page's beacon lost) does not divide by zero.
    await events(ids.in2, '2026-01-20T06:00:00.000Z', { register: 2 });
    const odd = await funnelData(`templateId=${ids.in2}&from=2026-01-20&to=2026-01-20`);
    expect(odd.days[0]).toEqual({
      day: '2026-01-20',
      visits: 0,
      clicks: 0,
      codes: 0,
      registrations: 2,
      conversion: 0,
    });
  });

  it('gives the last 14 days up to the market’s today by default', async () => {
    const today = marketDay(t.clock.now(), 'ID');
    await events(ids.id1, t.clock.now().toISOString(), { visit: 1 });
    const data = await funnelData(`templateId=${ids.id1}`);
    expect(data.to).toBe(today);
    expect(data.from).toBe(addDays(today, -13));
    expect(data.days).toHaveLength(14);
    expect(data.days.at(-1)!.visits).toBe(1);
    // Only the end given: the 14 days before it.
    const ending = await funnelData(`templateId=${ids.id1}&to=2026-03-02`);
    expect([ending.from, ending.days.length]).toEqual(['2026-02-17', 14]);
  });

  it('takes at most 92 days, a start not after the end, and real dates; each refusal said plainly', async () => {
    const longest = await funnelData(`templateId=${ids.in1}&from=2026-01-01&to=2026-04-02`);
    expect(longest.days).toHaveLength(92);
    expect(longest.days[0]!.day).toBe('2026-01-01');
    expect(longest.days.at(-1)!.day).toBe('2026-04-02');
    const tooLong = await funnel(`templateId=${ids.in1}&from=2026-01-01&to=2026-04-03`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe('Choose at most 92 days.');
    const backwards = await funnel(`market=IN&from=2026-03-05&to=2026-03-01`, admin, 'id');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe('Tanggal mulai tidak boleh setelah tanggal akhir.');
    const unreal = await funnel('market=IN&from=2026-02-30&to=2026-03-01');
    expect(unreal.statusCode).toBe(400);
    expect(unreal.json().message).toBe('Choose real dates: year, month and day.');
    for (const bad of [
      'market=IN&from=2026-3-1',
      'market=IN&from=20260301',
      'market=IN&to=2026-03-01T00:00',
      'market=IN&from=2026-03-01&from=2026-03-02',
      `templateId=${ids.in1}&market=IN`,
      '',
      'market=XX',
      'templateId=2147483648',
      'templateId=1e3',
      'templateId=-1',
    ]) {
      expect((await funnel(bad)).statusCode, bad).toBe(400);
    }
  });

  it('shows an agent their market’s funnel only (403 40301 for another market’s template)', async () => {
    const agent = await staffSignIn(t.app, 'agent.in@kredito.test', 'Agent!2345');
    expect((await funnel(`templateId=${ids.in1}&from=2026-03-01&to=2026-03-01`, agent)).statusCode).toBe(200);
    const other = await funnel(`templateId=${ids.id1}`, agent);
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe(ADMIN_ERROR_CODE.OTHER_MARKET);
    expect((await funnel('market=ID', agent)).statusCode).toBe(403);
    expect((await funnel('templateId=999999', agent)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `${CHANNELS_ADMIN_PATHS.funnel}?market=IN` })).statusCode).toBe(401);
  });

  it('is one statement however long the range', async () => {
    const cost = async (query: string) => {
      const before = t.database.queryCount();
      await funnel(query);
      return t.database.queryCount() - before;
    };
    // What signing the call in costs (staff sessions are not cached): a refused query reads nothing else.
    const signedIn = await cost('market=XX');
    const forMarket = await cost('market=IN&from=2026-01-01&to=2026-04-02');
    const forTemplate = await cost(`templateId=${ids.in1}&from=2026-01-01&to=2026-04-02`);
    // The template's funnel first reads the template (its market); the market's reads nothing else.
    expect([forMarket - signedIn, forTemplate - signedIn]).toEqual([1, 2]);
    expect(await cost('market=IN&from=2026-03-01&to=2026-03-01')).toBe(forMarket);
  });
});

describe('conversion', () => {
  it('is registrations per hundred visits to one decimal, half up, and 0 without visits', () => {
    expect(conversionPercent(1, 8)).toBe(12.5);
    expect(conversionPercent(1, 16)).toBe(6.3);
    expect(conversionPercent(1, 3)).toBe(33.3);
    expect(conversionPercent(2, 3)).toBe(66.7);
    expect(conversionPercent(1, 2000)).toBe(0.1);
    expect(conversionPercent(1, 2001)).toBe(0);
    expect(conversionPercent(3, 2)).toBe(150);
    expect(conversionPercent(5, 0)).toBe(0);
    expect(conversionPercent(0, 0)).toBe(0);
  });
});
