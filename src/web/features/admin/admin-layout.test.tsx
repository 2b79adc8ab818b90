import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '../../../shared/contract/constants.ts';
import { setupAntdMobile } from '../../ui/antd-setup.ts';
import { ADMIN_PATHS, adminRequest } from './admin-api.ts';
import { AdminLayout } from './admin-layout.tsx';
import { ADMIN_ROUTES } from './admin-paths.ts';
import {
  adminSession,
  agentSession,
  CSRF,
  captureToasts,
  Marker,
  ok,
  renderAt,
  reply,
  stubFetch,
} from './admin-test-kit.tsx';
import { LoginPage } from './login-page.tsx';

const realFetch = globalThis.fetch;
const routes = [
  { path: ADMIN_ROUTES.login, Component: LoginPage },
  {
    Component: AdminLayout,
    children: [
      { path: ADMIN_ROUTES.complaints, element: <Marker name="queue" /> },
      { path: ADMIN_ROUTES.messages, element: <Marker name="messages" /> },
    ],
  },
];

const signedOut = () => reply({ code: '401', data: null, message: 'Please sign in.' }, 401);

beforeAll(() => setupAntdMobile('en'));
beforeEach(() => {
  captureToasts();
  localStorage.clear();
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('AdminLayout (session guard and header)', () => {
  it('sends anyone without a session to sign in, remembering where they were going', async () => {
    const net = stubFetch({ [ADMIN_PATHS.me]: signedOut });
    const { router } = renderAt(routes, `${ADMIN_ROUTES.messages}?handled=1`, { session: null });
    await waitFor(() => expect(router.state.location.pathname).toBe(ADMIN_ROUTES.login));
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/admin/messages?handled=1')}`);
    expect(net.callsTo(ADMIN_PATHS.me)).toHaveLength(1);
  });

  it('loads the session, then shows the screen with the operator and the navigation', async () => {
    stubFetch({ [ADMIN_PATHS.me]: () => ok(adminSession()) });
    renderAt(routes, ADMIN_ROUTES.complaints, { session: null });
    expect((await screen.findByTestId('marker')).textContent).toBe('queue');
    const header = screen.getByRole('banner');
    expect(within(header).getByText('Anita Admin')).toBeTruthy();
    expect(within(header).getByText('Administrator · India, Indonesia')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Back office' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([
      'Complaints',
      'Borrowers',
      'Verification review',
      'Orders',
      'Reconciliation',
      'Ledger check',
      'Scheduled jobs',
      'Loan products',
      'Promotion channels',
      'Chatbot',
      'Complaint types',
      'Contact messages',
      'Data rights',
      'Audit log',
    ]);
    expect(within(nav).getByRole('link', { name: 'Complaint types' }).getAttribute('href')).toBe(
      ADMIN_ROUTES.complaintTypes,
    );
    expect(within(nav).getByRole('link', { name: 'Complaints' }).getAttribute('aria-current')).toBe('page');
  });

  it('offers an agent only their tools', async () => {
    stubFetch({});
    renderAt(routes, ADMIN_ROUTES.complaints, { session: agentSession() });
    const nav = await screen.findByRole('navigation', { name: 'Back office' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([
      'Complaints',
      'Borrowers',
      'Verification review',
      'Orders',
      'Reconciliation',
      'Ledger check',
      'Scheduled jobs',
      'Loan products',
      'Promotion channels',
      'Contact messages',
      'Data rights',
    ]);
    expect(screen.getByText('Agent · India')).toBeTruthy();
  });

  it('signs out with the CSRF token and goes to the sign-in page', async () => {
    const net = stubFetch({ [ADMIN_PATHS.logout]: () => ok(null) });
    const user = userEvent.setup();
    const { router, queryClient } = renderAt(routes, ADMIN_ROUTES.complaints);
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(ADMIN_ROUTES.login));
    const call = net.callsTo(ADMIN_PATHS.logout)[0]!;
    expect(call.method).toBe('POST');
    expect(call.headers[CSRF_HEADER]).toBe(CSRF);
    // Nothing the session loaded stays in memory for the next person at this browser.
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    // Emptied by the sign-in page's effect, which on a loaded machine may run a tick after its heading
    // shows (a CI run saw one query left at the first look): waited for, so only a leak that stays fails.
    await waitFor(() => expect(queryClient.getQueryCache().getAll()).toHaveLength(0));
  });

  it('goes to sign in when a session ends mid-work', async () => {
    stubFetch({ [ADMIN_PATHS.complaints]: signedOut });
    const { router } = renderAt(routes, ADMIN_ROUTES.messages);
    await screen.findByTestId('marker');
    await act(async () => {
      await adminRequest(ADMIN_PATHS.complaints, { silent: true });
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(ADMIN_ROUTES.login));
    expect(router.state.location.search).toContain('next=');
  });

  it('switches language at once and remembers it', async () => {
    stubFetch({});
    const user = userEvent.setup();
    renderAt(routes, ADMIN_ROUTES.complaints);
    await user.selectOptions(await screen.findByLabelText('Language'), 'id');
    expect(await screen.findByRole('button', { name: 'Keluar' })).toBeTruthy();
    // The borrower app's word for a complaint (issue #7), not "Keluhan".
    expect(screen.getByRole('link', { name: 'Pengaduan' })).toBeTruthy();
    expect(localStorage.getItem('admin-lang')).toBe('id');
  });
});
