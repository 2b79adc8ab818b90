import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setupAntdMobile } from '../../ui/antd-setup.ts';
import { ADMIN_PATHS } from './admin-api.ts';
import { ADMIN_ROUTES } from './admin-paths.ts';
import {
  agentSession,
  captureToasts,
  Marker,
  ok,
  queue,
  renderAt,
  reply,
  stubFetch,
  XSS,
} from './admin-test-kit.tsx';
import { ComplaintQueuePage } from './complaint-queue-page.tsx';

const realFetch = globalThis.fetch;
const routes = [
  { path: ADMIN_ROUTES.complaints, Component: ComplaintQueuePage },
  { path: `${ADMIN_ROUTES.complaints}/:id`, element: <Marker name="complaint" /> },
];

beforeAll(() => setupAntdMobile('en'));
beforeEach(() => {
  captureToasts();
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

const queries = (net: ReturnType<typeof stubFetch>) =>
  net.callsTo(ADMIN_PATHS.complaints).map((c) => Object.fromEntries(c.query));

describe('ComplaintQueuePage', () => {
  it('sends the filters as query params', async () => {
    const net = stubFetch({ [ADMIN_PATHS.complaints]: () => ok(queue({ total: 45 })) });
    const user = userEvent.setup();
    const { router } = renderAt(routes, ADMIN_ROUTES.complaints);
    await screen.findByRole('table');
    // The work to do first: processing, page 1, both of the admin's markets.
    expect(queries(net)).toEqual([{ status: 'processing', page: '1' }]);

    await user.selectOptions(screen.getByLabelText('Market'), 'ID');
    await user.selectOptions(screen.getByLabelText('Status'), 'processed');
    await user.selectOptions(screen.getByLabelText('Type'), '2');
    await user.click(screen.getByLabelText('Only overdue'));
    await waitFor(() =>
      expect(queries(net).at(-1)).toEqual({
        market: 'ID',
        status: 'processed',
        type: '2',
        overdue: '1',
        page: '1',
      }),
    );
    // The filters live in the address, so the way back from a complaint keeps them.
    expect(router.state.location.search).toContain('market=ID');

    await user.click(await screen.findByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(queries(net).at(-1)).toMatchObject({ market: 'ID', page: '2' }));

    await user.selectOptions(screen.getByLabelText('Status'), 'all');
    await waitFor(() =>
      expect(queries(net).at(-1)).toEqual({ market: 'ID', type: '2', overdue: '1', page: '1' }),
    );
  });

  it('offers an agent only their market, and asks for it', async () => {
    const net = stubFetch({ [ADMIN_PATHS.complaints]: () => ok(queue()) });
    renderAt(routes, `${ADMIN_ROUTES.complaints}?market=ID`, { session: agentSession() });
    await screen.findByRole('table');
    const market = screen.getByLabelText('Market') as HTMLSelectElement;
    expect([...market.options].map((o) => o.value)).toEqual(['IN']);
    expect(market.disabled).toBe(true);
    expect(queries(net)[0]).toMatchObject({ market: 'IN' });
  });

  it('lists the complaints with deadline, overdue marker, status and score', async () => {
    stubFetch({ [ADMIN_PATHS.complaints]: () => ok(queue()) });
    const user = userEvent.setup();
    const { router } = renderAt(routes, ADMIN_ROUTES.complaints);
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'No.',
      'Market',
      'Type',
      'Complaint',
      'Received',
      'Deadline',
      'Status',
      'Rating',
    ]);
    const [first, second] = within(table).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    expect(first.textContent).toContain('Collection');
    expect(first.textContent).toContain('Calls to my contacts');
    expect(first.textContent).toContain('They called my mother twice at night.');
    expect(first.textContent).toContain('Overdue');
    expect(first.textContent).toContain('Processing');
    expect(first.textContent).toContain('Not rated');
    // Deadline in the market's time zone: 18:29:59Z is 23:59 in Kolkata.
    expect(first.textContent).toContain('11:59');
    expect(second.textContent).toContain('Indonesia');
    expect(second.textContent).not.toContain('Overdue');
    expect(second.textContent).toContain('4 of 5');
    expect(screen.getByText('Complaints found: 2')).toBeTruthy();

    await user.click(screen.getByRole('link', { name: 'Open complaint 7' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(ADMIN_ROUTES.complaint(7)));
  });

  it('shows what a borrower wrote as text, never as markup', async () => {
    const base = queue();
    stubFetch({
      [ADMIN_PATHS.complaints]: () => ok({ ...base, items: [{ ...base.items[0]!, excerpt: XSS }] }),
    });
    const { container } = renderAt(routes, ADMIN_ROUTES.complaints);
    expect(await screen.findByText(XSS)).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
  });

  it('says so when nothing matches, and offers a retry when loading fails', async () => {
    let fail = true;
    stubFetch({
      [ADMIN_PATHS.complaints]: () =>
        fail
          ? reply({ code: '500', data: null, message: 'Something went wrong on our side.' }, 500)
          : ok(queue({ items: [], total: 0 })),
    });
    const user = userEvent.setup();
    renderAt(routes, ADMIN_ROUTES.complaints);
    expect(await screen.findByText('Something went wrong on our side.')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No complaints match these filters.')).toBeTruthy();
  });
});
