import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setupAntdMobile } from '../../../ui/antd-setup.ts';
import { ADMIN_ROUTES } from '../admin-paths.ts';
import {
  agentSession,
  captureToasts,
  Marker,
  ok,
  renderAt,
  reply,
  stubFetch,
  XSS,
} from '../admin-test-kit.tsx';
import { ORDER_PATHS } from './orders-api.ts';
import { OrdersPage } from './orders-page.tsx';
import { orderItem } from './orders-test-kit.ts';

const realFetch = globalThis.fetch;
const routes = [
  { path: ADMIN_ROUTES.orders, Component: OrdersPage },
  { path: `${ADMIN_ROUTES.orders}/:orderNo`, element: <Marker name="order" /> },
];

beforeAll(() => setupAntdMobile('en'));
beforeEach(() => {
  captureToasts();
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

const page = (items: ReturnType<typeof orderItem>[], nextCursor: string | null = null) =>
  ok({ items, nextCursor });
const queryOf = (call: { query: URLSearchParams }) => Object.fromEntries(call.query);

describe('OrdersPage', () => {
  it('lists the newest orders with borrower (phone masked), product, amount, status and a link to each', async () => {
    const net = stubFetch({
      [ORDER_PATHS.search]: () =>
        page([
          orderItem(),
          orderItem({ orderNo: 'ID777', market: 'ID', amount: 'Rp\u00a03.000.000', status: 110 }),
        ]),
    });
    renderAt(routes, ADMIN_ROUTES.orders);
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'Open order IN001' });
    expect(link.getAttribute('href')).toBe(ADMIN_ROUTES.order('IN001'));
    const row = link.closest('tr')!;
    expect(row.textContent).toContain('Priya Sharma');
    expect(row.textContent).toContain('******3210');
    expect(row.textContent).toContain('Salary Advance');
    expect(row.textContent).toContain('₹15,000');
    expect(row.textContent).toContain('Under review (21)');
    expect(row.textContent).toContain('India');
    const other = screen.getByRole('link', { name: 'Open order ID777' }).closest('tr')!;
    expect(other.textContent).toContain('Rejected (110)');
    // The first page asks for nothing but the staff member's markets.
    expect(queryOf(net.callsTo(ORDER_PATHS.search)[0]!)).toEqual({});
  });

  it('searches by order number or phone and by status, keeping both in the address', async () => {
    const net = stubFetch({ [ORDER_PATHS.search]: () => page([orderItem()]) });
    const user = userEvent.setup();
    const { router } = renderAt(routes, ADMIN_ROUTES.orders);
    await screen.findByRole('link', { name: 'Open order IN001' });
    await user.type(
      screen.getByRole('searchbox', { name: 'Order number or borrower’s phone' }),
      ' +91 98765 43210 ',
    );
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(queryOf(net.callsTo(ORDER_PATHS.search).at(-1)!)).toEqual({ q: '+91 98765 43210' }),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), '180');
    await waitFor(() =>
      expect(queryOf(net.callsTo(ORDER_PATHS.search).at(-1)!)).toEqual({
        q: '+91 98765 43210',
        status: '180',
      }),
    );
    expect(new URLSearchParams(router.state.location.search).get('status')).toBe('180');
    // The status filter names each status as borrowers see it, with its code.
    expect(screen.getByRole('option', { name: 'Overdue (180)' })).toBeTruthy();
  });

  it('loads more with the cursor of the page before, and appends', async () => {
    const net = stubFetch({
      [ORDER_PATHS.search]: (call) =>
        call.query.get('cursor') === '1700000000000000-9'
          ? page([orderItem({ orderNo: 'IN000' })])
          : page([orderItem()], '1700000000000000-9'),
    });
    const user = userEvent.setup();
    renderAt(routes, `${ADMIN_ROUTES.orders}?status=21`);
    await screen.findByRole('link', { name: 'Open order IN001' });
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('link', { name: 'Open order IN000' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open order IN001' })).toBeTruthy();
    expect(queryOf(net.callsTo(ORDER_PATHS.search)[1]!)).toEqual({
      status: '21',
      cursor: '1700000000000000-9',
    });
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('shows a borrower’s name as text, never as markup', async () => {
    stubFetch({ [ORDER_PATHS.search]: () => page([orderItem({ borrowerName: XSS })]) });
    const { container } = renderAt(routes, ADMIN_ROUTES.orders);
    expect(await screen.findByText(XSS)).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
  });

  it('offers an agent no market filter (theirs is the only one)', async () => {
    stubFetch({ [ORDER_PATHS.search]: () => page([]) });
    renderAt(routes, `${ADMIN_ROUTES.orders}?market=ID`, { session: agentSession() });
    expect(await screen.findByText('No orders match.')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Market' })).toBeNull();
  });

  it('has a failed state with a retry', async () => {
    let fail = true;
    const net = stubFetch({
      [ORDER_PATHS.search]: () =>
        fail ? reply({ code: 'NETWORK', data: null, message: 'No connection.' }, 503) : page([orderItem()]),
    });
    const user = userEvent.setup();
    renderAt(routes, ADMIN_ROUTES.orders);
    expect(await screen.findByText('No connection.')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Open order IN001' })).toBeTruthy();
    expect(net.callsTo(ORDER_PATHS.search)).toHaveLength(2);
  });

  it('speaks Indonesian', async () => {
    stubFetch({ [ORDER_PATHS.search]: () => page([orderItem()]) });
    renderAt(routes, ADMIN_ROUTES.orders, { lang: 'id' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pesanan' })).toBeTruthy();
    const row = (await screen.findByRole('link', { name: 'Buka pesanan IN001' })).closest('tr')!;
    expect(within(row).getByText('Sedang ditinjau')).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Nomor pesanan atau telepon peminjam' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cari' })).toBeTruthy();
  });
});
