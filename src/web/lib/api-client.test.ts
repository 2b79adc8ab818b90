import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { common } from '../../shared/i18n/common.ts';
import {
  hasSessionEnded,
  NETWORK_ERROR_CODE,
  REQUEST_TIMEOUT_MS,
  request,
  requestSignIn,
  setSessionEndAction,
  subscribeSessionEnd,
  uploadFile,
} from './api-client.ts';
import { setSessionParams } from './session-params.ts';
import { setToaster } from './toast.ts';

const shown: string[] = [];
const loading = { opened: [] as string[], closed: 0 };

beforeEach(() => {
  shown.length = 0;
  loading.opened.length = 0;
  loading.closed = 0;
  setToaster({
    show: (m) => shown.push(m),
    loading: (m) => {
      loading.opened.push(m);
      return () => {
        loading.closed++;
      };
    },
  });
  setSessionParams({
    token: 'tok_abcdefghijklmnopqrstuvwxyz',
    deviceId: 'dev-1',
    market: 'IN',
    version: '3',
    gid: 'g1',
  });
});
afterEach(() => {
  vi.useRealTimers();
  setSessionEndAction(null);
});

function reply(body: unknown, status = 200) {
  return vi.fn(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
}

/** Uploads one file through a fake XMLHttpRequest that answers `status` with `responseText`. */
async function uploadAnswered(status: number, responseText: string) {
  const xhr = {
    open: vi.fn(),
    setRequestHeader: vi.fn(),
    send: vi.fn(function (this: { onload: () => void }) {
      queueMicrotask(() => this.onload());
    }),
    upload: {},
    status,
    responseText,
  };
  // A constructor that hands out the fake (`new` on a class returning an object yields that object).
  vi.stubGlobal(
    'XMLHttpRequest',
    class {
      constructor() {
        // biome-ignore lint/correctness/noConstructorReturn: the fake above stands in for the instance
        return xhr;
      }
    },
  );
  try {
    return await uploadFile('/upload', 'file', new File(['x'], 'a.png'));
  } finally {
    vi.unstubAllGlobals();
  }
}

describe('request helper: JSON flavour', () => {
  it('sends JSON with X-Requested-With, both identity headers and the common query params', async () => {
    const fetchImpl = reply({ code: 0, data: { a: 1 }, message: 'success' });
    const result = await request<{ a: number }>('/vdthg/v1/x', { data: { n: 1 }, fetchImpl });
    expect(result).toEqual({ ok: true, code: 0, data: { a: 1 }, message: 'success' });
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/vdthg/v1/x?deviceId=dev-1&market=IN&version=3&gid=g1');
    expect(url).not.toContain('tok_');
    const headers = init.headers as Record<string, string>;
    expect(headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(headers.authorization).toBe('Bearer tok_abcdefghijklmnopqrstuvwxyz');
    expect(headers['x-device-id']).toBe('dev-1');
    expect(headers['content-type']).toBe('application/json');
    expect(init.body).toBe('{"n":1}');
    expect(shown).toEqual([]);
  });

  it('adds the caller headers (the back office CSRF token)', async () => {
    const fetchImpl = reply({ code: 0, data: null, message: '' });
    await request('/admin-api/x', { headers: { 'x-csrf-token': 'abc' }, fetchImpl });
    const [, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>)['x-csrf-token']).toBe('abc');
  });

  it('sends a JSON body with PUT and DELETE too', async () => {
    const fetchImpl = reply({ code: 0, data: null, message: '' });
    await request('/admin-api/qa/1', { method: 'PUT', data: { a: 1 }, fetchImpl });
    const [, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.method).toBe('PUT');
    expect(init.body).toBe('{"a":1}');
  });

  it('puts GET data in the query string', async () => {
    const fetchImpl = reply({ code: '00', data: [], message: '' });
    const result = await request('/vdthg/v1/list', { method: 'GET', data: { pid: 0 }, fetchImpl });
    expect(result.ok).toBe(true);
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain('pid=0');
    expect(init.body).toBeUndefined();
  });
});

describe('request helper: form flavour', () => {
  it('sends form-urlencoded with the form identity headers', async () => {
    const fetchImpl = reply({ code: '00', data: null, message: '' });
    await request('/indah/stand/joint', {
      flavour: 'form',
      data: { a: 'x y', b: 2, c: undefined },
      fetchImpl,
    });
    const [, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    const headers = init.headers as Record<string, string>;
    expect(headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(headers['x-market']).toBe('IN');
    expect(headers.authorization).toMatch(/^Bearer /);
    expect(headers['x-requested-with']).toBeUndefined();
    expect(headers['x-device-id']).toBeUndefined();
    expect(init.body).toBe('a=x+y&b=2');
  });
});

describe('request helper: outcomes', () => {
  it('treats both 0 and "00" as success', async () => {
    expect((await request('/a', { fetchImpl: reply({ code: 0, data: 1, message: '' }) })).ok).toBe(true);
    expect((await request('/a', { fetchImpl: reply({ code: '00', data: 1, message: '' }) })).ok).toBe(true);
    expect(shown).toEqual([]);
  });

  it('toasts the server message on a failure code and still returns the result', async () => {
    const result = await request('/a', {
      fetchImpl: reply({ code: '101', data: null, message: 'Wrong captcha' }),
    });
    expect(result).toEqual({ ok: false, code: '101', data: null, message: 'Wrong captcha' });
    expect(shown).toEqual(['Wrong captcha']);
  });

  it('returns an HTTP error envelope as a failed result', async () => {
    const result = await request('/a', {
      fetchImpl: reply({ code: '429', data: null, message: 'Too many' }, 429),
    });
    expect(result.ok).toBe(false);
    expect(shown).toEqual(['Too many']);
  });

  it('stays quiet when silent', async () => {
    await request('/a', { silent: true, fetchImpl: reply({ code: '1', data: null, message: 'no' }) });
    expect(shown).toEqual([]);
  });

  it('shows a loading toast while waiting and always closes it', async () => {
    await request('/a', { loadingText: 'Loading…', fetchImpl: reply({ code: 0, data: null, message: '' }) });
    expect(loading).toEqual({ opened: ['Loading…'], closed: 1 });
    await request('/a', {
      loadingText: 'Loading…',
      fetchImpl: vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    });
    expect(loading.closed).toBe(2);
  });

  it('turns a network failure into a failed result with the network message', async () => {
    const result = await request('/a', {
      fetchImpl: vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    });
    expect(result).toEqual({
      ok: false,
      code: NETWORK_ERROR_CODE,
      data: null,
      message: 'Network error. Please check your connection and try again.',
    });
    expect(shown).toEqual([result.message]);
  });

  it('uses the session language for the network message', async () => {
    setSessionParams({ market: 'ID' });
    const result = await request('/a', {
      fetchImpl: vi.fn(async () => new Response('<html>', { status: 200 })),
    });
    expect(result.code).toBe(NETWORK_ERROR_CODE);
    expect(result.message).toBe('Jaringan bermasalah. Periksa koneksi Anda lalu coba lagi.');
  });

  it('a gateway page (502-504) means our server did not answer, not that the borrower is offline', async () => {
    for (const status of [502, 503, 504]) {
      const result = await request('/a', {
        silent: true,
        fetchImpl: vi.fn(async () => new Response('<html>Bad gateway</html>', { status })),
      });
      expect(result).toMatchObject({
        ok: false,
        code: '503',
        message: 'The service is busy. Please try again in a moment.',
      });
    }
    // A captive portal or an operator's top-up page answers with its own HTML: that is the network's.
    const portal = await request('/a', {
      silent: true,
      fetchImpl: vi.fn(async () => new Response('<html>Top up</html>', { status: 511 })),
    });
    expect(portal.code).toBe(NETWORK_ERROR_CODE);
  });

  it('an upload reads a reply that is not our JSON the same way: gateway, a proxy refusing the size, a portal', async () => {
    for (const status of [502, 503, 504]) {
      expect(await uploadAnswered(status, '<html>Bad gateway</html>')).toMatchObject({
        ok: false,
        code: '503',
        message: 'The service is busy. Please try again in a moment.',
      });
    }
    expect(await uploadAnswered(413, '<html>Request Entity Too Large</html>')).toMatchObject({
      ok: false,
      code: '413',
      message: common.en.errors.payloadTooLarge,
    });
    expect(await uploadAnswered(200, '<html>Top up</html>')).toMatchObject({
      ok: false,
      code: NETWORK_ERROR_CODE,
      message: common.en.errors.network,
    });
    // Our own refusal keeps its code and message.
    expect(
      await uploadAnswered(400, JSON.stringify({ code: '400', data: null, message: 'Not an image' })),
    ).toMatchObject({ ok: false, code: '400', message: 'Not an image' });
  });

  it('gives up after 60 s, closes the spinner and reports a network failure', async () => {
    vi.useFakeTimers();
    const fetchImpl = vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = request('/slow', {
      loadingText: 'Wait',
      fetchImpl: fetchImpl as unknown as typeof fetch,
    });
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(loading.closed).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    const result = await pending;
    expect(REQUEST_TIMEOUT_MS).toBe(60_000);
    expect(result.code).toBe(NETWORK_ERROR_CODE);
    expect(loading.closed).toBe(1);
  });
});

describe('request helper: an ended session', () => {
  const refused = () =>
    reply({ code: '401', data: null, message: 'Your session has ended. Please sign in again.' }, 401);

  it('runs the shell action once and then answers every call without the network', async () => {
    const action = vi.fn();
    const listener = vi.fn();
    setSessionEndAction(action);
    const unsubscribe = subscribeSessionEnd(listener);
    const fetchImpl = refused();
    const first = await request('/vdthg/v1/session/me', { method: 'GET', fetchImpl });
    expect(first).toMatchObject({ ok: false, code: '401' });
    expect(action).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(hasSessionEnded()).toBe(true);
    expect(shown).toEqual(['Your session has ended. Please sign in again.']);
    // A retry (a button, a query's own retry) neither reaches the server nor asks the shell again.
    const second = await request('/vdthg/v1/complaints', { fetchImpl });
    expect(second).toEqual({
      ok: false,
      code: '401',
      data: null,
      message: 'Your session has ended. Please sign in again.',
    });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(action).toHaveBeenCalledTimes(1);
    expect(shown).toHaveLength(1);
    // The borrower may still ask for the sign-in themselves.
    requestSignIn();
    expect(action).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it('says it in the session language', async () => {
    setSessionParams({ market: 'ID', token: 'expired' });
    setSessionEndAction(vi.fn());
    await request('/a', { fetchImpl: refused() });
    const again = await request('/b', { fetchImpl: refused() });
    expect(again.message).toBe('Sesi Anda telah berakhir. Silakan masuk kembali.');
  });

  it('ends the session on a refused upload too', async () => {
    const action = vi.fn();
    setSessionEndAction(action);
    const result = await uploadAnswered(
      401,
      JSON.stringify({ code: '401', data: null, message: 'Session ended' }),
    );
    expect(result.code).toBe('401');
    expect(action).toHaveBeenCalledTimes(1);
  });

  it('is an ordinary failure in a shell without an action (the back office)', async () => {
    const fetchImpl = refused();
    await request('/admin-api/x', { fetchImpl });
    await request('/admin-api/x', { fetchImpl });
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    expect(hasSessionEnded()).toBe(false);
  });
});
