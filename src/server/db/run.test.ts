import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client.ts';
import { statement } from './statement.ts';

/**
 * `run()` on the embedded database (decision 020): named statements prepared once, one protocol
 * exchange per run, and the same values, errors and isolation as a plain query.
 */

const echo = statement<{ n: number; t: string; ids: string; at: string; flag: boolean; j: { a: number } }>(
  'test_run_echo',
  `select $1::int as n, $2::text as t, array_to_string($3::int[], ',') as ids,
          to_char($4::timestamptz at time zone 'UTC', 'YYYY-MM-DD') as at, $5::bool as flag,
          json_build_object('a', $1::int) as j`,
);
const failing = statement<{ n: number }>('test_run_failing', 'select 1 / $1::int as n');

describe.each([
  { where: 'in this thread', thread: false },
  { where: 'in its own thread', thread: true },
])('run() on PGlite $where', ({ thread }) => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite', thread });
  });
  afterAll(async () => {
    await database.close();
  });

  it('serializes parameters by their declared types and parses rows as a plain query does', async () => {
    const params = [7, "it's", [1, 2, 3], new Date(Date.UTC(2026, 10, 23)), true];
    const [row] = await database.run(echo, params);
    expect(row).toEqual({ n: 7, t: "it's", ids: '1,2,3', at: '2026-11-23', flag: true, j: { a: 7 } });
    const [again] = await database.run(echo, [8, null, [], '2026-01-02T00:00:00Z', false]);
    expect(again).toEqual({ n: 8, t: null, ids: '', at: '2026-01-02', flag: false, j: { a: 8 } });
  });

  it('prepares once: after the first run, each run is one exchange', async () => {
    const before = database.queryCount();
    await database.run(echo, [1, 'a', [1], new Date(), true]);
    await database.run(echo, [2, 'b', [2], new Date(), false]);
    expect(database.queryCount() - before).toBe(2);
  });

  it('throws the database error with its code, and the statement keeps working', async () => {
    await expect(database.run(failing, [0])).rejects.toMatchObject({ code: '22012' });
    expect(await database.run(failing, [1])).toEqual([{ n: 1 }]);
  });

  it('never runs inside another caller’s open transaction', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const tx = database.db.transaction(async (t) => {
      await t.execute(sql`create temporary table run_probe (x int) on commit drop`);
      await held;
    });
    // Started while the transaction is open: it must wait, and then not see the transaction's table.
    const probe = statement<{ found: boolean }>(
      'test_run_probe',
      "select to_regclass('pg_temp.run_probe') is not null as found",
    );
    const run = database.run(probe, []);
    await new Promise((r) => setTimeout(r, 20));
    release();
    await tx;
    expect(await run).toEqual([{ found: false }]);
  });
});
