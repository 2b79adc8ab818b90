import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_BASE, LOAN_PATHS, REPAY_PATHS } from '../../shared/contract/constants.ts';
import type { GatewayEvent, PlanData, VcodeData } from '../../shared/contract/repayment.ts';
import { signedHeaders } from '../adapters/payment-gateway.ts';
import { newDataKey } from '../crypto/sealed.ts';
import { DEMO_BORROWERS, DEMO_STAFF } from '../db/seed.ts';
import { DEMO_PRODUCTS } from '../db/seed-loans.ts';
import { LOGIN_PATHS } from '../modules/identity/sms-login.ts';
import { emptyDatabase } from '../test/helpers.ts';
import { multipart, photo } from '../test/images.ts';
import { startS3, TEST_BUCKET } from '../test/s3.ts';

/**
 * Issue 31's test of several instances as they are run: two processes of the real server (server.ts),
 * started at the same moment on one new PostgreSQL database, one Redis and one bucket, behind a small
 * round-robin proxy that sets X-Forwarded-For. Everything goes over HTTP. Run when both
 * TEST_DATABASE_URL and TEST_REDIS_URL are set (`npm test` sets them when the services answer).
 */
const DATABASE = process.env.TEST_DATABASE_URL;
const REDIS = process.env.TEST_REDIS_URL;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const GATEWAY_SECRET = randomBytes(32).toString('base64url');
const UPLOAD = '/h5-api/v3/user-problem/upload-problem-img';
const ME = '/vdthg/v1/session/me';

/** One server process: its address, its output (shown only when it fails) and how it ended. */
interface Instance {
  name: string;
  url: string;
  child: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
  dataDir: string;
}

const tail = (output: string[]) => output.join('').split('\n').slice(-40).join('\n');

/** How long a start may take: the server's modules are compiled and loaded in each process. */
const START_LIMIT_MS = 120_000;

/**
 * Starts `node --import tsx src/server/server.ts` and waits until it listens and answers ready. A start
 * that fails or takes too long ends the process and throws with the end of its output.
 */
async function startServer(name: string, env: Record<string, string>): Promise<Instance> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `procs-${name}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const deadline = Date.now() + START_LIMIT_MS;
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no "serving" line in time')), START_LIMIT_MS);
      let text = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        output.push(chunk.toString());
        text += chunk.toString();
        // The JSON line the server logs once it listens: {…,"port":…,"msg":"serving"}.
        const serving = /^\{.*"msg":"serving".*$/m.exec(text);
        if (serving) {
          clearTimeout(timer);
          resolve(JSON.parse(serving[0]).port);
        }
      });
      void exited.then((code) => {
        clearTimeout(timer);
        reject(new Error(`exited (${code}) before serving`));
      });
    });
    const url = `http://127.0.0.1:${port}`;
    // What a load balancer asks before it sends traffic.
    while ((await fetch(`${url}/readyz`).catch(() => null))?.status !== 200) {
      if (Date.now() > deadline) throw new Error('not ready in time');
      await sleep(100);
    }
    return { name, url, child, output, exited, dataDir };
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`${name} did not start: ${(error as Error).message}\n${tail(output)}`);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A round-robin HTTP proxy: each request to the next instance in turn, with method, path, headers and
 * body; X-Forwarded-For gets the caller's address appended, as a load balancer's does. `served` counts
 * the requests each instance got.
 */
async function roundRobin(targets: string[]) {
  let turn = 0;
  const served = targets.map(() => 0);
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer((req, res) => {
    const i = turn++ % targets.length;
    served[i]!++;
    const target = new URL(targets[i]!);
    const forwarded = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const { connection: _, ...headers } = req.headers;
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...headers, 'x-forwarded-for': forwarded },
        agent,
      },
      (answer) => {
        res.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    served,
    close: async () => {
      agent.destroy();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

/** Polls `done` until it holds; returns how long that took (the test's timeout is the outer bound). */
async function within(done: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  while (!(await done())) await sleep(10);
  return performance.now() - started;
}

type Headers = Record<string, string>;
const json = (body: unknown, headers: Headers = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const from = (address: string) => ({ 'x-forwarded-for': address });
/** An administrator's session on one instance: the cookie and the CSRF token a write sends. */
async function staffSignIn(instance: Instance): Promise<Headers> {
  const res = await fetch(
    `${instance.url}/admin-api/session/login`,
    json({ email: 'admin@kredito.test', password: 'Admin!2345' }),
  );
  expect(res.status).toBe(200);
  return {
    cookie: String(res.headers.get('set-cookie')).split(';')[0]!,
    'x-csrf-token': (await res.json()).data.csrfToken as string,
  };
}

/** An address of this run's own for each check, so no per-address limit of one check meets another. */
let addresses = 0;
const address = () => `10.31.${Math.floor(Math.random() * 200) + 1}.${++addresses}`;

describe.skipIf(!DATABASE || !REDIS)('two server processes behind a proxy (issue 31)', () => {
  let database: Awaited<ReturnType<typeof emptyDatabase>>;
  let sql: pg.Client;
  let s3: Awaited<ReturnType<typeof startS3>>;
  let proxy: Awaited<ReturnType<typeof roundRobin>>;
  let a: Instance;
  let b: Instance;
  const instances: Instance[] = [];
  const prefix = `test:procs:${randomBytes(6).toString('hex')}:`;

  beforeAll(async () => {
    database = await emptyDatabase(DATABASE!);
    s3 = await startS3();
    const env = {
      NODE_ENV: 'production',
      // The demo pages (SMS outbox, demo sign-in) and the sandbox gateway.
      DEMO: '1',
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: database.url,
      REDIS_URL: REDIS!,
      REDIS_PREFIX: prefix,
      STORAGE_URL: `s3://${TEST_BUCKET}/procs`,
      STORAGE_ENDPOINT: s3.endpoint,
      URL_SIGNING_SECRET: randomBytes(32).toString('base64url'),
      DATA_KEY: newDataKey(),
      GATEWAY_SECRET,
      // The proxy's X-Forwarded-For names the caller.
      TRUST_PROXY: '127.0.0.1',
      WEB_DIST: '/nonexistent-web-dist',
      SHUTDOWN_DRAIN_SECONDS: '1',
    };
    // At the same moment, on an empty database: the start-up lock lets them migrate and seed in turn.
    const started = await Promise.allSettled([startServer('A', env), startServer('B', env)]);
    for (const s of started) if (s.status === 'fulfilled') instances.push(s.value);
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
    [a, b] = instances as [Instance, Instance];
    proxy = await roundRobin([a.url, b.url]);
    sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
  }, 180_000);

  afterAll(async () => {
    await proxy?.close();
    await sql?.end().catch(() => {});
    // A graceful stop of each: 503 to late requests, the jobs stopped, connections closed, exit 0.
    for (const instance of instances) instance.child.kill('SIGTERM');
    const codes = await Promise.all(
      instances.map((instance) =>
        Promise.race([
          instance.exited,
          new Promise((r) => setTimeout(() => r('still running'), 20_000).unref()),
        ]),
      ),
    );
    for (const instance of instances) if (instance.child.exitCode === null) instance.child.kill('SIGKILL');
    const redis = new Redis(REDIS!);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
    await s3?.close();
    await database?.drop();
    for (const instance of instances) rmSync(instance.dataDir, { recursive: true, force: true });
    instances.forEach((instance, i) => {
      expect(codes[i], `${instance.name} stopped:\n${tail(instance.output)}`).toBe(0);
    });
  }, 60_000);

  it('both started at the same moment on an empty database, and the demo data exists once', async () => {
    const count = async (table: string) =>
      (await sql.query(`select count(*)::int as n from ${table}`)).rows[0].n as number;
    expect(await count('products')).toBe(DEMO_PRODUCTS.IN.length + DEMO_PRODUCTS.ID.length);
    expect(await count('borrowers')).toBe(DEMO_BORROWERS.IN.length + DEMO_BORROWERS.ID.length);
    expect(await count('staff_users')).toBe(DEMO_STAFF.length);
    expect(await count('channel_templates')).toBe(2);
  });

  it('holds the per-address limit across both: 24 voice-code requests alternating, limit 10 a minute, 10 taken', async () => {
    const caller = address();
    const before = [...proxy.served];
    const statuses: number[] = [];
    for (let i = 0; i < 24; i++) {
      // Numbers with no account: no per-phone limit gets in the way.
      const res = await fetch(
        `${proxy.url}${LOGIN_PATHS.voiceCode}`,
        json({ market: 'IN', phone: `90000${10000 + i}` }, from(caller)),
      );
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    expect(proxy.served.map((n, i) => n - before[i]!)).toEqual([12, 12]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(14);
    // Another caller is counted apart, and the counters are under this deployment's prefix.
    const other = await fetch(
      `${b.url}${LOGIN_PATHS.voiceCode}`,
      json({ market: 'IN', phone: '9000099999' }, from(address())),
    );
    expect(other.status).toBe(200);
    const redis = new Redis(REDIS!);
    try {
      expect((await redis.keys(`${prefix}rate-limit:*`)).length).toBeGreaterThan(0);
    } finally {
      await redis.quit();
    }
  });

  it('holds the per-phone limit across both: two codes for one phone at once, one sent; another a moment later refused', async () => {
    const phone = '9000077001';
    const send = (instance: Instance) =>
      fetch(`${instance.url}${LOGIN_PATHS.sendCode}`, json({ market: 'IN', phone }, from(address())));
    const both = await Promise.all([send(a), send(b)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 429]);
    const again = await fetch(
      `${proxy.url}${LOGIN_PATHS.sendCode}`,
      json({ market: 'IN', phone }, from(address())),
    );
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('refuses on B within a second a borrower who signed in by SMS and logged out on A', async () => {
    // The second Indian demo borrower (demo mode seeds several), signed in as a borrower does.
    const phone = '9876543211';
    const caller = address();
    const sent = await fetch(
      `${proxy.url}${LOGIN_PATHS.sendCode}`,
      json({ market: 'IN', phone }, from(caller)),
    );
    expect(sent.status, await sent.text()).toBe(200);
    // The code is in the demo outbox, which both read (the message goes out just after the reply).
    let code = '';
    await within(async () => {
      const res = await fetch(`${proxy.url}/dev-api/sms/last?phone=${phone}`);
      if (res.status === 200) code = (await res.json()).data.code;
      else await res.arrayBuffer();
      return code !== '';
    });
    const login = await fetch(
      `${proxy.url}${LOGIN_PATHS.login}`,
      json({ market: 'IN', phone, smsCode: code }, from(caller)),
    );
    expect(login.status).toBe(200);
    const token = (await login.json()).data.token as string;
    const me = async (instance: Instance) => {
      const res = await fetch(`${instance.url}${ME}`, { headers: bearer(token) });
      await res.arrayBuffer();
      return res.status;
    };
    // B has checked the session and keeps it in its cache (5 s).
    expect(await me(b)).toBe(200);
    const out = await fetch(`${a.url}/vdthg/v1/session/logout`, json({}, bearer(token)));
    expect(out.status).toBe(200);
    const took = await within(async () => (await me(b)) === 401);
    console.info(`logout on A refused on B after ${took.toFixed(0)} ms`);
    expect(took).toBeLessThanOrEqual(1_000);
    expect(await me(a)).toBe(401);
  });

  it('hides on B within a second a product disabled on A (its quote refused), and shows it on A when B enables it', async () => {
    const token = (await (await fetch(`${b.url}/dev-api/demo-login`, json({ market: 'IN' }))).json()).data
      .token as string;
    const listed = async (instance: Instance) => {
      const res = await fetch(`${instance.url}${LOAN_PATHS.recommendList}`, json({}, bearer(token)));
      return ((await res.json()).data as Array<{ id: number }>).map((p) => p.id);
    };
    const [product] = await listed(b);
    expect(product).toBeDefined();
    expect(await listed(a)).toContain(product);
    const enable = async (instance: Instance, enabled: boolean) => {
      const res = await fetch(
        `${instance.url}${ADMIN_BASE}/products/${product}/enabled`,
        json({ enabled }, await staffSignIn(instance)),
      );
      expect(res.status, await res.text()).toBe(200);
    };
    await enable(a, false);
    const hidden = await within(async () => !(await listed(b)).includes(product!));
    console.info(`product disabled on A hidden on B after ${hidden.toFixed(0)} ms`);
    expect(hidden).toBeLessThanOrEqual(1_000);
    const quote = await fetch(
      `${b.url}${LOAN_PATHS.confirmDetail}`,
      json({ productId: product, amount: 500_000, periods: 91 }, bearer(token)),
    );
    expect(quote.status).toBe(404);
    // A has it hidden too (and cached so); enabled again on B, A lists it within a second.
    expect(await listed(a)).not.toContain(product);
    await enable(b, true);
    const shown = await within(async () => (await listed(a)).includes(product!));
    expect(shown).toBeLessThanOrEqual(1_000);
  });

  it('serves from B, byte for byte, an image uploaded through A (from the bucket, not a folder)', async () => {
    const token = (await (await fetch(`${a.url}/dev-api/demo-login`, json({ market: 'IN' }))).json()).data
      .token as string;
    const form = multipart('problemImage', 'receipt.png', 'image/png', await photo(90, 70, 'png'));
    const res = await fetch(`${a.url}${UPLOAD}`, {
      method: 'POST',
      headers: { ...bearer(token), ...form.headers },
      body: form.payload,
    });
    expect(res.status).toBe(200);
    const link = (await res.json()).data.url as string;
    const get = async (instance: Instance) => {
      const served = await fetch(`${instance.url}${link}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
      return Buffer.from(await served.arrayBuffer());
    };
    const onA = await get(a);
    const onB = await get(b);
    expect(onB.equals(onA)).toBe(true);
    expect(onB.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect((await s3.keys()).some((key) => key.startsWith('procs/'))).toBe(true);
    for (const instance of [a, b]) {
      const folder = path.join(instance.dataDir, 'uploads');
      expect(existsSync(folder) ? readdirSync(folder) : []).toEqual([]);
    }
  });

  it('credits once a bill paid through A whose gateway callback reaches A and B at the same time', async () => {
    const token = (await (await fetch(`${a.url}/dev-api/demo-login`, json({ market: 'ID' }))).json()).data
      .token as string;
    const orderId = 'ID20261101001';
    const plan: PlanData = (
      await (await fetch(`${a.url}${REPAY_PATHS.plan}`, json({ orderId }, bearer(token)))).json()
    ).data;
    const amount = plan.repayPlanDetail.repayWaitDetail[0]!.totalAmount;
    const issued = await fetch(
      `${a.url}${REPAY_PATHS.vcode}`,
      json({ orderId, amount, payCode: 'BCA', pay_type: 1 }, bearer(token)),
    );
    expect(issued.status).toBe(200);
    const bill: VcodeData = (await issued.json()).data;
    const event: GatewayEvent = {
      eventId: `evt_${randomUUID()}`,
      type: 'payment.paid',
      paymentId: `pay_${randomBytes(12).toString('hex')}`,
      vcode: bill.vcode,
      amount: bill.amount,
      currency: 'IDR',
      paidAt: new Date().toISOString(),
    };
    const body = JSON.stringify(event);
    const deliver = (instance: Instance) =>
      fetch(`${instance.url}${REPAY_PATHS.webhook}`, {
        method: 'POST',
        headers: signedHeaders(GATEWAY_SECRET, body, Math.floor(Date.now() / 1000)),
        body,
      });
    // The provider retries, and its retries may reach either instance: twice to each at once.
    const replies = await Promise.all([deliver(a), deliver(b), deliver(a), deliver(b)]);
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const outcomes = await Promise.all(replies.map(async (r) => (await r.json()).data.outcome as string));
    expect(outcomes.filter((o) => o === 'credited')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(3);
    const { rows: credited } = await sql.query(
      'select id, state from payments where provider_payment_id = $1',
      [event.paymentId],
    );
    expect(credited).toEqual([{ id: expect.any(Number), state: 'credited' }]);
    const { rows: booked } = await sql.query(
      'select coalesce(sum(amount_minor), 0)::text as sum from payment_allocations where payment_id = $1',
      [credited[0].id],
    );
    expect(Number(booked[0].sum)).toBe(bill.amount);
    // B tells the borrower the bill is paid.
    const status = await fetch(
      `${b.url}${REPAY_PATHS.status}`,
      json({ orderId, billNo: bill.billNo }, bearer(token)),
    );
    expect(status.status).toBe(200);
    expect((await status.json()).data.state).toBe('credited');
  });

  it('runs a job once when an administrator runs it now on A and on B at the same moment', async () => {
    // Hourly on its schedule, so no scheduled run of it is likely to be waiting just now.
    const job = 'uploadCleanup';
    const runs = async () =>
      (
        await sql.query(
          `select started_at, finished_at, outcome from job_runs where job = $1 and trigger = 'admin' order by id`,
          [job],
        )
      ).rows as Array<{ started_at: Date; finished_at: Date | null; outcome: string }>;
    // The library's view of the queue, through its own API: runs waiting or going.
    const boss = new PgBoss({
      connectionString: database.url,
      schema: 'pgboss',
      supervise: false,
      schedule: false,
    });
    await boss.start();
    try {
      const pending = () => boss.getQueueSize(job, { before: 'completed' });
      // The runs each instance queued at start are done.
      await within(async () => (await pending()) === 0);
      expect(await runs()).toEqual([]);
      const [adminA, adminB] = await Promise.all([staffSignIn(a), staffSignIn(b)]);
      const runNow = async (instance: Instance, headers: Headers) => {
        const res = await fetch(`${instance.url}${ADMIN_BASE}/jobs/${job}/run`, { method: 'POST', headers });
        expect(res.status).toBe(200);
        return (await res.json()).data.started as boolean;
      };
      const accepted = (await Promise.all([runNow(a, adminA), runNow(b, adminB)])).filter(Boolean).length;
      // One run may wait (the library's one-at-a-time queue): the second request finds it waiting, unless
      // a worker took the first in the milliseconds between them; then one more waits behind it.
      expect(accepted).toBeGreaterThanOrEqual(1);
      await within(async () => (await pending()) === 0);
      // Both instances look for work every 2 s: time for either to have taken a run a second time.
      await sleep(2_500);
      const done = await runs();
      console.info(`run now on A and B at once: ${accepted} accepted, ${done.length} run`);
      expect(done).toHaveLength(accepted);
      expect(done.every((r) => r.outcome === 'succeeded')).toBe(true);
      // Never two at once.
      for (let i = 1; i < done.length; i++)
        expect(done[i]!.started_at.getTime()).toBeGreaterThanOrEqual(done[i - 1]!.finished_at!.getTime());
    } finally {
      await boss.stop({ graceful: false });
    }
  });
});
