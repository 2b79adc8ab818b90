import { COMMON_QUERY_KEYS, IDENTITY_HEADERS } from '../../shared/contract/identity.ts';
import { ERROR_CODE, isSuccessCode } from '../../shared/contract/reply-codes.ts';
import { common } from '../../shared/i18n/common.ts';
import { sessionLang, sessionParams } from './session-params.ts';
import { toast } from './toast.ts';

/**
 * The one request helper (spec §7). Two flavours: `json` (JSON body, X-Requested-With and the JSON
 * identity headers) and `form` (form-urlencoded body and the form identity headers). It never throws:
 * every outcome, a network failure or a timeout included, comes back as an ApiResult, and a failure is
 * toasted with the server's message (or the network message) unless `silent`.
 */
export const SHARED_BASE = '/vdthg';
export const REQUEST_TIMEOUT_MS = 60_000;
export const NETWORK_ERROR_CODE = 'NETWORK';
/** Bad gateway, unavailable, gateway timeout: what a proxy or load balancer says when we did not answer. */
const GATEWAY_FAILURES = new Set([502, 503, 504]);

export interface ApiResult<T> {
  ok: boolean;
  code: string | number;
  data: T | null;
  message: string;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The body for POST, PUT and DELETE; extra query params for GET. */
  data?: Record<string, unknown>;
  /** Extra query params for any method. */
  query?: Record<string, string | number | undefined>;
  flavour?: 'json' | 'form';
  /** When given, a loading toast with this text shows until the reply arrives. */
  loadingText?: string;
  /** No toast on failure: the caller shows the outcome itself. */
  silent?: boolean;
  timeoutMs?: number;
  /** Extra headers for this call (the back office's CSRF token). */
  headers?: Record<string, string>;
  fetchImpl?: typeof fetch;
}

function buildUrl(path: string, extra: Record<string, unknown> | undefined): string {
  const params = new URLSearchParams();
  const session = sessionParams();
  for (const key of COMMON_QUERY_KEYS) {
    const value = session[key];
    if (value) params.set(key, value);
  }
  for (const [key, value] of Object.entries(extra ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

function headersFor(flavour: 'json' | 'form'): Record<string, string> {
  const session = sessionParams();
  const headers: Record<string, string> = { accept: 'application/json', 'x-lang': sessionLang() };
  if (session.token) headers[IDENTITY_HEADERS.authorization] = `Bearer ${session.token}`;
  if (flavour === 'json') {
    headers['content-type'] = 'application/json';
    headers['x-requested-with'] = 'XMLHttpRequest';
    if (session.deviceId) headers[IDENTITY_HEADERS.deviceId] = session.deviceId;
  } else {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    if (session.market) headers[IDENTITY_HEADERS.market] = session.market;
  }
  return headers;
}

function encodeForm(data: Record<string, unknown>): string {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(data)) {
    if (value !== undefined && value !== null) body.set(key, String(value));
  }
  return body.toString();
}

/** The server no longer accepts the borrower's session: expired, revoked or never valid. */
export function isSessionEndedCode(code: unknown): boolean {
  return String(code) === ERROR_CODE.UNAUTHENTICATED;
}

/*
 * What happens when the borrower's session ends. Only a shell whose sessions come from the native app
 * (the H5 shell) plugs an action in; the back office has its own sign-in and leaves it empty, so its
 * refusals stay ordinary failures. The first refusal runs the action (the H5 shell asks the app for its
 * sign-in screen), and from then on every call answers "session ended" without going to the network:
 * the token is known to be dead, and a retry (a button, a query's own retry) must not loop through the
 * server or send the borrower to sign-in twice.
 */
let sessionEndAction: (() => void) | null = null;
let sessionEnded = false;
const sessionEndListeners = new Set<() => void>();

/** Plugs in (or, with null, removes) the reaction to an ended session, and forgets an earlier end. */
export function setSessionEndAction(action: (() => void) | null): void {
  sessionEndAction = action;
  sessionEnded = false;
  for (const listener of sessionEndListeners) listener();
}

/** True once the server has said the session ended, in a shell that reacts to it. */
export function hasSessionEnded(): boolean {
  return sessionEnded;
}

/** For useSyncExternalStore: error states switch to "session ended" the moment it happens. */
export function subscribeSessionEnd(listener: () => void): () => void {
  sessionEndListeners.add(listener);
  return () => {
    sessionEndListeners.delete(listener);
  };
}

/** The borrower asked to sign in again (a button on the session-ended state). */
export function requestSignIn(): void {
  sessionEndAction?.();
}

function endSession(): void {
  if (sessionEnded || !sessionEndAction) return;
  sessionEnded = true;
  sessionEndAction();
  for (const listener of sessionEndListeners) listener();
}

function sessionEndedResult<T>(): ApiResult<T> {
  return {
    ok: false,
    code: ERROR_CODE.UNAUTHENTICATED,
    data: null,
    message: common[sessionLang()].errors.unauthenticated,
  };
}

/**
 * A reply that is not our JSON came from something in front of our server (decision 010):
 * - a gateway's 502-504 page: our server did not answer; the borrower's connection works and a second
 *   try may not (code 503, worth a retry);
 * - a proxy's 413: the body was too large for it, before our server saw it;
 * - any other page (a captive portal, an operator's top-up page when the data runs out): the network's.
 */
function notOurReply(status: number, lang = sessionLang()): ApiResult<never> {
  const errors = common[lang].errors;
  if (GATEWAY_FAILURES.has(status))
    return { ok: false, code: ERROR_CODE.UNAVAILABLE, data: null, message: errors.unavailable };
  if (status === 413) return { ok: false, code: '413', data: null, message: errors.payloadTooLarge };
  return { ok: false, code: NETWORK_ERROR_CODE, data: null, message: errors.network };
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<ApiResult<T>> {
  const { method = 'POST', data, flavour = 'json', loadingText, silent = false } = options;
  // Already said once (toast and state); nothing to ask the server with a dead token.
  if (sessionEnded) return sessionEndedResult<T>();
  const doFetch = options.fetchImpl ?? globalThis.fetch.bind(globalThis);
  const url = buildUrl(path, method === 'GET' ? { ...data, ...options.query } : options.query);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const closeLoading = loadingText ? toast.loading(loadingText) : undefined;
  let result: ApiResult<T>;
  try {
    const response = await doFetch(url, {
      method,
      headers: { ...headersFor(flavour), ...options.headers },
      body:
        method === 'GET'
          ? undefined
          : flavour === 'json'
            ? JSON.stringify(data ?? {})
            : encodeForm(data ?? {}),
      signal: controller.signal,
      credentials: 'same-origin',
    });
    const body = (await response.json().catch(() => null)) as {
      code?: string | number;
      data?: T;
      message?: string;
    } | null;
    if (body) {
      result = {
        ok: isSuccessCode(body.code),
        code: body.code ?? String(response.status),
        data: body.data ?? null,
        message: body.message ?? '',
      };
      if (!result.ok && !result.message) result.message = common[sessionLang()].errors.internal;
    } else {
      result = notOurReply(response.status);
    }
  } catch {
    // Offline, DNS, reset or timeout (abort): one clear message.
    result = {
      ok: false,
      code: NETWORK_ERROR_CODE,
      data: null,
      message: common[sessionLang()].errors.network,
    };
  } finally {
    clearTimeout(timer);
    // The spinner goes before any message shows, so the two never fight over the one toast.
    closeLoading?.();
  }
  if (!result.ok && !silent) toast.show(result.message);
  if (!result.ok && isSessionEndedCode(result.code)) endSession();
  return result;
}

/** The code an upload settles with when its caller aborted it (the image was removed). */
export const UPLOAD_ABORTED = 'ABORTED';

export interface UploadOptions {
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/**
 * Uploads one file as multipart/form-data with progress (0-100), which `fetch` cannot report, so it is
 * an XMLHttpRequest. Same identity as `request` (common query params, JSON-flavour headers), the token
 * in a header only; like `request` it never rejects and does not toast: the caller shows the outcome
 * next to the file. An aborted upload settles with code UPLOAD_ABORTED.
 */
export function uploadFile<T>(
  path: string,
  field: string,
  file: File,
  options: UploadOptions = {},
): Promise<ApiResult<T>> {
  const lang = sessionLang();
  if (sessionEnded) return Promise.resolve(sessionEndedResult<T>());
  const xhr = new XMLHttpRequest();
  return new Promise<ApiResult<T>>((resolve) => {
    const fail = (code: string | number, message: string) => {
      resolve({ ok: false, code, data: null, message });
      if (isSessionEndedCode(code)) endSession();
    };
    xhr.open('POST', buildUrl(path, undefined));
    xhr.timeout = REQUEST_TIMEOUT_MS;
    const { 'content-type': _multipartSetsItsOwn, ...headers } = headersFor('json');
    for (const [name, value] of Object.entries({ ...headers, ...options.headers }))
      xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        options.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    };
    xhr.onload = () => {
      let body: { code?: string | number; data?: T | null; message?: string } | null = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (!body) {
        const result = notOurReply(xhr.status, lang);
        fail(result.code, result.message);
      } else if (isSuccessCode(body.code) && body.data) {
        options.onProgress?.(100);
        resolve({ ok: true, code: body.code ?? 0, data: body.data, message: body.message ?? '' });
      } else {
        fail(body.code ?? String(xhr.status), body.message || common[lang].errors.internal);
      }
    };
    xhr.onerror = () => fail(NETWORK_ERROR_CODE, common[lang].errors.network);
    xhr.ontimeout = () => fail(NETWORK_ERROR_CODE, common[lang].errors.network);
    xhr.onabort = () => fail(UPLOAD_ABORTED, '');
    if (options.signal?.aborted) {
      fail(UPLOAD_ABORTED, '');
      return;
    }
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append(field, file, file.name);
    xhr.send(form);
  });
}
