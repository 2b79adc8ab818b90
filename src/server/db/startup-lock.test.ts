import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newDataKey, sealer } from '../crypto/sealed.ts';
import { emptyDatabase } from '../test/helpers.ts';
import { type Database, openDatabase, STARTUP_LOCK } from './client.ts';
import { channelTemplates, products, staffUsers } from './schema.ts';
import { DEMO_BORROWERS, DEMO_STAFF, seed } from './seed.ts';
import { DEMO_PRODUCTS } from './seed-loans.ts';

/**
 * Instances starting together on an empty database (PostgreSQL; PGlite is one process). Without the
 * start-up lock one of two such starts failed on a duplicate, in the migration or the seed. With it they
 * take turns: both start, and the demo data exists once.
 */
const SERVER = process.env.TEST_DATABASE_URL;

describe.skipIf(!SERVER)('two instances starting at once on an empty database', () => {
  let empty: Awaited<ReturnType<typeof emptyDatabase>>;
  const opened: Database[] = [];
  beforeAll(async () => {
    empty = await emptyDatabase(SERVER!);
  });
  afterAll(async () => {
    for (const database of opened) await database.close();
    await empty?.drop();
  });

  /** What server.ts does before it serves: open (and migrate), then seed under the lock. */
  const start = async (key: string) => {
    const database = await openDatabase({ kind: 'postgres', url: empty.url });
    opened.push(database);
    await database.underStartupLock(() =>
      seed(database.db, null, { demo: true, borrowersPerMarket: 3, sealer: sealer(key) }),
    );
    return database;
  };

  it('both migrate and seed, one after the other, and every demo row exists once', async () => {
    const key = newDataKey();
    const [a] = await Promise.all([start(key), start(key)]);
    const count = async (query: ReturnType<typeof sql>) =>
      ((await a!.db.execute(query)) as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
    expect(await count(sql`select count(*)::int as n from ${products}`)).toBe(
      DEMO_PRODUCTS.IN.length + DEMO_PRODUCTS.ID.length,
    );
    expect(await count(sql`select count(*)::int as n from borrowers`)).toBe(
      DEMO_BORROWERS.IN.length + DEMO_BORROWERS.ID.length,
    );
    expect(await count(sql`select count(*)::int as n from ${staffUsers}`)).toBe(DEMO_STAFF.length);
    // Added only into an empty table: what two seeds at once would have doubled.
    expect(await count(sql`select count(*)::int as n from ${channelTemplates}`)).toBe(2);
    // Each migration recorded once.
    expect(await count(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)).toBe(
      await count(sql`select count(distinct hash)::int as n from drizzle.__drizzle_migrations`),
    );
    // And nobody holds the lock any more.
    expect(
      await count(
        sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = ${STARTUP_LOCK}`,
      ),
    ).toBe(0);
  });

  it('lets one holder at a time run, the next once the first is done, even after a failure', async () => {
    const [a, b] = opened as [Database, Database];
    const seen: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let entered!: () => void;
    const inside = new Promise<void>((r) => {
      entered = r;
    });
    const first = a.underStartupLock(async () => {
      seen.push('a in');
      entered();
      await held;
      seen.push('a out');
      throw new Error('a failed');
    });
    await inside;
    const holders = (await b.db.execute(
      sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = ${STARTUP_LOCK} and granted`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(holders.rows[0]!.n).toBe(1);
    const second = b.underStartupLock(async () => {
      seen.push('b in');
      return 'b done';
    });
    // A third start waits too: opening migrates under the lock.
    const third = openDatabase({ kind: 'postgres', url: empty.url }).then((d) => {
      opened.push(d);
      seen.push('opened');
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(seen).toEqual(['a in']);
    release();
    await expect(first).rejects.toThrow('a failed');
    expect(await second).toBe('b done');
    await third;
    expect(seen.slice(0, 2)).toEqual(['a in', 'a out']);
    expect(seen.slice(2).sort()).toEqual(['b in', 'opened']);
  });
});
