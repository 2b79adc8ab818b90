/** Child processes of `npm run bench`: the app server, the hello ceiling and the load process. */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import type { LoadPlan, LoadRun } from './bench-types.ts';

export const root = path.resolve(import.meta.dirname, '../..');

export interface Child {
  name: string;
  proc: ChildProcess;
  pid: number;
  port: number;
  /** Everything it wrote to stderr (the app server logs warnings and errors there and on stdout). */
  log: () => string;
  stop: () => Promise<void>;
}

/** A port that was free a moment ago on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export const randomSecret = (length = 48) => randomBytes(length).toString('base64url').slice(0, length);

/** Variables src/server/config.ts reads: a child gets only the ones the bench sets. */
const SERVER_KEYS = new Set([
  'NODE_ENV',
  'PORT',
  'HOST',
  'DATA_DIR',
  'DATABASE_URL',
  'DEMO',
  'LOG_LEVEL',
  'TRUST_PROXY',
  'WEB_DIST',
  'SESSION_TTL_HOURS',
  'PRIVACY_ALIAS_ROUTE',
  'UPLOAD_DIR',
  'URL_SIGNING_SECRET',
  'GATEWAY_SECRET',
  'SHUTDOWN_GRACE_SECONDS',
  'RATE_LIMITS',
]);

function nodeChild(
  name: string,
  script: string,
  env: Record<string, string>,
  port: number,
  nodeArgs: string[] = [],
): Child {
  // The parent's own server settings (a DATABASE_URL in the shell, say) must not leak into the child.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !SERVER_KEYS.has(k) && !k.startsWith('BENCH_')),
  );
  const proc = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script], {
    cwd: root,
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString('utf8')).slice(-20_000);
  };
  proc.stdout!.on('data', keep);
  proc.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  return {
    name,
    proc,
    pid: proc.pid!,
    port,
    log: () => log,
    async stop() {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Polls `url` until it answers 2xx; gives up after `timeoutMs` or when the child exits. */
async function waitFor(child: Child, url: string, timeoutMs: number): Promise<number> {
  const t0 = performance.now();
  while (performance.now() - t0 < timeoutMs) {
    if (child.proc.exitCode !== null) {
      throw new Error(`${child.name} exited with ${child.proc.exitCode}:\n${child.log()}`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.ok) return performance.now() - t0;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${child.name} not ready at ${url} after ${timeoutMs} ms:\n${child.log()}`);
}

export interface AppServerOptions {
  webDist: string;
  /** PGlite data folder, or a PostgreSQL URL. */
  database: { dataDir: string } | { url: string };
}

/** The built server as production runs it (demo data, rate limits lifted for the bench); waits for /readyz. */
export async function startAppServer(
  opts: AppServerOptions,
): Promise<Child & { startMs: number; gatewaySecret: string }> {
  const port = await freePort();
  const gatewaySecret = randomSecret(48);
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    DEMO: '1',
    RATE_LIMITS: 'off',
    LOG_LEVEL: 'warn',
    URL_SIGNING_SECRET: randomSecret(48),
    GATEWAY_SECRET: gatewaySecret,
    PORT: String(port),
    HOST: '127.0.0.1',
    WEB_DIST: opts.webDist,
  };
  if ('url' in opts.database) env.DATABASE_URL = opts.database.url;
  else env.DATA_DIR = opts.database.dataDir;
  // BENCH_PROFILE=<dir>: a V8 CPU profile of the app server (only), written there when it stops.
  const profile = process.env.BENCH_PROFILE;
  const child = nodeChild(
    'app server',
    'src/server/server.ts',
    env,
    port,
    profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profile)}`] : [],
  );
  try {
    const startMs = await waitFor(child, `http://127.0.0.1:${port}/readyz`, 120_000);
    return { ...child, startMs, gatewaySecret };
  } catch (err) {
    await child.stop();
    throw err;
  }
}

/** A bare comparison server (answers GET / once ready), in its own process on a free port. */
async function startBareServer(
  name: string,
  script: string,
  env: Record<string, string> = {},
): Promise<Child> {
  const port = await freePort();
  const child = nodeChild(name, script, { ...env, PORT: String(port) }, port);
  try {
    await waitFor(child, `http://127.0.0.1:${port}/`, 30_000);
    return child;
  } catch (err) {
    await child.stop();
    throw err;
  }
}

export const startHelloServer = () => startBareServer('hello server', 'scripts/lib/bench-hello.ts');

/** The bare Fastify + one pg primary-key read (PostgreSQL runs only), on the bench's database. */
export const startReferenceServer = (databaseUrl: string) =>
  startBareServer('reference server', 'scripts/lib/bench-reference.ts', {
    REFERENCE_DATABASE_URL: databaseUrl,
  });

const loads = new Set<ChildProcess>();
/** Ends a load process still running (the bench was interrupted). */
export function stopLoads() {
  for (const p of loads) p.kill('SIGKILL');
}

/** Runs the plan in a third process (scripts/lib/bench-load.ts) and returns its measured runs. */
export function runLoad(plan: LoadPlan): Promise<LoadRun[]> {
  const perRun = plan.seconds + 15;
  const bound = (plan.routes.length * (plan.rounds * perRun + plan.warmupSeconds + 15) + 60) * 1000;
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'scripts/lib/bench-load.ts'], {
      cwd: root,
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    loads.add(proc);
    let out = '';
    proc.stdout.on('data', (c: Buffer) => {
      out += c.toString('utf8');
    });
    const timer = setTimeout(() => proc.kill('SIGKILL'), bound);
    proc.once('error', reject);
    proc.once('exit', (code, signal) => {
      clearTimeout(timer);
      loads.delete(proc);
      if (code !== 0) return reject(new Error(`load process ended with ${code ?? signal}`));
      try {
        resolve(JSON.parse(out) as LoadRun[]);
      } catch (err) {
        reject(err);
      }
    });
    proc.stdin.end(JSON.stringify(plan));
  });
}
