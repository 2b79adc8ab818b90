import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Database, openDatabase } from './client.ts';
import { statement } from './statement.ts';

/**
 * `run()` on the embedded database (decisions 020 and 054): named statements prepared once (SQL
 * `PREPARE`), one `EXECUTE` per run through PGlite's public `exec`, the same values, errors and
 * isolation as a plain query, and every row checked against its statement's schema outside production.
 */

const echo = statement.read(
  'test_run_echo',
  `select $1::int as n, $2::text as t, array_to_string($3::text[], ',') as ids,
          to_char($4::timestamptz at time zone 'UTC', 'YYYY-MM-DD') as at, $5::bool as flag,
          json_build_object('a', $1::int) as j`,
  {
    n: z.number(),
    t: z.string().nullable(),
    ids: z.string(),
    at: z.string(),
    flag: z.boolean(),
    j: z.strictObject({ a: z.number() }),
  },
);
const failing = statement.read('test_run_failing', 'select 1 / $1::int as n', { n: z.number() });
/** Its schema names a column the SQL does not return. */
const missingColumn = statement.read('test_run_missing_column', 'select $1::int as n', {
  n: z.number(),
  name: z.string(),
});
/** Its schema expects text where the SQL returns an integer. */
const wrongType = statement.read('test_run_wrong_type', 'select $1::int as n', { n: z.string() });

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
    const params = [7, "it's", ['a', "o'k", 'b\\c', 'x,"y"'], new Date(Date.UTC(2026, 10, 23)), true];
    const [row] = await database.run(echo, params);
    expect(row).toEqual({
      n: 7,
      t: "it's",
      ids: 'a,o\'k,b\\c,x,"y"',
      at: '2026-11-23',
      flag: true,
      j: { a: 7 },
    });
    const [again] = await database.run(echo, [8, null, [], '2026-01-02T00:00:00Z', false]);
    expect(again).toEqual({ n: 8, t: null, ids: '', at: '2026-01-02', flag: false, j: { a: 8 } });
  });

  it('passes quotes, backslashes and SQL in a value as the value, never as SQL', async () => {
    for (const t of ["'); drop table orders; --", "\\'", '$$ x $$', 'line\nbreak', '₹ Śrīnivās']) {
      const [row] = await database.run(echo, [1, t, [], '2026-01-02T00:00:00Z', false]);
      expect(row!.t).toBe(t);
    }
    await expect(database.run(echo, [1, 'a\0b', [], '2026-01-02T00:00:00Z', false])).rejects.toMatchObject({
      code: '22021',
    });
  });

  it('fails a row that disagrees with its statement’s schema: a missing column, a wrong type', async () => {
    await expect(database.run(missingColumn, [1])).rejects.toThrow(/test_run_missing_column.*name/s);
    await expect(database.run(wrongType, [1])).rejects.toThrow(/test_run_wrong_type.*n/s);
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
    const probe = statement.read(
      'test_run_probe',
      "select to_regclass('pg_temp.run_probe') is not null as found",
      { found: z.boolean() },
    );
    const run = database.run(probe, []);
    await new Promise((r) => setTimeout(r, 20));
    release();
    await tx;
    expect(await run).toEqual([{ found: false }]);
  });
});
