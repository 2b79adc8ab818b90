import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isDatabaseUnavailable } from '../plugins/errors.ts';
import { freshDatabase } from '../test/helpers.ts';
import { type Database, openDatabase } from './client.ts';
import { READ_CONNECTIONS } from './read-pipelines.ts';
import { statement } from './statement.ts';

/**
 * Statements declared reads share a few pipelined connections on PostgreSQL (read-pipelines.ts, pg's
 * `pipeline` option; decisions 020 and 054), declared writes go through the pool, whatever their SQL
 * says: many reads at once stay on those connections, each gets its own answer, one failing read leaves
 * the others alone, and a connection killed under them is a "not now" error followed by a fresh one.
 */

const url = process.env.TEST_DATABASE_URL;

const whoAnswers = statement.read('test_pipeline_who', 'select $1::int as n, pg_backend_pid() as pid', {
  n: z.number(),
  pid: z.number(),
});
const divide = statement.read('test_pipeline_divide', 'select 100 / $1::int as n', { n: z.number() });
const slow = statement.read('test_pipeline_slow', 'select pg_sleep($1::float8) is not null as done', {
  done: z.boolean(),
});
/** The same question declared a write, and a read whose text looks like a write: the declaration routes. */
const whoAnswersAsWrite = statement.write(
  'test_pipeline_who_write',
  'select $1::int as n, pg_backend_pid() as pid',
  { n: z.number(), pid: z.number() },
);
const looksLikeWrite = statement.read(
  'test_pipeline_looks_like_write',
  `select $1::int as n, pg_backend_pid() as pid, 'insert into … for update' as words`,
  { n: z.number(), pid: z.number(), words: z.string() },
);

/** Where a Database is open (its pool's connection string), and the database's name. */
const urlOf = (database: Database) =>
  (database.db as unknown as { $client: pg.Pool }).$client.options.connectionString!;
const nameOf = (database: Database) => new URL(urlOf(database)).pathname.slice(1);

describe.skipIf(!url)('reads over pipelined connections (PostgreSQL)', () => {
  let database: Database;
  let admin: pg.Client;
  beforeAll(async () => {
    database = await freshDatabase();
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    await database.close();
  });

  it('answers many reads at once on at most the pipelined connections, each with its own row', async () => {
    const rows = await Promise.all(
      Array.from({ length: 200 }, (_, n) => database.run(whoAnswers, [n]).then(([row]) => row!)),
    );
    expect(rows.map((r) => r.n)).toEqual(Array.from({ length: 200 }, (_, n) => n));
    const backends = new Set(rows.map((r) => r.pid));
    expect(backends.size).toBeGreaterThanOrEqual(1);
    expect(backends.size).toBeLessThanOrEqual(READ_CONNECTIONS);
  });

  it('routes by the declared kind, not by the SQL: reads on the pipelined connections, writes on the pool', async () => {
    const readers = new Set(
      (await Promise.all(Array.from({ length: 20 }, (_, n) => database.run(whoAnswers, [n])))).map(
        ([r]) => r!.pid,
      ),
    );
    expect(readers.size).toBeLessThanOrEqual(READ_CONNECTIONS);
    const [write] = await database.run(whoAnswersAsWrite, [1]);
    expect(write!.n).toBe(1);
    expect(readers.has(write!.pid)).toBe(false);
    const lookalikes = await Promise.all(
      Array.from({ length: 10 }, (_, n) => database.run(looksLikeWrite, [n])),
    );
    for (const [row] of lookalikes) expect(readers.has(row!.pid)).toBe(true);
  });

  it('counts each read as one query at the driver', async () => {
    await database.run(whoAnswers, [1]);
    const before = database.queryCount();
    await Promise.all([database.run(whoAnswers, [2]), database.run(whoAnswers, [3])]);
    expect(database.queryCount() - before).toBe(2);
  });

  it('fails only the read that failed: the reads queued behind it get their answers', async () => {
    const outcomes = await Promise.allSettled(
      [5, 0, 4, 0, 2, 1].map((d) => database.run(divide, [d]).then(([row]) => row!.n)),
    );
    expect(
      outcomes.map((o) => (o.status === 'fulfilled' ? o.value : (o.reason as { code: string }).code)),
    ).toEqual([20, '22012', 25, '22012', 50, 100]);
  });

  it('a connection killed under its reads fails them as "not now", and the next read reconnects', async () => {
    // Occupy every pipelined connection with a slow read, so the kill lands on reads in flight.
    const inFlight = Array.from({ length: READ_CONNECTIONS * 3 }, () =>
      database.run(slow, [5]).then(
        () => null,
        (error: unknown) => error,
      ),
    );
    let killed = 0;
    for (let i = 0; i < 50 && killed < READ_CONNECTIONS; i++) {
      await new Promise((r) => setTimeout(r, 50));
      const res = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = $1 and query like '%pg_sleep($1::float8)%' and pid <> pg_backend_pid()`,
        [nameOf(database)],
      );
      killed += res.rowCount ?? 0;
    }
    expect(killed).toBe(READ_CONNECTIONS);
    const errors = await Promise.all(inFlight);
    for (const error of errors) {
      expect(error).not.toBeNull();
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
    }
    const [row] = await database.run(whoAnswers, [7]);
    expect(row!.n).toBe(7);
  });

  it('opens as many read connections as asked, and leaves none open after close', async () => {
    const name = `t_${Date.now()}_pipes`;
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      const target = new URL(url!);
      target.pathname = `/${name}`;
      const own = await openDatabase({ kind: 'postgres', url: target.toString(), readConnections: 1 });
      const rows = await Promise.all(Array.from({ length: 20 }, (_, n) => own.run(whoAnswers, [n])));
      expect(new Set(rows.map(([r]) => r!.pid)).size).toBe(1);
      const open = async () =>
        Number(
          (await admin.query('select count(*) as n from pg_stat_activity where datname = $1', [name])).rows[0]
            .n,
        );
      expect(await open()).toBeGreaterThan(0);
      await own.close();
      for (let i = 0; i < 20 && (await open()) > 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(await open()).toBe(0);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  });
});
