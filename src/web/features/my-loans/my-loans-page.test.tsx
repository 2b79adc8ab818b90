import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOAN_PATHS } from '../../../shared/contract/constants.ts';
import type { OrderList, OrderListItem } from '../../../shared/contract/loans.ts';
import { H5_PATHS } from '../../../shared/routes.ts';
import { setSessionParams } from '../../lib/session-params.ts';
import { NETWORK_DOWN, ok, stubFetch } from '../../test/fake-fetch.ts';
import { Marker, renderAt } from '../../test/screen-kit.tsx';
import { MyLoansPage } from './my-loans-page.tsx';

const realFetch = globalThis.fetch;
const routes = [
  { path: H5_PATHS.myLoans, Component: MyLoansPage },
  { path: H5_PATHS.loanDetails, element: <Marker name="details" /> },
  { path: H5_PATHS.relevant, element: <Marker name="products" /> },
];

function loan(overrides: Partial<OrderListItem> = {}): OrderListItem {
  return {
    orderNo: 'IN20261101001',
    orderStatus: 174,
    statusText: 'Repayment due',
    open: true,
    productId: 4,
    productName: 'Salary Advance',
    productLogo: '',
    amount: 1_500_000,
    amountText: '₹15,000',
    appliedOnText: '1 Nov 2026',
    nextDue: { day: '2026-12-01', dayText: '1 Dec 2026', amount: 536_000, amountText: '₹5,360' },
    daysOverdue: 0,
    overdueText: '',
    ...overrides,
  };
}

const page = (items: OrderListItem[], pageNo = 1, hasMore = false): OrderList => ({
  items,
  page: pageNo,
  hasMore,
});

beforeEach(() => setSessionParams({ market: 'IN', token: 't'.repeat(43), deviceId: 'd1' }));
afterEach(() => {
  globalThis.fetch = realFetch;
  setSessionParams({});
});

describe('MyLoansPage', () => {
  it('shows current loans before past ones, each with its status, amount and next payment', async () => {
    stubFetch({
      [LOAN_PATHS.orderList]: () =>
        ok(
          page([
            loan(),
            loan({
              orderNo: 'IN20260801007',
              orderStatus: 180,
              statusText: 'Overdue',
              productName: 'Quick Cash',
              amountText: '₹10,000',
              daysOverdue: 12,
              overdueText: '12 days overdue',
              nextDue: { day: '2026-11-16', dayText: '16 Nov 2026', amount: 420_000, amountText: '₹4,200' },
            }),
            loan({
              orderNo: 'IN20260801002',
              orderStatus: 200,
              statusText: 'Settled',
              open: false,
              amountText: '₹8,000',
              nextDue: null,
            }),
          ]),
        ),
    });
    renderAt(routes, H5_PATHS.myLoans, 'en');
    expect(await screen.findByRole('heading', { name: 'Current' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'My loans' })).toBeTruthy();
    expect(document.title).toBe('My loans');
    const [current, past] = screen.getAllByRole('region');
    expect(within(current!).getByRole('heading', { name: 'Current' })).toBeTruthy();
    expect(within(current!).getAllByRole('listitem')).toHaveLength(2);
    expect(within(past!).getByRole('heading', { name: 'Past' })).toBeTruthy();
    const due = screen.getByRole('link', { name: 'View details of Salary Advance, ₹15,000' });
    expect(within(due).getByText('Repayment due')).toBeTruthy();
    expect(within(due).getByText('₹5,360 by 1 Dec 2026')).toBeTruthy();
    const late = screen.getByRole('link', { name: 'View details of Quick Cash, ₹10,000' });
    expect(within(late).getByText('12 days overdue')).toBeTruthy();
    const settled = screen.getByRole('link', { name: 'View details of Salary Advance, ₹8,000' });
    expect(within(settled).queryByText('Next payment')).toBeNull();
  });

  it("opens a loan's details with its order and product", async () => {
    const user = userEvent.setup();
    stubFetch({ [LOAN_PATHS.orderList]: () => ok(page([loan()])) });
    const { router } = renderAt(routes, H5_PATHS.myLoans, 'en');
    await user.click(await screen.findByRole('link', { name: /Salary Advance/ }));
    expect(screen.getByTestId('marker').textContent).toBe('details');
    expect(router.state.location.search).toBe('?orderId=IN20261101001&productId=4');
  });

  it('loads the next page on "Show more" and asks for page 2', async () => {
    const user = userEvent.setup();
    const net = stubFetch({
      [LOAN_PATHS.orderList]: (call) =>
        (call.body as { page: number }).page === 1
          ? ok(page([loan()], 1, true))
          : ok(
              page(
                [loan({ orderNo: 'IN20250101001', open: false, statusText: 'Settled', nextDue: null })],
                2,
              ),
            ),
    });
    renderAt(routes, H5_PATHS.myLoans, 'en');
    await user.click(await screen.findByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('heading', { name: 'Past' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(net.callsTo(LOAN_PATHS.orderList).map((c) => c.body)).toEqual([{ page: 1 }, { page: 2 }]);
  });

  it('has no loans yet: says so in Indonesian and leads to the products', async () => {
    const user = userEvent.setup();
    setSessionParams({ market: 'ID', token: 't'.repeat(43), deviceId: 'd1' });
    stubFetch({ [LOAN_PATHS.orderList]: () => ok(page([])) });
    renderAt(routes, H5_PATHS.myLoans, 'id');
    expect(await screen.findByText('Anda belum memiliki pinjaman.')).toBeTruthy();
    expect(document.title).toBe('Pinjaman saya');
    await user.click(screen.getByRole('link', { name: 'Lihat produk pinjaman' }));
    expect(screen.getByTestId('marker').textContent).toBe('products');
  });

  it('says it is offline and tries again on request', async () => {
    const user = userEvent.setup();
    let down = true;
    stubFetch({ [LOAN_PATHS.orderList]: () => (down ? NETWORK_DOWN : ok(page([loan()]))) });
    renderAt(routes, H5_PATHS.myLoans, 'en');
    expect(
      await screen.findByText(
        'You are offline. Your loans will load when the connection is back.',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    down = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /Salary Advance/ })).toBeTruthy();
  });
});
