import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pg from 'pg';
import type { Market } from '../../shared/markets.ts';
import { openStorage } from '../adapters/storage.ts';
import { buildApp } from '../app.ts';
import { type MovableClock, movableClock } from '../clock.ts';
import { type Config, loadConfig } from '../config.ts';
import { newDataKey, sealer } from '../crypto/sealed.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { borrowers } from '../db/schema.ts';
import { seed } from '../db/seed.ts';
import { seedVerifiedSteps } from '../db/seed-verification.ts';
import { sessionRepository } from '../modules/session/session.repository.ts';
import { sessionService } from '../modules/session/session.service.ts';

/**
 * A new, empty database on the PostgreSQL server named by TEST_DATABASE_URL (nothing migrated): `url`
 * names it, `drop` removes it (connections still open to it are ended).
 */
export async function emptyDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/**
 * A fresh database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL (dropped again on close; `url` names it).
 */
export async function freshDatabase(): Promise<Database & { url?: string }> {
  const url = process.env.TEST_DATABASE_URL;
  // TEST_PGLITE_THREAD=1 runs the suite against PGlite in its own thread, as the server opens it.
  if (!url) return openDatabase({ kind: 'pglite', thread: process.env.TEST_PGLITE_THREAD === '1' });
  const empty = await emptyDatabase(url);
  const database = await openDatabase({ kind: 'postgres', url: empty.url });
  return {
    ...database,
    url: empty.url,
    close: async () => {
      await database.close();
      await empty.drop();
    },
  };
}

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  database: Database;
  config: Config;
  /** Every log line the app wrote, as raw JSON text (for "no secret in the logs" checks). */
  logs: string[];
  /** Signs in the market's demo borrower and returns the bearer token. */
  signIn(market: Market): Promise<string>;
  /**
   * A new borrower of the market (no orders, no complaints), signed in; returns the bearer token. Their
   * verification steps are all done (so they may apply, as every borrower before issue 30), unless
   * `{ verified: false }`: then they have none, as a borrower who just registered (decision 064).
   */
  newBorrower(market: Market, opts?: { verified?: boolean }): Promise<string>;
  /** Headers of a signed-in borrower. */
  auth(token: string): Record<string, string>;
  /** The loan rules' clock: tests move it forward to watch loans fall due. */
  clock: MovableClock;
  close(): Promise<void>;
}

/** A log destination that keeps every line, for "no secret in the logs" checks. */
export function captureLogs(): { lines: string[]; stream: Writable } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { lines, stream };
}

/**
 * The text the log lines carry: every string value and key, without the numbers. A six-digit code is
 * checked against this, not the raw lines, because a line's own numbers (its time, pid, response time)
 * hold any six digits now and then: one CI run found `000017` inside a response time.
 */
export function loggedText(logs: readonly string[]): string {
  const out: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') out.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        out.push(key);
        walk(inner);
      }
    }
  };
  for (const line of logs) {
    try {
      walk(JSON.parse(line));
    } catch {
      // Not JSON: keep the whole line, so nothing escapes the check.
      out.push(line);
    }
  }
  return out.join('\n');
}

export async function createTestApp(
  env: Record<string, string> = {},
  /** Wraps what the app sees of the database (a test that times or reorders its statements). */
  wrap: (database: Database) => Database = (database) => database,
  /**
   * Another instance (decision 071): on the database of an app already made (not seeded again, not
   * closed by this one), with its keys in Redis under `redisPrefix` (give both apps the same one).
   */
  instance: { database?: Database; redisPrefix?: string } = {},
): Promise<TestApp> {
  const database = instance.database ?? (await freshDatabase());
  const uploadDir = mkdtempSync(path.join(tmpdir(), 'uploads-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    WEB_DIST: '/nonexistent-web-dist',
    LOG_LEVEL: 'info',
    UPLOAD_DIR: uploadDir,
    // Outside demo mode a data key is required; a test app seals with one of its own.
    DATA_KEY: newDataKey(),
    ...env,
  });
  // The local folder, or the bucket a test names with STORAGE_URL (storage-s3.test.ts).
  const storage = await openStorage(config.storage);
  // The app's own key, so the demo borrowers' sealed numbers open as the app's own would.
  const seal = sealer(config.dataKey!);
  if (!instance.database) await seed(database.db, storage, { demo: config.demo, sealer: seal });
  const { lines: logs, stream } = captureLogs();
  const clock = movableClock();
  const app = await buildApp({
    config,
    database: wrap(database),
    logger: { stream },
    storage,
    clock,
    redisPrefix: instance.redisPrefix,
  });
  await app.ready();
  return {
    app,
    clock,
    database,
    config,
    logs,
    async signIn(market) {
      const res = await app.inject({ method: 'POST', url: '/dev-api/demo-login', payload: { market } });
      if (res.statusCode !== 200) throw new Error(`demo sign-in failed: ${res.body}`);
      return res.json().data.token as string;
    },
    async newBorrower(market, opts = {}) {
      const phone =
        market === 'IN'
          ? `9${Math.floor(1e8 + Math.random() * 9e8)}`
          : `0812${Math.floor(1e7 + Math.random() * 9e7)}`;
      const [row] = await database.db
        .insert(borrowers)
        .values({ market, phone, name: 'Test Borrower' })
        .returning();
      if (opts.verified !== false)
        await seedVerifiedSteps(database.db, seal, row!.id, market, {
          fullName: 'Test Borrower',
          birthDate: '1990-01-20',
          gender: 'male',
          email: 'test.borrower@example.com',
          idNumber: market === 'IN' ? 'ABCPT1234F' : '3273012001900002',
          contactPhone: market === 'IN' ? '9812345679' : '081298765439',
        });
      return sessionService(sessionRepository(database), { ttlMs: 3600_000 }).open(row!.id, null);
    },
    auth: (token) => ({ authorization: `Bearer ${token}` }),
    async close() {
      await app.close();
      storage.close();
      if (!instance.database) await database.close();
      rmSync(uploadDir, { recursive: true, force: true });
    },
  };
}

let staffAddress = 1;
/** What a signed-in staff member sends with a write: the session cookie and the CSRF token. */
export type StaffHeaders = {
  cookie: string;
  'x-csrf-token': string;
};

/**
 * Signs a staff member in on `app`. Each sign-in comes from an address of its own: the per-address
 * sign-in limit has its own test, and must not be what a test of something else runs into.
 */
export async function staffSignIn(
  app: { inject: TestApp['app']['inject'] },
  email: string,
  password: string,
): Promise<StaffHeaders> {
  const res = await app.inject({
    method: 'POST',
    url: '/admin-api/session/login',
    payload: { email, password },
    remoteAddress: `10.${Math.floor(staffAddress / 250) + 20}.0.${(staffAddress++ % 250) + 1}`,
  });
  if (res.statusCode !== 200) throw new Error(`staff sign-in failed: ${res.body}`);
  return {
    cookie: String(res.headers['set-cookie']).split(';')[0]!,
    'x-csrf-token': res.json().data.csrfToken,
  };
}
