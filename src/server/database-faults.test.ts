import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../shared/i18n/resources.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seed } from './db/seed.ts';
import { isDatabaseUnavailable } from './plugins/errors.ts';
import { createTestApp, type TestApp } from './test/helpers.ts';

describe('database errors that mean "not now"', () => {
  it('are told apart from errors of the query, also inside the wrapping of the query builder', () => {
    for (const code of ['55000', '53300', '53400', '57014', '57P01', '08006', 'ECONNREFUSED']) {
      expect(isDatabaseUnavailable({ code }), code).toBe(true);
      expect(isDatabaseUnavailable({ message: 'Failed query', cause: { code } }), code).toBe(true);
    }
    for (const code of ['23505', '42601', '22P02', undefined]) {
      expect(isDatabaseUnavailable({ code }), String(code)).toBe(false);
    }
  });
});

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('PostgreSQL killing a connection in the middle of a transaction', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('fails that transaction, keeps the process up, and serves the next request', async () => {
    const marker = `fault_${Date.now()}`;
    const tx = t.database.db.transaction(async (q) => {
      await q.execute(sql.raw(`select pg_sleep(5) /* ${marker} */`));
    });
    const outcome = tx.then(
      () => 'committed',
      (err: unknown) => err,
    );
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      let killed = 0;
      for (let i = 0; i < 50 && killed === 0; i++) {
        await new Promise((r) => setTimeout(r, 50));
        const res = await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
            where query like $1 and pid <> pg_backend_pid()`,
          [`%${marker}%`],
        );
        killed = res.rowCount ?? 0;
      }
      expect(killed).toBe(1);
    } finally {
      await admin.end();
    }
    const err = await outcome;
    expect(err).not.toBe('committed');
    expect(isDatabaseUnavailable(err)).toBe(true);
    // The process is still here (an unhandled 'error' event would have ended the test run) and recovers.
    expect((await t.app.inject('/readyz')).statusCode).toBe(200);
    const token = await t.signIn('IN');
    const res = await t.app.inject({
      method: 'GET',
      url: '/h5-api/v3/user-problem/get-qa-list?pid=0',
      headers: t.auth(token),
    });
    expect(res.statusCode).toBe(200);
  });
});

/** An app on its own PostgreSQL database, opened as the process opens it (DATABASE_URL in its config). */
async function appOnOwnDatabase(adminUrl: string) {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const target = new URL(adminUrl);
  target.pathname = `/${name}`;
  const databaseUrl = target.toString();
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl });
  const config = loadConfig({
    NODE_ENV: 'test',
    WEB_DIST: '/nonexistent-web-dist',
    DATABASE_URL: databaseUrl,
    UPLOAD_DIR: path.join(tmpdir(), `uploads-${name}`),
  });
  await seed(database.db, null, { demo: true });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    database,
    name,
    databaseUrl,
    /** Runs SQL as the server's superuser (database-level switches). */
    admin: (text: string, values?: unknown[]) => admin.query(text, values),
    async close() {
      await app.close();
      await database.close().catch(() => {});
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`).catch(() => {});
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** Polls until `check` holds; the bound is generous, nothing here measures speed. */
async function eventually(check: () => Promise<boolean>, what: string, ms = 10_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`never happened: ${what}`);
}

describe.skipIf(!url)('PostgreSQL refusing new connections', () => {
  let t: Awaited<ReturnType<typeof appOnOwnDatabase>>;
  beforeAll(async () => {
    t = await appOnOwnDatabase(url!);
  });
  afterAll(async () => {
    await t?.close();
  });

  const readyz = async () => (await t.app.inject('/readyz')).statusCode;

  it('/readyz answers 503 while the database refuses new connections, even with live pooled ones, and 200 again after', async () => {
    expect(await readyz()).toBe(200);
    // Warm the pool: its connections keep working after the switch below, new ones are refused (55000).
    const token = (
      await t.app.inject({ method: 'POST', url: '/dev-api/demo-login', payload: { market: 'IN' } })
    ).json().data.token as string;
    await t.app.inject({ url: '/vdthg/v1/session/me', headers: { authorization: `Bearer ${token}` } });

    await t.admin(`ALTER DATABASE ${t.name} ALLOW_CONNECTIONS false`);
    await eventually(async () => (await readyz()) === 503, 'readyz 503 with connections refused');
    // The pooled connections still answer: only a fresh round trip tells the truth.
    await expect(t.database.ping()).resolves.toBeUndefined();

    await t.admin(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
      [t.name],
    );
    await eventually(async () => (await readyz()) === 503, 'readyz 503 after the backends were terminated');

    await t.admin(`ALTER DATABASE ${t.name} ALLOW_CONNECTIONS true`);
    await eventually(async () => (await readyz()) === 200, 'readyz 200 once connections are accepted again');
  });
});

describe.skipIf(!url)('a statement cancelled by its statement timeout', () => {
  let t: Awaited<ReturnType<typeof appOnOwnDatabase>>;
  beforeAll(async () => {
    t = await appOnOwnDatabase(url!);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 503 in the borrower’s language while a row lock held elsewhere blocks the write, then recovers', async () => {
    // A short statement timeout for this app only: new pooled connections take it from the pool's options,
    // so the connections opened before (migrations, seed) are ended first.
    const pool = (
      t.database.db as unknown as { $client: pg.Pool & { options: { statement_timeout?: number } } }
    ).$client;
    pool.options.statement_timeout = 300;
    await t.admin(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
      [t.name],
    );
    await eventually(async () => pool.totalCount === 0, 'old pooled connections gone');

    const login = await t.app.inject({
      method: 'POST',
      url: '/dev-api/demo-login',
      payload: { market: 'ID' },
    });
    const { token, userId } = login.json().data as { token: string; userId: number };
    const headers = { authorization: `Bearer ${token}` };
    expect((await t.app.inject({ url: '/vdthg/v1/session/me', headers })).statusCode).toBe(200);

    const holder = new pg.Client({ connectionString: t.databaseUrl });
    await holder.connect();
    try {
      await holder.query('begin');
      const locked = await holder.query('select id from sessions where borrower_id = $1 for update', [
        userId,
      ]);
      expect(locked.rowCount).toBeGreaterThan(0);
      // Logging out revokes the session row: it waits on the lock until its statement timeout (57014).
      const res = await t.app.inject({ method: 'POST', url: '/vdthg/v1/session/logout', headers });
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({
        code: '503',
        data: null,
        message: translate('id', 'common', 'errors.unavailable'),
      });
      expect(res.body).not.toMatch(/statement|timeout|sessions/i);
    } finally {
      await holder.query('rollback').catch(() => {});
      await holder.end();
    }
    expect(
      (await t.app.inject({ method: 'POST', url: '/vdthg/v1/session/logout', headers })).statusCode,
    ).toBe(200);
  });
});
