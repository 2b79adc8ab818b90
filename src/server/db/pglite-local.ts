import { type PGlite, parse, protocol, types } from '@electric-sql/pglite';
import type { Database } from './client.ts';
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
export function pgliteRunner(client: PGlite, counted: () => void): Database['run'] {
  const { serialize } = protocol;
  /** Statement name → the types of its parameters, once PGlite has prepared it. */
  const prepared = new Map<string, number[]>();
  return <Row>(statement: Statement<Row>, params: readonly unknown[]) =>
    client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        // `query()` checks this itself; the protocol path does not, and would fail with a TypeError deep
        // in PGlite. Said as PGlite says it, so the error handler answers 503 as for any closed database.
        if (client.closed) throw new Error('PGlite is closed');
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
