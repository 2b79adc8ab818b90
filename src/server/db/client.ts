import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, parse, protocol, types } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { schema } from './schema.ts';
import type { Statement } from './statement.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  /** Drizzle, for writes and the back office: anything that is not a hot read. */
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Runs a hot read: a named statement that PostgreSQL parses and plans once per connection
   * (decision 020). Rows come back as the driver gives them; statements return text, integers and JSON
   * only, so both drivers give the same values.
   */
  run<Row>(statement: Statement<Row>, params: readonly unknown[]): Promise<Row[]>;
  /** Every query sent to the driver since opening (BEGIN/COMMIT included): tests count round trips. */
  queryCount(): number;
  /** Cheap round trip for readiness; rejects when the database cannot answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type DatabaseTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir?: string };

/**
 * Drizzle reads timestamps and dates as text and converts them itself. Its PGlite driver asks for that
 * by passing these parsers with every query, which makes PGlite copy its whole parser table each time
 * (≈ half of a primary-key read). Giving them to PGlite once, at construction, and dropping the per-query
 * option gives the same values without the copy.
 */
const identity = (value: string) => value;
const TEXT_PARSERS = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map(
    (oid) => [oid, identity],
  ),
);

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
    // A short connection timeout keeps a lost database a fast 503 instead of a hung request.
    const pool = new pg.Pool({
      connectionString: target.url,
      max: 10,
      connectionTimeoutMillis: 5_000,
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
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    return {
      db,
      kind: 'postgres',
      // `name` makes pg prepare the statement once per connection and reuse the plan (decision 020).
      run: async (statement, params) =>
        (await pool.query({ name: statement.name, text: statement.text, values: params as unknown[] })).rows,
      queryCount: () => queries,
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => pool.end(),
    };
  }
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
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
    run: pgliteRunner(client, () => {
      queries++;
    }),
    queryCount: () => queries,
    ping: async () => {
      if (client.closed) throw new Error('database closed');
      await client.query('select 1');
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/** The messages of one protocol exchange, as one buffer: PGlite handles them in a single call. */
function exchange(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * Hot reads on PGlite as on PostgreSQL: named statements, parsed and planned once per database. PGlite's
 * `query()` parses and plans every time and crosses into WebAssembly six times (parse, describe, bind,
 * describe, execute, sync); here a run is one crossing with bind, describe, execute and sync, and its
 * parameters are serialized by their declared types with PGlite's own serializers, as `query()` does.
 * Measured on the complaint list statement: 695 µs → 338 µs, a primary-key read 287 µs → 134 µs.
 * Runs under PGlite's own locks, so it never lands inside another caller's transaction.
 */
function pgliteRunner(client: PGlite, counted: () => void): Database['run'] {
  const { serialize } = protocol;
  /** Statement name → the types of its parameters, once PGlite has prepared it. */
  const prepared = new Map<string, number[]>();
  return <Row>(statement: Statement<Row>, params: readonly unknown[]) =>
    client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        let paramTypes = prepared.get(statement.name);
        if (!paramTypes) {
          counted();
          const { messages } = await client.execProtocol(
            exchange([
              serialize.parse({ name: statement.name, text: statement.text, types: [] }),
              serialize.describe({ type: 'S', name: statement.name }),
              serialize.sync(),
            ]),
            { syncToFs: false },
          );
          const description = messages.find((m) => m.name === 'parameterDescription') as
            | { dataTypeIDs: number[] }
            | undefined;
          paramTypes = description?.dataTypeIDs ?? [];
          prepared.set(statement.name, paramTypes);
        }
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const serializer = client.serializers[paramTypes[i]!];
          return serializer ? serializer(value) : String(value);
        });
        counted();
        const { messages } = await client.execProtocol(
          exchange([
            serialize.bind({ statement: statement.name, values }),
            serialize.describe({ type: 'P' }),
            serialize.execute({}),
            serialize.sync(),
          ]),
          // As `query()`: a write outside a transaction reaches the data folder before the reply.
          { syncToFs: true },
        );
        return (parse.parseResults(messages, client.parsers)[0]?.rows ?? []) as Row[];
      }),
    );
}
