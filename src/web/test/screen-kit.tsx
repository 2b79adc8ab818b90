import { QueryClient } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { beforeAll, vi } from 'vitest';
import type { Lang } from '../../shared/markets.ts';
import { createI18n } from '../lib/i18n.ts';
import { setToaster } from '../lib/toast.ts';
import { overlays } from '../ui/overlays.tsx';
import { ShellProviders } from '../ui/shell-providers.tsx';

/** What every screen test needs besides the network and the shell: toasts, a router, time. */

/**
 * For a file whose tests expect a dialog at a given moment of a fake clock (a rating asked 3 s after
 * loading): a dialog draws once antd-mobile's overlays have loaded, and their first load through the test
 * transform can take seconds of real time on a busy machine, which a fake clock does not wait for. They
 * are loaded before the file's first test instead.
 */
export function preloadOverlays(): void {
  beforeAll(() => overlays.load(), 60_000);
}

/** Captures what the screens toast. */
export function captureToasts(): string[] {
  const shown: string[] = [];
  setToaster({ show: (m) => shown.push(m), loading: () => () => {} });
  return shown;
}

/** No retries: a failure shows at once, and a timer test is not disturbed by a retry's delay. */
export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
  });
}

/** Renders the routes at a path, or at the last of a history of entries (so "back" has somewhere to go). */
export function renderAt(
  routes: RouteObject[],
  at: string | string[],
  lang: Lang = 'en',
  queryClient: QueryClient = testQueryClient(),
) {
  const entries = typeof at === 'string' ? [at] : at;
  const router = createMemoryRouter(routes, { initialEntries: entries, initialIndex: entries.length - 1 });
  const view = render(
    <ShellProviders i18n={createI18n(lang)} queryClient={queryClient}>
      <RouterProvider router={router} />
    </ShellProviders>,
  );
  return { ...view, router, queryClient };
}

/**
 * Lets pending replies and renders through while the clock is faked. Testing Library's `findBy…`
 * cannot be used then (it waits on a `setTimeout` of its own), and TanStack Query tells React about
 * new data on a zero-delay timer: advancing by 0 runs it without moving the clock.
 */
export async function settle(until: () => boolean, rounds = 200): Promise<void> {
  for (let i = 0; i < rounds; i += 1) {
    if (until()) return;
    await act(async () => {
      if (vi.isFakeTimers()) vi.advanceTimersByTime(0);
      await new Promise((resolve) => setImmediate(resolve));
    });
  }
  throw new Error('the screen did not reach the expected state');
}

/** A marker page standing in for a screen we navigate to. */
export function Marker({ name }: { name: string }) {
  return <p data-testid="marker">{name}</p>;
}
