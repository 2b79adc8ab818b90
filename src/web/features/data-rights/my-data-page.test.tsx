import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DATA_RIGHTS_PATHS } from '../../../shared/contract/data-rights.ts';
import type { OverviewData, RequestItem } from '../../../shared/contract/data-rights-schema.ts';
import { H5_PATHS } from '../../../shared/routes.ts';
import { setSessionParams } from '../../lib/session-params.ts';
import { NETWORK_DOWN, ok, reply, stubFetch } from '../../test/fake-fetch.ts';
import { fakeNativeShell } from '../../test/fake-shell.ts';
import { captureToasts, Marker, renderAt } from '../../test/screen-kit.tsx';
import { setupAntdMobile } from '../../ui/antd-setup.ts';
import { MyDataPage } from './my-data-page.tsx';

const realFetch = globalThis.fetch;
let opened: string[];
const routes = () => [
  { path: H5_PATHS.myData, element: <MyDataPage open={(url) => opened.push(url)} /> },
  { path: H5_PATHS.customerService, element: <Marker name="customer-service" /> },
];

function request(overrides: Partial<RequestItem> = {}): RequestItem {
  return {
    id: 12,
    kind: 'correction',
    status: 'in_progress',
    details: 'My name is spelt Priya.',
    answer: '',
    createdAt: '2026-11-20T04:30:00.000Z',
    created: '20 Nov 2026, 10:00 am',
    deadlineAt: '2026-12-20T18:29:59.999Z',
    deadline: '20 Dec 2026, 11:59 pm',
    closedAt: null,
    closed: '',
    overdue: false,
    ...overrides,
  };
}

function overview(overrides: Partial<OverviewData> = {}): OverviewData {
  return {
    held: {
      name: 'Priya Sharma',
      phone: '******3210',
      market: 'IN',
      since: '1 Aug 2026',
      orders: 3,
      payments: 2,
      complaints: 1,
      chatRecords: 4,
      bankCards: 1,
      signIns: 7,
    },
    rights: (['access', 'correction', 'erasure', 'objection', 'restriction', 'withdrawal'] as const).map(
      (kind) => ({ kind, answerWithin: 'Answered within 30 days' }),
    ),
    requests: [
      request(),
      request({
        id: 9,
        kind: 'objection',
        status: 'refused',
        details: 'No calls.',
        answer: 'We must call about an overdue loan.',
        closedAt: '2026-11-01T04:30:00.000Z',
        closed: '1 Nov 2026, 10:00 am',
      }),
    ],
    cancel: { allowed: true, reason: '' },
    ...overrides,
  };
}

let toasts: string[];
let bridge: ReturnType<typeof fakeNativeShell>;
beforeAll(() => setupAntdMobile('en'));
beforeEach(() => {
  setSessionParams({ market: 'IN', token: 't'.repeat(43), deviceId: 'd1' });
  toasts = captureToasts();
  bridge = fakeNativeShell();
  opened = [];
});
afterEach(() => {
  globalThis.fetch = realFetch;
  bridge.remove();
  setSessionParams({});
});

const section = (name: string) => screen.getByRole('heading', { level: 2, name }).closest('section')!;

describe('My data', () => {
  it('draws its frame while loading, then what we hold, the rights and the requests', async () => {
    let answer: (r: Response) => void = () => {};
    stubFetch({ [DATA_RIGHTS_PATHS.overview]: () => new Promise<Response>((r) => (answer = r)) });
    renderAt(routes(), H5_PATHS.myData);
    expect(screen.getByRole('heading', { level: 1, name: 'My data' })).toBeTruthy();
    expect(document.querySelector('[aria-busy="true"]')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading your data…');
    await act(async () => answer(ok(overview())));

    await screen.findByText('Priya Sharma');
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
    const rows = within(section('What we hold'));
    expect(rows.getByText('******3210')).toBeTruthy();
    expect(rows.getByText('Sign-ins').nextSibling?.textContent).toBe('7');

    const rights = section('Your rights');
    expect(rights.textContent).toContain(
      'Under the Digital Personal Data Protection Act, 2023 you may ask for:',
    );
    expect(within(rights).getAllByRole('listitem')).toHaveLength(6);
    expect(rights.textContent).toContain('Withdrawal of consent');
    expect(rights.textContent).toContain('Answered within 30 days');

    const list = within(section('My requests')).getAllByRole('listitem');
    expect(list[0]!.textContent).toContain('Correction · Request no. 12');
    expect(list[0]!.textContent).toContain('In progress');
    expect(list[0]!.textContent).toContain('Answer due20 Dec 2026, 11:59 pm');
    expect(list[1]!.textContent).toContain('Refused');
    expect(list[1]!.textContent).toContain('Why we refusedWe must call about an overdue loan.');
    expect(document.title).toBe('My data');
  });

  it('speaks Indonesian to an Indonesian borrower', async () => {
    setSessionParams({ market: 'ID', token: 't'.repeat(43) });
    stubFetch({
      [DATA_RIGHTS_PATHS.overview]: () =>
        ok(
          overview({
            held: { ...overview().held, market: 'ID' },
            rights: overview().rights.map((r) => ({
              ...r,
              answerWithin: 'Dijawab paling lambat 3 × 24 jam',
            })),
            requests: [],
          }),
        ),
    });
    renderAt(routes(), H5_PATHS.myData, 'id');
    expect(await screen.findByRole('heading', { level: 1, name: 'Data saya' })).toBeTruthy();
    expect(await screen.findByText('Anda belum pernah mengajukan permintaan.')).toBeTruthy();
    expect(section('Hak Anda').textContent).toContain('Menurut Undang-Undang Nomor 27 Tahun 2022');
    expect(screen.getByRole('button', { name: 'Unduh data saya' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tutup akun saya' })).toBeTruthy();
  });

  it('says the page could not load, and loads it again on retry', async () => {
    const user = userEvent.setup();
    let calls = 0;
    stubFetch({
      [DATA_RIGHTS_PATHS.overview]: () =>
        ++calls <= 2
          ? reply({ code: '500', data: null, message: 'Something went wrong.' }, 500)
          : ok(overview()),
    });
    renderAt(routes(), H5_PATHS.myData);
    // One quiet retry first (a second later), then the error.
    const alert = await screen.findByRole('alert', {}, { timeout: 3000 });
    expect(alert.textContent).toContain('Your data could not be loaded. Something went wrong.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Priya Sharma')).toBeTruthy();
  });

  it('offline: says so, and asks again when the connection is back', async () => {
    let online = false;
    stubFetch({ [DATA_RIGHTS_PATHS.overview]: () => (online ? ok(overview()) : NETWORK_DOWN) });
    renderAt(routes(), H5_PATHS.myData);
    expect(
      await screen.findByText('You are offline. We will try again as soon as you are back online.'),
    ).toBeTruthy();
    online = true;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('Priya Sharma')).toBeTruthy();
  });

  it('checks the form before sending: a right is chosen, and a correction says what', async () => {
    const user = userEvent.setup();
    const net = stubFetch({
      [DATA_RIGHTS_PATHS.overview]: () => ok(overview()),
      [DATA_RIGHTS_PATHS.request]: (call) =>
        ok(request({ id: 30, kind: (call.body as { kind: 'access' }).kind, status: 'received' })),
    });
    renderAt(routes(), H5_PATHS.myData);
    const form = within(
      await screen
        .findByRole('heading', { level: 2, name: 'Make a request' })
        .then((h) => h.closest('section')!),
    );
    await user.click(form.getByRole('button', { name: 'Send request' }));
    expect(form.getByText('Please choose a right.')).toBeTruthy();
    expect(document.activeElement).toBe(form.getByLabelText('Which right?'));

    await user.selectOptions(form.getByLabelText('Which right?'), 'correction');
    await user.type(form.getByLabelText('Details'), '   ');
    await user.click(form.getByRole('button', { name: 'Send request' }));
    expect(form.getByText('Please tell us what this request is about.')).toBeTruthy();
    expect(net.callsTo(DATA_RIGHTS_PATHS.request)).toHaveLength(0);

    // Access needs no details.
    await user.selectOptions(form.getByLabelText('Which right?'), 'access');
    await user.clear(form.getByLabelText('Details'));
    await user.click(form.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(net.callsTo(DATA_RIGHTS_PATHS.request)).toHaveLength(1));
    expect(net.callsTo(DATA_RIGHTS_PATHS.request)[0]!.body).toEqual({ kind: 'access', details: '' });
    await waitFor(() =>
      expect(toasts).toEqual(['Request received. We will answer by 20 Dec 2026, 11:59 pm.']),
    );
    // The list is asked for again, and the form is empty for the next request.
    await waitFor(() => expect(net.callsTo(DATA_RIGHTS_PATHS.overview)).toHaveLength(2));
    expect((form.getByLabelText('Which right?') as HTMLSelectElement).value).toBe('');
  });

  it('counts the characters and stops at 1000', async () => {
    const user = userEvent.setup();
    stubFetch({ [DATA_RIGHTS_PATHS.overview]: () => ok(overview()) });
    renderAt(routes(), H5_PATHS.myData);
    const details = (await screen.findByLabelText('Details')) as HTMLTextAreaElement;
    expect(details.maxLength).toBe(1000);
    await user.type(details, 'Hello');
    expect(screen.getByText('5 / 1000')).toBeTruthy();
  });

  it('shows the refusal of a second open request in the server words', async () => {
    const user = userEvent.setup();
    stubFetch({
      [DATA_RIGHTS_PATHS.overview]: () => ok(overview()),
      [DATA_RIGHTS_PATHS.request]: () =>
        reply(
          {
            code: '40902',
            data: null,
            message: 'You already have an open Correction request (no. 12, made on 20 Nov 2026, 10:00 am).',
          },
          409,
        ),
    });
    renderAt(routes(), H5_PATHS.myData);
    await user.selectOptions(await screen.findByLabelText('Which right?'), 'correction');
    await user.type(screen.getByLabelText('Details'), 'My address changed.');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    const alert = await screen.findByText(/You already have an open Correction request \(no\. 12/);
    expect(alert.getAttribute('role')).toBe('alert');
    // What was typed stays, to be sent once the open request is answered.
    expect((screen.getByLabelText('Details') as HTMLTextAreaElement).value).toBe('My address changed.');
  });

  it('downloads the copy through a signed link and shows the access request done', async () => {
    const user = userEvent.setup();
    const net = stubFetch({
      [DATA_RIGHTS_PATHS.overview]: () => ok(overview()),
      [DATA_RIGHTS_PATHS.exportLink]: () =>
        ok({
          url: '/api/v1/data-rights/export?session=4&exp=1&sig=s&lang=en',
          expiresAt: '2026-11-20T04:40:00.000Z',
        }),
    });
    renderAt(routes(), H5_PATHS.myData);
    await user.click(await screen.findByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(opened).toEqual(['/api/v1/data-rights/export?session=4&exp=1&sig=s&lang=en']));
    await waitFor(() => expect(net.callsTo(DATA_RIGHTS_PATHS.overview)).toHaveLength(2));
  });

  it('cannot cancel while a loan is outstanding, and says why', async () => {
    stubFetch({
      [DATA_RIGHTS_PATHS.overview]: () =>
        ok(
          overview({
            cancel: {
              allowed: false,
              reason:
                'You can cancel your account once every loan is repaid. Loan IN20261101001 is still outstanding or being processed.',
            },
          }),
        ),
    });
    renderAt(routes(), H5_PATHS.myData);
    const button = (await screen.findByRole('button', { name: 'Cancel my account' })) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(section('Cancel my account').textContent).toContain('Loan IN20261101001 is still outstanding');
  });

  it('cancels only after the confirmation, then leads back to sign-in', async () => {
    const user = userEvent.setup();
    const net = stubFetch({
      [DATA_RIGHTS_PATHS.overview]: () => ok(overview()),
      [DATA_RIGHTS_PATHS.cancelAccount]: () =>
        ok({ closedAt: '2026-11-20T05:00:00.000Z' }, 'Your account is closed.'),
    });
    renderAt(routes(), H5_PATHS.myData);
    await user.click(await screen.findByRole('button', { name: 'Cancel my account' }));
    let dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Cancel your account?');
    expect(dialog.textContent).toContain('This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep my account' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(net.callsTo(DATA_RIGHTS_PATHS.cancelAccount)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Cancel my account' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel my account' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Your account is closed' })).toBeTruthy();
    expect(net.callsTo(DATA_RIGHTS_PATHS.cancelAccount)[0]!.body).toEqual({ confirm: true });
    // Nothing else is asked with the dead session.
    expect(net.callsTo(DATA_RIGHTS_PATHS.overview)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(bridge.messages()).toEqual([{ type: 'returnToLogin' }]);
  });

  it('shows a cancellation refused by the server', async () => {
    const user = userEvent.setup();
    stubFetch({
      [DATA_RIGHTS_PATHS.overview]: () => ok(overview()),
      [DATA_RIGHTS_PATHS.cancelAccount]: () =>
        reply(
          { code: '40901', data: null, message: 'You can cancel your account once every loan is repaid.' },
          409,
        ),
    });
    renderAt(routes(), H5_PATHS.myData);
    await user.click(await screen.findByRole('button', { name: 'Cancel my account' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, cancel my account' }),
    );
    expect(
      (await screen.findByText('You can cancel your account once every loan is repaid.')).getAttribute(
        'role',
      ),
    ).toBe('alert');
  });

  it('goes back to customer service when opened directly', async () => {
    const user = userEvent.setup();
    stubFetch({ [DATA_RIGHTS_PATHS.overview]: () => ok(overview()) });
    renderAt(routes(), H5_PATHS.myData);
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect((await screen.findByTestId('marker')).textContent).toBe('customer-service');
  });
});
