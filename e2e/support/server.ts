import path from 'node:path';
import { Writable } from 'node:stream';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import type { Database } from '../../src/server/db/client.ts';
import { seed } from '../../src/server/db/seed.ts';
import { freshDatabase } from '../../src/server/test/helpers.ts';

export interface RunningServer {
  baseURL: string;
  database: Database;
  /** Every log line the server wrote during the journey. */
  logs: string[];
  close(): Promise<void>;
}

/** The real server on a free port, on the production build, with a fresh seeded database. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const database = await freshDatabase();
  await seed(database.db);
  const config = loadConfig({
    NODE_ENV: 'test',
    WEB_DIST: path.resolve(import.meta.dirname, '../../dist/web'),
    LOG_LEVEL: 'info',
    ...env,
  });
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  const app = await buildApp({ config, database, logger: { stream } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return {
    baseURL: `http://127.0.0.1:${port}`,
    database,
    logs,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
