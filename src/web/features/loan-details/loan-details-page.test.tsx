import { focusManager, QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOAN_PATHS } from '../../../shared/contract/constants.ts';
import { H5_PATHS } from '../../../shared/routes.ts';
import { createI18n } from '../../lib/i18n.ts';
import { loanChanged } from '../../lib/loan-freshness.ts';
import { setSessionParams } from '../../lib/session-params.ts';
import { I18nProvider } from '../../lib/use-translation.tsx';
import { preloadOverlays } from '../../test/screen-kit.tsx';
import { setupAntdMobile } from '../../ui/antd-setup.ts';
import { RATING_DELAY_MS } from '../../ui/rating-dialog.tsx';
import { createQueryClient } from '../../ui/shell-providers.tsx';
import { EVENT_TIMEOUT_MS } from './loan-details-api.ts';
import { LoanDetailsPage } from './loan-details-page.tsx';
import {
  captureToasts,
  fakeNativeShell,
  loanDetails,
  Marker,
  ok,
  product,
  renderAt,
  reply,
  settle,
  stubFetch,
} from './loan-details-test-kit.tsx';
import { StatusImage } from './status-image.tsx';

// The rating is asked for at 3 s of a fake clock: its dialog's code must be here by then.
preloadOverlays();
const realFetch = globalThis.fetch;
const routes = [
  { path: H5_PATHS.loanDetails, Component: LoanDetailsPage },
  { path: H5_PATHS.loanConfirm, element: <Marker name="confirm" /> },
  { path: H5_PATHS.installments, element: <Marker name="installments" /> },
  { path: H5_PATHS.extension, element: <Marker name="extension" /> },
  { path: H5_PATHS.relevant, element: <Marker name="relevant" /> },
  { path: H5_PATHS.receipts, element: <Marker name="receipts" /> },
  { path: H5_PATHS.repayChooser, element: <Marker name="chooser" /> },
];
const DETAILS = `${H5_PATHS.loanDetails}?productId=9&orderId=IN001`;
const RATING_TITLE = 'How was your experience with us?';

let toasts: string[];
let bridge: ReturnType<typeof fakeNativeShell>;
beforeAll(() => setupAntdMobile('en'));
beforeEach(() => {
  setSessionParams({ market: 'IN', token: 't'.repeat(43), deviceId: 'd1' });
  toasts = captureToasts();
  bridge = fakeNativeShell();
});
afterEach(() => {
  vi.useRealTimers();
  globalThis.fetch = realFetch;
  bridge.remove();
  setSessionParams({});
});

function showDetails(overrides: Parameters<typeof loanDetails>[0] = {}, path = DETAILS, lang?: 'en' | 'id') {
  const net = stubFetch({ [LOAN_PATHS.details]: () => ok(loanDetails(overrides)) });
  return { net, ...renderAt(routes, path, lang) };
}

const actionButtons = () => {
  const bar = document.querySelector('.loan-details-actions');
  return bar
    ? within(bar as HTMLElement)
        .getAllByRole('button')
        .map((b) => b.textContent)
    : [];
};
const ratingShown = () => screen.queryByRole('dialog', { name: RATING_TITLE }) !== null;

/** Loads a page whose rating is due and lets the 3 s pass, then gives the clock back. */
async function openRating(handlers: Parameters<typeof stubFetch>[0] = {}, lang: 'en' | 'id' = 'en') {
  const net = stubFetch({ [LOAN_PATHS.details]: () => ok(loanDetails({ isScore: '1' })), ...handlers });
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const view = renderAt(routes, DETAILS, lang);
  await settle(() => screen.queryByText('Salary Advance') !== null);
  await act(async () => {
    vi.advanceTimersByTime(RATING_DELAY_MS);
  });
  vi.useRealTimers();
  return { net, ...view };
}

describe('LoanDetailsPage', () => {
  it('shows the status with its picture, the product and its rows', async () => {
    const { net } = showDetails();
    expect(await screen.findByRole('heading', { level: 2, name: 'Under review' })).toBeTruthy();
    expect(net.callsTo(LOAN_PATHS.details)[0]!.body).toEqual({ orderId: 'IN001' });
    expect(screen.getByText('We are checking your application.')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'A document under a magnifying glass' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Salary Advance' })).toBeTruthy();
    const rows = document.querySelector('.loan-details-card dl')!;
    expect(within(rows as HTMLElement).getByText('Loan amount').nextSibling?.textContent).toBe('₹15,000');
    expect(within(rows as HTMLElement).getByText('Due date').nextSibling?.textContent).toBe('12 Dec 2026');
    expect(document.title).toBe('Loan details');
  });

  it('draws its frame while the details are on the way', async () => {
    let answer!: (response: Response) => void;
    stubFetch({ [LOAN_PATHS.details]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderAt(routes, DETAILS);
    expect(await screen.findByRole('heading', { level: 1, name: 'Loan details' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading your loan details…');
    expect(document.querySelector('[aria-busy="true"] .skeleton')).toBeTruthy();
    answer(ok(loanDetails()));
    expect(await screen.findByText('Under review')).toBeTruthy();
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
  });

  it('notes a submitted application when it comes from the confirmation', async () => {
    showDetails({}, `${DETAILS}&from=confirm`);
    const note = await screen.findByText(
      'Application submitted. We will let you know as soon as it has been reviewed.',
    );
    expect(note.getAttribute('role')).toBe('status');
  });

  it('says nothing about a submission when opened from elsewhere', async () => {
    showDetails();
    await screen.findByText('Under review');
    expect(screen.queryByText(/Application submitted/)).toBeNull();
  });

  describe('status buttons', () => {
    it.each([
      [21, '1', []],
      [151, '1', []],
      [110, '1', []],
      [170, '1', ['Repay']],
      [174, '0', ['Repay']],
      [174, '1', ['Repay', 'Extend the due date']],
      [180, '0', ['Repay']],
      [180, '1', ['Repay', 'Extend the due date']],
      [3, '1', ['Repay', 'Extend the due date']],
      [5, '0', ['Repay']],
      [5, '1', ['Repay', 'Extend the due date']],
      [200, '1', ['Loan more']],
      [4, '0', ['Loan more']],
      [999, '1', []],
    ] as const)('status %i with isDelay %s: %j', async (orderStatus, isDelay, expected) => {
      showDetails({ orderStatus, isDelay, noticeStatusText: `Status ${orderStatus}` });
      await screen.findByText(`Status ${orderStatus}`);
      expect(actionButtons()).toEqual(expected);
    });

    it('Repay opens the repayment address and the extension link its own', async () => {
      const user = userEvent.setup();
      const { router } = showDetails({ orderStatus: 174, isDelay: '1' });
      await user.click(await screen.findByRole('button', { name: 'Repay' }));
      expect(screen.getByTestId('marker').textContent).toBe('installments');
      expect(router.state.location.search).toContain('orderId=IN001');
      await act(() => router.navigate(-1));
      await user.click(await screen.findByRole('button', { name: 'Extend the due date' }));
      expect(screen.getByTestId('marker').textContent).toBe('extension');
      // In-app, with the borrower's identity but never the token.
      expect(router.state.location.search).toContain('deviceId=d1');
      expect(router.state.location.search).not.toContain('token');
    });

    it('links a repaying or settled loan to its receipts (and certificate), and no other', async () => {
      const user = userEvent.setup();
      const { router } = showDetails({ orderStatus: 200, noticeStatusText: 'Repaid' });
      await user.click(await screen.findByRole('button', { name: 'Receipts and no-dues certificate' }));
      expect(screen.getByTestId('marker').textContent).toBe('receipts');
      expect(router.state.location.search).toContain('orderId=IN001');
      cleanup();
      showDetails({ orderStatus: 180 }, DETAILS, 'id');
      expect(await screen.findByRole('button', { name: 'Pembayaran dan bukti bayar' })).toBeTruthy();
      cleanup();
      showDetails({ orderStatus: 21 });
      await screen.findByText('Salary Advance');
      expect(screen.queryByRole('button', { name: /receipts/i })).toBeNull();
    });

    it('Loan more records the event (module 30, position 0) first, then opens the confirmation', async () => {
      let answerEvent!: (response: Response) => void;
      const net = stubFetch({
        [LOAN_PATHS.details]: () => ok(loanDetails({ orderStatus: 200, noticeStatusText: 'Repaid' })),
        [LOAN_PATHS.serviceEvent]: () => new Promise<Response>((resolve) => (answerEvent = resolve)),
      });
      const user = userEvent.setup();
      const { router } = renderAt(routes, DETAILS);
      await user.click(await screen.findByRole('button', { name: 'Loan more' }));
      await waitFor(() => expect(net.callsTo(LOAN_PATHS.serviceEvent)).toHaveLength(1));
      expect(net.callsTo(LOAN_PATHS.serviceEvent)[0]!.body).toEqual({
        productId: 9,
        moduleId: 30,
        positionId: 0,
      });
      // Not before the event has been answered.
      expect(screen.queryByTestId('marker')).toBeNull();
      answerEvent(reply({ code: '500', data: null, message: 'Event store down' }, 500));
      expect((await screen.findByTestId('marker')).textContent).toBe('confirm');
      expect(new URLSearchParams(router.state.location.search).get('productId')).toBe('9');
      // The event's reply is ignored: a failure is not the borrower's business.
      expect(toasts).toEqual([]);
    });

    it('Loan more does not wait on a slow event for long', async () => {
      stubFetch({
        [LOAN_PATHS.details]: () => ok(loanDetails({ orderStatus: 4 })),
        // Never answers; the helper's own timeout gives up (a real fetch rejects when aborted).
        [LOAN_PATHS.serviceEvent]: () => new Promise<Response>(() => {}),
      });
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      renderAt(routes, DETAILS);
      await settle(() => screen.queryByRole('button', { name: 'Loan more' }) !== null);
      fireEvent.click(screen.getByRole('button', { name: 'Loan more' }));
      // The write (a mutation) sets its timer a few microtasks after the tap: the async advance runs them.
      await act(async () => {
        await vi.advanceTimersByTimeAsync(EVENT_TIMEOUT_MS);
      });
      expect(EVENT_TIMEOUT_MS).toBeLessThanOrEqual(5000);
      await settle(() => screen.queryByTestId('marker') !== null);
      expect(screen.getByTestId('marker').textContent).toBe('confirm');
    });
  });

  describe('status pictures', () => {
    it.each([
      [21, 21],
      [151, 151],
      [174, 174],
      [180, 180],
      [110, 110],
      [200, 200],
      [170, 200],
      [3, 200],
      [4, 200],
      [5, 200],
      [999, 200],
    ])('status %i shows the %i picture', (status, picture) => {
      render(
        <I18nProvider i18n={createI18n('en')}>
          <StatusImage status={status} />
        </I18nProvider>,
      );
      const image = screen.getByRole('img');
      expect(image.getAttribute('data-image')).toBe(String(picture));
      expect(image.getAttribute('aria-label')).not.toBe('');
    });

    it('gives each of the six pictures its own drawing and its own alt text, in both languages', () => {
      for (const lang of ['en', 'id'] as const) {
        const { container, unmount } = render(
          <I18nProvider i18n={createI18n(lang)}>
            {[21, 151, 174, 180, 110, 200].map((s) => (
              <StatusImage key={s} status={s} />
            ))}
          </I18nProvider>,
        );
        const images = [...container.querySelectorAll('svg')];
        expect(new Set(images.map((i) => i.innerHTML)).size).toBe(6);
        expect(new Set(images.map((i) => i.getAttribute('aria-label'))).size).toBe(6);
        // Light: a few hundred bytes of markup each.
        for (const image of images) expect(image.outerHTML.length).toBeLessThan(1500);
        unmount();
      }
    });
  });

  describe('recommended products', () => {
    it.each([170, 174, 180, 200])('are hidden for status %i, even when the server sends some', async (s) => {
      showDetails({ orderStatus: s, noticeStatusText: `Status ${s}` });
      await screen.findByText(`Status ${s}`);
      expect(screen.queryByText('Product 3')).toBeNull();
      expect(screen.queryByRole('heading', { name: 'You may also like' })).toBeNull();
      expect(screen.queryByRole('button', { name: /More products/ })).toBeNull();
    });

    it.each([21, 151, 110, 3])('are shown for status %i', async (s) => {
      showDetails({ orderStatus: s, noticeStatusText: `Status ${s}` });
      await screen.findByText(`Status ${s}`);
      const section = screen.getByRole('region', { name: 'You may also like' });
      expect(
        within(section)
          .getAllByRole('article')
          .map((a) => a.getAttribute('aria-labelledby')),
      ).toHaveLength(2);
      expect(within(section).getByText('Product 3')).toBeTruthy();
      expect(within(section).getByText('Product 4')).toBeTruthy();
    });

    it('are left out when the list is empty', async () => {
      showDetails({ recProducts: [] });
      await screen.findByText('Under review');
      expect(screen.queryByRole('heading', { name: 'You may also like' })).toBeNull();
    });

    it('lead to the app home with More products', async () => {
      const user = userEvent.setup();
      showDetails();
      await user.click(await screen.findByRole('button', { name: /More products/ }));
      expect(bridge.messages()).toEqual([{ type: 'goHome' }]);
    });

    it("opens a card's target when the jump answers '00', posting a form with module, index and product", async () => {
      const net = stubFetch({
        [LOAN_PATHS.details]: () => ok(loanDetails()),
        [LOAN_PATHS.standJump]: () => reply({ code: '00', data: { url: '/relevant?scene=a' }, message: '' }),
      });
      const user = userEvent.setup();
      const { router } = renderAt(routes, DETAILS);
      const cards = await screen.findAllByRole('article');
      await user.click(within(cards[1]!).getByRole('button', { name: 'Apply' }));
      expect((await screen.findByTestId('marker')).textContent).toBe('relevant');
      expect(router.state.location.search).toContain('scene=a');
      const [jump] = net.callsTo(LOAN_PATHS.standJump);
      expect(jump!.headers['content-type']).toContain('application/x-www-form-urlencoded');
      expect(jump!.body).toEqual({ productId: '4', moduleId: '300', position: '1' });
    });

    it('toasts the server message when the jump answers another code, and stays', async () => {
      const net = stubFetch({
        [LOAN_PATHS.details]: () => ok(loanDetails()),
        [LOAN_PATHS.standJump]: () =>
          reply({ code: '01', data: null, message: 'This product is full today.' }),
      });
      const user = userEvent.setup();
      renderAt(routes, DETAILS);
      const cards = await screen.findAllByRole('article');
      await user.click(within(cards[0]!).getByRole('button', { name: 'Apply' }));
      await waitFor(() => expect(toasts).toEqual(['This product is full today.']));
      expect(net.callsTo(LOAN_PATHS.standJump)[0]!.body).toEqual({
        productId: '3',
        moduleId: '300',
        position: '0',
      });
      expect(screen.queryByTestId('marker')).toBeNull();
      expect(screen.getByText('Under review')).toBeTruthy();
    });

    it("says so when a '00' jump names nowhere to go", async () => {
      stubFetch({
        [LOAN_PATHS.details]: () => ok(loanDetails()),
        [LOAN_PATHS.standJump]: () => reply({ code: '00', data: { url: ' ' }, message: '' }),
      });
      const user = userEvent.setup();
      renderAt(routes, DETAILS);
      const cards = await screen.findAllByRole('article');
      await user.click(within(cards[0]!).getByRole('button', { name: 'Apply' }));
      await waitFor(() =>
        expect(toasts).toEqual(['This cannot be opened right now. Please try again later.']),
      );
      expect(screen.queryByTestId('marker')).toBeNull();
      expect(bridge.messages()).toEqual([]);
    });

    it('does nothing for a card whose button is off', async () => {
      const net = stubFetch({
        [LOAN_PATHS.details]: () => ok(loanDetails({ recProducts: [product(3, { buttonStatus: 0 })] })),
      });
      const user = userEvent.setup();
      renderAt(routes, DETAILS);
      await user.click(await screen.findByRole('button', { name: 'Apply' }));
      expect(net.callsTo(LOAN_PATHS.standJump)).toHaveLength(0);
    });
  });

  describe('cooling-off exit', () => {
    const coolingOff = {
      deadline: '2026-11-23T18:29:59.999Z',
      deadlineText: '23 Nov 2026, 11:59 pm',
      payoff: 1_502_466,
      payoffText: '₹15,024.66',
    };

    it('is a separate block with today’s payoff, the deadline and the no-penalty rule', async () => {
      showDetails({ orderStatus: 170, coolingOff });
      const block = await screen.findByRole('region', { name: 'Exit this loan' });
      expect(within(block).getByText('To pay back today').nextSibling?.textContent).toBe('₹15,024.66');
      expect(within(block).getByText('Exit possible until').nextSibling?.textContent).toBe(
        '23 Nov 2026, 11:59 pm',
      );
      expect(block.textContent).toContain('the principal and the interest for the days you have used it');
      expect(block.textContent).toContain('no penalty');
    });

    it('opens the pay-method chooser with the payoff in minor units, payoff=1 and the session params', async () => {
      const user = userEvent.setup();
      const { router } = showDetails({ orderStatus: 170, coolingOff });
      const block = await screen.findByRole('region', { name: 'Exit this loan' });
      await user.click(within(block).getByRole('button', { name: 'Repay and exit' }));
      expect(screen.getByTestId('marker').textContent).toBe('chooser');
      expect(router.state.location.pathname).toBe(H5_PATHS.repayChooser);
      const query = new URLSearchParams(router.state.location.search);
      expect(Object.fromEntries(query)).toMatchObject({
        productId: '9',
        orderId: 'IN001',
        amount: '1502466',
        display: '0',
        payoff: '1',
        market: 'IN',
        deviceId: 'd1',
      });
      // The launch credential never goes into an address.
      expect(query.has('token')).toBe(false);
      // Not the plan: the exit is its own bill, not the installments.
      expect(bridge.messages()).toEqual([]);
    });

    it('is no longer offered once a payment of the loan is credited in another tab, without a reload', async () => {
      let paid = false;
      const net = stubFetch({
        [LOAN_PATHS.details]: () =>
          ok(
            paid
              ? loanDetails({ orderStatus: 200, noticeStatusText: 'Settled', coolingOff: null })
              : loanDetails({ orderStatus: 170, coolingOff }),
          ),
      });
      renderAt(routes, DETAILS);
      await screen.findByRole('button', { name: 'Repay and exit' });
      // The pay page, in another tab of the app, sees the exit credited.
      paid = true;
      loanChanged(new QueryClient(), 'IN001');
      await screen.findByText('Settled');
      expect(screen.queryByRole('button', { name: 'Repay and exit' })).toBeNull();
      expect(net.callsTo(LOAN_PATHS.details)).toHaveLength(2);
    });

    it('is asked again when the page is shown again (back from the bank’s app)', async () => {
      const net = stubFetch({
        [LOAN_PATHS.details]: () => ok(loanDetails({ orderStatus: 170, coolingOff })),
      });
      renderAt(routes, DETAILS);
      await screen.findByRole('button', { name: 'Repay and exit' });
      act(() => focusManager.setFocused(false));
      act(() => focusManager.setFocused(true));
      await waitFor(() => expect(net.callsTo(LOAN_PATHS.details)).toHaveLength(2));
      focusManager.setFocused(undefined);
    });

    it('is absent when the exit is not open', async () => {
      showDetails({ orderStatus: 170, coolingOff: null });
      await screen.findByText('Under review');
      expect(screen.queryByRole('region', { name: 'Exit this loan' })).toBeNull();
      expect(screen.queryByText('Repay and exit')).toBeNull();
    });
  });

  describe('rating', () => {
    it('opens by itself 3 s after loading when the server asks for it', async () => {
      stubFetch({ [LOAN_PATHS.details]: () => ok(loanDetails({ isScore: '1' })) });
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      renderAt(routes, DETAILS);
      await settle(() => screen.queryByText('Salary Advance') !== null);
      await act(async () => {
        vi.advanceTimersByTime(RATING_DELAY_MS - 1);
      });
      expect(ratingShown()).toBe(false);
      await act(async () => {
        vi.advanceTimersByTime(1);
      });
      expect(ratingShown()).toBe(true);
      expect(RATING_DELAY_MS).toBe(3000);
    });

    it('never opens when no rating is due', async () => {
      stubFetch({ [LOAN_PATHS.details]: () => ok(loanDetails({ isScore: '0' })) });
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      renderAt(routes, DETAILS);
      await settle(() => screen.queryByText('Salary Advance') !== null);
      await act(async () => {
        vi.advanceTimersByTime(5 * RATING_DELAY_MS);
      });
      expect(ratingShown()).toBe(false);
      expect(screen.queryByRole('button', { name: 'Rate your experience' })).toBeNull();
    });

    it('asks for a star before sending anything', async () => {
      const { net } = await openRating();
      fireEvent.click(screen.getByText('Submit'));
      expect(toasts).toEqual(['Please choose a star rating.']);
      expect(net.callsTo(LOAN_PATHS.score)).toHaveLength(0);
    });

    it('says Silakan pilih in Indonesian', async () => {
      setSessionParams({ market: 'ID', isNeedPop: '1' });
      const { net } = await openRating({}, 'id');
      expect(screen.getByText('Bagaimana pengalaman Anda bersama kami?')).toBeTruthy();
      fireEvent.click(screen.getByText('Kirim'));
      expect(toasts).toEqual(['Silakan pilih']);
      expect(net.callsTo(LOAN_PATHS.score)).toHaveLength(0);
    });

    it('sends the chosen score and thanks the borrower for fewer than 4 stars', async () => {
      const { net } = await openRating({ [LOAN_PATHS.score]: () => ok(null) });
      fireEvent.click(screen.getByRole('radio', { name: '2 stars, poor' }));
      fireEvent.click(await screen.findByText('Submit'));
      await waitFor(() => expect(net.callsTo(LOAN_PATHS.score)).toHaveLength(1));
      expect(net.callsTo(LOAN_PATHS.score)[0]!.body).toEqual({ orderId: 'IN001', score: 2 });
      expect(await screen.findByRole('dialog', { name: 'Thank you for your feedback' })).toBeTruthy();
      await waitFor(() => expect(ratingShown()).toBe(false));
      expect(bridge.messages()).toEqual([]);
      fireEvent.click(screen.getByText('OK'));
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'Thank you for your feedback' })).toBeNull(),
      );
    });

    it('sends the chosen score and opens the store rating for 4 stars or more', async () => {
      const { net } = await openRating({ [LOAN_PATHS.score]: () => ok(null) });
      fireEvent.click(screen.getByRole('radio', { name: '4 stars, good' }));
      fireEvent.click(await screen.findByText('Submit'));
      await waitFor(() => expect(bridge.messages()).toEqual([{ type: 'goRate' }]));
      expect(net.callsTo(LOAN_PATHS.score)[0]!.body).toEqual({ orderId: 'IN001', score: 4 });
      await waitFor(() => expect(ratingShown()).toBe(false));
      expect(screen.queryByRole('dialog', { name: 'Thank you for your feedback' })).toBeNull();
    });

    it('keeps the dialog when the server refuses the score', async () => {
      await openRating({
        [LOAN_PATHS.score]: () => reply({ code: '409', data: null, message: 'Already rated.' }, 409),
      });
      fireEvent.click(screen.getByRole('radio', { name: '5 stars, excellent' }));
      fireEvent.click(await screen.findByText('Submit'));
      await waitFor(() => expect(toasts).toEqual(['Already rated.']));
      expect(ratingShown()).toBe(true);
      expect(bridge.messages()).toEqual([]);
    });

    it('Cancel closes and forgets the stars; the page offers the rating again', async () => {
      const { net } = await openRating();
      fireEvent.click(screen.getByRole('radio', { name: '3 stars, fair' }));
      fireEvent.click(screen.getByText('Cancel'));
      await waitFor(() => expect(ratingShown()).toBe(false));
      fireEvent.click(screen.getByRole('button', { name: 'Rate your experience' }));
      await waitFor(() => expect(ratingShown()).toBe(true));
      expect(screen.getAllByRole('radio').filter((r) => r.getAttribute('aria-checked') === 'true')).toEqual(
        [],
      );
      fireEvent.click(screen.getByText('Submit'));
      expect(toasts).toEqual(['Please choose a star rating.']);
      expect(net.callsTo(LOAN_PATHS.score)).toHaveLength(0);
    });

    it('a tap on the mask closes and forgets the stars too', async () => {
      await openRating();
      fireEvent.click(screen.getByRole('radio', { name: '3 stars, fair' }));
      fireEvent.click(document.querySelector('.adm-mask-aria-button, .adm-mask')!);
      await waitFor(() => expect(ratingShown()).toBe(false));
      fireEvent.click(screen.getByRole('button', { name: 'Rate your experience' }));
      await waitFor(() => expect(ratingShown()).toBe(true));
      expect(screen.getAllByRole('radio').some((r) => r.getAttribute('aria-checked') === 'true')).toBe(false);
    });
  });

  describe('states', () => {
    it('shows not found for an address without a usable order, without asking the server', async () => {
      const net = stubFetch({});
      const user = userEvent.setup();
      renderAt(routes, `${H5_PATHS.loanDetails}?orderId=../x`);
      expect(await screen.findByText('We could not find this loan.')).toBeTruthy();
      expect(net.calls).toHaveLength(0);
      await user.click(screen.getByRole('button', { name: 'Back to home' }));
      expect(bridge.messages()).toEqual([{ type: 'goHome' }]);
    });

    it('shows not found for the server’s 404 (someone else’s order looks the same), with no retry', async () => {
      stubFetch({
        [LOAN_PATHS.details]: () =>
          reply({ code: '404', data: null, message: 'We could not find what you were looking for.' }, 404),
      });
      renderAt(routes, DETAILS);
      expect(await screen.findByText('We could not find this loan.')).toBeTruthy();
      expect(screen.queryByRole('alert')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    });

    it('shows a failure with a retry that works', async () => {
      let calls = 0;
      stubFetch({
        [LOAN_PATHS.details]: () => {
          calls += 1;
          // The first try and the query's own retry fail; the borrower's retry works.
          return calls <= 2
            ? reply({ code: '503', data: null, message: 'The service is busy.' }, 503)
            : ok(loanDetails());
        },
      });
      const user = userEvent.setup();
      // The shell's own query client: its one retry after a busy server is part of what is shown.
      renderAt(routes, DETAILS, 'en', createQueryClient());
      // The query's one retry (a second failure is shown) comes a second later.
      const alert = await screen.findByRole('alert', {}, { timeout: 3000 });
      expect(alert.textContent).toContain('Your loan details could not be loaded. The service is busy.');
      await user.click(within(alert).getByRole('button', { name: 'Try again' }));
      expect(await screen.findByText('Under review')).toBeTruthy();
    });

    it('says so when offline, and tries again when the connection is back', async () => {
      let online = false;
      globalThis.fetch = vi.fn(async () => {
        if (!online) throw new TypeError('Failed to fetch');
        return ok(loanDetails());
      }) as unknown as typeof fetch;
      renderAt(routes, DETAILS);
      const alert = await screen.findByRole('alert', {}, { timeout: 3000 });
      expect(alert.textContent).toContain('You seem to be offline.');
      expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
      online = true;
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
      expect(await screen.findByText('Under review')).toBeTruthy();
    });
  });

  it('speaks Indonesian', async () => {
    setSessionParams({ market: 'ID', isNeedPop: '1' });
    showDetails(
      {
        orderStatus: 174,
        isDelay: '1',
        noticeStatusText: 'Jatuh tempo',
        coolingOff: {
          deadline: '2026-11-23T16:59:59.999Z',
          deadlineText: '23 Nov 2026',
          payoff: 1,
          payoffText: 'Rp 1',
        },
      },
      DETAILS,
      'id',
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Jatuh tempo' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Detail pinjaman');
    expect(
      screen.getByRole('img', { name: 'Kalender dengan tanggal jatuh tempo yang ditandai' }),
    ).toBeTruthy();
    expect(actionButtons()).toEqual(['Bayar', 'Perpanjang jatuh tempo']);
    expect(screen.getByRole('region', { name: 'Batalkan pinjaman ini' }).textContent).toContain(
      'tanpa denda',
    );
  });

  it('shows the Indonesian not-found state', async () => {
    setSessionParams({ market: 'ID', isNeedPop: '1' });
    stubFetch({});
    renderAt(routes, `${H5_PATHS.loanDetails}?orderId=`, 'id');
    expect(await screen.findByText('Pinjaman ini tidak ditemukan.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Kembali ke beranda' })).toBeTruthy();
  });
});
