import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import pg from 'pg';
import type { Market } from '../../shared/markets.ts';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { seed } from '../db/seed.ts';

/**
 * A fresh database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL (dropped again on close).
 */
export async function freshDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return openDatabase({ kind: 'pglite' });
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: target.toString() });
  return {
    ...database,
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
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
  /** Headers of a signed-in borrower. */
  auth(token: string): Record<string, string>;
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

export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await freshDatabase();
  await seed(database.db);
  const config = loadConfig({
    NODE_ENV: 'test',
    WEB_DIST: '/nonexistent-web-dist',
    LOG_LEVEL: 'info',
    ...env,
  });
  const { lines: logs, stream } = captureLogs();
  const app = await buildApp({ config, database, logger: { stream } });
  await app.ready();
  return {
    app,
    database,
    config,
    logs,
    async signIn(market) {
      const res = await app.inject({ method: 'POST', url: '/dev-api/demo-login', payload: { market } });
      if (res.statusCode !== 200) throw new Error(`demo sign-in failed: ${res.body}`);
      return res.json().data.token as string;
    },
    auth: (token) => ({ authorization: `Bearer ${token}` }),
    async close() {
      await app.close();
      await database.close();
    },
  };
}
