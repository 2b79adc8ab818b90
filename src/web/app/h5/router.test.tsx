import type { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIST_PAGE } from '../../../shared/contract/constants.ts';
import { H5_PATHS } from '../../../shared/routes.ts';
import { listedComplaint, listPage, ok } from '../../features/complaints/complaint-test-kit.tsx';
import { setSessionEndAction } from '../../lib/api-client.ts';
import type { BridgeMessage } from '../../lib/bridge.ts';
import { createI18n } from '../../lib/i18n.ts';
import { setSessionParams } from '../../lib/session-params.ts';
import { createQueryClient, ShellProviders } from '../../ui/shell-providers.tsx';
import { createH5Routes, type H5Screen, h5Screens } from './router.tsx';
import { returnToLoginOnSessionEnd } from './session-end.ts';

const sendBridge = vi.hoisted(() => vi.fn((_msg: BridgeMessage) => 'browser'));
vi.mock('../../lib/bridge.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/bridge.ts')>()),
  sendBridge,
}));

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  vi.restoreAllMocks();
});

function Crashing(): never {
  throw new Error('kaput');
}

function renderAt(
  path: string,
  lang: 'en' | 'id' = 'en',
  queryClient: QueryClient = createQueryClient(),
  routes: RouteObject[] = createH5Routes(queryClient),
) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return render(
    <ShellProviders i18n={createI18n(lang)} queryClient={queryClient}>
      <RouterProvider router={router} />
    </ShellProviders>,
  );
}

describe('H5 router', () => {
  it('shows a not-found page whose button sends goHome', async () => {
    const user = userEvent.setup();
    renderAt('/nowhere');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back to home' }));
    expect(sendBridge).toHaveBeenCalledWith({ type: 'goHome' });
  });

  it('says not found in Indonesian too', async () => {
    renderAt('/nowhere', 'id');
    expect(await screen.findByRole('heading', { name: 'Halaman tidak ditemukan' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Kembali ke beranda' })).toBeTruthy();
  });

  it('loads the bridge test page lazily', async () => {
    globalThis.fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ code: 0, data: { userId: 1, market: 'IN', name: 'P' }, message: '' })),
    );
    renderAt('/bridgeTest');
    // The lazy route's first load transforms antd-mobile, which can take seconds on a busy machine.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Bridge test' }, { timeout: 15_000 }),
    ).toBeTruthy();
  });

  it('shows a friendly error with a retry when a screen crashes', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload } as Location);
    // The shell's own root route, with a screen that crashes in place of the real ones.
    const root = createH5Routes(createQueryClient())[0]!;
    const routes: RouteObject[] = [
      {
        path: root.path,
        HydrateFallback: root.HydrateFallback,
        errorElement: root.errorElement,
        children: [{ path: '/boom', Component: Crashing }],
      },
    ];
    const user = userEvent.setup();
    renderAt('/boom', 'id', createQueryClient(), routes);
    expect(await screen.findByRole('heading', { name: 'Terjadi kesalahan' })).toBeTruthy();
    expect(document.body.textContent).not.toContain('kaput');
    await user.click(screen.getByRole('button', { name: 'Coba lagi' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

/** One request as the fake server saw it. */
interface Seen {
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown> | undefined;
  headers: Record<string, string>;
}

const TOKEN = 't'.repeat(43);

/** A screen chunk that arrives only when the test says so. */
function heldChunk() {
  let release!: (component: ComponentType) => void;
  const promise = new Promise<ComponentType>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

/** The real screens, except that `path`'s chunk is held back. */
function withHeldChunk(path: string, chunk: Promise<ComponentType>): H5Screen[] {
  return h5Screens.map((s) => (s.path === path ? { ...s, load: () => chunk } : s));
}

describe('H5 route loaders', () => {
  let seen: Seen[];
  beforeEach(() => {
    seen = [];
    setSessionParams({ market: 'IN', token: TOKEN, deviceId: 'dev-1', version: '3' });
    globalThis.fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      seen.push({
        path: url.pathname,
        query: url.searchParams,
        body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined,
        headers: (init?.headers ?? {}) as Record<string, string>,
      });
      if (url.pathname.endsWith('/problem-list')) {
        return ok(
          listPage('processed', [listedComplaint(5, { content: 'Done.' })], null, {
            processing: 0,
            processed: 1,
          }),
        );
      }
      // The other screens' replies do not matter here: the screens never render.
      return new Response(JSON.stringify({ code: '500', data: null, message: 'not stubbed' }), {
        status: 500,
      });
    }) as typeof fetch;
  });
  afterEach(() => setSessionParams({}));

  it.each([
    {
      path: `${H5_PATHS.complaint}?orderNo=IN001`,
      call: '/h5-api/v3/user-problem/problem-init',
      body: { orderNo: 'IN001' },
    },
    {
      path: `${H5_PATHS.complaintForm}?problemType=5&problemSonType=0&orderNo=IN002`,
      call: '/h5-api/v3/user-problem/problem-init',
      body: { orderNo: 'IN002' },
    },
    {
      path: H5_PATHS.complaintList,
      call: '/h5-api/v3/user-problem/problem-list',
      body: { status: 'processing', limit: LIST_PAGE.default },
    },
    {
      path: `${H5_PATHS.complaintDetails}?problemId=7`,
      call: '/h5-api/v3/user-problem/problem-detail',
      body: { problemId: 7 },
    },
    {
      path: `${H5_PATHS.customerService}`,
      call: '/v3/personal-center/contact-kf-info',
      body: { overall: 30 },
    },
  ])('$path asks $call before its chunk has arrived, as the borrower', async ({ path, call, body }) => {
    const chunk = heldChunk();
    const client = createQueryClient();
    renderAt(path, 'en', client, createH5Routes(client, withHeldChunk(path.split('?')[0]!, chunk.promise)));
    await vi.waitFor(() => expect(seen.map((c) => c.path)).toContain(call));
    const request = seen.find((c) => c.path === call)!;
    expect(request.body).toEqual(body);
    // The identity the screen itself would send: token header, device, market and version params.
    expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(request.query.get('deviceId')).toBe('dev-1');
    expect(request.query.get('version')).toBe('3');
    expect(request.query.get('market')).toBe('IN');
    expect(seen).toHaveLength(1);
  });

  it('the chatbot asks for its topics (pid 0, the order) before its chunk has arrived', async () => {
    const chunk = heldChunk();
    const client = createQueryClient();
    renderAt(
      `${H5_PATHS.chatbot}?orderNo=IN001&selectedIndex=1`,
      'en',
      client,
      createH5Routes(client, withHeldChunk(H5_PATHS.chatbot, chunk.promise)),
    );
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]!.path).toBe('/h5-api/v3/user-problem/get-qa-list');
    expect(seen[0]!.query.get('pid')).toBe('0');
    expect(seen[0]!.query.get('orderNo')).toBe('IN001');
  });

  it('asks nothing for a complaint id that is not one', async () => {
    const chunk = heldChunk();
    const client = createQueryClient();
    const path = H5_PATHS.complaintDetails;
    renderAt(
      `${path}?problemId=abc`,
      'en',
      client,
      createH5Routes(client, withHeldChunk(path, chunk.promise)),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toHaveLength(0);
  });

  it('the list screen, once its chunk arrives, shows the loader’s page without asking again', async () => {
    const chunk = heldChunk();
    const client = createQueryClient();
    const path = H5_PATHS.complaintList;
    renderAt(
      `${path}?tab=processed`,
      'en',
      client,
      createH5Routes(client, withHeldChunk(path, chunk.promise)),
    );
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]!.body).toEqual({ status: 'processed', limit: LIST_PAGE.default });
    // Nothing of the screen yet: its code has not arrived.
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();

    const { ComplaintListPage } = await import('../../features/complaints/complaint-list-page.tsx');
    chunk.release(ComplaintListPage);
    expect(await screen.findByRole('link', { name: /Done\./ }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Processed (1)' })).toBeTruthy();
    expect(seen).toHaveLength(1);
  });
});

describe('H5 shell: an expired or revoked session', () => {
  let requests: string[];
  beforeEach(() => {
    requests = [];
    sendBridge.mockClear();
    setSessionParams({ market: 'IN', token: 'x'.repeat(43), deviceId: 'dev-1' });
    returnToLoginOnSessionEnd();
    globalThis.fetch = vi.fn(async (input: RequestInfo | URL) => {
      requests.push(new URL(String(input), 'http://localhost').pathname);
      return new Response(
        JSON.stringify({ code: '401', data: null, message: 'Your session has ended. Please sign in again.' }),
        { status: 401, headers: { 'content-type': 'application/json' } },
      );
    }) as typeof fetch;
  });
  afterEach(() => {
    setSessionEndAction(null);
    setSessionParams({});
  });

  it.each([
    {
      lang: 'en' as const,
      text: 'Your session has ended. Please sign in again.',
      button: 'Sign in again',
      retry: 'Try again',
    },
    {
      lang: 'id' as const,
      text: 'Sesi Anda telah berakhir. Silakan masuk kembali.',
      button: 'Masuk kembali',
      retry: 'Coba lagi',
    },
  ])(
    'asks the app for its sign-in once and says so instead of offering a retry ($lang)',
    async ({ lang, text, button, retry }) => {
      const user = userEvent.setup();
      // The complaint list: its loader asks first, the screen's query has a retry of its own.
      renderAt(H5_PATHS.complaintList, lang);
      const state = await screen.findByTestId('session-ended', {}, { timeout: 15_000 });
      expect(state.getAttribute('role')).toBe('alert');
      expect(state.textContent).toContain(text);
      expect(screen.queryByRole('button', { name: retry })).toBeNull();
      expect(sendBridge.mock.calls.map(([message]) => message)).toEqual([{ type: 'returnToLogin' }]);
      // Nothing loops: the dead token went to the server once.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(requests).toHaveLength(1);
      // The borrower can ask for the sign-in again themselves.
      await user.click(screen.getByRole('button', { name: button }));
      expect(sendBridge).toHaveBeenCalledTimes(2);
    },
  );
  it('a screen that breaks after the session ended offers the sign-in, not a reload', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const root = createH5Routes(createQueryClient())[0]!;
    const routes: RouteObject[] = [
      {
        path: root.path,
        HydrateFallback: root.HydrateFallback,
        errorElement: root.errorElement,
        children: [{ path: '/boom', Component: Crashing }],
      },
    ];
    // The session ends on some call before the screen breaks.
    const { request } = await import('../../lib/api-client.ts');
    await request('/vdthg/v1/session/me', { method: 'GET', silent: true });
    renderAt('/boom', 'id', createQueryClient(), routes);
    expect(await screen.findByRole('heading', { name: 'Sesi berakhir' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Coba lagi' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Masuk kembali' })).toBeTruthy();
  });
});
