import { type PGlite, types } from '@electric-sql/pglite';
import type { Statement } from './statement.ts';

/*
 * What the embedded database needs wherever it runs: in the server's thread (tests) or in its own
 * thread (the server, pglite-thread.ts).
 */

/**
 * Drizzle reads timestamps and dates as text and converts them itself. Its PGlite driver asks for that
 * by passing these parsers with every query, which makes PGlite copy its whole parser table each time
 * (≈ half of a primary-key read). Giving them to PGlite once, at construction, and dropping the per-query
 * option gives the same values without the copy.
 */
const identity = (value: string) => value;
export const TEXT_PARSERS = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map(
    (oid) => [oid, identity],
  ),
);

/** Runs a named statement on the embedded database: the rows as PGlite parses them. */
export type PgliteRun = (
  statement: Pick<Statement<unknown>, 'name' | 'text'>,
  params: readonly unknown[],
) => Promise<unknown[]>;

/**
 * A value as an SQL literal. The text is what PGlite's own serializer for the parameter's type writes
 * (what `query()` would bind); quoted with `'` doubled, which is the whole of quoting while
 * standard_conforming_strings is on (PostgreSQL's default, checked when the runner starts). NUL cannot be
 * in PostgreSQL text at all; it would end the command early, so it is refused here as PostgreSQL refuses
 * it in a bound parameter.
 */
function literal(text: string): string {
  if (text.includes('\0')) throw Object.assign(new Error('invalid byte sequence: 0x00'), { code: '22021' });
  return `'${text.replaceAll("'", "''")}'`;
}

/**
 * Hot statements on PGlite as on PostgreSQL: prepared by name once per database (SQL `PREPARE`), then
 * each run one `EXECUTE` through PGlite's `exec`, the simple protocol: one call into WebAssembly, and a
 * plan PostgreSQL keeps. `query()` with parameters would parse and plan the statement on every call and
 * cross into WebAssembly six times (measured in decision 054). The parameters' types come from PGlite's
 * `describeQuery`, and each value is written by PGlite's serializer for that type, as `query()` does.
 * `exec` and `describeQuery` take PGlite's transaction lock, so a run never lands inside another
 * caller's open transaction.
 */
export function pgliteRunner(client: PGlite, counted: () => void): PgliteRun {
  /** Statement name → its parameters' serializers, once PGlite has prepared it. */
  const prepared = new Map<string, Promise<Array<(value: unknown) => string>>>();
  let checked: Promise<void> | null = null;

  const prepare = (name: string, text: string) => {
    let ready = prepared.get(name);
    if (!ready) {
      ready = (async () => {
        checked ??= client
          .query<{ standard_conforming_strings: string }>('show standard_conforming_strings')
          .then(({ rows }) => {
            if (rows[0]?.standard_conforming_strings !== 'on')
              throw new Error('standard_conforming_strings must be on');
          });
        await checked;
        counted();
        const { queryParams } = await client.describeQuery(text);
        counted();
        await client.exec(`prepare ${name} as ${text}`);
        return queryParams.map(({ dataTypeID }) => {
          const serialize = client.serializers[dataTypeID];
          return (value: unknown) => {
            const text = serialize ? serialize(value) : String(value);
            if (typeof text !== 'string') throw new Error(`parameter of type ${dataTypeID} is not text`);
            return text;
          };
        });
      })();
      // A statement that failed to prepare is tried again by its next run (and fails the same way).
      ready.catch(() => prepared.delete(name));
      prepared.set(name, ready);
    }
    return ready;
  };

  return async (statement, params) => {
    const serializers = await prepare(statement.name, statement.text);
    if (params.length !== serializers.length)
      throw new Error(
        `statement ${statement.name} takes ${serializers.length} parameters, not ${params.length}`,
      );
    const values = params.map((value, i) =>
      value === null || value === undefined ? 'null' : literal(serializers[i]!(value)),
    );
    counted();
    const [result] = await client.exec(
      values.length ? `execute ${statement.name}(${values.join(', ')})` : `execute ${statement.name}`,
    );
    return result?.rows ?? [];
  };
}
