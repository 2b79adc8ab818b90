import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { REPAY_PATHS } from '../../../shared/contract/constants.ts';
import type { DelayData } from '../../../shared/contract/repayment.ts';
import { H5_PATHS } from '../../../shared/routes.ts';
import { setSessionParams } from '../../lib/session-params.ts';
import { setupAntdMobile } from '../../ui/antd-setup.ts';
import {
  captureToasts,
  fakeNativeShell,
  Marker,
  ok,
  renderAt,
  reply,
  stubFetch,
} from '../loan-details/loan-details-test-kit.tsx';
import { DelayPage } from './delay-page.tsx';

const realFetch = globalThis.fetch;
const routes = [
  { path: H5_PATHS.extension, Component: DelayPage },
  { path: H5_PATHS.loanDetails, element: <Marker name="details" /> },
  { path: H5_PATHS.repayChooser, element: <Marker name="chooser" /> },
];
const DELAY = `${H5_PATHS.extension}?productId=9&orderId=IN001`;

function offer(overrides: Partial<DelayData> = {}): DelayData {
  return {
    orderNo: 'IN001',
    productId: 9,
    productName: 'Salary Advance',
    productLogo: '/logo.png',
    available: true,
    unavailableText: '',
    delayShouldPayAmount: 150_050,
    delayShouldPayText: '₹1,500.50',
    delayExpiryTime: '2026-12-12T18:29:59.999Z',
    delayExpiryText: '12 Dec 2026, 11:59 pm',
    newDueDateText: '19 Dec 2026',
    extensionDays: 7,
    telephone: '1800 123 456',
    orderDetail: {
      detail: [
        { text: 'Loan amount', value: '₹15,000' },
        { text: 'Due date', value: '12 Dec 2026' },
        { text: 'Late charge', value: '₹0' },
        { text: 'Discount', value: '₹0.00' },
        { text: 'Remark', value: '' },
        { text: 'Order number', value: 'IN000' },
      ],
    },
    comparison: {
      extendNow: { title: 'Extend now', value: '₹1,500.50', note: 'No late charges, a clean record' },
      payLate: { title: 'Pay late', value: '₹2,880', note: 'Late charges every day until paid' },
    },
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
});
afterEach(() => {
  globalThis.fetch = realFetch;
  bridge.remove();
  setSessionParams({});
});

function showOffer(data: DelayData = offer(), at: string | string[] = DELAY, lang: 'en' | 'id' = 'en') {
  const net = stubFetch({ [REPAY_PATHS.delay]: () => ok(data) });
  return { net, ...renderAt(routes, at, lang) };
}

const rowValue = (region: HTMLElement, label: string) =>
  within(region).getByText(label).nextSibling?.textContent;

describe('DelayPage', () => {
  it('asks for the offer of the order in the address and shows the fee, the new due date and the expiry', async () => {
    const { net } = showOffer();
    expect(await screen.findByRole('heading', { level: 2, name: 'Salary Advance' })).toBeTruthy();
    expect(net.callsTo(REPAY_PATHS.delay)[0]!.body).toEqual({ orderId: 'IN001' });
    expect(document.title).toBe('Bill details');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Bill details');
    const fee = screen.getByRole('region', { name: 'Extend your due date' });
    expect(within(fee).getByText('Extension fee').nextSibling?.textContent).toBe('₹1,500.50');
    expect(rowValue(fee, 'New due date')).toBe('19 Dec 2026');
    expect(rowValue(fee, 'Days added')).toBe('7');
    expect(rowValue(fee, 'Offer valid until')).toBe('12 Dec 2026, 11:59 pm');
    expect(within(fee).getByText('12 Dec 2026, 11:59 pm').getAttribute('datetime')).toBe(
      '2026-12-12T18:29:59.999Z',
    );
  });

  it('lists the order rows, leaving out empty values and zero amounts', async () => {
    showOffer();
    const rows = await screen.findByRole('region', { name: 'About this loan' });
    expect([...rows.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual([
      'Loan amount',
      'Due date',
      'Order number',
    ]);
    expect(rowValue(rows, 'Order number')).toBe('IN000');
  });

  it('leaves out a zero rupiah row too', async () => {
    showOffer(
      offer({
        orderDetail: {
          detail: [
            { text: 'Denda', value: 'Rp\u00a00' },
            { text: 'Biaya', value: 'Rp 0' },
            { text: 'Pokok', value: 'Rp 1.500.000' },
          ],
        },
      }),
    );
    const rows = await screen.findByRole('region', { name: 'About this loan' });
    expect([...rows.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual(['Pokok']);
  });

  it('sets extending now against paying late, each with its title, value and note', async () => {
    showOffer();
    const compare = await screen.findByRole('region', { name: 'Extend now or pay late?' });
    const now = within(compare).getByRole('article', { name: 'Extend now' });
    const late = within(compare).getByRole('article', { name: 'Pay late' });
    expect(within(now).getByText('₹1,500.50')).toBeTruthy();
    expect(within(now).getByText('No late charges, a clean record')).toBeTruthy();
    expect(within(late).getByText('₹2,880')).toBeTruthy();
    expect(within(late).getByText('Late charges every day until paid')).toBeTruthy();
    // Side by side in one grid (CSS puts them in two columns from 390 px).
    expect(now.parentElement).toBe(late.parentElement);
    expect(now.parentElement!.className).toBe('delay-compare');
  });

  it('offers the telephone as a tel: link the app dials', async () => {
    const user = userEvent.setup();
    showOffer();
    const phone = await screen.findByRole('link', { name: '1800 123 456' });
    expect(phone.getAttribute('href')).toBe('tel:1800123456');
    await user.click(phone);
    expect(bridge.messages()).toEqual([{ type: 'callTel', tel: '1800 123 456' }]);
  });

  it('Pay now opens the pay-method chooser with the fee in minor units, display=1 and the session params', async () => {
    const user = userEvent.setup();
    const { router } = showOffer();
    await user.click(await screen.findByRole('button', { name: 'Pay now' }));
    expect(screen.getByTestId('marker').textContent).toBe('chooser');
    expect(router.state.location.pathname).toBe(H5_PATHS.repayChooser);
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      productId: '9',
      orderId: 'IN001',
      amount: '150050',
      display: '1',
      deviceId: 'd1',
      market: 'IN',
    });
    expect(toasts).toEqual([]);
  });

  it('when the order cannot be extended: says why, offers no payment, and leads back to the loan details', async () => {
    const user = userEvent.setup();
    const { router } = showOffer(
      offer({
        available: false,
        unavailableText: 'This loan can be extended from 3 days before its due date.',
      }),
    );
    const notice = await screen.findByRole('region', { name: 'Extension not available' });
    expect(
      within(notice).getByText('This loan can be extended from 3 days before its due date.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
    expect(screen.queryByText('Extension fee')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Extend now or pay late?' })).toBeNull();
    await user.click(within(notice).getByRole('link', { name: 'Back to loan details' }));
    expect(screen.getByTestId('marker').textContent).toBe('details');
    expect(router.state.location.search).toBe('?orderId=IN001&productId=9');
  });

  describe('states', () => {
    it('draws its frame while the offer is on the way', async () => {
      let answer!: (response: Response) => void;
      stubFetch({ [REPAY_PATHS.delay]: () => new Promise<Response>((resolve) => (answer = resolve)) });
      renderAt(routes, DELAY);
      expect(await screen.findByRole('heading', { level: 1, name: 'Bill details' })).toBeTruthy();
      expect(screen.getByRole('status').textContent).toBe('Loading your extension offer…');
      expect(document.querySelector('[aria-busy="true"] .skeleton')).toBeTruthy();
      answer(ok(offer()));
      expect(await screen.findByText('Salary Advance')).toBeTruthy();
      expect(document.querySelector('[aria-busy="true"]')).toBeNull();
    });

    it('shows not found for an address without a usable order, without asking the server', async () => {
      const net = stubFetch({});
      renderAt(routes, `${H5_PATHS.extension}?orderId=`);
      expect(await screen.findByText('We could not find this loan.')).toBeTruthy();
      expect(net.calls).toHaveLength(0);
    });

    it('shows not found for the server’s 404 (someone else’s order looks the same), with no retry', async () => {
      const user = userEvent.setup();
      const net = stubFetch({
        [REPAY_PATHS.delay]: () =>
          reply({ code: '404', data: null, message: 'We could not find what you were looking for.' }, 404),
      });
      renderAt(routes, DELAY);
      expect(await screen.findByText('We could not find this loan.')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
      expect(net.callsTo(REPAY_PATHS.delay)).toHaveLength(1);
      await user.click(screen.getByRole('button', { name: 'Back to home' }));
      expect(bridge.messages()).toEqual([{ type: 'goHome' }]);
    });

    it('shows a failure with a retry that works', async () => {
      let calls = 0;
      stubFetch({
        [REPAY_PATHS.delay]: () => {
          calls += 1;
          // The first try and the query's own retry fail; the borrower's retry works.
          return calls <= 2
            ? reply({ code: '503', data: null, message: 'The service is busy.' }, 503)
            : ok(offer());
        },
      });
      const user = userEvent.setup();
      renderAt(routes, DELAY);
      const alert = await screen.findByRole('alert', {}, { timeout: 3000 });
      expect(alert.textContent).toContain('Your bill could not be loaded. The service is busy.');
      expect(toasts).toEqual([]);
      await user.click(within(alert).getByRole('button', { name: 'Try again' }));
      expect(await screen.findByText('Salary Advance')).toBeTruthy();
    });

    it('says so when offline, and tries again when the connection is back', async () => {
      let online = false;
      globalThis.fetch = vi.fn(async () => {
        if (!online) throw new TypeError('Failed to fetch');
        return ok(offer());
      }) as unknown as typeof fetch;
      renderAt(routes, DELAY);
      const alert = await screen.findByRole('alert', {}, { timeout: 3000 });
      expect(alert.textContent).toContain('You seem to be offline.');
      online = true;
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
      expect(await screen.findByText('Salary Advance')).toBeTruthy();
    });
  });

  describe('back', () => {
    it('goes back when there is somewhere to go back to', async () => {
      const user = userEvent.setup();
      const { router } = showOffer(offer(), [`${H5_PATHS.loanDetails}?orderId=IN002`, DELAY]);
      await screen.findByText('Salary Advance');
      await user.click(screen.getByRole('button', { name: 'Back' }));
      expect(screen.getByTestId('marker').textContent).toBe('details');
      expect(router.state.location.search).toBe('?orderId=IN002');
    });

    it('opens the loan details when the page was opened first', async () => {
      const user = userEvent.setup();
      const { router } = showOffer();
      await screen.findByText('Salary Advance');
      await user.click(screen.getByRole('button', { name: 'Back' }));
      expect(screen.getByTestId('marker').textContent).toBe('details');
      expect(router.state.location.search).toBe('?orderId=IN001&productId=9');
      expect(bridge.messages()).toEqual([]);
    });

    it('leads to the app home when it knows no order', async () => {
      const user = userEvent.setup();
      stubFetch({});
      renderAt(routes, H5_PATHS.extension);
      await user.click(screen.getByRole('button', { name: 'Back' }));
      expect(bridge.messages()).toEqual([{ type: 'goHome' }]);
    });
  });

  it('speaks Indonesian', async () => {
    setSessionParams({ market: 'ID', isNeedPop: '1', deviceId: 'd2' });
    const user = userEvent.setup();
    const { router } = showOffer(
      offer({ delayShouldPayAmount: 25_000_000, delayShouldPayText: 'Rp 250.000' }),
      DELAY,
      'id',
    );
    await screen.findByText('Salary Advance');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Detail Tagihan');
    expect(document.title).toBe('Detail Tagihan');
    const fee = screen.getByRole('region', { name: 'Perpanjang jatuh tempo' });
    expect(within(fee).getByText('Biaya perpanjangan').nextSibling?.textContent).toBe('Rp 250.000');
    expect(rowValue(fee, 'Jatuh tempo baru')).toBe('19 Dec 2026');
    expect(screen.getByRole('region', { name: 'Perpanjang sekarang atau bayar terlambat?' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Bayar Segera' }));
    const query = new URLSearchParams(router.state.location.search);
    expect(router.state.location.pathname).toBe(H5_PATHS.repayChooser);
    expect(query.get('amount')).toBe('25000000');
    expect(query.get('display')).toBe('1');
    expect(query.get('market')).toBe('ID');
  });

  it('speaks Indonesian when the extension is not available', async () => {
    setSessionParams({ market: 'ID', isNeedPop: '1' });
    showOffer(
      offer({ available: false, unavailableText: 'Pinjaman ini belum bisa diperpanjang.' }),
      DELAY,
      'id',
    );
    const notice = await screen.findByRole('region', { name: 'Perpanjangan tidak tersedia' });
    expect(within(notice).getByRole('link', { name: 'Kembali ke detail pinjaman' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Bayar Segera' })).toBeNull();
  });
});
