import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { H5_PATHS } from '../../../shared/routes.ts';
import { listedComplaint, listPage, ok } from '../../features/complaints/complaint-test-kit.tsx';
import { createI18n } from '../../lib/i18n.ts';
import { type sessionParams, setSessionParams } from '../../lib/session-params.ts';
import { createQueryClient, ShellProviders } from '../../ui/shell-providers.tsx';
import { claimingClient, earlyStarter } from './first-call.ts';
import { FIRST_CALLS } from './first-calls.ts';
import { createH5Routes, h5Screens } from './router.tsx';

/*
 * The page's boot module starts the screen's first request before the entry has arrived; the router's
 * loader then takes that request over (decision 039). One request per screen, whoever starts it.
 */
const TOKEN = 'b'.repeat(43);
const realFetch = globalThis.fetch;
let calls: Array<{ path: string; body: unknown; auth: string | undefined }>;

const EARLY_PAGE = listPage('processing', [listedComplaint(9, { content: 'Early bird.' })]);

beforeEach(() => {
  calls = [];
  sessionStorage.clear();
  setSessionParams({ market: 'IN', token: TOKEN, deviceId: 'dev-1' });
  globalThis.fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push({
      path: url.pathname,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      auth: (init?.headers as Record<string, string> | undefined)?.authorization,
    });
    return ok(EARLY_PAGE);
  }) as typeof fetch;
});
afterEach(() => {
  globalThis.fetch = realFetch;
  setSessionParams({});
  window.history.replaceState(null, '', '/');
});

describe('the screen’s first request, started by the page', () => {
  it('is taken over by the router: the list screen shows it and nothing is asked twice', async () => {
    const path = H5_PATHS.complaintList;
    await FIRST_CALLS[path]!(earlyStarter, new URL(`http://localhost${path}`));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.path).toBe('/h5-api/v3/user-problem/problem-list');
    expect(calls[0]!.auth).toBe(`Bearer ${TOKEN}`);

    const client = createQueryClient();
    const router = createMemoryRouter(createH5Routes(client), { initialEntries: [path] });
    render(
      <ShellProviders i18n={createI18n('en')} queryClient={client}>
        <RouterProvider router={router} />
      </ShellProviders>,
    );
    expect(await screen.findByRole('link', { name: /Early bird\./ }, { timeout: 15_000 })).toBeTruthy();
    expect(calls).toHaveLength(1);
  });

  it('is taken over once: a refetch asks the server again', async () => {
    const client = createQueryClient();
    const queryFn = vi.fn(async () => 'fresh');
    const query = { queryKey: ['first-call-test', 1], queryFn };
    await earlyStarter.prefetchQuery(query);
    expect(queryFn).toHaveBeenCalledTimes(1);

    await claimingClient(client).prefetchQuery(query);
    expect(client.getQueryData(['first-call-test', 1])).toBe('fresh');
    expect(queryFn).toHaveBeenCalledTimes(1);

    await client.refetchQueries({ queryKey: ['first-call-test', 1] });
    expect(queryFn).toHaveBeenCalledTimes(2);
    // Nothing left to claim: the next loader for the same key asks for itself.
    await claimingClient(client).prefetchQuery({ ...query, staleTime: 0 });
    expect(queryFn).toHaveBeenCalledTimes(3);
  });

  it('a failed early call becomes the query’s error, with no unhandled rejection', async () => {
    const client = createQueryClient();
    const query = {
      queryKey: ['first-call-test', 2],
      queryFn: vi.fn(async () => {
        throw new Error('offline');
      }),
      retry: false,
    };
    await earlyStarter.prefetchQuery(query);
    await claimingClient(client).prefetchQuery(query);
    expect(client.getQueryState(['first-call-test', 2])?.error?.message).toBe('offline');
    expect(query.queryFn).toHaveBeenCalledTimes(1);
  });

  it('a query nobody started early is asked by the loader as before', async () => {
    const client = createQueryClient();
    const queryFn = vi.fn(async () => 'asked');
    await claimingClient(client).prefetchQuery({ queryKey: ['first-call-test', 3], queryFn });
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(client.getQueryData(['first-call-test', 3])).toBe('asked');
  });

  it('every path in the table the boot module reads is a screen of the router', () => {
    expect(Object.keys(FIRST_CALLS).every((p) => h5Screens.some((s) => s.path === p))).toBe(true);
  });
});

describe('the boot module', () => {
  // The H5 page marks its root element; the back office and the developer shell, which load the same
  // file for the request helper, do not.
  beforeEach(() => {
    document.documentElement.dataset.shell = 'h5';
  });
  afterEach(() => {
    delete document.documentElement.dataset.shell;
  });

  it('takes the token out of the address bar and sends the screen’s request with it at once', async () => {
    setSessionParams({});
    sessionStorage.clear();
    window.history.replaceState(
      null,
      '',
      `${H5_PATHS.chatbot}?token=${TOKEN}&market=ID&deviceId=d9&orderNo=ID77`,
    );
    vi.resetModules();
    await import('./boot.ts');
    expect(window.location.search).toBe('?market=ID&deviceId=d9&orderNo=ID77');
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.path).toBe('/h5-api/v3/user-problem/get-qa-list');
    expect(calls[0]!.auth).toBe(`Bearer ${TOKEN}`);
    const reloaded = (await import('../../lib/session-params.ts')) as { sessionParams: typeof sessionParams };
    expect(reloaded.sessionParams().token).toBe(TOKEN);
  });

  it('does nothing on a page that is not the H5 shell: the address bar keeps its token, nothing is asked', async () => {
    delete document.documentElement.dataset.shell;
    setSessionParams({});
    window.history.replaceState(null, '', `${H5_PATHS.chatbot}?token=${TOKEN}&market=ID`);
    vi.resetModules();
    await import('./boot.ts');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(window.location.search).toBe(`?token=${TOKEN}&market=ID`);
    expect(calls).toHaveLength(0);
  });

  it('asks nothing on a path without a first query', async () => {
    window.history.replaceState(null, '', H5_PATHS.aboutUs);
    vi.resetModules();
    await import('./boot.ts');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toHaveLength(0);
  });
});
