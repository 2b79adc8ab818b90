import nodeConsole from 'node:console';
import { readFileSync } from 'node:fs';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SHELL_ROUTES } from '../../../shared/shell-routes.ts';
import { createI18n } from '../../lib/i18n.ts';
import { createQueryClient, ShellProviders } from '../../ui/shell-providers.tsx';
import { H5_ROUTES, launchUrl, SimulatorPage } from './simulator-page.tsx';

const realFetch = globalThis.fetch;
const TOKEN = 'k'.repeat(43);

const consoleError = nodeConsole.error.bind(nodeConsole);
beforeEach(() => {
  // happy-dom does not load frames here (and says so on Node's console); the frame's `src` is what
  // these tests check.
  vi.spyOn(nodeConsole, 'error').mockImplementation((...args: unknown[]) => {
    if (String(args[0]).includes('Iframe page loading is disabled')) return;
    consoleError(...args);
  });
});

afterEach(() => {
  globalThis.fetch = realFetch;
  vi.restoreAllMocks();
});

function renderAt(url = '/simulator') {
  const router = createMemoryRouter([{ path: '/simulator', Component: SimulatorPage }], {
    initialEntries: [url],
  });
  return render(
    <ShellProviders i18n={createI18n('en')} queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </ShellProviders>,
  );
}

function post(data: unknown, origin = window.location.origin) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin }));
  });
}

function entries() {
  return screen.queryAllByTestId('bridge-log-entry');
}

function stubDemoLogin() {
  const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
    const { market } = JSON.parse(String(init?.body)) as { market: 'IN' | 'ID' };
    const data = {
      token: TOKEN,
      userId: market === 'IN' ? 1 : 2,
      market,
      phone: market === 'IN' ? '9876543210' : '081234567890',
      name: market === 'IN' ? 'Priya Sharma' : 'Siti Rahmawati',
      deviceId: `demo-${market.toLowerCase()}-device`,
    };
    return new Response(JSON.stringify({ code: 0, data, message: 'ok' }), {
      headers: { 'content-type': 'application/json' },
    });
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

describe('SimulatorPage bridge log', () => {
  it('logs bridge messages a same-origin frame posts, newest first, with time, type and arguments', () => {
    renderAt();
    const log = screen.getByRole('log');
    expect(log.getAttribute('aria-live')).toBe('polite');
    post({ source: 'h5-bridge', message: { type: 'goRate' } });
    post({ source: 'h5-bridge', message: { type: 'burialPoint', event: 'page_view', data: { page: '/x' } } });

    const logged = entries();
    expect(logged).toHaveLength(2);
    expect(logged[0]!.textContent).toContain('burialPoint');
    expect(logged[0]!.textContent).toContain('{"event":"page_view","data":{"page":"/x"}}');
    expect(logged[0]!.querySelector('time')?.textContent).toMatch(/^\d\d:\d\d:\d\d$/);
    expect(logged[1]!.textContent).toContain('goRate');
    expect(within(log).getAllByTestId('bridge-log-entry')).toHaveLength(2);
  });

  it('ignores other origins, other sources and malformed messages', () => {
    renderAt();
    post({ source: 'h5-bridge', message: { type: 'goHome' } }, 'https://evil.example');
    post({ source: 'h5-bridge', message: { type: 'goHome' } }, 'null');
    post({ source: 'someone-else', message: { type: 'goHome' } });
    post({ source: 'h5-bridge', message: { type: 'selfDestruct' } });
    post({ source: 'h5-bridge', message: { type: 'to' } });
    post({ type: 'goHome' });
    post('goHome');
    expect(entries()).toHaveLength(0);
    post({ source: 'h5-bridge', message: { type: 'goHome' } });
    expect(entries()).toHaveLength(1);
  });

  it('reacts like a shell: `to` opens the page, callTel notes the call, closeWebView blanks the frame', () => {
    renderAt();
    expect(screen.queryByTitle('H5 app in the simulated web view')).toBeNull();

    post({ source: 'h5-bridge', message: { type: 'to', url: '/privacyPolicy' } });
    const frame = screen.getByTitle('H5 app in the simulated web view') as HTMLIFrameElement;
    const src = new URL(frame.getAttribute('src')!, window.location.origin);
    expect(src.pathname).toBe('/privacyPolicy');
    expect(src.searchParams.get('market')).toBe('IN');

    post({ source: 'h5-bridge', message: { type: 'callTel', tel: '+91 80 4718 2200' } });
    expect(screen.getByTestId('sim-shell-note').textContent).toBe('Would call +91 80 4718 2200');
    expect(entries()[0]!.textContent).toContain('Would call +91 80 4718 2200');

    post({ source: 'h5-bridge', message: { type: 'to', url: 'https://evil.example/phish' } });
    expect(entries()[0]!.textContent).toContain('Would open the external page https://evil.example/phish');
    expect(
      new URL(
        screen.getByTitle('H5 app in the simulated web view').getAttribute('src')!,
        window.location.origin,
      ).pathname,
    ).toBe('/privacyPolicy');

    post({ source: 'h5-bridge', message: { type: 'closeWebView' } });
    expect(screen.queryByTitle('H5 app in the simulated web view')).toBeNull();
    expect(screen.getByText('Web view closed.')).toBeTruthy();
    expect(entries().map((e) => e.querySelector('strong')?.textContent)).toEqual([
      'closeWebView',
      'to',
      'callTel',
      'to',
    ]);
  });

  it('sends Back and Reload to the frame as shell commands for our origin', async () => {
    renderAt();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open in web view' }));
    const frame = screen.getByTitle('H5 app in the simulated web view') as HTMLIFrameElement;
    const postMessage = vi.fn();
    Object.defineProperty(frame, 'contentWindow', { value: { postMessage }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(postMessage.mock.calls).toEqual([
      [{ source: 'native-shell', command: 'back' }, window.location.origin],
      [{ source: 'native-shell', command: 'reload' }, window.location.origin],
    ]);
  });
});

describe('SimulatorPage sign-in and launch', () => {
  it('signs in automatically from the query and opens the route with the launch identity', async () => {
    const fetchMock = stubDemoLogin();
    renderAt('/simulator?route=/bridgeTest&market=ID&autologin=1');
    await waitFor(() => expect(screen.getByTestId('sim-borrower').textContent).toContain('Siti Rahmawati'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/dev-api/demo-login');
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({ market: 'ID' });

    const frame = screen.getByTitle('H5 app in the simulated web view');
    const src = new URL(frame.getAttribute('src')!, window.location.origin);
    expect(src.pathname).toBe('/bridgeTest');
    expect(Object.fromEntries(src.searchParams)).toEqual({
      deviceId: 'demo-id-device',
      market: 'ID',
      version: '1.0.0',
      token: TOKEN,
      type: 'android',
      deviceName: 'Shell simulator',
      osVersion: '14',
      gid: 'simulator-gid',
      platform: 'android',
      isNeedPop: '1',
    });
    expect((screen.getByLabelText('Market') as HTMLSelectElement).value).toBe('ID');
    expect((screen.getByLabelText('H5 screen') as HTMLSelectElement).value).toBe('/bridgeTest');
  });

  it('signs in on the button for the market picked', async () => {
    const fetchMock = stubDemoLogin();
    const user = userEvent.setup();
    renderAt();
    expect(screen.getByTestId('sim-borrower').textContent).toBe('Not signed in');
    await user.click(screen.getByRole('button', { name: 'Demo sign-in' }));
    await waitFor(() => expect(screen.getByTestId('sim-borrower').textContent).toContain('Priya Sharma'));
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({ market: 'IN' });
    const src = new URL(
      screen.getByTitle('H5 app in the simulated web view').getAttribute('src')!,
      window.location.origin,
    );
    expect(src.searchParams.get('token')).toBe(TOKEN);
    expect(src.searchParams.has('isNeedPop')).toBe(false);
  });

  it('signs in through the real SMS flow: code sent, read from the demo outbox, session opened', async () => {
    const calls: string[] = [];
    globalThis.fetch = vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(url, window.location.origin).pathname;
      calls.push(`${init?.method ?? 'GET'} ${path}`);
      const body = (data: unknown) =>
        new Response(JSON.stringify({ code: 0, data, message: 'success' }), {
          headers: { 'content-type': 'application/json' },
        });
      if (path === '/vdthg/v1/session/login-code') return body(null);
      if (path === '/dev-api/sms/last') return body({ text: '482913 is your sign-in code.' });
      if (path === '/vdthg/v1/session/login') {
        expect(JSON.parse(String(init?.body))).toMatchObject({
          market: 'IN',
          phone: '9876543210',
          smsCode: '482913',
        });
        return body({ token: TOKEN, userId: 1, market: 'IN' });
      }
      return new Response('{}', { status: 404 });
    }) as unknown as typeof fetch;
    const user = userEvent.setup();
    renderAt();
    await user.type(screen.getByLabelText('Phone'), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('The phone received 482913.')).toBeTruthy();
    expect((screen.getByLabelText('Code') as HTMLInputElement).value).toBe('482913');
    await user.click(screen.getByRole('button', { name: 'Sign in with code' }));
    await waitFor(() => expect(screen.getByTestId('sim-borrower').textContent).toContain('SMS sign-in'));
    expect(calls).toEqual([
      'POST /vdthg/v1/session/login-code',
      'GET /dev-api/sms/last',
      'POST /vdthg/v1/session/login',
    ]);
    const src = new URL(
      screen.getByTitle('H5 app in the simulated web view').getAttribute('src')!,
      window.location.origin,
    );
    expect(src.searchParams.get('token')).toBe(TOKEN);
  });

  it('refuses a typed path that leaves the site', async () => {
    const user = userEvent.setup();
    renderAt();
    await user.type(screen.getByLabelText('Or any path (overrides the screen)'), '//evil.example/x');
    await user.click(screen.getByRole('button', { name: 'Open in web view' }));
    expect(screen.getByRole('alert').textContent).toContain('Enter a path on this site');
    expect(screen.queryByTitle('H5 app in the simulated web view')).toBeNull();
  });

  it('builds launch URLs that keep the page’s own query', () => {
    const url = new URL(
      launchUrl('/complainPage?orderNo=9', 'IN', null, 'https://a.example'),
      'https://a.example',
    );
    expect(url.searchParams.get('orderNo')).toBe('9');
    expect(url.searchParams.has('token')).toBe(false);
    expect(url.searchParams.get('deviceId')).toBe('simulator-device');
  });
});

describe('SimulatorPage screens and borrowers', () => {
  it('opens the complaint entry by default and lists every H5 screen', () => {
    renderAt();
    const select = screen.getByLabelText('H5 screen') as HTMLSelectElement;
    expect(select.value).toBe('/complainNewPage');
    const listed = Array.from(select.options).map((o) => o.value);
    const h5 = SHELL_ROUTES.filter((r) => r.shell === 'h5').map((r) => r.path);
    expect([...listed].sort()).toEqual([...h5].sort());
    expect(H5_ROUTES[0]).toBe('/complainNewPage');
  });

  it('signs in the demo borrower picked', async () => {
    const fetchMock = stubDemoLogin();
    const user = userEvent.setup();
    renderAt();
    await user.selectOptions(screen.getByLabelText('Demo borrower'), '2');
    await user.click(screen.getByRole('button', { name: 'Demo sign-in' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({ market: 'IN', borrower: 2 });
    const src = new URL(
      screen.getByTitle('H5 app in the simulated web view').getAttribute('src')!,
      window.location.origin,
    );
    expect(src.pathname).toBe('/complainNewPage');
  });

  it('has no fixed width wider than a 390 px screen (the phone frame shrinks with the window)', () => {
    const css = readFileSync('src/web/features/simulator/simulator-page.css', 'utf8');
    const fixed = [...css.matchAll(/(?:^|[\s;{])(?:min-)?width:\s*(\d+)px/g)].map((m) => Number(m[1]));
    expect(fixed.filter((w) => w > 390)).toEqual([]);
  });
});
