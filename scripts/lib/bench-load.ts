/**
 * The load process of `npm run bench`: its own process, apart from both servers, so the client never
 * shares a server's event loop or core budget with it. Reads a LoadPlan (JSON) on stdin, warms every
 * route up (discarded), then runs `rounds` interleaved rounds over all routes with autocannon, and prints
 * the measured runs as JSON on stdout. Progress goes to stderr. Loopback only; every run is bounded by
 * its duration.
 */
import { createRequire } from 'node:module';
import { signedCallback } from './bench-callback.ts';
import { type LoadPlan, type LoadRoute, type LoadRun, rssMb } from './bench-types.ts';

interface AutocannonResult {
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
  statusCodeStats?: Record<string, { count: number }>;
}
interface AutocannonInstance extends PromiseLike<AutocannonResult> {
  on(
    event: 'response',
    listener: (client: unknown, statusCode: number, bytes: number, responseTimeMs: number) => void,
  ): void;
}
type Autocannon = (opts: {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  connections: number;
  duration: number;
  timeout: number;
  requests?: Array<{
    setupRequest: (req: Record<string, unknown>, context: Record<string, unknown>) => Record<string, unknown>;
  }>;
}) => AutocannonInstance;

// autocannon ships no types; this is the part used here.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const plan = JSON.parse(await readStdin()) as LoadPlan;
for (const r of plan.routes) {
  if (new URL(r.url).hostname !== '127.0.0.1') throw new Error(`bench load targets 127.0.0.1 only: ${r.url}`);
}

/**
 * One autocannon run. Latencies of 2xx replies are kept here at full resolution (autocannon's own
 * histogram holds whole milliseconds, too coarse for replies well under 1 ms).
 */
async function fire(
  route: LoadRoute,
  seconds: number,
): Promise<{ res: AutocannonResult; latencies: number[] }> {
  const latencies: number[] = [];
  const variants = route.variants;
  let nextVariant = 0;
  const instance = autocannon({
    url: route.url,
    method: route.method,
    headers: route.headers,
    body: route.body,
    connections: plan.connections,
    duration: seconds,
    timeout: 10,
    ...(route.signedCallbacks
      ? { requests: [{ setupRequest: (req) => ({ ...req, ...signedCallback(route.signedCallbacks!) }) }] }
      : {}),
    // A connection keeps the variant it first took (autocannon's context is per connection), unless each
    // request takes one.
    ...(variants?.length
      ? {
          requests: [
            {
              setupRequest: (req, context) => {
                if (!route.variantEachRequest) context.variant ??= variants[nextVariant++ % variants.length];
                const v = route.variantEachRequest
                  ? variants[Math.floor(Math.random() * variants.length)]!
                  : (context.variant as (typeof variants)[number]);
                return { ...req, path: v.path, headers: v.headers, body: v.body };
              },
            },
          ],
        }
      : {}),
  });
  instance.on('response', (_client, statusCode, _bytes, ms) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(ms);
  });
  const res = await instance;
  return { res, latencies };
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)]!;
}

const total = plan.routes.length * (plan.rounds + (plan.warmupSeconds > 0 ? 1 : 0));
let done = 0;
const progress = (what: string) => process.stderr.write(`  [${++done}/${total}] ${what}\n`);

if (plan.warmupSeconds > 0) {
  for (const route of plan.routes) {
    await fire(route, plan.warmupSeconds);
    progress(`warm-up ${route.name}`);
  }
}

const runs: LoadRun[] = [];
for (let round = 1; round <= plan.rounds; round++) {
  for (const route of plan.routes) {
    const { res, latencies } = await fire(route, plan.seconds);
    const sorted = Float64Array.from(latencies).sort();
    const statusCodes: Record<string, number> = {};
    for (const [code, s] of Object.entries(res.statusCodeStats ?? {})) {
      if (!code.startsWith('2')) statusCodes[code] = s.count;
    }
    const run: LoadRun = {
      route: route.name,
      round,
      reqPerSec: res['2xx'] / res.duration,
      p50: percentile(sorted, 0.5),
      p99: percentile(sorted, 0.99),
      // autocannon counts timeouts among errors.
      errors: res.errors + res.non2xx,
      non2xx: res.non2xx,
      timeouts: res.timeouts,
      statusCodes,
      rssMb: await rssMb(route.rssPid),
    };
    runs.push(run);
    progress(
      `round ${round} ${route.name}: ${Math.round(run.reqPerSec)} req/s, p99 ${run.p99.toFixed(1)} ms, errors ${run.errors}`,
    );
  }
}
process.stdout.write(JSON.stringify(runs));
