import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BridgeMessage } from '../../lib/bridge.ts';
import { createI18n } from '../../lib/i18n.ts';
import { createQueryClient, ShellProviders } from '../../ui/shell-providers.tsx';
import { h5Routes } from './router.tsx';

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

function renderAt(path: string, lang: 'en' | 'id' = 'en', routes: RouteObject[] = h5Routes) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return render(
    <ShellProviders i18n={createI18n(lang)} queryClient={createQueryClient()}>
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
    const root = h5Routes[0]!;
    const routes: RouteObject[] = [
      {
        path: root.path,
        HydrateFallback: root.HydrateFallback,
        errorElement: root.errorElement,
        children: [{ path: '/boom', Component: Crashing }],
      },
    ];
    const user = userEvent.setup();
    renderAt('/boom', 'id', routes);
    expect(await screen.findByRole('heading', { name: 'Terjadi kesalahan' })).toBeTruthy();
    expect(document.body.textContent).not.toContain('kaput');
    await user.click(screen.getByRole('button', { name: 'Coba lagi' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
