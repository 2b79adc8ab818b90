import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { pgliteRunner, TEXT_PARSERS } from './pglite-local.ts';
import { PGliteThread } from './pglite-thread.ts';
import { READ_STATEMENT_TIMEOUT_MS, ReadPipelines } from './read-pipelines.ts';
import { schema } from './schema.ts';
import { CHECK_ROWS, checkRows, type Statement } from './statement.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  /** Drizzle, for writes and the back office: anything that is not a hot read. */
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Runs a hot statement: named, so PostgreSQL parses and plans it once per connection (decision 020).
   * Its declared kind routes it (a read may take a pipelined read connection); outside production each
   * row is checked against the statement's schema. Statements return text, integers, booleans and JSON
   * only, so both drivers give the same values.
   */
  run<Row>(statement: Statement<Row>, params: readonly unknown[]): Promise<Row[]>;
  /** Every query sent to the driver since opening (BEGIN/COMMIT included): tests count round trips. */
  queryCount(): number;
  /** Cheap round trip for readiness; rejects when the database cannot answer. */
  ping(): Promise<void>;
  /**
   * Runs `fn` while this instance holds the start-up lock: on PostgreSQL a session advisory lock
   * (STARTUP_LOCK), so instances starting together take turns; PGlite is one process and just runs it.
   * Opening the database migrates under it; the server seeds under it too.
   */
  underStartupLock<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * A transaction whose connection is killed fails twice: the statement in flight ("terminating connection
 * due to administrator command", 57P01), then the ROLLBACK Drizzle sends on the broken client ("Client
 * has encountered a connection error and is not queryable"), and Drizzle throws the second. The first
 * says why, so it is the one thrown: a broken connection answers 503 (plugins/errors.ts), and a refusal
 * thrown inside the transaction stays that refusal. Nothing was committed either way.
 */
function firstFailureOfTransactions(db: Db): Db {
  const transaction = db.transaction.bind(db);
  const wrapped: Db['transaction'] = async (fn, config) => {
    let first: { error: unknown } | null = null;
    try {
      return await transaction(async (tx) => {
        try {
          return await fn(tx);
        } catch (error) {
          first = { error };
          throw error;
        }
      }, config);
    } catch (error) {
      throw first ? (first as { error: unknown }).error : error;
    }
  };
  (db as { transaction: Db['transaction'] }).transaction = wrapped;
  return db;
}

/** Outside production every row is checked against its statement's schema (statement.ts). */
function checked(run: (statement: Statement<unknown>, params: readonly unknown[]) => Promise<unknown[]>) {
  const runChecked: Database['run'] = CHECK_ROWS
    ? async (statement, params) => checkRows(statement, await run(statement as Statement<unknown>, params))
    : (run as Database['run']);
  return runChecked;
}

/** A short connection timeout keeps a lost database a fast 503 instead of a hung request. */
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * The key of the advisory lock that instances hold in turn while they migrate and seed (PostgreSQL).
 * Without it, two instances starting together on an empty database both run the same migration and the
 * same seed, and one of them fails on a duplicate (the migrations' schema, a demo order) and exits.
 */
export const STARTUP_LOCK = 8_008_031;

/**
 * Runs `fn` holding the start-up lock on one connection of the pool, taken for the whole of it (a
 * session lock: the migrator commits as it goes, and the seed is several transactions). The wait has no
 * statement timeout, since another instance's migration and seed may take longer than a query may; a
 * connection that breaks meanwhile is dropped, which releases the lock on the server.
 */
async function underLock<T>(pool: pg.Pool, fn: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('set statement_timeout = 0');
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
  } catch (error) {
    client.release(true);
    throw error;
  }
  try {
    return await fn();
  } finally {
    try {
      await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]);
      await client.query('reset statement_timeout');
      client.release();
    } catch {
      // The connection broke: dropping it ends the session, and with it the lock.
      client.release(true);
    }
  }
}

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type DatabaseTarget =
  /** `readConnections`: the pipelined connections of the hot reads (read-pipelines.ts; 2 by default). */
  | { kind: 'postgres'; url: string; readConnections?: number }
  /** `thread`: PGlite in a thread of its own (the server); in this thread otherwise (tests, tools). */
  | { kind: 'pglite'; dataDir?: string; thread?: boolean };

interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: unknown;
}

/**
 * Opens the database and brings its schema up to date. PGlite (embedded PostgreSQL in a folder, or in
 * memory without one) is the default; a DATABASE_URL selects a PostgreSQL server. Same migrations.
 */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  let queries = 0;
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      idleTimeoutMillis: 30_000,
      statement_timeout: 15_000,
    });
    // A dropped connection must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    // Counted on each connection, so pooled queries and transactions are all seen. A connection that is
    // checked out (in a transaction) when the server kills it emits 'error' on the client, not the pool:
    // without a listener that error would end the process. The query in flight fails (→ 503) instead.
    pool.on('connect', (client) => {
      client.on('error', () => {});
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      (client as { query: unknown }).query = (...args: unknown[]) => {
        queries++;
        return query(...args);
      };
    });
    const db = firstFailureOfTransactions(drizzlePg(pool, { schema }) as unknown as Db);
    // Instances starting together on one database migrate one after another (the later ones find it
    // done); a failure ends the pool, so a process that cannot start leaves no connection behind.
    try {
      await underLock(pool, () => migratePg(db as never, { migrationsFolder: MIGRATIONS_FOLDER }));
    } catch (error) {
      await pool.end().catch(() => {});
      throw error;
    }
    const reads = new ReadPipelines(
      {
        connectionString: target.url,
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
        statement_timeout: READ_STATEMENT_TIMEOUT_MS,
      },
      target.readConnections,
    );
    return {
      db,
      kind: 'postgres',
      // `name` makes pg prepare the statement once per connection and reuse the plan (decision 020);
      // a declared read goes over the pipelined connections, a write through the pool.
      run: checked(async (statement, params) => {
        if (statement.kind === 'read') {
          queries++;
          return reads.run(statement, params);
        }
        return (await pool.query({ name: statement.name, text: statement.text, values: params as unknown[] }))
          .rows;
      }),
      queryCount: () => queries,
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      underStartupLock: (fn) => underLock(pool, fn),
      close: async () => {
        await Promise.all([reads.close(), pool.end()]);
      },
    };
  }
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  if (target.thread)
    return openPgliteThread(
      target.dataDir,
      () => queries++,
      () => queries,
    );
  const options = { parsers: TEXT_PARSERS };
  const client = target.dataDir ? new PGlite(target.dataDir, options) : new PGlite(options);
  await client.waitReady;
  const counted = new Proxy(client, {
    get(base, key) {
      if (key === 'query') {
        return (text: string, params?: unknown[], opts?: QueryOptions) => {
          queries++;
          return base.query(text, params, opts?.rowMode ? { rowMode: opts.rowMode } : undefined);
        };
      }
      if (key === 'exec' || key === 'transaction') {
        const fn = base[key].bind(base) as (...args: unknown[]) => unknown;
        return (...args: unknown[]) => {
          queries++;
          return fn(...args);
        };
      }
      const value = Reflect.get(base, key, base);
      return typeof value === 'function' ? value.bind(base) : value;
    },
  });
  const db = drizzlePglite({ client: counted as PGlite, schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    db,
    kind: 'pglite',
    run: checked(
      pgliteRunner(client, () => {
        queries++;
      }),
    ),
    queryCount: () => queries,
    ping: async () => {
      if (client.closed) throw new Error('database closed');
      await client.query('select 1');
    },
    underStartupLock: (fn) => fn(),
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/** PGlite in its own thread (pglite-thread.ts), counted like the others: a query, a transaction, a run. */
async function openPgliteThread(
  dataDir: string | undefined,
  count: () => void,
  queryCount: () => number,
): Promise<Database> {
  const thread = await PGliteThread.start(dataDir);
  const client = {
    query: (text: string, params?: unknown[], opts?: QueryOptions) => {
      count();
      return thread.query(text, params, opts);
    },
    transaction: <T>(fn: (tx: { query: PGliteThread['query'] }) => Promise<T>) => {
      count();
      return thread.transaction((tx) =>
        fn({
          query: (text, params, opts) => {
            count();
            return tx.query(text, params, opts);
          },
        }),
      );
    },
  };
  const db = drizzlePglite({ client: client as unknown as PGlite, schema }) as unknown as Db;
  try {
    await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  } catch (error) {
    await thread.close();
    throw error;
  }
  return {
    db,
    kind: 'pglite',
    run: checked((statement, params) => {
      count();
      return thread.run(statement, params);
    }),
    queryCount,
    ping: async () => {
      if (thread.closed) throw new Error('database closed');
      await thread.query('select 1');
    },
    underStartupLock: (fn) => fn(),
    close: () => thread.close(),
  };
}
