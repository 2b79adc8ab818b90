import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../db/client.ts';

/**
 * Races made certain rather than likely (PostgreSQL only: PGlite has one connection, so nothing there
 * waits for a row lock). A connection of the test's own holds a row, the requests under test are seen
 * waiting for it (pg_stat_activity), and then it lets go, or one of them is ended.
 */

/** A connection of the test's own to the app's database. */
export async function sideConnection(database: Database): Promise<pg.Client> {
  const result = (await database.db.execute(sql`select current_database() as name`)) as unknown as {
    rows: Array<{ name: string }>;
  };
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${result.rows[0]!.name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  client.on('error', () => {});
  await client.connect();
  return client;
}

/**
 * Holds rows the way `lock` says (e.g. `select id from orders where order_no = $1 for no key update`:
 * as a money path's lock, but letting inserts that refer to the row through) until `release`.
 */
export async function holdRows(database: Database, lock: string, params: unknown[]) {
  const client = await sideConnection(database);
  await client.query('begin');
  await client.query(lock, params);
  return {
    release: async () => {
      await client.query('commit');
      await client.end();
    },
  };
}

/**
 * Waits until `n` backends of the database wait for a lock (the race is then certain), or until `done`
 * says that what was to wait has finished without waiting.
 */
export async function lockWaiters(database: Database, n: number, done: () => boolean = () => false) {
  for (let i = 0; i < 2000; i++) {
    if (done()) return;
    const result = (await database.db.execute(sql`
      select count(*)::int as n from pg_stat_activity
       where datname = current_database() and wait_event_type = 'Lock'`)) as unknown as {
      rows: Array<{ n: number }>;
    };
    if (result.rows[0]!.n >= n) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`never saw ${n} backends waiting for a lock`);
}

/** Ends the backend that waits for a lock in a statement like `query`; returns how many were ended. */
export async function killWaiting(database: Database, query: string) {
  const client = await sideConnection(database);
  try {
    for (let i = 0; i < 2000; i++) {
      const { rows } = await client.query(
        `select pg_terminate_backend(pid) as killed from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' and query ilike $1`,
        [query],
      );
      if (rows.length > 0) return rows.length;
      await new Promise((r) => setTimeout(r, 5));
    }
    throw new Error(`no backend waited in ${query}`);
  } finally {
    await client.end();
  }
}
