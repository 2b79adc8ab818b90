import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/**
 * `npm test`: lint, types, unit + component tests, API tests, production build with the bundle budget,
 * browser journeys. Every step runs (the journeys only after a good build); the last line is the sum:
 * `N passed, N failed`, counting each test of a test runner and each other step as one check.
 */
const root = path.resolve(import.meta.dirname, '..');
const tmp = path.join(root, '.tmp');
mkdirSync(tmp, { recursive: true });

let passed = 0;
let failed = 0;
const failures: string[] = [];
const summary: string[] = [];

function run(cmd: string, args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
    child.on('close', (code) => resolve(code ?? 1));
    child.on('error', () => resolve(1));
  });
}

async function step(name: string, cmd: string, args: string[]): Promise<boolean> {
  console.log(`\n━━ ${name}`);
  const started = performance.now();
  const code = await run(cmd, args);
  const ok = code === 0;
  if (ok) passed++;
  else failed++;
  summary.push(`${ok ? '✓' : '✗'} ${name} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  return ok;
}

async function vitest(name: string, projects: string[]): Promise<boolean> {
  console.log(`\n━━ ${name}`);
  const report = path.join(tmp, `vitest-${projects.join('-')}.json`);
  rmSync(report, { force: true });
  const started = performance.now();
  const code = await run('npx', [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ]);
  let p = 0;
  let f = 0;
  if (existsSync(report)) {
    const r = JSON.parse(readFileSync(report, 'utf8')) as VitestReport;
    p = r.numPassedTests;
    f = r.numFailedTests;
    failures.push(...failedTests(r));
  }
  // A crashed run (no report, or failures outside tests) still counts as a failure.
  if (code !== 0 && f === 0) f = 1;
  passed += p;
  failed += f;
  summary.push(
    `${code === 0 ? '✓' : '✗'} ${name}: ${p} passed, ${f} failed (${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
  return code === 0;
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults?: {
    name: string;
    assertionResults?: { status: string; fullName: string; failureMessages?: string[] }[];
  }[];
}

/** Names each failed test with the first line of its failure, so a summary alone says what broke. */
function failedTests(r: VitestReport): string[] {
  const out: string[] = [];
  for (const file of r.testResults ?? []) {
    const where = path.relative(process.cwd(), file.name);
    for (const t of file.assertionResults ?? []) {
      if (t.status !== 'failed') continue;
      const first = (t.failureMessages?.[0] ?? '').split('\n')[0]?.slice(0, 300) ?? '';
      out.push(`  ✗ ${where} › ${t.fullName}\n      ${first}`);
    }
  }
  return out;
}

/**
 * The tests of several instances (decision 071) need a Redis: the machine's on the default address when
 * one answers there and none was named.
 */
async function redisAnswers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, host);
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}
if (!process.env.TEST_REDIS_URL && (await redisAnswers('127.0.0.1', 6379)))
  process.env.TEST_REDIS_URL = 'redis://127.0.0.1:6379';
console.log(
  process.env.TEST_REDIS_URL
    ? 'tests of several instances use the Redis at TEST_REDIS_URL'
    : 'no Redis answers on 127.0.0.1:6379: the tests of several instances are skipped',
);

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

await step('lint (Biome)', 'npx', ['biome', 'check', '.']);
await step('types (tsc --noEmit)', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
await vitest('unit and component tests', ['unit', 'web']);
await vitest('API tests', ['api']);
const built = await step('production build', 'npm', ['run', '--silent', 'build']);
if (built) await step('bundle budget', 'npm', ['run', '--silent', 'budget']);
if (!existsSync(CHROMIUM)) {
  console.error(`\nChromium is missing at ${CHROMIUM}. Install it with: sudo apt-get install -y chromium`);
  failed++;
  summary.push('✗ browser journeys: Chromium missing (sudo apt-get install -y chromium)');
} else if (built) {
  await vitest('browser journeys', ['e2e']);
} else {
  failed++;
  summary.push('✗ browser journeys: skipped, the build failed');
}

console.log(`\n━━ summary\n${summary.join('\n')}\n`);
if (failures.length) console.log(`failed tests:\n${failures.join('\n')}\n`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
