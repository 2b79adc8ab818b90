import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_BASE, LOAN_PATHS } from '../../shared/contract/constants.ts';
import { PROMO_PATHS } from '../../shared/contract/promotion.ts';
import { newDataKey } from '../crypto/sealed.ts';
import { products } from '../db/schema.ts';
import { LOGIN_PATHS } from '../modules/identity/sms-login.ts';
import { SESSION_CACHE_MS } from '../modules/session/session.service.ts';
import { REFERENCE_TTL_MS } from '../reference-data.ts';
import { createTestApp, staffSignIn, type TestApp } from '../test/helpers.ts';

/**
 * Two instances of the app on one database and one Redis (decision 071, issue 31): what one does, the
 * other sees. Run when TEST_REDIS_URL names a Redis (`npm test` sets it when one answers on the default
 * address); each group of instances has a key prefix of its own, so parallel files never meet.
 */
const REDIS = process.env.TEST_REDIS_URL;
const prefixes: string[] = [];
const prefix = () => {
  const p = `test:${randomBytes(6).toString('hex')}:`;
  prefixes.push(p);
  return p;
};

// The demo clock's offset never expires: a file's keys go with it.
afterAll(async () => {
  if (!REDIS) return;
  const redis = new Redis(REDIS);
  for (const p of prefixes) {
    const keys = await redis.keys(`${p}*`);
    if (keys.length) await redis.del(...keys);
  }
  await redis.quit();
});

/** Polls `done` until it holds; returns how long that took (the test's timeout is the outer bound). */
async function within(done: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  while (!(await done())) await new Promise((r) => setTimeout(r, 10));
  return performance.now() - started;
}

describe.skipIf(!REDIS)('two instances on one database and one Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const env = { REDIS_URL: REDIS!, DATA_KEY: newDataKey() };
    const redisPrefix = prefix();
    a = await createTestApp(env, undefined, { redisPrefix });
    b = await createTestApp(env, undefined, { database: a.database, redisPrefix });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('holds a per-address limit across both: 24 voice-code requests alternating, limit 10 a minute, 10 taken', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 24; i++) {
      const res = await [a, b][i % 2]!.app.inject({
        method: 'POST',
        url: LOGIN_PATHS.voiceCode,
        // Numbers with no account: no per-phone limit (those live in PostgreSQL) gets in the way.
        payload: { market: 'IN', phone: `90000${String(10000 + i)}` },
        remoteAddress: '10.31.0.1',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(14);
    // Another address is counted apart, on either instance.
    const other = await b.app.inject({
      method: 'POST',
      url: LOGIN_PATHS.voiceCode,
      payload: { market: 'IN', phone: '9000099999' },
      remoteAddress: '10.31.0.2',
    });
    expect(other.statusCode).toBe(200);
  });

  it('refuses a session logged out on one instance on the other within a second (its cache keeps 5 s)', async () => {
    const token = await a.signIn('IN');
    const me = () => b.app.inject({ url: '/vdthg/v1/session/me', headers: b.auth(token) });
    // The other instance has checked the session and keeps it for SESSION_CACHE_MS.
    expect((await me()).statusCode).toBe(200);
    const out = await a.app.inject({
      method: 'POST',
      url: '/vdthg/v1/session/logout',
      headers: a.auth(token),
    });
    expect(out.statusCode).toBe(200);
    const took = await within(async () => (await me()).statusCode === 401);
    expect(took).toBeLessThan(1_000);
    expect(SESSION_CACHE_MS).toBeGreaterThan(1_000);
  });

  it('hides a product disabled on one instance on the other within a second (its cache keeps 30 s)', async () => {
    const [product] = await a.database.db.select().from(products);
    const token = await b.newBorrower(product!.market as 'IN' | 'ID');
    const listed = async () => {
      const res = await b.app.inject({
        method: 'POST',
        url: LOAN_PATHS.recommendList,
        headers: b.auth(token),
        payload: {},
      });
      return (res.json().data as { id: number }[]).some((p) => p.id === product!.id);
    };
    expect(await listed()).toBe(true);
    const admin = await staffSignIn(a.app, 'admin@kredito.test', 'Admin!2345');
    const off = await a.app.inject({
      method: 'POST',
      url: `${ADMIN_BASE}/products/${product!.id}/enabled`,
      headers: admin,
      payload: { enabled: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    const took = await within(async () => !(await listed()));
    expect(took).toBeLessThan(1_000);
    expect(REFERENCE_TTL_MS).toBeGreaterThan(1_000);
    // And a quote for it is refused there too.
    const quote = await b.app.inject({
      method: 'POST',
      url: LOAN_PATHS.confirmDetail,
      headers: b.auth(token),
      payload: { productId: product!.id, amount: 500_000, periods: 91 },
    });
    expect(quote.statusCode).toBe(404);
  });

  it("reads on one instance the demo SMS and captcha answer of the other, and moves the other's demo clock", async () => {
    const sent = await a.app.inject({
      method: 'POST',
      url: LOGIN_PATHS.sendCode,
      payload: { market: 'IN', phone: '9876543210' },
      remoteAddress: '10.31.0.3',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const held = await b.app.inject({ url: '/dev-api/sms/last?phone=9876543210' });
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json().data.code).toMatch(/^\d{6}$/);

    // The first seeded registration page; its captcha drawn on one instance, its answer read on the other.
    const sid = (
      await a.app.inject({ url: `${PROMO_PATHS.sid}?templateId=1`, remoteAddress: '10.31.0.4' })
    ).json().data.sid as string;
    const picture = await a.app.inject({
      url: `${PROMO_PATHS.captcha}?sid=${sid}`,
      remoteAddress: '10.31.0.4',
    });
    expect(picture.statusCode).toBe(200);
    const answer = await b.app.inject({ url: `/dev-api/captcha/last?sid=${sid}` });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data.answer).toMatch(/^\w+$/);

    const before = b.clock.offsetMs();
    const moved = await a.app.inject({ method: 'POST', url: '/dev-api/clock', payload: { days: 2 } });
    expect(moved.statusCode, moved.body).toBe(200);
    const took = await within(async () => b.clock.offsetMs() === before + 2 * 86_400_000);
    expect(took).toBeLessThan(1_000);
  });
});

/**
 * A TCP relay in front of Redis that the test can cut and restore, as a Redis that dies and comes back.
 */
async function relay(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server;
  const listen = (port: number) =>
    new Promise<number>((resolve) => {
      server = net.createServer((inbound) => {
        const outbound = net.connect(Number(target.port || 6379), target.hostname);
        for (const s of [inbound, outbound]) {
          sockets.add(s);
          s.on('error', () => {});
          s.on('close', () => sockets.delete(s));
        }
        inbound.pipe(outbound).pipe(inbound);
      });
      server.listen(port, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port));
    });
  const port = await listen(0);
  return {
    url: `redis://127.0.0.1:${port}`,
    cut: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
    restore: () => listen(port),
  };
}

describe.skipIf(!REDIS)('Redis gone mid-run', () => {
  let t: TestApp;
  let redis: Awaited<ReturnType<typeof relay>>;
  beforeAll(async () => {
    redis = await relay(new URL(REDIS!));
    t = await createTestApp({ REDIS_URL: redis.url }, undefined, { redisPrefix: prefix() });
  });
  afterAll(async () => {
    await t?.close();
    await redis?.cut().catch(() => {});
  });

  it('answers 503 in the borrower\'s language to what needs Redis, says "not ready", and recovers', async () => {
    // A number of its own each time: one phone's sends are limited too (in PostgreSQL).
    let phone = 9000088000;
    const ask = (lang: string) =>
      t.app.inject({
        method: 'POST',
        url: LOGIN_PATHS.voiceCode,
        headers: { 'x-lang': lang },
        payload: { market: 'IN', phone: String(++phone) },
        remoteAddress: '10.31.1.1',
      });
    expect((await ask('en')).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);

    await redis.cut();
    const en = await ask('en');
    expect(en.statusCode).toBe(503);
    const id = await ask('id');
    expect(id.statusCode).toBe(503);
    expect(id.json().message).not.toBe(en.json().message);
    expect(
      await within(async () => (await t.app.inject({ url: '/readyz' })).statusCode === 503),
    ).toBeLessThan(3_000);
    // The process is up and whatever does not need Redis still answers (a session has no limit to count).
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    const token = await t.newBorrower('IN');
    expect((await t.app.inject({ url: '/vdthg/v1/session/me', headers: t.auth(token) })).statusCode).toBe(
      200,
    );
    // The log names no secret: the Redis address may carry a password.
    expect(t.logs.join('\n')).not.toContain(redis.url);

    await redis.restore();
    await within(async () => (await t.app.inject({ url: '/readyz' })).statusCode === 200);
    expect((await ask('en')).statusCode).toBe(200);
  });
});
