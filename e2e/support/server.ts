import path from 'node:path';
import type { Database } from '../../src/server/db/client.ts';
import { createTestApp } from '../../src/server/test/helpers.ts';

export interface RunningServer {
  baseURL: string;
  database: Database;
  /** Every log line the server wrote during the journey. */
  logs: string[];
  /** The key the server seals personal numbers with (a journey's own borrowers get bank accounts). */
  dataKey: string;
  close(): Promise<void>;
}

/** The real server on a free port, serving the production build, with a fresh seeded database. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const t = await createTestApp({ WEB_DIST: path.resolve(import.meta.dirname, '../../dist/web'), ...env });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as { port: number };
  return {
    baseURL: `http://127.0.0.1:${port}`,
    database: t.database,
    logs: t.logs,
    dataKey: t.config.dataKey!,
    close: t.close,
  };
}
