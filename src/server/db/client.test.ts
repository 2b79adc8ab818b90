import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODE } from '../../shared/contract/reply-codes.ts';
import { AppError } from '../errors.ts';
import { isDatabaseUnavailable } from '../plugins/errors.ts';
import { freshDatabase } from '../test/helpers.ts';
import type { Database } from './client.ts';

/**
 * A transaction whose connection is killed under it (PostgreSQL: PGlite has no connection to kill). Its
 * ROLLBACK fails too, on the broken client; what the caller gets must be the first failure, so that a
 * broken connection reads as "not now" (503) and a refusal as itself.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
let database: Database;
let side: pg.Client;

beforeAll(async () => {
  database = await freshDatabase();
  if (!onPostgres) return;
  const rows = (await database.db.execute(sql`select current_database() as name`)) as unknown as {
    rows: Array<{ name: string }>;
  };
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${rows.rows[0]!.name}`;
  side = new pg.Client({ connectionString: url.toString() });
  await side.connect();
});
afterAll(async () => {
  // Once in four full runs on a loaded machine this teardown waited past the hook's 60 s (not seen when
  // the file runs alone, six at once or not): each step is bounded so the run is not lost to it. The
  // database goes with its test server either way.
  const bounded = (step: () => Promise<unknown>) =>
    Promise.race([step().catch(() => {}), new Promise((done) => setTimeout(done, 10_000))]);
  await bounded(async () => side?.end());
  await bounded(() => database.close());
});

/** Ends the transaction's own backend from outside, and waits until it is gone. */
async function killOwnBackend(tx: Pick<Database['db'], 'execute'>) {
  const result = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
    rows: Array<{ pid: number }>;
  };
  const pid = result.rows[0]!.pid;
  await side.query('select pg_terminate_backend($1)', [pid]);
  for (let i = 0; i < 2000; i++) {
    const { rows } = await side.query('select 1 from pg_stat_activity where pid = $1', [pid]);
    if (rows.length === 0) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error('the backend did not end');
}

describe('a transaction whose connection is killed (PostgreSQL)', () => {
  it.skipIf(!onPostgres)('throws the refusal made inside it, not the failed ROLLBACK', async () => {
    const refusal = new AppError(ERROR_CODE.CONFLICT);
    const outcome = await database.db
      .transaction(async (tx) => {
        await killOwnBackend(tx);
        throw refusal;
      })
      .catch((error: unknown) => error);
    expect(outcome).toBe(refusal);
  });

  it.skipIf(!onPostgres)(
    'throws the statement that met the broken connection, read as "not now", and the next one works',
    async () => {
      const outcome = await database.db
        .transaction(async (tx) => {
          await killOwnBackend(tx);
          await tx.execute(sql`select 1`);
        })
        .catch((error: unknown) => error);
      expect(isDatabaseUnavailable(outcome)).toBe(true);
      // The broken client left the pool: the next query gets a working connection.
      const rows = (await database.db.execute(sql`select 2 as n`)) as unknown as {
        rows: Array<{ n: number }>;
      };
      expect(rows.rows[0]!.n).toBe(2);
    },
  );
});

describe('what reads as the database away', () => {
  it("reads pg's broken-client, terminated and shutdown failures as 503, and a query error as not", () => {
    const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: rollback'), { cause });
    expect(
      isDatabaseUnavailable(new Error('Client has encountered a connection error and is not queryable')),
    ).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error('Client was closed and is not queryable')))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(
      isDatabaseUnavailable(wrapped(Object.assign(new Error('terminating connection'), { code: '57P01' }))),
    ).toBe(true);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('syntax error'), { code: '42601' })))).toBe(
      false,
    );
  });
});
