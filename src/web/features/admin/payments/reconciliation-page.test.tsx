import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '../../../../shared/contract/constants.ts';
import { formatDateTime } from '../../../../shared/domain/time.ts';
import { setupAntdMobile } from '../../../ui/antd-setup.ts';
import { ADMIN_ROUTES } from '../admin-paths.ts';
import {
  agentSession,
  CSRF,
  captureToasts,
  type FetchCall,
  Marker,
  ok,
  renderAt,
  reply,
  stubFetch,
  XSS,
} from '../admin-test-kit.tsx';
import { PAYMENT_PATHS } from './payments-api.ts';
import { creditResult, manualCredit, reviewItem, reviewPage } from './payments-test-kit.ts';
import { ReconciliationPage } from './reconciliation-page.tsx';

const realFetch = globalThis.fetch;
const routes = [
  { path: ADMIN_ROUTES.payments, Component: ReconciliationPage },
  { path: `${ADMIN_ROUTES.orders}/:orderNo`, element: <Marker name="order" /> },
];

let toasts: string[];
beforeAll(() => setupAntdMobile('en'));
beforeEach(() => {
  toasts = captureToasts();
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

const unmatched = reviewItem({
  id: 42,
  market: 'ID',
  orderNo: null,
  billNo: null,
  vcode: '39358000000000001',
  amountMinor: 25_000_000,
  amount: 'Rp\u00a0250.000',
  reason: 'unmatched',
  providerPaymentId: 'pay_sbx_42',
});

/** A server holding a review list that takes handled payments off it, as the real one does. */
function network(
  items = [reviewItem(), unmatched],
  handlers: {
    credit?: (call: FetchCall) => Response;
    resolve?: (call: FetchCall) => Response;
  } = {},
) {
  let waiting = items;
  const handled = (call: FetchCall) => {
    const id = Number(call.path.split('/').at(-2));
    waiting = waiting.filter((i) => i.id !== id);
    return id;
  };
  return stubFetch({
    [`GET ${PAYMENT_PATHS.review}`]: () => ok(reviewPage(waiting)),
    [`POST ${PAYMENT_PATHS.credit(41)}`]: (call) =>
      handlers.credit ? handlers.credit(call) : ok(creditResult({ id: handled(call) })),
    [`POST ${PAYMENT_PATHS.credit(42)}`]: (call) =>
      handlers.credit
        ? handlers.credit(call)
        : ok(
            creditResult({
              id: handled(call),
              orderNo: String(call.body.orderNo),
              market: 'ID',
              allocated: 'Rp\u00a0250.000',
            }),
          ),
    [`POST ${PAYMENT_PATHS.resolve(41)}`]: (call) =>
      handlers.resolve ? handlers.resolve(call) : ok({ id: handled(call), state: 'resolved' }),
    [`GET ${PAYMENT_PATHS.manualCredits}`]: () => ok({ items: [] }),
  });
}

const card = async (id: number) =>
  (await screen.findByRole('heading', { level: 2, name: new RegExp(`^Payment ${id} · `) })).closest(
    'article',
  )!;
/** The page's own alert (the sandbox form has one of its own). */
const pageAlert = () =>
  screen.getAllByRole('alert').find((a) => a.closest('.admin-payment-sandbox') === null)!;

describe('ReconciliationPage', () => {
  it('lists each payment with amount, reason in words, order link, bill, code, provider id and time', async () => {
    const net = network([reviewItem({ utr: '412345678901' }), unmatched]);
    const { container } = renderAt(routes, ADMIN_ROUTES.payments);
    expect(await screen.findByRole('heading', { level: 1, name: 'Reconciliation' })).toBeTruthy();
    const first = await card(41);
    expect(first.textContent).toContain('₹12,000');
    expect(first.textContent).toContain('Less than the bill');
    expect(first.textContent).toContain('INB0000041');
    // Why it waits (issue 29): what the bill asked, what came in, and how far short it fell.
    expect(first.textContent).toContain('Amount received₹12,000');
    expect(first.textContent).toContain('Bill amount₹12,500');
    expect(first.textContent).toContain('Short of the bill by₹500');
    expect(first.textContent).not.toContain('Over the bill by');
    expect(first.textContent).toContain('UPI20261101041');
    expect(first.textContent).toContain('pay_sbx_41');
    expect(first.textContent).toContain('412345678901');
    expect(first.textContent).toContain('Paid at (IST)');
    expect(first.textContent).toContain(formatDateTime('2026-11-20T04:30:00.000Z', 'en', 'IN'));
    const link = within(first).getByRole('link', { name: 'Open order IN20261101001' });
    expect(link.getAttribute('href')).toBe(ADMIN_ROUTES.order('IN20261101001'));
    const second = await card(42);
    expect(second.textContent).toContain('Rp\u00a0250.000');
    expect(second.textContent).toContain('Names no bill of ours');
    expect(second.textContent).toContain('Not known');
    expect(second.textContent).toContain('Paid at (WIB)');
    expect(within(second).queryByRole('link')).toBeNull();
    expect(container.querySelector('time')?.getAttribute('datetime')).toBe('2026-11-20T04:30:00.000Z');
    // Each action is named for its payment.
    expect(screen.getByRole('button', { name: 'Credit to order: payment 41' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resolve with note: payment 42' })).toBeTruthy();
    expect(Object.fromEntries(net.callsTo(PAYMENT_PATHS.review)[0]!.query)).toEqual({});
  });

  it('offers crediting to administrators only; an agent may resolve (decision 047)', async () => {
    network([reviewItem()]);
    renderAt(routes, ADMIN_ROUTES.payments, { session: agentSession() });
    const first = await card(41);
    expect(within(first).queryByRole('button', { name: 'Credit to order: payment 41' })).toBeNull();
    expect(first.textContent).toContain('Only an administrator can credit a payment to an order.');
    expect(within(first).getByRole('button', { name: 'Resolve with note: payment 41' })).toBeTruthy();
  });

  it('shows what the provider reported as text, never as markup', async () => {
    network([reviewItem({ vcode: XSS, providerPaymentId: XSS })]);
    const { container } = renderAt(routes, ADMIN_ROUTES.payments);
    await waitFor(() => expect(screen.getAllByText(XSS)).toHaveLength(2));
    expect(container.querySelector('img')).toBeNull();
  });

  it('speaks Indonesian', async () => {
    network();
    renderAt(routes, ADMIN_ROUTES.payments, { lang: 'id' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Rekonsiliasi' })).toBeTruthy();
    const first = (await screen.findByRole('heading', { level: 2, name: /^Pembayaran 41 · / })).closest(
      'article',
    )!;
    expect(first.textContent).toContain('Kurang dari tagihan');
    expect(first.textContent).toContain('Dibayar pada (IST)');
    expect(within(first).getByRole('button', { name: 'Catat ke pesanan: pembayaran 41' }).textContent).toBe(
      'Catat ke pesanan',
    );
    expect(
      within(first).getByRole('button', { name: 'Selesaikan dengan catatan: pembayaran 41' }).textContent,
    ).toBe('Selesaikan dengan catatan');
    expect(screen.getByText('Tidak cocok dengan tagihan kami')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: /^Tandai tagihan dibayar/ })).toBeTruthy();
  });

  it('says when there is nothing to reconcile', async () => {
    network([]);
    renderAt(routes, ADMIN_ROUTES.payments);
    expect(await screen.findByText('Nothing to reconcile.')).toBeTruthy();
  });

  it('has a failed state with a retry', async () => {
    let fail = true;
    const net = stubFetch({
      [PAYMENT_PATHS.review]: () =>
        fail
          ? reply({ code: 'NETWORK', data: null, message: 'No connection.' }, 503)
          : ok(reviewPage([reviewItem()])),
    });
    const user = userEvent.setup();
    renderAt(routes, ADMIN_ROUTES.payments);
    expect(await screen.findByText('No connection.')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await card(41)).toBeTruthy();
    expect(net.callsTo(PAYMENT_PATHS.review)).toHaveLength(2);
  });

  it('loads more with the last id of the page before, and appends', async () => {
    const net = stubFetch({
      [PAYMENT_PATHS.review]: (call) =>
        call.query.get('after') === '41' ? ok(reviewPage([unmatched])) : ok(reviewPage([reviewItem()], 41)),
    });
    const user = userEvent.setup();
    renderAt(routes, ADMIN_ROUTES.payments);
    await card(41);
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await card(42)).toBeTruthy();
    expect(await card(41)).toBeTruthy();
    expect(Object.fromEntries(net.callsTo(PAYMENT_PATHS.review)[1]!.query)).toEqual({ after: '41' });
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('credits a payment to its order after a confirmation; the row leaves and a toast says what happened', async () => {
    const net = network();
    renderAt(routes, ADMIN_ROUTES.payments);
    fireEvent.click(within(await card(41)).getByRole('button', { name: 'Credit to order: payment 41' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Credit ₹12,000 to order IN20261101001?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Credit to order' }));
    await waitFor(() => expect(toasts).toEqual(['Credited ₹12,000 to order IN20261101001.']));
    const call = net.callsTo(PAYMENT_PATHS.credit(41))[0]!;
    expect(call.body).toEqual({});
    expect(call.headers[CSRF_HEADER]).toBe(CSRF);
    await waitFor(() =>
      expect(screen.queryByRole('heading', { level: 2, name: /^Payment 41 · / })).toBeNull(),
    );
    expect(await card(42)).toBeTruthy();
    // Focus stays in the list.
    expect(document.activeElement).toBe(screen.getByRole('list', { name: 'Payments to reconcile' }));
  });

  it('tells of an excess kept for a refund and a settled order', async () => {
    network([reviewItem({ reason: 'overpaid' })], {
      credit: () =>
        ok(creditResult({ excessMinor: 12_345, excess: '₹123.45', operation: 'settle', orderStatus: 200 })),
    });
    renderAt(routes, ADMIN_ROUTES.payments);
    fireEvent.click(within(await card(41)).getByRole('button', { name: 'Credit to order: payment 41' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Credit to order' }),
    );
    await waitFor(() =>
      expect(toasts).toEqual([
        'Credited ₹12,000 to order IN20261101001. ₹123.45 above what it owed is recorded for a refund. The order is settled.',
      ]),
    );
    expect(await screen.findByText('Nothing to reconcile.')).toBeTruthy();
  });

  it('sends nothing when the credit is not confirmed', async () => {
    const net = network();
    renderAt(routes, ADMIN_ROUTES.payments);
    fireEvent.click(within(await card(41)).getByRole('button', { name: 'Credit to order: payment 41' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(net.callsTo(PAYMENT_PATHS.credit(41))).toHaveLength(0);
  });

  it('asks for the order number of a payment that named none, checks it, and credits it there', async () => {
    let answer: ((call: FetchCall) => Response) | undefined = () =>
      reply({ code: '404', data: null, message: 'There is no order ID99999999999.' }, 404);
    const net = network(undefined, { credit: (call) => answer!(call) });
    const user = userEvent.setup();
    renderAt(routes, ADMIN_ROUTES.payments);
    const row = await card(42);
    const open = within(row).getByRole('button', { name: 'Credit to order: payment 42' });
    expect(open.getAttribute('aria-expanded')).toBe('false');
    await user.click(open);
    expect(open.getAttribute('aria-expanded')).toBe('true');
    const form = within(row).getByRole('form', { name: 'Credit payment 42 to an order' });
    const field = within(form).getByRole('textbox', { name: 'Order number' });
    expect(document.activeElement).toBe(field);

    await user.click(within(form).getByRole('button', { name: 'Credit to order' }));
    expect(within(form).getByText('Please enter the order number.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    await user.type(field, 'ID 2026');
    await user.click(within(form).getByRole('button', { name: 'Credit to order' }));
    expect(within(form).getByText('An order number has letters and digits only.')).toBeTruthy();
    expect(net.callsTo(PAYMENT_PATHS.credit(42))).toHaveLength(0);

    // The server's refusal of what was typed stays at the field.
    await user.clear(field);
    await user.type(field, 'ID99999999999');
    await user.click(within(form).getByRole('button', { name: 'Credit to order' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Credit to order' }),
    );
    expect(await within(form).findByText('There is no order ID99999999999.')).toBeTruthy();
    expect(document.activeElement).toBe(field);

    answer = (call) =>
      ok(creditResult({ id: 42, orderNo: String(call.body.orderNo), allocated: 'Rp\u00a0250.000' }));
    await user.clear(field);
    await user.type(field, ' ID20261101001 ');
    await user.click(within(form).getByRole('button', { name: 'Credit to order' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Credit Rp\u00a0250.000 to order ID20261101001?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Credit to order' }));
    await waitFor(() => expect(toasts).toEqual(['Credited Rp\u00a0250.000 to order ID20261101001.']));
    expect(net.callsTo(PAYMENT_PATHS.credit(42)).at(-1)!.body).toEqual({ orderNo: 'ID20261101001' });
  });

  it("shows the server's message on a 409, focused, and loads the list again", async () => {
    const message =
      'Order IN20261101001 owes nothing now (it is settled or closed), so the payment cannot be credited to it.';
    const net = network(undefined, { credit: () => reply({ code: '409', data: null, message }, 409) });
    renderAt(routes, ADMIN_ROUTES.payments);
    fireEvent.click(within(await card(41)).getByRole('button', { name: 'Credit to order: payment 41' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Credit to order' }),
    );
    await waitFor(() => expect(pageAlert().textContent).toBe(`Payment 41: ${message}`));
    expect(document.activeElement).toBe(pageAlert());
    await waitFor(() => expect(net.callsTo(PAYMENT_PATHS.review)).toHaveLength(2));
    // Still waiting: it can be resolved with a note instead.
    expect(await card(41)).toBeTruthy();
    expect(toasts).toEqual([]);
  });

  it('resolves with a note of 3 to 200 characters, and closes the form back to its button', async () => {
    const net = network();
    const user = userEvent.setup();
    renderAt(routes, ADMIN_ROUTES.payments);
    const row = await card(41);
    const open = within(row).getByRole('button', { name: 'Resolve with note: payment 41' });
    await user.click(open);
    let form = within(row).getByRole('form', { name: 'Resolve payment 41' });
    let note = within(form).getByRole('textbox', { name: 'What was done (refunded, written off…)' });
    expect(document.activeElement).toBe(note);
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(within(row).queryByRole('form')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(open));

    await user.click(open);
    form = within(row).getByRole('form', { name: 'Resolve payment 41' });
    note = within(form).getByRole('textbox', { name: 'What was done (refunded, written off…)' });
    await user.click(within(form).getByRole('button', { name: 'Resolve' }));
    expect(within(form).getByText('Please write at least 3 characters.')).toBeTruthy();
    expect(note.getAttribute('aria-invalid')).toBe('true');
    await user.type(note, ' ab ');
    await user.click(within(form).getByRole('button', { name: 'Resolve' }));
    expect(within(form).getByText('Please write at least 3 characters.')).toBeTruthy();
    await user.clear(note);
    // A pasted text past the limit is told, not cut silently.
    await user.paste('x'.repeat(201));
    expect(within(form).getByText('201 of 200 characters')).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Resolve' }));
    expect(within(form).getByText('Please write at most 200 characters.')).toBeTruthy();
    expect(net.callsTo(PAYMENT_PATHS.resolve(41))).toHaveLength(0);

    await user.clear(note);
    await user.type(note, ' Refunded to the payer ');
    await user.click(within(form).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(toasts).toEqual(['Payment 41 resolved.']));
    const call = net.callsTo(PAYMENT_PATHS.resolve(41))[0]!;
    expect(call.body).toEqual({ resolution: 'Refunded to the payer' });
    expect(call.headers[CSRF_HEADER]).toBe(CSRF);
    await waitFor(() =>
      expect(screen.queryByRole('heading', { level: 2, name: /^Payment 41 · / })).toBeNull(),
    );
  });

  it('words the note limits in Indonesian', async () => {
    network();
    const user = userEvent.setup();
    renderAt(routes, ADMIN_ROUTES.payments, { lang: 'id' });
    await user.click(await screen.findByRole('button', { name: 'Selesaikan dengan catatan: pembayaran 41' }));
    await user.click(screen.getByRole('button', { name: 'Selesaikan' }));
    expect(screen.getByText('Silakan tulis paling sedikit 3 karakter.')).toBeTruthy();
  });

  it('marks a bill paid in the sandbox: bill required, amount read in major units, the list loaded again', async () => {
    const net = stubFetch({
      [`GET ${PAYMENT_PATHS.review}`]: () => ok(reviewPage([])),
      [`POST ${PAYMENT_PATHS.markPaid}`]: (call) =>
        call.body.billNo === 'NOPE'
          ? reply({ code: '404', data: null, message: 'Not found.' }, 404)
          : ok({ paymentId: 'pay_sbx_9', eventId: 'evt_9', delivered: true }),
    });
    const user = userEvent.setup();
    renderAt(routes, ADMIN_ROUTES.payments);
    const section = (await screen.findByRole('heading', { level: 2, name: /^Mark a bill paid/ })).closest(
      'section',
    )!;
    expect(section.textContent).toContain('Sandbox');
    const submit = within(section).getByRole('button', { name: 'Mark paid' });
    await user.click(submit);
    expect(within(section).getByText('Please enter the bill number.')).toBeTruthy();
    const bill = within(section).getByRole('textbox', { name: 'Bill number' });
    expect(document.activeElement).toBe(bill);
    await user.type(bill, 'NOPE');
    await user.type(within(section).getByRole('textbox', { name: 'Amount paid (optional)' }), '1.500.000');
    await user.click(submit);
    expect(
      within(section).getByText('Enter the amount in digits, with at most 2 decimals after a point.'),
    ).toBeTruthy();
    await user.clear(within(section).getByRole('textbox', { name: 'Amount paid (optional)' }));
    await user.click(submit);
    await waitFor(() => expect(within(section).getByRole('alert').textContent).toBe('Not found.'));
    expect(net.callsTo(PAYMENT_PATHS.markPaid)[0]!.body).toEqual({ billNo: 'NOPE' });

    await user.clear(bill);
    await user.type(bill, 'INB0000041');
    await user.type(within(section).getByRole('textbox', { name: 'Amount paid (optional)' }), '1500.5');
    await user.click(submit);
    await waitFor(() => expect(toasts).toEqual(['The sandbox paid the bill (payment pay_sbx_9).']));
    const call = net.callsTo(PAYMENT_PATHS.markPaid)[1]!;
    expect(call.body).toEqual({ billNo: 'INB0000041', amount: 150_050 });
    expect(call.headers[CSRF_HEADER]).toBe(CSRF);
    await waitFor(() => expect(net.callsTo(PAYMENT_PATHS.review)).toHaveLength(2));
  });
});

describe('manual credits, four eyes (decision 047)', () => {
  it('proposes a manual credit: order, amount in the market money, bank reference, note', async () => {
    let waiting: ReturnType<typeof manualCredit>[] = [];
    const net = stubFetch({
      [`GET ${PAYMENT_PATHS.review}`]: () => ok(reviewPage([])),
      [`GET ${PAYMENT_PATHS.manualCredits}`]: () => ok({ items: waiting }),
      [`POST ${PAYMENT_PATHS.proposeCredit('ID20261101001')}`]: () => {
        waiting = [manualCredit({ id: 5, proposedBy: 1 })];
        return ok(waiting[0]);
      },
    });
    const user = userEvent.setup();
    renderAt(routes, ADMIN_ROUTES.payments);
    expect(await screen.findByText('No manual credit is waiting.')).toBeTruthy();
    await user.type(screen.getByLabelText('Order number'), 'ID20261101001');
    await user.type(screen.getByLabelText('Amount received'), '100000');
    await user.click(screen.getByRole('button', { name: 'Propose manual credit' }));
    // The reference is asked for before anything is sent.
    expect(await screen.findByText('Please enter the bank’s reference of the transfer.')).toBeTruthy();
    expect(net.callsTo(PAYMENT_PATHS.proposeCredit('ID20261101001'))).toEqual([]);
    await user.type(screen.getByLabelText('Bank reference'), 'BCA TRF 0001');
    await user.type(screen.getByLabelText('Note (optional)'), 'Seen on the statement');
    await user.click(screen.getByRole('button', { name: 'Propose manual credit' }));
    await waitFor(() =>
      expect(toasts).toEqual([
        'Manual credit 5 to order ID20261101001 proposed. Another administrator must approve it.',
      ]),
    );
    const [sent] = net.callsTo(PAYMENT_PATHS.proposeCredit('ID20261101001'));
    expect(sent!.body).toEqual({
      amountMinor: 10_000_000,
      reference: 'BCA TRF 0001',
      note: 'Seen on the statement',
    });
    expect(sent!.headers[CSRF_HEADER]).toBe(CSRF);
    // The proposer's own credit waits for a colleague: no button to approve it.
    expect(
      await screen.findByText('You proposed this credit: another administrator must approve or reject it.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve and credit: manual credit 5' })).toBeNull();
  });

  it('lets another administrator approve after a confirmation, or reject with a reason', async () => {
    const net = stubFetch({
      [`GET ${PAYMENT_PATHS.review}`]: () => ok(reviewPage([])),
      [`GET ${PAYMENT_PATHS.manualCredits}`]: () =>
        ok({ items: [manualCredit({ id: 5, proposedBy: 9 }), manualCredit({ id: 6, proposedBy: 9 })] }),
      [`POST ${PAYMENT_PATHS.decideCredit(5, 'approve')}`]: () =>
        ok(manualCredit({ id: 5, state: 'approved', decidedBy: 1, paymentId: 77 })),
      [`POST ${PAYMENT_PATHS.decideCredit(6, 'reject')}`]: () =>
        ok(manualCredit({ id: 6, state: 'rejected', decidedBy: 1 })),
    });
    const user = userEvent.setup();
    renderAt(routes, ADMIN_ROUTES.payments);
    await user.click(await screen.findByRole('button', { name: 'Approve and credit: manual credit 5' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Credit Rp\u00a0100.000 to order ID20261101001?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve and credit' }));
    await waitFor(() => expect(toasts).toEqual(['Manual credit 5 approved and credited.']));
    expect(net.callsTo(PAYMENT_PATHS.decideCredit(5, 'approve'))).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Reject: manual credit 6' }));
    expect(await screen.findByText('Manual credit 6: please give the reason for rejecting it.')).toBeTruthy();
    expect(net.callsTo(PAYMENT_PATHS.decideCredit(6, 'reject'))).toEqual([]);
    const six = (await screen.findByRole('heading', { level: 4, name: /^Manual credit 6 / })).closest(
      'article',
    )!;
    await user.type(within(six).getByLabelText('Reason for rejecting'), 'Not on the statement');
    await user.click(screen.getByRole('button', { name: 'Reject: manual credit 6' }));
    await waitFor(() => expect(toasts).toContain('Manual credit 6 rejected.'));
    expect(net.callsTo(PAYMENT_PATHS.decideCredit(6, 'reject'))[0]!.body).toEqual({
      note: 'Not on the statement',
    });
  });

  it('is not shown to an agent', async () => {
    const net = network([reviewItem()]);
    renderAt(routes, ADMIN_ROUTES.payments, { session: agentSession() });
    await card(41);
    expect(screen.queryByRole('heading', { level: 2, name: 'Manual credits' })).toBeNull();
    expect(net.callsTo(PAYMENT_PATHS.manualCredits)).toEqual([]);
  });
});
