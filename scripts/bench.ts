import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { borrowers } from '../src/server/db/schema.ts';
import { seed } from '../src/server/db/seed.ts';
import { sessionRepository } from '../src/server/modules/session/session.repository.ts';
import { sessionService } from '../src/server/modules/session/session.service.ts';
import { routeWeights } from './lib/manifest.ts';

/**
 * `npm run bench`: prints figures, asserts nothing. Bundle weight per route (gzip JS on first load),
 * database start-up, and HTTP throughput of a few representative routes on loopback (bounded loops).
 * BENCH_DATABASE_URL runs the HTTP part against PostgreSQL instead of PGlite.
 */
const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist/web');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONCURRENCY = 32;
/** One load thread: with 2 cores, the other belongs to the server. */
const WORKERS = 1;

if (existsSync(path.join(dist, '.vite/manifest.json'))) {
  console.log('\nBundle weight (gzip JS on first load)');
  for (const w of routeWeights(dist))
    console.log(`  ${w.name.padEnd(60)} ${(w.gzipBytes / 1024).toFixed(1).padStart(7)} KB`);
} else {
  console.log('\n(no build: run `npm run build` for bundle figures)');
}

console.log('\nDatabase start-up (PGlite)');
const dir = mkdtempSync(path.join(tmpdir(), 'bench-db-'));
let t0 = performance.now();
let db = await openDatabase({ kind: 'pglite', dataDir: dir });
await seed(db.db);
console.log(`  cold create + migrate + seed: ${Math.round(performance.now() - t0)} ms`);
await db.close();
t0 = performance.now();
db = await openDatabase({ kind: 'pglite', dataDir: dir });
console.log(`  reopen + migrate check:       ${Math.round(performance.now() - t0)} ms`);
if (process.env.BENCH_DATABASE_URL) {
  await db.close();
  db = await openDatabase({ kind: 'postgres', url: process.env.BENCH_DATABASE_URL });
  await seed(db.db);
}

const app = await buildApp({
  config: loadConfig({
    NODE_ENV: 'production',
    WEB_DIST: dist,
    LOG_LEVEL: 'warn',
    URL_SIGNING_SECRET: 'bench-only-signing-key-bench-only-signing-key',
  }),
  database: db,
  logger: false,
});
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as { port: number };

/** Drives one route from worker threads (the client must not share the server's event loop). */
async function load(label: string, pathname: string, headers: Record<string, string> = {}) {
  const workers = Array.from(
    { length: WORKERS },
    () =>
      new Worker(new URL('./lib/load-worker.mjs', import.meta.url), {
        workerData: {
          url: `http://127.0.0.1:${port}${pathname}`,
          headers,
          seconds: SECONDS,
          connections: CONCURRENCY / WORKERS,
        },
      }),
  );
  const results = await Promise.all(
    workers.map(
      (w) =>
        new Promise<{ latencies: number[]; errors: number }>((resolve, reject) => {
          w.once('message', resolve);
          w.once('error', reject);
        }),
    ),
  );
  const latencies = results.flatMap((r) => r.latencies).sort((x, y) => x - y);
  const errors = results.reduce((n, r) => n + r.errors, 0);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]!.toFixed(1);
  console.log(
    `  ${label.padEnd(34)} ${Math.round(latencies.length / SECONDS)
      .toString()
      .padStart(7)} req/s   p50 ${pct(0.5)} ms   p99 ${pct(0.99)} ms   errors ${errors}`,
  );
}

console.log(
  `\nHTTP on loopback (${db.kind}, ${CONCURRENCY} connections from a worker thread, ${SECONDS} s each)`,
);
await load('GET /healthz', '/healthz');
await load('GET /vdthg/v1/site/config', '/vdthg/v1/site/config?market=IN');
if (existsSync(path.join(dist, 'site'))) await load('GET / (pre-rendered page)', '/');
{
  // A signed-in borrower's read: session lookup plus the chatbot categories.
  const [borrower] = await db.db.select().from(borrowers).limit(1);
  const token = await sessionService(sessionRepository(db.db), { ttlMs: 3600_000 }).open(borrower!.id, null);
  await load('GET get-qa-list (borrower)', '/h5-api/v3/user-problem/get-qa-list?pid=0', {
    authorization: `Bearer ${token}`,
  });
}
await app.close();
await db.close();
rmSync(dir, { recursive: true, force: true });
