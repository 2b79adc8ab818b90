import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../lib/i18n.ts';
import { ShellProviders } from '../../ui/shell-providers.tsx';
import { adminRoutes } from './router.tsx';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderAt(path: string, answer: (path: string) => Response) {
  globalThis.fetch = vi.fn(async (input: RequestInfo | URL) =>
    answer(new URL(String(input), 'http://localhost').pathname),
  ) as unknown as typeof fetch;
  const router = createMemoryRouter(adminRoutes, { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ShellProviders i18n={createI18n('en')} queryClient={queryClient}>
      <RouterProvider router={router} />
    </ShellProviders>,
  );
  return router;
}

const session = {
  staff: { id: 1, email: 'admin@kredito.test', name: 'Anita Admin', role: 'admin', markets: ['IN', 'ID'] },
  csrfToken: 'c',
};

describe('admin router', () => {
  it('opens the complaint queue at /admin once signed in', async () => {
    const router = renderAt('/admin', (path) =>
      path === '/admin-api/session/me'
        ? json({ code: 0, data: session, message: '' })
        : json({ code: 0, data: { items: [], total: 0, page: 1, pageSize: 20, types: [] }, message: '' }),
    );
    // The first lazy screen also loads antd-mobile and React's development build: 4-5 s on a busy machine.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Complaints' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/complaints');
    expect(await screen.findByText('No complaints match these filters.')).toBeTruthy();
  });

  it('sends a signed-out visitor to the sign-in form', async () => {
    const router = renderAt('/admin/chatbot', () =>
      json({ code: '401', data: null, message: 'Please sign in.' }, 401),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
    expect(router.state.location.search).toBe('?next=%2Fadmin%2Fchatbot');
  });

  it('opens the orders, the products and a new product at their addresses', async () => {
    const answer = (path: string) =>
      path === '/admin-api/session/me'
        ? json({ code: 0, data: session, message: '' })
        : path === '/admin-api/orders'
          ? json({ code: 0, data: { items: [], nextCursor: null }, message: '' })
          : json({ code: 0, data: { items: [] }, message: '' });
    const router = renderAt('/admin/orders', answer);
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' }, { timeout: 5000 })).toBeTruthy();
    await router.navigate('/admin/products');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Loan products' }, { timeout: 5000 }),
    ).toBeTruthy();
    // "new" is the new-product form, never product number "new".
    await router.navigate('/admin/products/new?market=ID');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'New loan product' }, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('opens the reconciliation list at its address', async () => {
    renderAt('/admin/payments', (path) =>
      path === '/admin-api/session/me'
        ? json({ code: 0, data: session, message: '' })
        : json({ code: 0, data: { items: [], nextAfter: null }, message: '' }),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Reconciliation' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(await screen.findByText('Nothing to reconcile.')).toBeTruthy();
  });

  it('has a not-found page inside the frame', async () => {
    renderAt('/admin/nowhere', () => json({ code: 0, data: session, message: '' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the complaints' })).toBeTruthy();
  });
});
