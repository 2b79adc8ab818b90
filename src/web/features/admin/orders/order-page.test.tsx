import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminOrder, AdminPayment } from '../../../../shared/contract/admin.ts';
import { CSRF_HEADER } from '../../../../shared/contract/constants.ts';
import { setupAntdMobile } from '../../../ui/antd-setup.ts';
import { ADMIN_ROUTES } from '../admin-paths.ts';
import {
  CSRF,
  captureToasts,
  type FetchCall,
  Marker,
  ok,
  renderAt,
  reply,
  stubFetch,
} from '../admin-test-kit.tsx';
import { OrderPage } from './order-page.tsx';
import { ORDER_PATHS } from './orders-api.ts';
import { adminOrder } from './orders-test-kit.ts';

const realFetch = globalThis.fetch;
const routes = [
  { path: ADMIN_ROUTES.orders, element: <Marker name="orders" /> },
  { path: `${ADMIN_ROUTES.orders}/:orderNo`, Component: OrderPage },
];

let toasts: string[];
beforeAll(() => setupAntdMobile('en'));
beforeEach(() => {
  toasts = captureToasts();
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** A server with one order that applies decisions as the engine does (from 21 only). */
function network(
  order: AdminOrder = adminOrder(),
  { decide, payments = [] }: { decide?: (call: FetchCall) => Response; payments?: AdminPayment[] } = {},
) {
  let current = order;
  return stubFetch({
    [`GET ${ORDER_PATHS.one(order.orderNo)}`]: () => ok(current),
    [`GET ${ORDER_PATHS.payments(order.orderNo)}`]: () => ok(payments),
    [`POST ${ORDER_PATHS.actions(order.orderNo)}`]: (call) => {
      if (decide) return decide(call);
      const {
        action,
        reason = '',
        rejectReason = null,
      } = call.body as { action: string; reason?: string; rejectReason?: 'other' | 'creditHistory' };
      const to = action === 'approve' ? 151 : 110;
      current = {
        ...current,
        status: to,
        events: [
          ...current.events,
          {
            operation: action,
            fromStatus: 21,
            toStatus: to,
            actor: 'staff:1',
            actorName: 'Anita Admin',
            reasonCode: rejectReason,
            reason,
            at: '2026-11-20T05:00:00.000Z',
          },
        ],
      };
      return ok(current);
    },
  });
}

const decision = () => screen.queryByRole('heading', { level: 2, name: 'Review' });
/** The page's own Approve button (a confirmation dialog has one too). */
const approveButton = async () =>
  within((await screen.findByRole('heading', { level: 2, name: 'Review' })).closest('section')!).getByRole(
    'button',
    { name: 'Approve' },
  );

describe('OrderPage', () => {
  it('shows the order, the borrower (phone masked), what was confirmed and the history', async () => {
    network(
      adminOrder({
        status: 170,
        disbursedAt: '2026-11-21T04:30:00.000Z',
        events: [
          ...adminOrder().events,
          {
            operation: 'approve',
            fromStatus: 21,
            toStatus: 151,
            actor: 'staff:3',
            actorName: 'Rahul Agent',
            reasonCode: null,
            reason: '',
            at: '2026-11-20T06:00:00.000Z',
          },
          {
            operation: 'disburse',
            fromStatus: 151,
            toStatus: 170,
            actor: 'system:payout',
            actorName: null,
            reasonCode: null,
            reason: 'payout SANDBOX-1',
            at: '2026-11-21T04:30:00.000Z',
          },
        ],
      }),
    );
    renderAt(routes, ADMIN_ROUTES.order('IN001'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order IN001' })).toBeTruthy();
    const facts = (await screen.findByRole('heading', { level: 2, name: 'Order' })).closest('section')!;
    expect(facts.textContent).toContain('Disbursed (170)');
    expect(facts.textContent).toContain('₹15,000');
    expect(facts.textContent).toContain('91 days');
    expect(facts.textContent).toContain('******3210');
    expect(facts.textContent).toContain('Not yet');
    const quote = screen
      .getByRole('heading', { level: 2, name: 'What the borrower confirmed' })
      .closest('section')!;
    expect(quote.textContent).toContain('Processing fee, taken from the amount₹200');
    expect(quote.textContent).toContain('₹14,800');
    expect(quote.textContent).toContain('₹15,955');
    expect(quote.textContent).toContain('42.13%');

    const history = screen.getByRole('table', { name: 'History' });
    const rows = within(history).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('AppliedUnder review (21)Borrower'),
      expect.stringContaining('ApprovedUnder review (21) → Disbursing (151)Rahul Agent'),
      expect.stringContaining('Paid outDisbursing (151) → Disbursed (170)System (payout)payout SANDBOX-1'),
    ]);
    // Nothing to decide once the order has left review.
    expect(decision()).toBeNull();
  });

  it('follows an order being paid out until the payout is confirmed, without a reload', async () => {
    let gets = 0;
    const paying = adminOrder({ status: 151 });
    stubFetch({
      [`GET ${ORDER_PATHS.one('IN001')}`]: () =>
        ok(++gets === 1 ? paying : { ...paying, status: 170, disbursedAt: '2026-11-21T04:30:00.000Z' }),
      [`GET ${ORDER_PATHS.payments('IN001')}`]: () => ok([]),
    });
    renderAt(routes, ADMIN_ROUTES.order('IN001'));
    const facts = (await screen.findByRole('heading', { level: 2, name: 'Order' })).closest('section')!;
    expect(facts.textContent).toContain('Disbursing (151)');
    // The page asks again every 3 s while the payout is on its way.
    await waitFor(() => expect(facts.textContent).toContain('Disbursed (170)'), { timeout: 6_000 });
    expect(gets).toBe(2);
  });

  it('approves after a confirmation, with the CSRF token; the page then shows the new status', async () => {
    const net = network();
    renderAt(routes, ADMIN_ROUTES.order('IN001'));
    fireEvent.click(await approveButton());
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Approve order IN001? The money is sent to the borrower at once.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(toasts).toEqual(['Approved: the payout is on its way.']));
    const call = net.callsTo(ORDER_PATHS.actions('IN001'))[0]!;
    expect(call.body).toEqual({ action: 'approve' });
    expect(call.headers[CSRF_HEADER]).toBe(CSRF);
    await waitFor(() => expect(decision()).toBeNull());
    expect(screen.getByText('Disbursing (151)')).toBeTruthy();
  });

  it('after approving, shows the payout confirmed by the provider without a reload', async () => {
    let confirmed = false;
    const waiting = adminOrder({ status: 151 });
    stubFetch({
      [`GET ${ORDER_PATHS.one('IN001')}`]: () =>
        ok(confirmed ? { ...waiting, status: 170, disbursedAt: '2026-11-21T04:30:00.000Z' } : adminOrder()),
      [`GET ${ORDER_PATHS.payments('IN001')}`]: () => ok([]),
      [`POST ${ORDER_PATHS.actions('IN001')}`]: () => ok(waiting),
    });
    renderAt(routes, ADMIN_ROUTES.order('IN001'));
    fireEvent.click(await approveButton());
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve' }));
    const facts = (await screen.findByRole('heading', { level: 2, name: 'Order' })).closest('section')!;
    await waitFor(() => expect(facts.textContent).toContain('Disbursing (151)'));
    // The provider confirms a moment later: the page, still open, follows it to 170.
    confirmed = true;
    await waitFor(() => expect(facts.textContent).toContain('Disbursed (170)'), { timeout: 6_000 });
  });

  it("records a payout by hand only while paying out, with the provider's reference, after a confirmation", async () => {
    const net = network(adminOrder({ status: 151 }), {
      decide: () => ok(adminOrder({ status: 170 })),
    });
    const user = userEvent.setup();
    renderAt(routes, ADMIN_ROUTES.order('IN001'));
    const heading = await screen.findByRole('heading', { level: 2, name: 'Payout' });
    // No review on an approved order.
    expect(decision()).toBeNull();
    const card = heading.closest('section')!;
    await user.click(within(card).getByRole('button', { name: 'Record as paid out' }));
    expect(
      await within(card).findByText('Please give the payout provider’s reference for this payment.'),
    ).toBeTruthy();
    expect(net.callsTo(ORDER_PATHS.actions('IN001'))).toHaveLength(0);
    await user.type(within(card).getByLabelText('Provider’s reference'), 'BANK-77');
    await user.click(within(card).getByRole('button', { name: 'Record as paid out' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Record order IN001 as paid out?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record as paid out' }));
    await waitFor(() => expect(toasts).toEqual(['Recorded: the loan is paid out.']));
    expect(net.callsTo(ORDER_PATHS.actions('IN001'))[0]!.body).toEqual({
      action: 'disburse',
      reason: 'BANK-77',
    });
    await waitFor(() => expect(screen.queryByRole('heading', { level: 2, name: 'Payout' })).toBeNull());
  });

  it('sends nothing when the approval is not confirmed', async () => {
    const net = network();
    renderAt(routes, ADMIN_ROUTES.order('IN001'));
    fireEvent.click(await approveButton());
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(net.callsTo(ORDER_PATHS.actions('IN001'))).toHaveLength(0);
  });

  it('rejects only with a reason from the list, which goes into the history in words', async () => {
    const net = network();
    const user = userEvent.setup();
    renderAt(routes, ADMIN_ROUTES.order('IN001'));
    await screen.findByRole('heading', { level: 2, name: 'Review' });
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const reason = screen.getByRole('combobox', { name: 'Reason for rejecting' });
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(reason);
    expect(screen.getByText('Please choose the reason for rejecting.')).toBeTruthy();
    expect(net.callsTo(ORDER_PATHS.actions('IN001'))).toHaveLength(0);
    // The operator reads what the borrower will read.
    expect(
      within(reason)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Choose a reason',
      'We could not verify your income.',
      'We could not confirm your identity from the details and documents you gave.',
      'Your credit history does not meet this product’s requirements at present.',
      'You have too many loans open at the moment.',
      'You do not meet this product’s requirements, such as age or place of residence.',
      'Another reason (write it below)',
    ]);

    await user.selectOptions(reason, 'creditHistory');
    // A listed reason needs no words of the operator's.
    expect(screen.queryByRole('textbox', { name: 'The reason, in your words' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(toasts).toEqual(['Rejected.']));
    expect(net.callsTo(ORDER_PATHS.actions('IN001'))[0]!.body).toEqual({
      action: 'reject',
      rejectReason: 'creditHistory',
    });
    const history = screen.getByRole('table', { name: 'History' });
    expect(
      within(history).getByText('Your credit history does not meet this product’s requirements at present.'),
    ).toBeTruthy();
  });

  it('asks for the words of an "other" reason, at most 200 characters, and sends them trimmed', async () => {
    const net = network();
    const user = userEvent.setup();
    renderAt(routes, ADMIN_ROUTES.order('IN001'));
    await screen.findByRole('heading', { level: 2, name: 'Review' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Reason for rejecting' }), 'other');
    const note = screen.getByRole('textbox', { name: 'The reason, in your words' });
    expect(screen.getByText('Shown to the borrower as written. At most 200 characters.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    expect(screen.getByText('Please give a reason.')).toBeTruthy();
    expect(document.activeElement).toBe(note);
    fireEvent.change(note, { target: { value: 'x'.repeat(201) } });
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Please keep the reason to 200 characters or fewer.')).toBeTruthy();
    expect(note.getAttribute('aria-invalid')).toBe('true');
    expect(net.callsTo(ORDER_PATHS.actions('IN001'))).toHaveLength(0);

    await user.clear(note);
    await user.type(note, '  The salary slip is from another employer ');
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(toasts).toEqual(['Rejected.']));
    expect(net.callsTo(ORDER_PATHS.actions('IN001'))[0]!.body).toEqual({
      action: 'reject',
      rejectReason: 'other',
      reason: 'The salary slip is from another employer',
    });
    const history = screen.getByRole('table', { name: 'History' });
    expect(within(history).getByText('The salary slip is from another employer')).toBeTruthy();
  });

  it('shows the server’s refusal when another operator decided first, and loads the order again', async () => {
    const message = 'This loan cannot do that in its current state. Reload to see where it is now.';
    const net = network(adminOrder(), { decide: () => reply({ code: '409', data: null, message }, 409) });
    renderAt(routes, ADMIN_ROUTES.order('IN001'));
    fireEvent.click(await approveButton());
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(message));
    expect(document.activeElement).toBe(screen.getByRole('alert'));
    await waitFor(() => expect(net.callsTo(ORDER_PATHS.one('IN001'), 'GET')).toHaveLength(2));
    expect(toasts).toEqual([]);
  });

  it('names another market’s order as such, and a missing one as missing, without a retry', async () => {
    stubFetch({
      [ORDER_PATHS.one('ID9')]: () =>
        reply({ code: '40301', data: null, message: 'This order belongs to another market.' }, 403),
      [ORDER_PATHS.one('NOPE')]: () => reply({ code: '404', data: null, message: 'Not found.' }, 404),
    });
    const { unmount } = renderAt(routes, ADMIN_ROUTES.order('ID9'));
    expect(
      await screen.findByText('Order ID9 belongs to another market, which you do not work on.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    unmount();
    renderAt(routes, ADMIN_ROUTES.order('NOPE'));
    expect(await screen.findByText('There is no such order.')).toBeTruthy();
  });

  it('goes back to the search it came from', async () => {
    network();
    const user = userEvent.setup();
    const { router } = renderAt(routes, ADMIN_ROUTES.order('IN001'));
    await router.navigate(ADMIN_ROUTES.order('IN001'), { state: { ordersSearch: 'q=IN001&status=21' } });
    const back = await screen.findByRole('link', { name: '← Back to the orders' });
    // The link may first draw from the address before the navigation's state; click the one that has it.
    await waitFor(() => expect(back.getAttribute('href')).toContain('q=IN001'));
    await user.click(back);
    expect(router.state.location.search).toBe('?q=IN001&status=21');
  });

  it('speaks Indonesian', async () => {
    network();
    renderAt(routes, ADMIN_ROUTES.order('IN001'), { lang: 'id' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pesanan IN001' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: 'Peninjauan' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Setujui' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Alasan penolakan' })).toBeTruthy();
    expect(
      screen.getByRole('option', { name: 'Kami tidak dapat memverifikasi penghasilan Anda.' }),
    ).toBeTruthy();
    const facts = screen.getByRole('heading', { level: 2, name: 'Pesanan' }).closest('section')!;
    expect(within(facts).getByText('Sedang ditinjau (21)')).toBeTruthy();
    expect(screen.getByText('Biaya administrasi, dipotong dari dana')).toBeTruthy();
  });
});

describe('payments', () => {
  it('lists the payments with their state, reason and allocation, in the market money', async () => {
    network(adminOrder({ status: 170 }), {
      payments: [
        {
          id: 2,
          providerPaymentId: 'pay_2',
          amount: '₹5,540',
          amountMinor: 554_000,
          paidAt: '2026-11-21T05:00:00.000Z',
          state: 'credited',
          reviewReason: null,
          utr: '412345678901',
          allocations: [
            { period: null, component: 'late_fee', amountMinor: 100_000 },
            { period: 1, component: 'interest', amountMinor: 40_000 },
            { period: 1, component: 'principal', amountMinor: 414_000 },
          ],
        },
        {
          id: 1,
          providerPaymentId: 'pay_1',
          amount: '₹5,539',
          amountMinor: 553_900,
          paidAt: '2026-11-21T04:00:00.000Z',
          state: 'review',
          reviewReason: 'underpaid',
          utr: null,
          allocations: [],
        },
      ],
    });
    renderAt(routes, `${ADMIN_ROUTES.orders}/IN001`);
    const table = await screen.findByRole('table', { name: 'Payments' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Credited')).toBeTruthy();
    expect(within(rows[0]!).getByText('Late fee ₹1,000')).toBeTruthy();
    expect(within(rows[0]!).getByText('Period 1 · Principal ₹4,140')).toBeTruthy();
    expect(within(rows[0]!).getByText('pay_2 · UTR 412345678901')).toBeTruthy();
    expect(within(rows[1]!).getByText('In review: less than the bill')).toBeTruthy();
  });

  it('says when no payment has arrived', async () => {
    network();
    renderAt(routes, `${ADMIN_ROUTES.orders}/IN001`);
    await screen.findByText('No payment has arrived for this order.');
  });
});
