import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BridgeMessage } from '../../lib/bridge.ts';
import { createI18n } from '../../lib/i18n.ts';
import { setSessionParams } from '../../lib/session-params.ts';
import { createQueryClient, ShellProviders } from '../../ui/shell-providers.tsx';
import { BridgeTestPage } from './bridge-test-page.tsx';

const sendBridge = vi.hoisted(() => vi.fn((_msg: BridgeMessage) => 'parent'));
vi.mock('../../lib/bridge.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/bridge.ts')>()),
  sendBridge,
}));

const realFetch = globalThis.fetch;

function reply(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function renderPage(lang: 'en' | 'id' = 'en') {
  return render(
    <ShellProviders i18n={createI18n(lang)} queryClient={createQueryClient()}>
      <BridgeTestPage />
    </ShellProviders>,
  );
}

beforeEach(() => {
  sendBridge.mockClear();
  setSessionParams({ market: 'IN', token: 't'.repeat(43), deviceId: 'demo-in-device' });
});

afterEach(() => {
  globalThis.fetch = realFetch;
  setSessionParams({});
});

describe('BridgeTestPage', () => {
  it('sends each of the eleven messages from its own button and shows the transport', async () => {
    globalThis.fetch = vi.fn(async () =>
      reply({ code: 0, data: { userId: 1, market: 'IN', name: 'Priya' }, message: '' }),
    );
    const user = userEvent.setup();
    renderPage();
    const list = screen.getByRole('list');
    const buttons = within(list).getAllByRole('button');
    expect(buttons).toHaveLength(11);

    const expected: BridgeMessage[] = [
      { type: 'to', url: '/privacyPolicy' },
      { type: 'closeWebView' },
      { type: 'toPageWithArg', page: 'productDetail', arg: { productId: '1' } },
      { type: 'goHome' },
      { type: 'goMine' },
      { type: 'returnToLogin' },
      { type: 'callTel', tel: '+91 80 4718 2200' },
      { type: 'goRate' },
      { type: 'burialPoint', event: 'bridge_test_click', data: { page: '/bridgeTest' } },
      { type: 'startBank' },
      { type: 'endBank' },
    ];
    for (const [i, msg] of expected.entries()) {
      const button = buttons[i]!;
      expect(button.textContent).toContain(msg.type);
      await user.click(button);
      expect(sendBridge).toHaveBeenLastCalledWith(msg);
    }
    expect(sendBridge).toHaveBeenCalledTimes(11);
    expect(screen.getByTestId('last-transport').textContent).toContain('simulator (parent window)');
  });

  it('names every button so it can be found by what it does', () => {
    globalThis.fetch = vi.fn(async () =>
      reply({ code: 0, data: { userId: 1, market: 'IN', name: 'Priya' }, message: '' }),
    );
    renderPage();
    expect(screen.getByRole('button', { name: /Open the privacy policy/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Call customer service/ })).toBeTruthy();
  });

  it('shows who is signed in, asking the server with the session token', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      reply({ code: 0, data: { userId: 42, market: 'IN', name: 'Priya Sharma' }, message: '' }),
    );
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    renderPage();
    expect(screen.getByText('Checking who is signed in…')).toBeTruthy();
    const signedIn = await screen.findByTestId('signed-in');
    expect(signedIn.textContent).toBe('Signed in as Priya Sharma (borrower 42, market IN)');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toMatch(/^\/vdthg\/v1\/session\/me\?/);
    expect((init!.headers as Record<string, string>).authorization).toBe(`Bearer ${'t'.repeat(43)}`);
  });

  it('shows a failure with the server message and recovers on retry', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(reply({ code: '401', data: null, message: 'Your session has ended.' }, 401))
      .mockResolvedValueOnce(
        reply({ code: 0, data: { userId: 1, market: 'IN', name: 'Priya' }, message: '' }),
      );
    globalThis.fetch = fetchMock;
    const user = userEvent.setup();
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load the signed-in borrower.');
    expect(alert.textContent).toContain('Your session has ended.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByTestId('signed-in').textContent).toContain('Priya'));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('speaks Indonesian in an Indonesian session', async () => {
    setSessionParams({ market: 'ID', isNeedPop: '1' });
    globalThis.fetch = vi.fn(async () =>
      reply({ code: 0, data: { userId: 2, market: 'ID', name: 'Siti' }, message: '' }),
    );
    const user = userEvent.setup();
    renderPage('id');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Uji bridge');
    expect(await screen.findByText('Masuk sebagai Siti (peminjam 2, pasar ID)')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Telepon layanan pelanggan/ }));
    expect(sendBridge).toHaveBeenLastCalledWith({ type: 'callTel', tel: '+62 21 5098 7700' });
  });
});
