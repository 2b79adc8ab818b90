import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '../../../../shared/contract/constants.ts';
import { REQUEST_STATUSES, RIGHT_KINDS } from '../../../../shared/contract/data-rights.ts';
import { DATA_RIGHTS_ADMIN_PATHS } from '../../../../shared/contract/data-rights-admin.ts';
import type {
  RightsQueue,
  RightsQueueItem,
  RightsRequestDetail,
} from '../../../../shared/contract/data-rights-schema.ts';
import { dataRights } from '../../../../shared/i18n/data-rights.ts';
import { dataRightsAdmin } from '../../../../shared/i18n/data-rights-admin.ts';
import { setupAntdMobile } from '../../../ui/antd-setup.ts';
import { ADMIN_ROUTES } from '../admin-paths.ts';
import {
  agentSession,
  CSRF,
  captureToasts,
  type FetchCall,
  ok,
  renderAt,
  reply,
  stubFetch,
  XSS,
} from '../admin-test-kit.tsx';
import { KINDS, STATUSES } from './rights-api.ts';
import { RightsQueuePage } from './rights-queue-page.tsx';
import { RightsRequestPage } from './rights-request-page.tsx';

const realFetch = globalThis.fetch;
const routes = [
  { path: ADMIN_ROUTES.dataRights, Component: RightsQueuePage },
  { path: `${ADMIN_ROUTES.dataRights}/:id`, Component: RightsRequestPage },
];

function item(overrides: Partial<RightsQueueItem> = {}): RightsQueueItem {
  return {
    id: 41,
    market: 'ID',
    kind: 'access',
    status: 'received',
    borrowerName: 'Budi Santoso',
    excerpt: 'Saya minta salinan data saya.',
    createdAt: '2026-11-20T03:00:00.000Z',
    deadlineAt: '2026-11-23T03:00:00.000Z',
    overdue: true,
    ...overrides,
  };
}

function queue(
  items: RightsQueueItem[] = [
    item(),
    item({
      id: 42,
      market: 'IN',
      kind: 'correction',
      overdue: false,
      status: 'in_progress',
      borrowerName: XSS,
      excerpt: XSS,
      deadlineAt: '2026-12-20T18:29:59.999Z',
    }),
  ],
): RightsQueue {
  return { items, total: items.length, page: 1, pageSize: 20 };
}

function detail(overrides: Partial<RightsRequestDetail> = {}): RightsRequestDetail {
  return {
    ...item({ overdue: false }),
    details: 'Saya minta salinan data saya.',
    answer: '',
    startedAt: null,
    closedAt: null,
    handledBy: null,
    borrower: {
      id: 7,
      name: 'Budi Santoso',
      phone: '********7890',
      since: '2026-08-01T03:00:00.000Z',
      closed: false,
      outstandingLoans: 1,
    },
    history: [],
    ...overrides,
  };
}

let toasts: string[];
beforeAll(() => setupAntdMobile('en'));
beforeEach(() => {
  toasts = captureToasts();
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('the data-rights queue', () => {
  it('lists the requests with the overdue ones flagged in words, and borrower text as text', async () => {
    const net = stubFetch({ [`GET ${DATA_RIGHTS_ADMIN_PATHS.queue}`]: () => ok(queue()) });
    renderAt(routes, ADMIN_ROUTES.dataRights);
    const table = await screen.findByRole('table', { name: 'Data-rights requests' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.className).toContain('admin-row-overdue');
    expect(within(rows[0]!).getByText('Overdue')).toBeTruthy();
    expect(rows[0]!.textContent).toContain('Access');
    expect(rows[0]!.textContent).toContain('Received');
    expect(rows[1]!.className).not.toContain('admin-row-overdue');
    expect(rows[1]!.textContent).toContain('In progress');
    // Borrower text is shown as typed, never run as markup.
    expect(within(rows[1]!).getAllByText(XSS).length).toBeGreaterThan(0);
    expect(table.querySelector('img')).toBeNull();
    expect(screen.getByText('2 requests')).toBeTruthy();
    // Open requests by default, page 1.
    const call = net.callsTo(DATA_RIGHTS_ADMIN_PATHS.queue)[0]!;
    expect(Object.fromEntries(call.query)).toMatchObject({ status: 'open', page: '1' });
  });

  it('filters by status, right and overdue, keeping them in the address', async () => {
    const user = userEvent.setup();
    const net = stubFetch({ [`GET ${DATA_RIGHTS_ADMIN_PATHS.queue}`]: () => ok(queue()) });
    const { router } = renderAt(routes, ADMIN_ROUTES.dataRights);
    await screen.findByRole('table');
    await user.selectOptions(screen.getByLabelText('Status'), 'done');
    await user.selectOptions(screen.getByLabelText('Right'), 'erasure');
    await user.click(screen.getByLabelText('Overdue only'));
    await waitFor(() => expect(router.state.location.search).toBe('?status=done&kind=erasure&overdue=1'));
    await waitFor(() =>
      expect(Object.fromEntries(net.callsTo(DATA_RIGHTS_ADMIN_PATHS.queue).at(-1)!.query)).toMatchObject({
        status: 'done',
        kind: 'erasure',
        overdue: '1',
      }),
    );
  });

  it('offers an agent only their market and says when nothing matches', async () => {
    stubFetch({ [`GET ${DATA_RIGHTS_ADMIN_PATHS.queue}`]: () => ok(queue([])) });
    renderAt(routes, ADMIN_ROUTES.dataRights, { session: agentSession() });
    expect(await screen.findByText('No request matches these filters.')).toBeTruthy();
    const market = screen.getByLabelText('Market') as HTMLSelectElement;
    expect(market.disabled).toBe(true);
    expect([...market.options].map((o) => o.value)).toEqual(['IN']);
  });

  it('speaks Indonesian', async () => {
    stubFetch({ [`GET ${DATA_RIGHTS_ADMIN_PATHS.queue}`]: () => ok(queue()) });
    renderAt(routes, ADMIN_ROUTES.dataRights, { lang: 'id' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Permintaan hak data' })).toBeTruthy();
    expect((await screen.findAllByText('Terlambat')).length).toBeGreaterThan(0);
    expect(within(screen.getByRole('table')).getByText('Akses')).toBeTruthy();
  });
});

describe('a data-rights request', () => {
  /** A server with one request that moves as the API does. */
  function network(start: RightsRequestDetail = detail(), answer?: (call: FetchCall) => Response) {
    let current = start;
    return stubFetch({
      [`GET ${DATA_RIGHTS_ADMIN_PATHS.one(start.id)}`]: () => ok(current),
      [`POST ${DATA_RIGHTS_ADMIN_PATHS.actions(start.id)}`]: (call) => {
        if (answer) return answer(call);
        const body = call.body as { action: string; answer?: string };
        const status =
          body.action === 'start' ? 'in_progress' : body.action === 'complete' ? 'done' : 'refused';
        current = {
          ...current,
          status,
          answer: body.answer ?? current.answer,
          closedAt: status === 'in_progress' ? null : '2026-11-20T04:00:00.000Z',
          handledBy: 'admin@kredito.test',
          history: [
            ...current.history,
            { action: body.action, staff: 'admin@kredito.test', at: '2026-11-20T04:00:00.000Z' },
          ],
        };
        return ok(current);
      },
    });
  }

  it('shows what was asked and who asked, then starts it with the CSRF token', async () => {
    const user = userEvent.setup();
    const net = network();
    renderAt(routes, ADMIN_ROUTES.dataRightsRequest(41));
    expect(await screen.findByRole('heading', { level: 1, name: 'Request no. 41' })).toBeTruthy();
    expect((await screen.findAllByText('Saya minta salinan data saya.')).length).toBeGreaterThan(0);
    const borrower = screen.getByRole('heading', { level: 2, name: 'Borrower' }).closest('section')!;
    expect(borrower.textContent).toContain('********7890');
    expect(borrower.textContent).toContain('Outstanding loans1');

    await user.click(screen.getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(toasts).toEqual(['Started.']));
    const call = net.callsTo(DATA_RIGHTS_ADMIN_PATHS.actions(41))[0]!;
    expect(call.body).toEqual({ action: 'start' });
    expect(call.headers[CSRF_HEADER]).toBe(CSRF);
    expect(await screen.findByText('In progress')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start' })).toBeNull();
  });

  it('asks for an answer before completing, then completes', async () => {
    const user = userEvent.setup();
    const net = network(detail({ status: 'in_progress' }));
    renderAt(routes, ADMIN_ROUTES.dataRightsRequest(41));
    await user.click(await screen.findByRole('button', { name: 'Complete' }));
    expect(screen.getByText('Write the answer the borrower will read.')).toBeTruthy();
    const box = screen.getByLabelText('Answer or reason (the borrower reads it)');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(box);
    // Refusing asks for the reason instead.
    await user.click(screen.getByRole('button', { name: 'Refuse' }));
    expect(
      await screen.findByText('Write the reason for the refusal; the borrower will read it.'),
    ).toBeTruthy();
    expect(net.callsTo(DATA_RIGHTS_ADMIN_PATHS.actions(41))).toHaveLength(0);
    await user.type(
      screen.getByLabelText('Answer or reason (the borrower reads it)'),
      'Salinan sudah dikirim.',
    );
    await user.click(screen.getByRole('button', { name: 'Complete' }));
    await waitFor(() => expect(toasts).toEqual(['Completed: the borrower sees your answer.']));
    expect(net.callsTo(DATA_RIGHTS_ADMIN_PATHS.actions(41))[0]!.body).toEqual({
      action: 'complete',
      answer: 'Salinan sudah dikirim.',
    });
    expect(await screen.findByText('This request is closed.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Answer' })).toBeTruthy();
  });

  it('refuses only after a confirmation, with the reason', async () => {
    const user = userEvent.setup();
    const net = network(detail({ status: 'in_progress' }));
    renderAt(routes, ADMIN_ROUTES.dataRightsRequest(41));
    await user.type(
      await screen.findByLabelText('Answer or reason (the borrower reads it)'),
      'Wajib disimpan.',
    );
    await user.click(screen.getByRole('button', { name: 'Refuse' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Refuse request no. 41? The borrower sees your reason.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    await waitFor(() => expect(toasts).toEqual(['Refused: the borrower sees your reason.']));
    expect(net.callsTo(DATA_RIGHTS_ADMIN_PATHS.actions(41))[0]!.body).toEqual({
      action: 'refuse',
      answer: 'Wajib disimpan.',
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Reason for the refusal' })).toBeTruthy();
  });

  it("shows another operator's move in the server words", async () => {
    const user = userEvent.setup();
    network(detail(), () =>
      reply(
        {
          code: '409',
          data: null,
          message: 'This request is already In progress. Reload it to see what changed.',
        },
        409,
      ),
    );
    renderAt(routes, ADMIN_ROUTES.dataRightsRequest(41));
    const box = (await screen.findByLabelText(
      'Answer or reason (the borrower reads it)',
    )) as HTMLTextAreaElement;
    await user.type(box, 'Draft answer');
    await user.click(screen.getByRole('button', { name: 'Start' }));
    expect(
      (
        await screen.findByText('This request is already In progress. Reload it to see what changed.')
      ).getAttribute('role'),
    ).toBe('alert');
    // Nothing typed is lost.
    expect(box.value).toBe('Draft answer');
  });

  it("names another market's request as such, without a retry", async () => {
    stubFetch({
      [`GET ${DATA_RIGHTS_ADMIN_PATHS.one(41)}`]: () =>
        reply(
          { code: '40301', data: null, message: 'This request belongs to a market you do not work on.' },
          403,
        ),
    });
    renderAt(routes, ADMIN_ROUTES.dataRightsRequest(41), { session: agentSession() });
    expect(await screen.findByText('This request belongs to a market you do not work on.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('shows a cancelled account as such', async () => {
    network(
      detail({
        borrower: {
          ...detail().borrower,
          name: 'Deleted user',
          phone: '',
          closed: true,
          outstandingLoans: 0,
        },
      }),
    );
    renderAt(routes, ADMIN_ROUTES.dataRightsRequest(41));
    const borrower = (await screen.findByRole('heading', { level: 2, name: 'Borrower' })).closest('section')!;
    expect(borrower.textContent).toContain('Deleted user');
    expect(borrower.textContent).toContain('Account cancelled');
  });
});

describe('the copy', () => {
  it('has the same keys in both languages', () => {
    const keys = (node: unknown, prefix = ''): string[] =>
      typeof node === 'object' && node !== null
        ? Object.entries(node).flatMap(([k, v]) => keys(v, `${prefix}${k}.`))
        : [prefix];
    expect(keys(dataRightsAdmin.id)).toEqual(keys(dataRightsAdmin.en));
    expect(keys(dataRights.id)).toEqual(keys(dataRights.en));
  });

  it('lists the rights and statuses in the contract order', () => {
    expect(KINDS).toEqual([...RIGHT_KINDS]);
    expect(STATUSES).toEqual([...REQUEST_STATUSES]);
  });

  it('names the rights and statuses as the borrower app does', () => {
    for (const lang of ['en', 'id'] as const) {
      expect(dataRightsAdmin[lang].kinds).toEqual(dataRights[lang].kinds);
      expect(dataRightsAdmin[lang].statuses).toEqual(dataRights[lang].statuses);
      expect(dataRightsAdmin[lang].detail.answerRequired).toBe(dataRights[lang].refusals.answerRequired);
      expect(dataRightsAdmin[lang].detail.reasonRequired).toBe(dataRights[lang].refusals.reasonRequired);
    }
  });
});
