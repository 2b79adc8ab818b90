import { vi } from 'vitest';

/**
 * `fetch` stand-in for screen tests (the network edge under the one request helper, lib/api-client.ts):
 * the test answers each call by path, and every call is recorded the way the server would read it.
 */

export function reply(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The usual success envelope. */
export const ok = (data: unknown, message = '') => reply({ code: 0, data, message });

/** A handler that fails the first call with `failure` and answers every later one with `then`. */
export function failingOnce(failure: () => FetchAnswer, then: () => FetchAnswer): FetchHandler {
  let calls = 0;
  return () => {
    calls += 1;
    return calls === 1 ? failure() : then();
  };
}

/** What a handler returns to make the call fail as a lost connection does (fetch rejects). */
export const NETWORK_DOWN = Symbol('network down');

export interface FetchCall {
  method: string;
  path: string;
  /** The query string: a GET's parameters, or the common parameters of a POST. */
  query: URLSearchParams;
  /** The body as sent (a JSON text or a form-encoded string; empty for a GET). */
  raw: string;
  /** The body read back: JSON parsed, or the form fields (all strings) of a form-encoded call. */
  body: Record<string, unknown>;
  headers: Record<string, string>;
  /** The helper's abort (its timeout). */
  signal?: AbortSignal;
}

export type FetchAnswer = Response | typeof NETWORK_DOWN;
export type FetchHandler = (call: FetchCall) => FetchAnswer | Promise<FetchAnswer>;

function readBody(raw: string, contentType: string): Record<string, unknown> {
  if (!raw) return {};
  return contentType.includes('application/x-www-form-urlencoded')
    ? Object.fromEntries(new URLSearchParams(raw))
    : (JSON.parse(raw) as Record<string, unknown>);
}

/**
 * Rejects when the signal aborts, as a real fetch does: a handler that never answers ends with the
 * helper's timeout, not with a test that hangs.
 */
function abortable(answer: Promise<FetchAnswer>, signal?: AbortSignal): Promise<FetchAnswer> {
  if (!signal) return answer;
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * Replaces `fetch` with one answering by "METHOD path" or, for any method, by path. A path with no
 * handler gets a 404 in the server's envelope.
 */
export function stubFetch(handlers: Record<string, FetchHandler>) {
  const calls: FetchCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const raw = init?.body ? String(init.body) : '';
    const call: FetchCall = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      raw,
      body: readBody(raw, headers['content-type'] ?? ''),
      headers,
      signal: init?.signal ?? undefined,
    };
    calls.push(call);
    const handler = handlers[`${call.method} ${call.path}`] ?? handlers[call.path];
    if (!handler)
      return reply({ code: '404', data: null, message: `no stub for ${call.method} ${call.path}` }, 404);
    const answer = await abortable(Promise.resolve(handler(call)), call.signal);
    if (answer === NETWORK_DOWN) throw new TypeError('Failed to fetch');
    return answer;
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return {
    calls,
    fetchMock,
    callsTo: (path: string, method?: string) =>
      calls.filter((c) => c.path === path && (method === undefined || c.method === method)),
  };
}
