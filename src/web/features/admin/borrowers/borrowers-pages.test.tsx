import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminBorrower, VerificationQueue } from '../../../../shared/contract/admin-borrowers.ts';
import { CSRF_HEADER } from '../../../../shared/contract/constants.ts';
import { setupAntdMobile } from '../../../ui/antd-setup.ts';
import { ADMIN_ROUTES } from '../admin-paths.ts';
import {
  agentSession,
  CSRF,
  captureToasts,
  ok,
  renderAt,
  reply,
  stubFetch,
  XSS,
} from '../admin-test-kit.tsx';
import { VerificationQueuePage } from '../verification/verification-queue-page.tsx';
import { BorrowerPage } from './borrower-page.tsx';
import { BORROWERS_ADMIN_PATHS } from './borrowers-api.ts';
import { BorrowersPage } from './borrowers-page.tsx';

const realFetch = globalThis.fetch;
const routes = [
  { path: ADMIN_ROUTES.borrowers, Component: BorrowersPage },
  { path: `${ADMIN_ROUTES.borrowers}/:id`, Component: BorrowerPage },
  { path: ADMIN_ROUTES.verification, Component: VerificationQueuePage },
];

function borrower(overrides: Partial<AdminBorrower> = {}): AdminBorrower {
  return {
    id: 7,
    market: 'IN',
    name: XSS,
    phone: '******3210',
    since: '2026-08-01T03:00:00.000Z',
    closed: false,
    steps: [
      {
        id: 70,
        step: 'base',
        status: 'review',
        data: { fullName: 'Priya Sharma', birthDate: '1994-03-15' },
        masked: { pan: '******234K' },
        reason: 'nameMismatch',
        version: 2,
        updatedAt: '2026-11-20T03:00:00.000Z',
        events: [
          {
            status: 'done',
            reason: null,
            actor: 'borrower',
            actorName: null,
            detail: { fields: ['fullName', 'pan'] },
            at: '2026-11-20T03:00:00.000Z',
          },
        ],
      },
      {
        id: 71,
        step: 'extra',
        status: 'done',
        data: { purpose: 'education' },
        masked: { contacts: ['******3211'] },
        reason: null,
        version: 1,
        updatedAt: '2026-11-20T03:00:00.000Z',
        events: [],
      },
    ],
    bankAccounts: [
      {
        id: 9,
        bankCode: 'HDFC0001234',
        accountMasked: '**** 4821',
        holderName: 'PRIYA SHARMA',
        status: 'verified',
        reason: null,
        verifiedAt: '2026-11-20T03:00:00.000Z',
        replacedAt: null,
        createdAt: '2026-11-20T03:00:00.000Z',
      },
    ],
    orders: [
      {
        orderNo: 'IN123',
        status: 21,
        amount: '₹10,000.00',
        termDays: 91,
        createdAt: '2026-11-20T03:00:00.000Z',
        dueAt: null,
      },
    ],
    payments: [],
    complaints: [],
    rightsRequests: [],
    consents: [
      { purpose: 'location', textVersion: '2026-11', granted: true, at: '2026-11-20T03:00:00.000Z' },
    ],
    ...overrides,
  };
}

function queue(): VerificationQueue {
  return {
    items: [
      {
        kind: 'step',
        id: 70,
        market: 'IN',
        borrowerId: 7,
        borrowerName: 'Priya Sharma',
        step: 'base',
        reason: 'nameMismatch',
        holderName: null,
        masked: '{"pan":"******234K"}',
        since: '2026-11-20T03:00:00.000Z',
      },
      {
        kind: 'bankAccount',
        id: 9,
        market: 'IN',
        borrowerId: 8,
        borrowerName: 'Arjun Mehta',
        step: 'bank',
        reason: 'nameMismatch',
        holderName: 'PRIYA VENKATARAMAN',
        masked: '**** 1111',
        since: '2026-11-21T03:00:00.000Z',
      },
    ],
    total: 2,
    page: 1,
    pageSize: 20,
  };
}

let toasts: string[];
beforeAll(() => setupAntdMobile('en'));
beforeEach(() => {
  toasts = captureToasts();
});
afterEach(() => {
  globalThis.fetch = realFetch;
  vi.useRealTimers();
});

describe('borrower search', () => {
  it('asks for a phone, number or order number, and keeps the search in the address', async () => {
    const user = userEvent.setup();
    const net = stubFetch({
      [`GET ${BORROWERS_ADMIN_PATHS.search}`]: () =>
        ok({
          items: [
            {
              id: 7,
              market: 'IN',
              name: XSS,
              phone: '******3210',
              since: '2026-08-01T03:00:00.000Z',
              closed: false,
            },
          ],
        }),
    });
    const { router } = renderAt(routes, ADMIN_ROUTES.borrowers);
    expect(await screen.findByRole('heading', { level: 1, name: 'Borrowers' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Find' }));
    expect(screen.getByText('Please enter what to look for.')).toBeTruthy();
    await user.type(screen.getByLabelText('Phone, borrower number or order number'), '+91 98765 43210');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=%2B91+98765+43210'));
    const table = await screen.findByRole('table', { name: 'Borrowers' });
    expect(within(table).getByRole('link', { name: 'Open borrower 7' }).getAttribute('href')).toBe(
      '/admin/borrowers/7',
    );
    expect(within(table).getByText(XSS)).toBeTruthy();
    expect(table.querySelector('img')).toBeNull();
    expect(net.callsTo(BORROWERS_ADMIN_PATHS.search)[0]!.query.get('q')).toBe('+91 98765 43210');
  });

  it('says when nothing matches, in Indonesian too', async () => {
    stubFetch({ [`GET ${BORROWERS_ADMIN_PATHS.search}`]: () => ok({ items: [] }) });
    renderAt(routes, `${ADMIN_ROUTES.borrowers}?q=0812`, { lang: 'id' });
    expect(
      await screen.findByText('Tidak ada peminjam di pasar Anda yang cocok dengan “0812”.'),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Peminjam' })).toBeTruthy();
  });
});

describe('borrower view', () => {
  it('shows every section with masked numbers; an agent gets no reveal', async () => {
    stubFetch({ [`GET ${BORROWERS_ADMIN_PATHS.one(7)}`]: () => ok(borrower()) });
    renderAt(routes, ADMIN_ROUTES.borrower(7), { session: agentSession() });
    expect(await screen.findByRole('heading', { level: 2, name: 'Profile' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Borrower 7' })).toBeTruthy();
    for (const name of [
      'Profile',
      'Verification steps',
      'Bank accounts',
      'Orders',
      'Payments',
      'Complaints',
      'Data-rights requests',
      'Consents',
    ])
      expect(screen.getByRole('heading', { level: 2, name })).toBeTruthy();
    expect(screen.getByText('******3210')).toBeTruthy();
    expect(screen.getByText('******234K')).toBeTruthy();
    expect(screen.getByText('**** 4821')).toBeTruthy();
    expect(screen.getByText('Name does not match')).toBeTruthy();
    expect(screen.getByText('No payment.')).toBeTruthy();
    // An order's status in words, not its code.
    expect(screen.getByRole('table', { name: 'Orders' }).textContent).not.toMatch(/Status21|>21</);
    expect(
      screen.getByRole('table', { name: 'Orders' }).querySelector('td:nth-child(2)')?.textContent,
    ).not.toBe('21');
    expect(screen.queryByRole('button', { name: /Reveal/ })).toBeNull();
    expect(document.querySelector('img')).toBeNull();
  });

  it('reveals one number for an administrator with a reason, then masks it again after 30 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    const net = stubFetch({
      [`GET ${BORROWERS_ADMIN_PATHS.one(7)}`]: () => ok(borrower()),
      [`POST ${BORROWERS_ADMIN_PATHS.reveal(7)}`]: (call) =>
        call.body.field === 'accountNumber'
          ? ok({ field: 'accountNumber', value: '50100123454821' })
          : reply({ code: '400', data: null, message: 'no' }, 400),
    });
    renderAt(routes, ADMIN_ROUTES.borrower(7));
    await user.click(await screen.findByRole('button', { name: 'Reveal account **** 4821' }));
    const form = screen.getByRole('form', { name: 'Reveal account **** 4821' });
    await user.type(within(form).getByLabelText('Reason'), 'short');
    await user.click(within(form).getByRole('button', { name: 'Reveal and record' }));
    expect(within(form).getByRole('alert').textContent).toBe(
      'Please give a reason of at least 10 characters.',
    );
    expect(net.callsTo(BORROWERS_ADMIN_PATHS.reveal(7))).toHaveLength(0);
    await user.type(within(form).getByLabelText('Reason'), ' reason: complaint 42 payout');
    await user.click(within(form).getByRole('button', { name: 'Reveal and record' }));
    expect(await screen.findByText('50100123454821')).toBeTruthy();
    const call = net.callsTo(BORROWERS_ADMIN_PATHS.reveal(7))[0]!;
    expect(call.body).toEqual({
      field: 'accountNumber',
      accountId: 9,
      reason: 'short reason: complaint 42 payout',
    });
    expect(call.headers[CSRF_HEADER]).toBe(CSRF);
    await act(async () => {
      vi.advanceTimersByTime(31_000);
    });
    await waitFor(() => expect(screen.queryByText('50100123454821')).toBeNull());
    expect(screen.getByText('**** 4821')).toBeTruthy();
  });

  it('names another market’s borrower in the server’s words, in Indonesian', async () => {
    stubFetch({
      [`GET ${BORROWERS_ADMIN_PATHS.one(7)}`]: () =>
        reply(
          { code: '40301', data: null, message: 'Peminjam ini berada di pasar yang tidak Anda tangani.' },
          403,
        ),
    });
    renderAt(routes, ADMIN_ROUTES.borrower(7), { lang: 'id' });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Peminjam ini berada di pasar yang tidak Anda tangani.',
    );
    expect(screen.getByRole('link', { name: 'Kembali ke pencarian' })).toBeTruthy();
  });
});

describe('verification review queue', () => {
  it('lists what waits, approves one, and rejects only with a reason the borrower will read', async () => {
    const user = userEvent.setup();
    const net = stubFetch({
      [`GET ${BORROWERS_ADMIN_PATHS.queue}`]: () => ok(queue()),
      [`POST ${BORROWERS_ADMIN_PATHS.decide('step', 70)}`]: () =>
        ok({ kind: 'step', id: 70, status: 'done' }),
      [`POST ${BORROWERS_ADMIN_PATHS.decide('bankAccount', 9)}`]: () =>
        ok({ kind: 'bankAccount', id: 9, status: 'refused' }),
    });
    renderAt(routes, ADMIN_ROUTES.verification);
    const table = await screen.findByRole('table', { name: 'Verification review' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('Basic details');
    expect(rows[0]!.textContent).toContain('PAN ******234K');
    expect(rows[1]!.textContent).toContain('Holder: PRIYA VENKATARAMAN');
    expect(screen.getByText('2 waiting')).toBeTruthy();
    await user.click(within(rows[0]!).getByRole('button', { name: 'Approve Basic details of borrower 7' }));
    await waitFor(() => expect(toasts).toContain('Approved: Basic details of borrower 7.'));
    expect(net.callsTo(BORROWERS_ADMIN_PATHS.decide('step', 70))[0]!.body).toEqual({ decision: 'approve' });
    await user.click(within(rows[1]!).getByRole('button', { name: 'Reject Bank account of borrower 8' }));
    expect(within(rows[1]!).getByRole('alert').textContent).toBe('Choose the reason the borrower will read.');
    expect(net.callsTo(BORROWERS_ADMIN_PATHS.decide('bankAccount', 9))).toHaveLength(0);
    await user.selectOptions(
      within(rows[1]!).getByLabelText('Reason for the borrower'),
      'This bank account is not in your name. Add an account that you hold yourself.',
    );
    await user.click(within(rows[1]!).getByRole('button', { name: 'Reject Bank account of borrower 8' }));
    await waitFor(() =>
      expect(net.callsTo(BORROWERS_ADMIN_PATHS.decide('bankAccount', 9))[0]?.body).toEqual({
        decision: 'reject',
        reason: 'accountNotOwn',
      }),
    );
    expect(net.callsTo(BORROWERS_ADMIN_PATHS.decide('bankAccount', 9))[0]!.headers[CSRF_HEADER]).toBe(CSRF);
  });

  it('tells the second operator someone decided first and reloads the list', async () => {
    const user = userEvent.setup();
    const net = stubFetch({
      [`GET ${BORROWERS_ADMIN_PATHS.queue}`]: () => ok(queue()),
      [`POST ${BORROWERS_ADMIN_PATHS.decide('step', 70)}`]: () =>
        reply(
          {
            code: '409',
            data: null,
            message: 'Someone has already decided on this. The list has been refreshed.',
          },
          409,
        ),
    });
    renderAt(routes, ADMIN_ROUTES.verification);
    const table = await screen.findByRole('table');
    await user.click(within(table).getByRole('button', { name: 'Approve Basic details of borrower 7' }));
    await waitFor(() => expect(net.callsTo(BORROWERS_ADMIN_PATHS.queue)).toHaveLength(2));
    expect(within(table).getAllByRole('alert')[0]!.textContent).toBe(
      'Someone has already decided on this. The list has been refreshed.',
    );
  });

  it('speaks Indonesian, with the borrower’s reasons in Indonesian', async () => {
    stubFetch({ [`GET ${BORROWERS_ADMIN_PATHS.queue}`]: () => ok(queue()) });
    renderAt(routes, ADMIN_ROUTES.verification, { lang: 'id' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tinjauan verifikasi' })).toBeTruthy();
    expect((await screen.findAllByText('Nama tidak cocok')).length).toBe(2);
    expect(
      screen.getAllByRole('option', {
        name: 'Rekening bank ini bukan atas nama Anda. Tambahkan rekening atas nama Anda sendiri.',
      }).length,
    ).toBe(2);
  });
});
