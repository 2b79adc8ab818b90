import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
