import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '../../../shared/contract/constants.ts';
import { setupAntdMobile } from '../../ui/antd-setup.ts';
import { ADMIN_PATHS, type ContactMessage } from './admin-api.ts';
import { ADMIN_ROUTES } from './admin-paths.ts';
import { agentSession, CSRF, captureToasts, ok, renderAt, stubFetch, XSS } from './admin-test-kit.tsx';
import { AuditPage } from './audit-page.tsx';
import { MessagesPage } from './messages-page.tsx';

const realFetch = globalThis.fetch;
const routes = [
  { path: ADMIN_ROUTES.messages, Component: MessagesPage },
  { path: ADMIN_ROUTES.audit, Component: AuditPage },
];

beforeAll(() => setupAntdMobile('en'));
let toasts: string[];
beforeEach(() => {
  toasts = captureToasts();
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

function message(overrides: Partial<ContactMessage> = {}): ContactMessage {
  return {
    id: 3,
    market: 'IN',
    name: 'Ravi',
    telephone: '9876543210',
    email: 'ravi@example.com',
    suggestion: 'Please add a Hindi version.',
    createdAt: '2026-11-20T04:30:00.000Z',
    handledAt: null,
    ...overrides,
  };
}

const page = (items: ContactMessage[]) => ok({ items, total: items.length, page: 1, pageSize: 20 });

describe('MessagesPage', () => {
  it('lists unhandled messages first and filters by handled', async () => {
    const net = stubFetch({ [ADMIN_PATHS.messages]: () => page([message()]) });
    const user = userEvent.setup();
    renderAt(routes, ADMIN_ROUTES.messages);
    expect(await screen.findByText('Please add a Hindi version.')).toBeTruthy();
    expect(screen.getByText('9876543210')).toBeTruthy();
    expect(screen.getByText('ravi@example.com')).toBeTruthy();
    expect(Object.fromEntries(net.callsTo(ADMIN_PATHS.messages)[0]!.query)).toEqual({
      handled: '0',
      page: '1',
    });
    await user.selectOptions(screen.getByLabelText('Show'), '1');
    await waitFor(() =>
      expect(Object.fromEntries(net.callsTo(ADMIN_PATHS.messages).at(-1)!.query)).toEqual({
        handled: '1',
        page: '1',
      }),
    );
    await user.selectOptions(screen.getByLabelText('Show'), 'all');
    await waitFor(() =>
      expect(Object.fromEntries(net.callsTo(ADMIN_PATHS.messages).at(-1)!.query)).toEqual({ page: '1' }),
    );
  });

  it('shows what a visitor wrote as text, never as markup', async () => {
    stubFetch({ [ADMIN_PATHS.messages]: () => page([message({ name: XSS, suggestion: XSS, email: null })]) });
    const { container } = renderAt(routes, ADMIN_ROUTES.messages);
    await waitFor(() => expect(screen.getAllByText(XSS)).toHaveLength(2));
    expect(container.querySelector('img')).toBeNull();
  });

  it('marks a message handled with the CSRF token', async () => {
    let handled = false;
    const net = stubFetch({
      // Like the server: a handled message leaves the "not handled" list.
      [ADMIN_PATHS.messages]: (c) => page(handled && c.query.get('handled') === '0' ? [] : [message()]),
      [ADMIN_PATHS.handled(3)]: () => {
        handled = true;
        return ok(null);
      },
    });
    const user = userEvent.setup();
    renderAt(routes, ADMIN_ROUTES.messages);
    await user.click(await screen.findByRole('button', { name: 'Mark the message from Ravi as handled' }));
    await waitFor(() => expect(net.callsTo(ADMIN_PATHS.handled(3))).toHaveLength(1));
    const call = net.callsTo(ADMIN_PATHS.handled(3))[0]!;
    expect(call.method).toBe('POST');
    expect(call.headers[CSRF_HEADER]).toBe(CSRF);
    expect(await screen.findByText('No messages here.')).toBeTruthy();
    expect(toasts).toEqual(['Marked as handled.']);
  });
});

describe('AuditPage', () => {
  it('lists entries with a page param', async () => {
    const net = stubFetch({
      [ADMIN_PATHS.audit]: () =>
        ok({
          items: [
            {
              id: 1,
              at: '2026-11-21T04:30:00.000Z',
              staff: 'Anita Admin',
              action: 'complaint.reply',
              target: 'complaint:7',
              detail: 'images=1',
            },
            {
              id: 2,
              at: '2026-11-21T04:00:00.000Z',
              staff: null,
              action: 'staff.login.fail',
              target: 'staff',
              detail: XSS,
            },
          ],
          total: 41,
          page: 1,
          pageSize: 20,
        }),
    });
    const user = userEvent.setup();
    const { container } = renderAt(routes, ADMIN_ROUTES.audit);
    expect(await screen.findByText('complaint.reply')).toBeTruthy();
    expect(screen.getByText('Not signed in')).toBeTruthy();
    expect(screen.getByText(XSS)).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(net.callsTo(ADMIN_PATHS.audit).at(-1)!.query.get('page')).toBe('2'));
  });

  it('is for administrators only', async () => {
    const net = stubFetch({});
    renderAt(routes, ADMIN_ROUTES.audit, { session: agentSession() });
    expect(await screen.findByText('Only administrators can open this page.')).toBeTruthy();
    expect(net.calls).toHaveLength(0);
  });
});
