/**
 * The signed-in side of `npm run bench`: a demo borrower session, a realistic complaint history for it,
 * and the routes to measure with the headers and query params the web client sends
 * (src/web/lib/api-client.ts, JSON flavour).
 */
import {
  COLLECTION_TYPE,
  COMPLAINT_BASE,
  CONTACT_INFO_OVERALL,
  LOAN_PATHS,
  REPAY_PATHS,
} from '../../src/shared/contract/constants.ts';
import { signedCallback } from './bench-callback.ts';
import type { Goal, LoadRoute } from './bench-types.ts';

export type BenchMarket = 'IN' | 'ID';

export interface Borrower {
  token: string;
  deviceId: string;
  market: BenchMarket;
  orderNo: string;
  problemType: number;
  /** Query string the web client adds to every API call. */
  query: string;
  headers: Record<string, string>;
}

interface Reply {
  status: number;
  body: { code?: unknown; data?: unknown; message?: string } | null;
}

async function call(
  base: string,
  method: 'GET' | 'POST',
  pathname: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<Reply> {
  const res = await fetch(`${base}${pathname}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  let json: Reply['body'] = null;
  try {
    json = JSON.parse(text) as Reply['body'];
  } catch {
    json = null;
  }
  return { status: res.status, body: json };
}

const okReply = (r: Reply) =>
  r.status >= 200 && r.status < 300 && (r.body?.code === 0 || r.body?.code === '0');
const describe = (r: Reply) =>
  `HTTP ${r.status} code ${String(r.body?.code)} ${r.body?.message ?? ''}`.trim();

/** The headers and query string the web client sends with every call of a signed-in borrower. */
export function borrowerRequest(token: string, deviceId: string, market: BenchMarket) {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'x-lang': market === 'IN' ? 'en' : 'id',
    // What a web view sends: replies over one packet come back compressed, and that work is measured.
    'accept-encoding': 'gzip, deflate, br',
    authorization: `Bearer ${token}`,
    'content-type': 'application/json',
    'x-requested-with': 'XMLHttpRequest',
    'x-device-id': deviceId,
  };
  return { headers, query: new URLSearchParams({ deviceId, market }).toString() };
}

/** Signs in demo borrower `which` (1 = the market's first) of `market`, ready to file complaints. */
export async function signIn(base: string, market: BenchMarket, which = 1): Promise<Borrower> {
  const login = await call(
    base,
    'POST',
    '/dev-api/demo-login',
    { 'content-type': 'application/json' },
    { market, borrower: which },
  );
  if (!okReply(login)) throw new Error(`demo-login failed: ${describe(login)}`);
  const { token, deviceId } = login.body!.data as { token: string; deviceId: string };
  const { headers, query } = borrowerRequest(token, deviceId, market);
  const init = await call(base, 'POST', `${COMPLAINT_BASE}/problem-init?${query}`, headers, {});
  if (!okReply(init)) throw new Error(`problem-init failed: ${describe(init)}`);
  const data = init.body!.data as {
    problemType: Array<{ value: number }>;
    orderDetail: { orderNo: string } | null;
    orderList: Array<{ orderNo: string }>;
  };
  const orderNo = data.orderDetail?.orderNo ?? data.orderList[0]?.orderNo;
  if (!orderNo) throw new Error('the demo borrower has no order to complain about');
  // A type without sub-types and without the collection rule: valid for any of the borrower's orders.
  const type = data.problemType.find((t) => t.value !== COLLECTION_TYPE);
  if (!type) throw new Error('problem-init offered no complaint type other than collection');
  return { token, deviceId, market, orderNo, problemType: type.value, query, headers };
}

export function saveBody(b: Borrower, n: number) {
  return {
    problemType: b.problemType,
    problemSonType: 0,
    problemDetail: `Bench complaint ${n}: I repaid on time but the payment is not credited yet.`,
    problemImage: '',
    orderNo: b.orderNo,
  };
}

/**
 * Files `count` complaints through problem-save on loopback, `parallel` at a time, stopping after
 * `deadlineMs` whatever the count. Returns how many were saved, the failures and the last problemId.
 */
export async function fileComplaints(
  base: string,
  b: Borrower,
  count: number,
  opts: { parallel?: number; deadlineMs?: number } = {},
): Promise<{
  saved: number;
  failed: number;
  firstFailure: string | null;
  lastId: number | null;
  ms: number;
}> {
  const parallel = opts.parallel ?? 8;
  const end = performance.now() + (opts.deadlineMs ?? 180_000);
  const t0 = performance.now();
  let next = 0;
  let saved = 0;
  let failed = 0;
  let firstFailure: string | null = null;
  let lastId: number | null = null;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count && performance.now() < end && failed < 50) {
        const n = next++;
        try {
          const r = await call(
            base,
            'POST',
            `${COMPLAINT_BASE}/problem-save?${b.query}`,
            b.headers,
            saveBody(b, n),
          );
          if (okReply(r)) {
            saved++;
            lastId = (r.body!.data as { problemId: number }).problemId;
          } else {
            failed++;
            firstFailure ??= describe(r);
          }
        } catch (err) {
          failed++;
          firstFailure ??= String(err);
        }
      }
    }),
  );
  return { saved, failed, firstFailure, lastId, ms: performance.now() - t0 };
}

/** One of the borrower's complaint ids from problem-list (paged contract, or the older tabs shape). */
export async function complaintIdFromList(
  base: string,
  b: Borrower,
): Promise<{ id: number | null; note: string }> {
  const r = await call(base, 'POST', `${COMPLAINT_BASE}/problem-list?${b.query}`, b.headers, {});
  if (!okReply(r)) return { id: null, note: `problem-list failed: ${describe(r)}` };
  const data = r.body!.data as {
    list?: Array<{ id: number }>;
    tabs?: Array<{ list?: Array<{ id: number }> }>;
  };
  const id = data.list?.[0]?.id ?? data.tabs?.flatMap((t) => t.list ?? [])[0]?.id ?? null;
  return { id, note: id === null ? 'problem-list returned no complaint' : 'from problem-list' };
}

export interface BenchRoute extends LoadRoute {
  /** Which goal applies (see goalFor). */
  kind:
    | 'ceiling'
    | 'reference'
    | 'calibration'
    | 'health'
    | 'public'
    | 'borrower-read'
    | 'loan-read'
    | 'borrower-write'
    | 'gateway-callback';
}

export function routesFor(opts: {
  base: string;
  helloBase: string;
  appPid: number;
  helloPid: number;
  /** The bare pg primary-key routes, pipelined and pooled (PostgreSQL runs only). */
  reference?: { base: string; pid: number };
  borrower: Borrower;
  /**
   * Other borrowers file the complaints of the timed problem-save rounds, so the reader's history (and
   * so what problem-list reads) stays the same from round to round. Each connection files as one of
   * them, as saves come from many borrowers in production: a single borrower's saves, 32 at once, would
   * measure the wait on that borrower's own counts row rather than the save.
   */
  writers: Borrower[];
  problemId: number;
  /** The app's gateway callback key (the bench's provider signs with it). */
  gatewaySecret: string;
}): BenchRoute[] {
  const { base, borrower: b } = opts;
  const app = (r: Omit<BenchRoute, 'rssPid'>): BenchRoute => ({ ...r, rssPid: opts.appPid });
  const borrowerPost = (
    name: string,
    path: string,
    body: unknown,
    kind: BenchRoute['kind'],
    who: Borrower = b,
  ) =>
    app({
      name,
      kind,
      method: 'POST',
      url: `${base}${path}?${who.query}`,
      headers: who.headers,
      body: JSON.stringify(body),
    });
  return [
    {
      name: 'hello (ceiling)',
      kind: 'ceiling',
      method: 'GET',
      url: `${opts.helloBase}/`,
      headers: {},
      rssPid: opts.helloPid,
    },
    ...(opts.reference
      ? [
          {
            name: 'bare pg primary-key read, pool of 10 (issue 6 calibration)',
            kind: 'calibration' as const,
            method: 'POST' as const,
            url: `${opts.reference.base}/pool`,
            headers: { 'content-type': 'application/json', accept: 'application/json' },
            body: '{}',
            rssPid: opts.reference.pid,
          },
          {
            name: 'bare pg primary-key read, pipelined as our reads (reference)',
            kind: 'reference' as const,
            method: 'POST' as const,
            url: `${opts.reference.base}/`,
            headers: { 'content-type': 'application/json', accept: 'application/json' },
            body: '{}',
            rssPid: opts.reference.pid,
          },
        ]
      : []),
    app({ name: 'GET /healthz', kind: 'health', method: 'GET', url: `${base}/healthz`, headers: {} }),
    app({
      name: 'GET / (pre-rendered home)',
      kind: 'public',
      method: 'GET',
      url: `${base}/`,
      headers: { accept: 'text/html', 'accept-language': 'en', 'accept-encoding': 'gzip, deflate, br' },
    }),
    app({
      name: 'GET site/config',
      kind: 'public',
      method: 'GET',
      url: `${base}/vdthg/v1/site/config?market=IN`,
      headers: { accept: 'application/json' },
    }),
    borrowerPost(
      'POST contact-kf-info',
      '/v3/personal-center/contact-kf-info',
      { overall: CONTACT_INFO_OVERALL },
      'public',
    ),
    app({
      name: 'GET get-qa-list',
      kind: 'borrower-read',
      method: 'GET',
      url: `${base}${COMPLAINT_BASE}/get-qa-list?pid=0&${b.query}`,
      headers: b.headers,
    }),
    borrowerPost('POST problem-list', `${COMPLAINT_BASE}/problem-list`, {}, 'borrower-read'),
    borrowerPost(
      'POST problem-detail',
      `${COMPLAINT_BASE}/problem-detail`,
      { problemId: opts.problemId },
      'borrower-read',
    ),
    // The demo borrower's due loan (issue 8's budget: ≥ 10 % of the ceiling on PostgreSQL, p99 ≤ 25 ms).
    borrowerPost('POST loan-details', LOAN_PATHS.details, { orderId: `${b.market}20261101001` }, 'loan-read'),
    // Issue 27: the same loan's installment plan, read through the loan account as loan details is.
    borrowerPost(
      'POST installment plan',
      REPAY_PATHS.plan,
      { orderId: `${b.market}20261101001` },
      'loan-read',
    ),
    // Issue 30: My loans' list, every order of the borrower in one statement (≥ 0.15, p99 ≤ 25 ms on PostgreSQL).
    borrowerPost('POST order-list', LOAN_PATHS.orderList, { page: 1 }, 'borrower-read'),
    {
      ...borrowerPost(
        'POST problem-save',
        `${COMPLAINT_BASE}/problem-save`,
        saveBody(opts.writers[0]!, 0),
        'borrower-write',
        opts.writers[0],
      ),
      variants: opts.writers.map((w) => ({
        path: `${COMPLAINT_BASE}/problem-save?${w.query}`,
        headers: w.headers,
        body: JSON.stringify(saveBody(w, 0)),
      })),
    },
    // Issue 9: the payment webhook, every request a new signed event (≥ 5 % of the ceiling on
    // PostgreSQL, p99 ≤ 50 ms, no errors).
    app({
      name: 'POST gateway callback',
      kind: 'gateway-callback',
      method: 'POST',
      url: `${base}${REPAY_PATHS.webhook}`,
      headers: { 'content-type': 'application/json' },
      body: '{}',
      signedCallbacks: { secret: opts.gatewaySecret, currency: b.market === 'IN' ? 'INR' : 'IDR' },
    }),
  ];
}

/** Checks every route once before measuring; returns a line per route that does not answer 2xx code 0. */
export async function preflight(routes: BenchRoute[]): Promise<Map<string, string>> {
  const problems = new Map<string, string>();
  for (const r of routes) {
    try {
      const signed = r.signedCallbacks ? signedCallback(r.signedCallbacks) : null;
      const res = await fetch(r.url, {
        method: r.method,
        headers: signed?.headers ?? r.headers,
        body: signed?.body ?? r.body,
        signal: AbortSignal.timeout(30_000),
      });
      const text = await res.text();
      let code: unknown = 0;
      if (
        (res.headers.get('content-type') ?? '').includes('json') &&
        r.kind !== 'ceiling' &&
        r.kind !== 'health'
      ) {
        try {
          code = (JSON.parse(text) as { code?: unknown }).code;
        } catch {
          code = 'not JSON';
        }
      }
      if (!res.ok || (code !== 0 && code !== '0')) {
        let message = '';
        try {
          message = (JSON.parse(text) as { message?: string }).message ?? '';
        } catch {
          message = text.slice(0, 80);
        }
        problems.set(r.name, `HTTP ${res.status} code ${String(code)} ${message}`.trim());
      }
    } catch (err) {
      problems.set(r.name, String(err));
    }
  }
  return problems;
}

/** The goals: a ratio to the hello ceiling of the same run (and p99, errors where they apply). */
export function goalFor(kind: BenchRoute['kind'], db: 'pglite' | 'postgres'): Goal | null {
  const pg = db === 'postgres';
  switch (kind) {
    case 'health':
      return { minRatio: 0.5, noErrors: true };
    case 'borrower-read':
      return pg ? { minRatio: 0.15, maxP99: 25, noErrors: true } : { minRatio: 0.05, noErrors: true };
    case 'loan-read':
      return pg ? { minRatio: 0.1, maxP99: 25, noErrors: true } : { minRatio: 0.05, noErrors: true };
    case 'borrower-write':
      return { minRatio: 0.05, noErrors: true };
    case 'gateway-callback':
      return pg ? { minRatio: 0.05, maxP99: 50, noErrors: true } : { minRatio: 0.02, noErrors: true };
    default:
      return null;
  }
}
