import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { H5_PATHS } from '../../../shared/routes.ts';
import { createI18n } from '../../lib/i18n.ts';
import { setSessionParams } from '../../lib/session-params.ts';
import { setToaster } from '../../lib/toast.ts';
import { createQueryClient, ShellProviders } from '../../ui/shell-providers.tsx';
import { CustomerServicePage } from './customer-service-page.tsx';

const realFetch = globalThis.fetch;
const toasts: string[] = [];

function reply(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
const CONTACT = { email: 'help@example.co.id', smWa: '0812 3456 7890' };

function renderPage(lang: 'en' | 'id' = 'en') {
  const router = createMemoryRouter(
    [
      { path: H5_PATHS.customerService, element: <CustomerServicePage /> },
      { path: H5_PATHS.chatbot, element: <p>chatbot page</p> },
      { path: H5_PATHS.complaintList, element: <p>complaint list page</p> },
    ],
    { initialEntries: [H5_PATHS.customerService] },
  );
  return render(
    <ShellProviders i18n={createI18n(lang)} queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </ShellProviders>,
  );
}

beforeEach(() => {
  toasts.length = 0;
  setToaster({ show: (m) => toasts.push(m), loading: () => () => {} });
  setSessionParams({ market: 'ID', token: 't'.repeat(43) });
});

afterEach(() => {
  globalThis.fetch = realFetch;
  delete (window as { AppBridge?: unknown }).AppBridge;
  setSessionParams({});
});

describe('CustomerServicePage', () => {
  it('asks the server for the contact info (overall 30) and shows the phone and e-mail', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      reply({ code: 0, data: CONTACT, message: '' }),
    );
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    renderPage();
    expect(screen.getByRole('status').textContent).toContain('Loading the contact details');
    // The frame is drawn: headings, the rows' names, placeholders where the numbers go.
    expect(screen.getByRole('heading', { level: 2, name: 'Contact details' })).toBeTruthy();
    expect(document.querySelectorAll('[aria-busy="true"] .skeleton')).toHaveLength(4);
    const phone = await screen.findByRole('button', { name: /0812 3456 7890/ });
    expect(phone.textContent).toContain('Telephone');
    const mail = screen.getByRole('link', { name: /help@example\.co\.id/ });
    expect(mail.getAttribute('href')).toBe('mailto:help@example.co.id');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toMatch(/^\/v3\/personal-center\/contact-kf-info(\?|$)/);
    expect(init!.method).toBe('POST');
    expect(JSON.parse(String(init!.body))).toEqual({ overall: 30 });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Customer service');
    expect(document.title).toBe('Customer service');
  });

  it('asks the native app to call when the phone is tapped', async () => {
    globalThis.fetch = vi.fn(async () => reply({ code: 0, data: CONTACT, message: '' }));
    const bridge = { postMessage: vi.fn() };
    (window as { AppBridge?: unknown }).AppBridge = bridge;
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: /0812 3456 7890/ }));
    expect(bridge.postMessage).toHaveBeenCalledExactlyOnceWith(
      JSON.stringify({ type: 'callTel', tel: '0812 3456 7890' }),
    );
  });

  it('shows the failure with a retry, and the details once the retry works', async () => {
    globalThis.fetch = vi
      .fn()
      .mockResolvedValueOnce(reply({ code: '503', data: null, message: 'Busy, try later.' }, 503))
      .mockResolvedValueOnce(reply({ code: 0, data: CONTACT, message: '' }));
    const user = userEvent.setup();
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The contact details could not be loaded.');
    expect(toasts).toEqual(['Busy, try later.']);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: /0812 3456 7890/ })).toBeTruthy();
  });

  it('links to the help assistant and to my complaints', async () => {
    globalThis.fetch = vi.fn(async () => reply({ code: 0, data: CONTACT, message: '' }));
    const user = userEvent.setup();
    renderPage();
    expect(screen.getByRole('link', { name: /Ask our help assistant/ }).getAttribute('href')).toBe(
      '/intelligentCustomerService',
    );
    await user.click(screen.getByRole('link', { name: /My complaints/ }));
    expect(await screen.findByText('complaint list page')).toBeTruthy();
  });

  it('speaks Indonesian', async () => {
    setSessionParams({ market: 'ID', isNeedPop: '1' });
    globalThis.fetch = vi.fn(async () => reply({ code: 0, data: CONTACT, message: '' }));
    renderPage('id');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Layanan pelanggan');
    expect((await screen.findByRole('button', { name: /0812 3456 7890/ })).textContent).toContain('Telepon');
    expect(screen.getByRole('link', { name: /Pengaduan saya/ })).toBeTruthy();
  });
});
