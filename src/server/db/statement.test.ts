import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkRows, rowShape, rowsOf, statement } from './statement.ts';

describe('statement', () => {
  it('refuses a second statement under a name in use (PostgreSQL caches plans by name)', () => {
    statement.read('test_statement_name', 'select 1 as n', { n: z.number() });
    expect(() => statement.read('test_statement_name', 'select 2 as n', { n: z.number() })).toThrow(
      /already used/,
    );
    // The same text again (a module evaluated twice) is the same statement.
    expect(statement.read('test_statement_name', 'select 1 as n', { n: z.number() }).name).toBe(
      'test_statement_name',
    );
  });

  it('refuses a name that is not a plain SQL identifier (PGlite prepares it by that name)', () => {
    for (const name of ['Upper', 'with space', 'x; drop table t', '1st', 'a'.repeat(64)])
      expect(() => statement.read(name, 'select 1 as n', { n: z.number() })).toThrow(/plain identifier/);
  });

  it('takes its kind from the declaration, whatever the SQL says', () => {
    expect(
      statement.read('test_kind_read', "select 'insert … for update' as w", { w: z.string() }).kind,
    ).toBe('read');
    expect(statement.write('test_kind_write', 'select 1 as n', { n: z.number() }).kind).toBe('write');
  });
});

describe('checkRows (outside production)', () => {
  const s = statement.read('test_check_rows', 'select 1 as n, $1 as name', {
    n: z.number(),
    name: z.string().nullable(),
  });

  it('returns the rows as given when each matches the schema', () => {
    const rows = [
      { n: 1, name: 'a' },
      { n: 2, name: null },
    ];
    expect(checkRows(s, rows)).toBe(rows);
  });

  it('throws on a missing column, an extra column or a wrong type, naming the statement', () => {
    expect(() => checkRows(s, [{ n: 1 }])).toThrow(/test_check_rows.*name/s);
    expect(() => checkRows(s, [{ n: 1, name: 'a', extra: true }])).toThrow(/test_check_rows.*extra/s);
    expect(() => checkRows(s, [{ n: '1', name: 'a' }])).toThrow(/test_check_rows.*n/s);
  });
});

describe('rowsOf (a one-off query run with execute)', () => {
  const shape = rowShape('test_rows_of', { got: z.boolean() });

  it("returns the driver's rows when they match, and names the query when they do not", () => {
    const rows = [{ got: true }];
    expect(rowsOf({ rows }, shape)).toBe(rows);
    expect(() => rowsOf({ rows: [{ got: 't' }] }, shape)).toThrow(/test_rows_of.*got/s);
    expect(() => rowsOf({ rows: [{ got: true, more: 1 }] }, shape)).toThrow(/test_rows_of.*more/s);
  });
});
