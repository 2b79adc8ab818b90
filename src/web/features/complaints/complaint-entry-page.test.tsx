import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { H5_PATHS } from '../../../shared/routes.ts';
import { setSessionParams } from '../../lib/session-params.ts';
import { setupAntdMobile } from '../../ui/antd-setup.ts';
import { COMPLAINT_PATHS, complaintKeys } from './complaint-api.ts';
import { ComplaintEntryPage } from './complaint-entry-page.tsx';
import {
  applyStyles,
  captureToasts,
  contrast,
  failingOnce,
  Marker,
  ok,
  orderCard,
  problemInit,
  renderAt,
  reply,
  stubFetch,
} from './complaint-test-kit.tsx';

const realFetch = globalThis.fetch;
const routes = [
  { path: H5_PATHS.complaint, Component: ComplaintEntryPage },
  { path: H5_PATHS.complaintForm, element: <Marker name="form" /> },
  { path: H5_PATHS.complaintList, element: <Marker name="list" /> },
  { path: H5_PATHS.chatbot, element: <Marker name="chatbot" /> },
];

let toasts: string[];
beforeAll(() => setupAntdMobile('en'));
beforeEach(() => {
  setSessionParams({ market: 'IN', token: 't'.repeat(43), deviceId: 'd1' });
  toasts = captureToasts();
});
afterEach(() => {
  globalThis.fetch = realFetch;
  setSessionParams({});
});

describe('ComplaintEntryPage', () => {
  it('shows the chosen order card, the question types and the My complaints counts', async () => {
    const net = stubFetch({ [COMPLAINT_PATHS.init]: () => ok(problemInit()) });
    renderAt(routes, `${H5_PATHS.complaint}?orderNo=IN003`);
    expect(await screen.findByText('Quick Cash')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Complaints' })).toBeTruthy();
    expect(screen.getByText('Under review')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Select question type' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Repayment not credited' })).toBeTruthy();
    const link = screen.getByRole('link', { name: /My complaints/ });
    expect(link.textContent).toContain('2 in progress');
    expect(link.textContent).toContain('1 to rate');
    expect(net.callsTo(COMPLAINT_PATHS.init)[0]!.body).toEqual({ orderNo: 'IN003' });
  });

  it('puts the My complaints counts under the title, wrapping, so the chevron stays on screen', async () => {
    const removeStyles = applyStyles('../../ui/tokens.css', 'complaint-entry-page.css');
    try {
      stubFetch({ [COMPLAINT_PATHS.init]: () => ok(problemInit()) });
      renderAt(routes, `${H5_PATHS.complaint}?orderNo=IN003`, 'id');
      const due = await screen.findByText('1 perlu dinilai');
      const link = screen.getByRole('link', { name: /Pengaduan saya/ });
      const badges = due.parentElement!;
      const text = badges.parentElement!;
      // The badges live in the title's column (which may shrink), not beside it in the row.
      expect(text.parentElement).toBe(link);
      expect(getComputedStyle(text).minWidth).toBe('0');
      expect(getComputedStyle(text).flexDirection).toBe('column');
      expect(getComputedStyle(badges).flexWrap).toBe('wrap');
      expect(getComputedStyle(due).whiteSpace).not.toBe('nowrap');
      expect(getComputedStyle(due).maxWidth).toBe('100%');
      const chevron = link.lastElementChild as HTMLElement;
      expect(chevron.textContent).toBe('›');
      expect(getComputedStyle(chevron).flexShrink).toBe('0');
    } finally {
      removeStyles();
    }
  });

  it('shows the rating-due count in the brand colour, not alarm red, with readable text', async () => {
    const removeStyles = applyStyles('../../ui/tokens.css', 'complaint-entry-page.css');
    try {
      stubFetch({ [COMPLAINT_PATHS.init]: () => ok(problemInit()) });
      renderAt(routes, `${H5_PATHS.complaint}?orderNo=IN003`);
      const due = await screen.findByText('1 to rate');
      const style = getComputedStyle(due);
      const root = getComputedStyle(document.documentElement);
      expect(style.backgroundColor).not.toBe(root.getPropertyValue('--danger').trim());
      expect(contrast(style.color, style.backgroundColor)).toBeGreaterThanOrEqual(4.5);
    } finally {
      removeStyles();
    }
  });

  it('refuses collection on an order that does not allow it, with the spec message and no navigation', async () => {
    stubFetch({ [COMPLAINT_PATHS.init]: () => ok(problemInit()) });
    const user = userEvent.setup();
    const { router } = renderAt(routes, `${H5_PATHS.complaint}?orderNo=IN003`);
    await user.click(await screen.findByRole('button', { name: 'Collection' }));
    expect(toasts).toEqual(['The selected order does not support sending collection types.']);
    expect(router.state.location.pathname).toBe(H5_PATHS.complaint);
    expect(screen.queryByRole('button', { name: /Rude or threatening calls/ })).toBeNull();
  });

  it('opens the collection sub-types for an order that allows it; a sub-type goes to the form with both', async () => {
    stubFetch({ [COMPLAINT_PATHS.init]: () => ok(problemInit({ orderDetail: orderCard('IN001', 1) })) });
    const user = userEvent.setup();
    const { router } = renderAt(routes, `${H5_PATHS.complaint}?orderNo=IN001`);
    const collection = await screen.findByRole('button', { name: 'Collection' });
    expect(collection.getAttribute('aria-expanded')).toBe('false');
    await user.click(collection);
    // Type 1 expands instead of navigating.
    expect(router.state.location.pathname).toBe(H5_PATHS.complaint);
    expect(collection.getAttribute('aria-expanded')).toBe('true');
    await user.click(screen.getByRole('button', { name: /Calls to my contacts/ }));
    expect(router.state.location.pathname).toBe(H5_PATHS.complaintForm);
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      problemType: '1',
      problemSonType: '12',
      orderNo: 'IN001',
    });
    expect(toasts).toEqual([]);
  });

  it('sends a non-collection type straight to the form, without the token in the address', async () => {
    stubFetch({ [COMPLAINT_PATHS.init]: () => ok(problemInit()) });
    const user = userEvent.setup();
    const { router, queryClient } = renderAt(routes, H5_PATHS.complaint);
    await user.click(await screen.findByRole('button', { name: 'App problem' }));
    expect(router.state.location.pathname).toBe(H5_PATHS.complaintForm);
    expect(router.state.location.search).toBe('?problemType=5&problemSonType=0&orderNo=IN003');
    // The form's problem-init for that order is already cached.
    expect(queryClient.getQueryData(complaintKeys.init('IN003'))).toMatchObject({
      orderDetail: { orderNo: 'IN003' },
    });
  });

  it('lets the borrower pick another order from All; collection is then allowed', async () => {
    const net = stubFetch({
      [COMPLAINT_PATHS.init]: ({ body }) =>
        ok(
          problemInit(
            body.orderNo === 'IN001' ? { orderDetail: orderCard('IN001', 1, 'Salary Advance') } : {},
          ),
        ),
    });
    const user = userEvent.setup();
    const { router } = renderAt(routes, H5_PATHS.complaint);
    await user.click(await screen.findByRole('button', { name: 'Show all my orders' }));
    const dialog = await screen.findByRole('dialog', { name: 'My orders' });
    // The sheet takes taps once it has slid in.
    await waitFor(() => expect(getComputedStyle(dialog.parentElement!).pointerEvents).not.toBe('none'));
    const picks = within(dialog).getAllByRole('button', { pressed: false });
    expect(within(dialog).getByRole('button', { pressed: true }).textContent).toContain('Quick Cash');
    await user.click(picks.find((b) => b.textContent?.includes('Salary Advance'))!);
    expect(new URLSearchParams(router.state.location.search).get('orderNo')).toBe('IN001');
    await waitFor(() => expect(net.callsTo(COMPLAINT_PATHS.init).at(-1)!.body).toEqual({ orderNo: 'IN001' }));
    await user.click(screen.getByRole('button', { name: 'Collection' }));
    expect(screen.getByRole('button', { name: /Rude or threatening calls/ })).toBeTruthy();
    expect(toasts).toEqual([]);
  });

  it('shows an empty list of orders when the borrower has none', async () => {
    stubFetch({ [COMPLAINT_PATHS.init]: () => ok(problemInit({ orderDetail: null, orderList: [] })) });
    const user = userEvent.setup();
    renderAt(routes, H5_PATHS.complaint);
    expect(await screen.findByText('You have no loan orders yet.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show all my orders' }));
    const dialog = await screen.findByRole('dialog', { name: 'My orders' });
    expect(within(dialog).getByText('You have no loan orders yet.')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { pressed: false })).toBeNull();
    // A type needs an order: said on the spot rather than by a refusal after writing.
    await waitFor(() => expect(getComputedStyle(dialog.parentElement!).pointerEvents).not.toBe('none'));
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'App problem' }));
    expect(toasts).toEqual([
      'A complaint is about a loan order. You have none yet, so please contact customer service.',
    ]);
  });

  it('links to My complaints and the assistant with the order', async () => {
    stubFetch({ [COMPLAINT_PATHS.init]: () => ok(problemInit()) });
    renderAt(routes, H5_PATHS.complaint);
    // The links are in the frame at once; the assistant's gets the chosen order once it is known.
    expect((await screen.findByRole('link', { name: /My complaints/ })).getAttribute('href')).toBe(
      H5_PATHS.complaintList,
    );
    await screen.findByText('Quick Cash');
    expect(screen.getByRole('link', { name: /Ask our assistant/ }).getAttribute('href')).toBe(
      `${H5_PATHS.chatbot}?orderNo=IN003`,
    );
  });

  it('draws its frame while problem-init is on the way', async () => {
    let answer!: (response: Response) => void;
    stubFetch({ [COMPLAINT_PATHS.init]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderAt(routes, H5_PATHS.complaint);
    expect(await screen.findByRole('heading', { level: 1, name: 'Complaints' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Your order' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Select question type' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(document.querySelectorAll('[aria-busy="true"] .skeleton').length).toBeGreaterThan(4);
    expect(screen.getByRole('link', { name: /My complaints/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Collection' })).toBeNull();

    answer(ok(problemInit()));
    expect(await screen.findByRole('button', { name: 'Collection' })).toBeTruthy();
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
    expect(screen.getByText('2 in progress')).toBeTruthy();
  });

  it('shows a load failure with a retry', async () => {
    stubFetch({
      [COMPLAINT_PATHS.init]: failingOnce(
        () => reply({ code: '503', data: null, message: 'The service is busy.' }, 503),
        () => ok(problemInit()),
      ),
    });
    const user = userEvent.setup();
    renderAt(routes, H5_PATHS.complaint);
    const alert = await screen.findByRole('alert');
    expect(alert.querySelector('p')!.textContent).toBe(
      'The complaint page could not be loaded. The service is busy.',
    );
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Quick Cash')).toBeTruthy();
  });

  it('says an order that is not the borrower’s cannot be found, with the way on instead of a retry', async () => {
    const net = stubFetch({
      [COMPLAINT_PATHS.init]: ({ body }) =>
        body.orderNo
          ? reply({ code: '404', data: null, message: 'We could not find what you were looking for.' }, 404)
          : ok(problemInit()),
    });
    const user = userEvent.setup();
    const { router } = renderAt(routes, `${H5_PATHS.complaint}?orderNo=IN999`);
    expect(await screen.findByText('We could not find this order.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Continue without this order' }));
    expect(await screen.findByText('Quick Cash')).toBeTruthy();
    expect(router.state.location.search).toBe('');
    expect(net.calls.map((c) => c.body.orderNo ?? null)).toEqual(['IN999', null]);
  });

  it('speaks Indonesian', async () => {
    setSessionParams({ market: 'ID', isNeedPop: '1' });
    stubFetch({ [COMPLAINT_PATHS.init]: () => ok(problemInit()) });
    const user = userEvent.setup();
    renderAt(routes, H5_PATHS.complaint, 'id');
    expect(await screen.findByRole('heading', { name: 'Pilih jenis pertanyaan' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: /semua/i })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Pengaduan saya/ })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Collection' }));
    expect(toasts).toEqual(['Pesanan yang dipilih tidak mendukung pengaduan jenis penagihan.']);
  });
});
