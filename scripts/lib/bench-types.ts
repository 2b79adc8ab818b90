/** Shapes shared by `npm run bench` (scripts/bench.ts) and its load process (bench-load.ts). */

export interface LoadRoute {
  name: string;
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  /**
   * Requests that differ by connection (another borrower each): connection i sends variant i mod n for
   * the whole run. Without it every connection sends `url`, `headers`, `body`.
   */
  variants?: Array<{ path: string; headers: Record<string, string>; body?: string }>;
  /** Each request takes a variant at random instead (a read of borrowers across a portfolio, no hot row). */
  variantEachRequest?: boolean;
  /**
   * A payment gateway's callbacks: every request a new event (its own event and payment ids), signed
   * with this key as a provider signs them, so each one runs the whole crediting transaction.
   */
  signedCallbacks?: { secret: string; currency: 'INR' | 'IDR' };
  /** The server process whose RSS is read at the end of each measured run. */
  rssPid: number;
}

export interface LoadPlan {
  routes: LoadRoute[];
  warmupSeconds: number;
  seconds: number;
  rounds: number;
  connections: number;
}

/** One measured run of one route (warm-up runs are not reported). */
export interface LoadRun {
  route: string;
  round: number;
  /** 2xx replies per second. */
  reqPerSec: number;
  p50: number;
  p99: number;
  /** non-2xx + socket errors (timeouts included). */
  errors: number;
  non2xx: number;
  timeouts: number;
  /** Status codes seen other than 2xx, with counts. */
  statusCodes: Record<string, number>;
  rssMb: number | null;
}

export interface RouteSummary {
  name: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  rssMb: number | null;
  ratio: number;
  /** req/s ÷ the bare pg primary-key route of the same round (PostgreSQL runs), else null. */
  vsReference: number | null;
  goal: Goal | null;
  meets: boolean | null;
  statusCodes: Record<string, number>;
}

export interface Goal {
  minRatio: number;
  /** p99 limit in ms, checked with the ratio. */
  maxP99?: number;
  /** Errors must be 0 to meet the goal. */
  noErrors: boolean;
}

/** /proc/<pid>/status VmRSS in MB, or null when the process is gone (or not on Linux). */
export async function rssMb(pid: number): Promise<number | null> {
  const { readFile } = await import('node:fs/promises');
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}
