import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type DatabaseTarget, openDatabase } from '../../db/client.ts';
import { seed } from '../../db/seed.ts';

/**
 * `npm run ledger:check` as an operator runs it: a process of its own against a database named by the
 * environment as the server reads it (DATA_DIR for a PGlite folder; DATABASE_URL for PostgreSQL, when
 * TEST_DATABASE_URL gives one), its summary line and its exit code: 0 clean, 1 with a breach.
 */
const ROOT = path.resolve(import.meta.dirname, '../../../..');
const SCRIPT = path.join(ROOT, 'scripts/ledger-check.ts');
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

function runScript(env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  const { DATABASE_URL: _url, DATA_DIR: _dir, ...rest } = process.env;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', SCRIPT],
      { cwd: ROOT, env: { ...rest, NODE_ENV: 'test', ...env }, timeout: 120_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** A seeded database the script can open by itself; `tamper` runs SQL on it while nothing else has it open. */
async function target(kind: 'pglite' | 'postgres') {
  let open: DatabaseTarget;
  let env: Record<string, string>;
  if (kind === 'pglite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'ledger-check-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    open = { kind: 'pglite', dataDir: dir };
    env = { DATA_DIR: dir };
  } else {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    const name = `t_${randomBytes(6).toString('hex')}`;
    // The server's own database, for creating and dropping (the url below comes to name the new one).
    const server = url.toString();
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    cleanups.push(async () => {
      const c = new pg.Client({ connectionString: server });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    });
    url.pathname = `/${name}`;
    open = { kind: 'postgres', url: url.toString() };
    env = { DATABASE_URL: url.toString() };
  }
  const database = await openDatabase(open);
  await seed(database.db);
  await database.close();
  return {
    env,
    async tamper(query: ReturnType<typeof sql>) {
      const db = await openDatabase(open);
      try {
        await db.db.execute(query);
      } finally {
        await db.close();
      }
    },
  };
}

const kinds = process.env.TEST_DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

describe.each(kinds)('npm run ledger:check on %s', (kind) => {
  it('prints the summary and exits 0 when clean, 1 with a breach listed', async () => {
    const db = await target(kind);
    const clean = await runScript(db.env);
    expect(clean.stderr).toBe('');
    expect(clean.stdout).toMatch(/^Ledger check #1: \d+ orders checked, 0 breaches \(\d+\.\d s\)\.\n$/);
    expect(clean.code).toBe(0);

    await db.tamper(
      sql`update orders set due_at = due_at + interval '1 day' where order_no = 'IN20261101001'`,
    );
    const broken = await runScript(db.env);
    expect(broken.stdout).toMatch(/^Ledger check #2: \d+ orders checked, 1 breaches /);
    expect(broken.stdout).toContain('  IN20261101001 (IN) dueDateMismatch: due ');
    expect(broken.code).toBe(1);
  }, 180_000);
});
