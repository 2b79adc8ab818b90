/** Databases for `npm run bench`: PGlite start-up figures, and a throwaway PostgreSQL database per run. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/client.ts';
import { seed } from '../../src/server/db/seed.ts';

/** Cold create + migrate + demo seed of a fresh PGlite folder, then a reopen of the same folder. */
export async function pgliteStartup(): Promise<{ coldMs: number; reopenMs: number }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-db-'));
  try {
    let t0 = performance.now();
    let db = await openDatabase({ kind: 'pglite', dataDir: dir });
    await seed(db.db, null, { demo: true });
    const coldMs = performance.now() - t0;
    await db.close();
    t0 = performance.now();
    db = await openDatabase({ kind: 'pglite', dataDir: dir });
    const reopenMs = performance.now() - t0;
    await db.close();
    return { coldMs, reopenMs };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface ThrowawayDatabase {
  url: string;
  name: string;
  /**
   * Brings planner statistics and the visibility map to where autovacuum keeps a running database,
   * after the bench has filed its complaint history in seconds (autovacuum would only get to it later).
   */
  settle: () => Promise<void>;
  drop: () => Promise<void>;
}

/** Creates `bench_<timestamp>` on the server of `adminUrl`; `drop` removes it (connections and all). */
export async function createBenchDatabase(adminUrl: string): Promise<ThrowawayDatabase> {
  const name = `bench_${new Date()
    .toISOString()
    .replace(/[-:T.Z]/g, '')
    .slice(0, 14)}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async settle() {
      const c = new pg.Client({ connectionString: url.toString() });
      await c.connect();
      try {
        await c.query('VACUUM ANALYZE');
      } finally {
        await c.end();
      }
    },
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}
