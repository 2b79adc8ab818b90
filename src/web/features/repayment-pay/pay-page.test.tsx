import { focusManager } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAY_CHOICE_STORAGE_KEY, REPAY_PATHS } from '../../../shared/contract/constants.ts';
import type { StatusData, VcodeData } from '../../../shared/contract/repayment.ts';
import { H5_PATHS } from '../../../shared/routes.ts';
import { setSessionParams } from '../../lib/session-params.ts';
import { type FetchHandler, ok, reply, stubFetch } from '../../test/fake-fetch.ts';
import { captureToasts, Marker, renderAt, settle, testQueryClient } from '../../test/screen-kit.tsx';
import { setupAntdMobile } from '../../ui/antd-setup.ts';
import { createQueryClient } from '../../ui/shell-providers.tsx';
import { code128Bars } from './barcode.tsx';
import { formatTimeLeft, PayPage, TICK_MS } from './pay-page.tsx';
import { STATUS_POLL_MS } from './pay-queries.ts';

const realFetch = globalThis.fetch;
const routes = [
  { path: H5_PATHS.virtualAccount, Component: PayPage },
  { path: H5_PATHS.repayChooser, element: <Marker name="chooser" /> },
  { path: H5_PATHS.loanDetails, element: <Marker name="details" /> },
  { path: H5_PATHS.complaint, element: <Marker name="complaint" /> },
];
const QUERY = '?productId=9&orderId=ID001&amount=150000000&display=0';
const PAY = `${H5_PATHS.virtualAccount}${QUERY}`;
const IN_PAY = `${H5_PATHS.virtualAccount}?orderId=IN001&amount=1502466&display=0`;

const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

function vcode(overrides: Partial<VcodeData> = {}): VcodeData {
  return {
    amount: 150_000_000,
    amountText: 'Rp 1.500.000',
    vcode: '8808123456789012',
    cardNo: '8808 1234 5678 9012',
    payType: '1',
    payCode: 'BCA',
    payName: 'BCA Virtual Account',
    payStep: [
      {
        key: 'ATM',
        name: 'ATM BCA',
        steps: ['Insert your ATM card', 'Choose Other transactions › Transfer › BCA VA'],
      },
      {
        key: 'MobileBank',
        name: 'Mobile Banking',
        steps: ['Open BCA mobile', 'Choose m-Transfer › BCA Virtual Account'],
      },
      { key: 'InternetBank', name: 'Internet Banking', steps: ['Log in to KlikBCA'] },
    ],
    specificNum: 1,
    billNo: 'B2611230001',
    purposeText: 'Installment 1 of 3',
    expiresAt: inHours(24),
    expiresText: '24 Nov 2026, 17:00',
    state: 'pending',
    telephone: '1500 123',
    qrText: '8808123456789012',
    barcodeText: '',
    upi: null,
    ...overrides,
  };
}

const UPI_CODE = (): VcodeData =>
  vcode({
    amount: 1_502_466,
    amountText: '₹15,024.66',
    vcode: 'UPI2611230001',
    cardNo: 'UPI2611230001',
    payType: '3',
    payCode: 'UPI',
    payName: 'UPI',
    payStep: [
      { key: 'upi', name: 'UPI', steps: ['Open any UPI app', 'Scan the QR code or pay to the UPI ID'] },
    ],
    billNo: 'B2611230009',
    purposeText: 'Cooling-off payoff',
    qrText: 'upi://pay?pa=instantloan@axis&pn=Instant%20Loan&am=15024.66&cu=INR&tr=B2611230009',
    upi: {
      vpa: 'instantloan@axis',
      payeeName: 'Instant Loan Pvt Ltd',
      link: 'upi://pay?pa=instantloan@axis&pn=Instant%20Loan&am=15024.66&cu=INR&tr=B2611230009',
    },
  });

function status(overrides: Partial<StatusData> = {}): StatusData {
  return {
    state: 'received',
    message: 'We have received your payment and are checking it.',
    reason: 'The amount differs from the bill.',
    detailsUrl: '/loanDetails?orderId=ID001&productId=9',
    ...overrides,
  };
}

function store(choice: Record<string, unknown>) {
  localStorage.setItem(PAY_CHOICE_STORAGE_KEY, JSON.stringify(choice));
}
const BCA_CHOICE = { payType: 1, payCode: 'BCA', specificNum: 1, isDefault: 0, method: 'MobileBank' };

function network(handlers: Record<string, FetchHandler> = {}) {
  return stubFetch({ [REPAY_PATHS.vcode]: () => ok(vcode()), ...handlers });
}

let toasts: string[];
beforeAll(() => setupAntdMobile('en'));
beforeEach(() => {
  localStorage.clear();
  setSessionParams({ market: 'ID', isNeedPop: '1', token: 't'.repeat(43), deviceId: 'd1' });
  toasts = captureToasts();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  globalThis.fetch = realFetch;
  setSessionParams({});
});

const row = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('PayPage: the code (Indonesia, bank)', () => {
  it('sends the borrower to choose first when nothing is stored, with the same address, in its place', async () => {
    const net = network();
    const { router } = renderAt(routes, PAY, 'id');
    expect((await screen.findByTestId('marker')).textContent).toBe('chooser');
    expect(router.state.location.pathname).toBe(H5_PATHS.repayChooser);
    expect(router.state.location.search).toBe(QUERY);
    expect(router.state.historyAction).toBe('REPLACE');
    expect(net.calls).toHaveLength(0);
  });

  it('asks for the code of the stored choice and shows it with the bill, amount, purpose and expiry', async () => {
    store(BCA_CHOICE);
    const net = network();
    renderAt(routes, PAY, 'id');
    expect(await screen.findByText('8808 1234 5678 9012')).toBeTruthy();
    expect(net.callsTo(REPAY_PATHS.vcode)[0]!.body).toEqual({
      orderId: 'ID001',
      productId: 9,
      amount: 150_000_000,
      payCode: 'BCA',
      pay_type: 1,
      is_default: 0,
      is_display: 0,
      specific_num: 1,
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Pelunasan');
    expect(document.title).toBe('Pelunasan');
    expect(screen.getByRole('heading', { level: 2, name: 'Nomor virtual account' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Total pembayaran' }).textContent).toContain('Rp 1.500.000');
    expect(row('Bayar ke')).toBe('BCA Virtual Account');
    expect(row('Untuk')).toBe('Installment 1 of 3');
    expect(row('Nomor tagihan')).toBe('B2611230001');
    expect(row('Bayar sebelum')).toBe('24 Nov 2026, 17:00');
    // Bank VA: a QR code of its number, no barcode.
    expect(await screen.findByRole('img', { name: 'Kode QR untuk 8808 1234 5678 9012' })).toBeTruthy();
    expect(document.querySelector('svg[data-barcode]')).toBeNull();
  });

  it('sends the extension fee flag from the address', async () => {
    store(BCA_CHOICE);
    const net = network();
    renderAt(routes, `${H5_PATHS.virtualAccount}?orderId=ID001&amount=5000000&display=1`, 'id');
    await screen.findByText('8808 1234 5678 9012');
    expect(net.callsTo(REPAY_PATHS.vcode)[0]!.body).toEqual({
      orderId: 'ID001',
      amount: 5_000_000,
      payCode: 'BCA',
      pay_type: 1,
      is_default: 0,
      is_display: 1,
      specific_num: 1,
    });
  });

  it('asks for the cooling-off exit code with is_payoff when the address says payoff=1', async () => {
    store(BCA_CHOICE);
    const net = network();
    renderAt(routes, `${H5_PATHS.virtualAccount}?orderId=ID001&amount=100100000&display=0&payoff=1`, 'id');
    await screen.findByText('8808 1234 5678 9012');
    expect(net.callsTo(REPAY_PATHS.vcode)[0]!.body).toEqual({
      orderId: 'ID001',
      amount: 100_100_000,
      payCode: 'BCA',
      pay_type: 1,
      is_default: 0,
      is_display: 0,
      specific_num: 1,
      is_payoff: 1,
    });
  });

  it('folds the steps by way to pay, with the chosen one open', async () => {
    store(BCA_CHOICE);
    network();
    renderAt(routes, PAY, 'id');
    await screen.findByText('8808 1234 5678 9012');
    const steps = screen.getByRole('region', { name: 'Cara membayar' });
    const groups = [...steps.querySelectorAll('details')];
    expect(groups.map((g) => g.querySelector('summary')!.textContent)).toEqual([
      'ATM BCA',
      'Mobile Banking',
      'Internet Banking',
    ]);
    expect(groups.map((g) => g.open)).toEqual([false, true, false]);
    expect(
      within(groups[1]!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Open BCA mobile', 'Choose m-Transfer › BCA Virtual Account']);
  });

  it('opens the first group when the stored way to pay has none of its own', async () => {
    store({ ...BCA_CHOICE, method: 'ATM' });
    network();
    renderAt(routes, PAY, 'id');
    await screen.findByText('8808 1234 5678 9012');
    const steps = screen.getByRole('region', { name: 'Cara membayar' });
    expect([...steps.querySelectorAll('details')].map((g) => g.open)).toEqual([true, false, false]);
  });

  it('copies the number and says so', async () => {
    store(BCA_CHOICE);
    network();
    const writeText = vi.fn(async () => {});
    vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({ writeText } as unknown as Clipboard);
    renderAt(routes, PAY, 'id');
    fireEvent.click(await screen.findByRole('button', { name: 'Salin nomor virtual account' }));
    await waitFor(() => expect(toasts).toEqual(['Disalin']));
    expect(writeText).toHaveBeenCalledWith('8808123456789012');
  });

  it('selects the number when the web view cannot copy', async () => {
    store(BCA_CHOICE);
    network();
    vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue(undefined as unknown as Clipboard);
    setSessionParams({ market: 'ID', isNeedPop: '0' });
    renderAt(routes, PAY, 'en');
    fireEvent.click(await screen.findByRole('button', { name: 'Copy the virtual account number' }));
    await waitFor(() => expect(toasts).toEqual(['The number is selected: copy it from your phone’s menu.']));
    expect(window.getSelection()!.toString()).toBe('8808 1234 5678 9012');
  });

  it('links to another way to pay with the same address, and to a complaint about the order', async () => {
    store(BCA_CHOICE);
    network();
    const user = userEvent.setup();
    const { router } = renderAt(routes, PAY, 'id');
    const complaint = await screen.findByRole('link', { name: /Ada masalah dengan pembayaran/ });
    expect(complaint.getAttribute('href')).toBe(`${H5_PATHS.complaint}?orderNo=ID001`);
    // The instructions, with the way the borrower chose open.
    expect(screen.getByRole('link', { name: /Petunjuk pembayaran lengkap/ }).getAttribute('href')).toBe(
      `${H5_PATHS.repaymentInstruction}?orderId=ID001&productId=9&method=MobileBank`,
    );
    await user.click(screen.getByRole('link', { name: /Ganti metode pembayaran/ }));
    expect(screen.getByTestId('marker').textContent).toBe('chooser');
    expect(router.state.location.search).toBe(QUERY);
  });
});

describe('PayPage: the countdown', () => {
  const NOW = new Date('2026-11-24T10:00:00.000Z');
  const fakeClock = () =>
    vi.useFakeTimers({
      now: NOW,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });

  it('ticks each second, says the code has expired at zero, and gets a new one', async () => {
    store(BCA_CHOICE);
    let calls = 0;
    const net = network({
      [REPAY_PATHS.vcode]: () => {
        calls += 1;
        return ok(
          calls === 1
            ? vcode({ expiresAt: '2026-11-24T11:00:05.000Z' })
            : vcode({
                billNo: 'B2611230002',
                vcode: '8808999',
                cardNo: '8808 999',
                expiresAt: '2026-11-25T11:00:06.000Z',
              }),
        );
      },
    });
    setSessionParams({ market: 'ID', isNeedPop: '0' });
    fakeClock();
    renderAt(routes, PAY, 'en');
    await settle(() => screen.queryByRole('timer') !== null);
    expect(screen.getByRole('timer').textContent).toBe('01:00:05');
    await act(async () => {
      vi.advanceTimersByTime(TICK_MS);
    });
    expect(screen.getByRole('timer').textContent).toBe('01:00:04');
    await act(async () => {
      vi.advanceTimersByTime(3_603 * TICK_MS);
    });
    expect(screen.getByRole('timer').textContent).toBe('00:00:01');
    expect(screen.queryByText('This code has expired')).toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(TICK_MS);
    });
    // At zero: no number to pay to any more, and the way to a new one.
    expect(screen.getByRole('heading', { name: 'This code has expired' })).toBeTruthy();
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.queryByText('8808 1234 5678 9012')).toBeNull();
    expect(screen.queryByRole('img', { name: /QR code/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Get a new code' }));
    await settle(() => screen.queryByText('8808 999') !== null);
    expect(net.callsTo(REPAY_PATHS.vcode)).toHaveLength(2);
    // The new code holds until 11:00:06 the next day; the clock is at 11:00:05.
    expect(screen.getByRole('timer').textContent).toBe('24:00:01');
    expect(screen.queryByText('This code has expired')).toBeNull();
  });

  it('shows a code that arrives expired as expired', async () => {
    store(BCA_CHOICE);
    network({ [REPAY_PATHS.vcode]: () => ok(vcode({ state: 'expired' })) });
    renderAt(routes, PAY, 'id');
    expect(await screen.findByRole('heading', { name: 'Kode ini sudah kedaluwarsa' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Minta kode baru' })).toBeTruthy();
    expect(screen.queryByText('8808 1234 5678 9012')).toBeNull();
  });

  it('writes the time left as hh:mm:ss', () => {
    expect(formatTimeLeft(0)).toBe('00:00:00');
    expect(formatTimeLeft(-5000)).toBe('00:00:00');
    expect(formatTimeLeft(999)).toBe('00:00:01');
    expect(formatTimeLeft(59_000)).toBe('00:00:59');
    expect(formatTimeLeft(3_600_000 + 61_000)).toBe('01:01:01');
    expect(formatTimeLeft(49 * 3_600_000)).toBe('49:00:00');
  });
});

describe('PayPage: mini market', () => {
  it('shows a barcode of the pay code and the steps as one list', async () => {
    store({ payType: 2, payCode: 'ALFAMART', specificNum: 1, isDefault: 0, method: '' });
    const net = network({
      [REPAY_PATHS.vcode]: () =>
        ok(
          vcode({
            payType: '2',
            payCode: 'ALFAMART',
            payName: 'Alfamart',
            vcode: 'ALFA8808123456',
            cardNo: 'ALFA 8808 1234 56',
            qrText: '',
            barcodeText: 'ALFA8808123456',
            payStep: [
              {
                key: 'store',
                name: 'Alfamart',
                steps: ['Go to the cashier', 'Say you pay Instant Loan', 'Show the code'],
              },
            ],
          }),
        ),
    });
    renderAt(routes, PAY, 'id');
    const barcode = await screen.findByRole('img', { name: 'Barcode kode pembayaran ALFA8808123456' });
    expect(barcode.getAttribute('viewBox')).toBe(`0 0 ${code128Bars('ALFA8808123456').modules} 60`);
    expect(screen.queryByRole('img', { name: /Kode QR/ })).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Kode pembayaran' })).toBeTruthy();
    const steps = screen.getByRole('region', { name: 'Cara membayar' });
    expect(steps.querySelector('details')).toBeNull();
    expect(within(steps).getAllByRole('listitem')).toHaveLength(3);
    expect(net.callsTo(REPAY_PATHS.vcode)[0]!.body).toMatchObject({
      payCode: 'ALFAMART',
      pay_type: 2,
      specific_num: 1,
    });
  });
});

describe('PayPage: I have paid', () => {
  it('asks first with BATAL / YA; BATAL asks nothing of the server', async () => {
    store(BCA_CHOICE);
    const net = network({ [REPAY_PATHS.status]: () => ok(status({ state: 'pending', reason: '' })) });
    const user = userEvent.setup();
    renderAt(routes, PAY, 'id');
    // The page's own first look at the bill (the poll's), before any tap.
    await waitFor(() => expect(net.callsTo(REPAY_PATHS.status)).toHaveLength(1));
    await user.click(await screen.findByRole('button', { name: 'TELAH MEMBAYAR' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sudah membayar?' });
    expect(within(dialog).getByText('Kami akan mengonfirmasi pembayaran Anda secepatnya')).toBeTruthy();
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['BATAL', 'YA']);
    await user.click(within(dialog).getByRole('button', { name: 'BATAL' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sudah membayar?' })).toBeNull());
    // Escape closes it too, and asks nothing either.
    await user.click(screen.getByRole('button', { name: 'TELAH MEMBAYAR' }));
    const again = await screen.findByRole('dialog', { name: 'Sudah membayar?' });
    fireEvent.keyDown(within(again).getByRole('button', { name: 'YA' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sudah membayar?' })).toBeNull());
    expect(net.callsTo(REPAY_PATHS.status)).toHaveLength(1);
    // "Not received yet", found by the page itself, is not news: nothing is shown until asked.
    expect(screen.queryByRole('region', { name: 'Belum diterima' })).toBeNull();
  });

  it('YA asks where the bill stands and shows the state, message and reason', async () => {
    store(BCA_CHOICE);
    let asks = 0;
    const net = network({
      [REPAY_PATHS.status]: () => {
        asks += 1;
        return ok(asks === 1 ? status({ state: 'pending', reason: '' }) : status());
      },
    });
    const user = userEvent.setup();
    renderAt(routes, PAY, 'id');
    await waitFor(() => expect(asks).toBe(1));
    await user.click(await screen.findByRole('button', { name: 'TELAH MEMBAYAR' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sudah membayar?' });
    await user.click(within(dialog).getByRole('button', { name: 'YA' }));
    const result = await screen.findByRole('region', { name: 'Pembayaran diterima' });
    expect(net.callsTo(REPAY_PATHS.status)[1]!.body).toEqual({
      orderId: 'ID001',
      productId: 9,
      billNo: 'B2611230001',
    });
    expect(result.textContent).toContain('We have received your payment and are checking it.');
    expect(result.textContent).toContain('The amount differs from the bill.');
    expect(result.closest('[role="status"]')).toBeTruthy();
    expect(within(result).queryByRole('button')).toBeNull();
  });

  it('speaks English: CANCEL / YES, and a credited payment shows the bill paid, with the way to the loan', async () => {
    setSessionParams({ market: 'ID', isNeedPop: '0' });
    store(BCA_CHOICE);
    let asks = 0;
    network({
      [REPAY_PATHS.status]: () => {
        asks += 1;
        return ok(
          asks === 1
            ? status({ state: 'pending', reason: '' })
            : status({ state: 'credited', reason: '', message: 'Thank you!' }),
        );
      },
    });
    const user = userEvent.setup();
    const { router } = renderAt(routes, PAY, 'en');
    await waitFor(() => expect(asks).toBe(1));
    await user.click(await screen.findByRole('button', { name: 'I HAVE PAID' }));
    const dialog = await screen.findByRole('dialog', { name: 'Have you paid?' });
    expect(within(dialog).getByText('We will confirm your repayment as soon as possible')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'CANCEL' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'YES' }));
    const paid = await screen.findByRole('region', { name: 'This bill is paid' });
    expect(screen.queryByRole('button', { name: 'I HAVE PAID' })).toBeNull();
    await user.click(within(paid).getByRole('link', { name: 'See loan details' }));
    expect(screen.getByTestId('marker').textContent).toBe('details');
    expect(new URLSearchParams(router.state.location.search).get('orderId')).toBe('ID001');
  });

  it('shows the paid state instead of the steps when the bill is credited already', async () => {
    store(BCA_CHOICE);
    network({ [REPAY_PATHS.vcode]: () => ok(vcode({ state: 'credited' })) });
    renderAt(routes, PAY, 'id');
    const paid = await screen.findByRole('region', { name: 'Tagihan ini sudah lunas' });
    expect(within(paid).getByRole('link', { name: 'Lihat detail pinjaman' }).getAttribute('href')).toBe(
      `${H5_PATHS.loanDetails}?orderId=ID001&productId=9`,
    );
    expect(screen.queryByText('8808 1234 5678 9012')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Cara membayar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'TELAH MEMBAYAR' })).toBeNull();
  });
});

describe('PayPage: the payment seen without a tap (issue 29)', () => {
  const fakeClock = () =>
    vi.useFakeTimers({
      now: new Date('2026-11-24T10:00:00.000Z'),
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
  afterEach(() => focusManager.setFocused(undefined));

  /** A cache holding what other screens showed of the loan before the payment. */
  function cacheWithTheLoan() {
    const queryClient = testQueryClient();
    queryClient.setQueryData(['loan-details', 'ID001'], { coolingOff: { payoff: 1 } });
    queryClient.setQueryData(['repayment', 'plan', 'ID001'], { repayWaitCount: 1 });
    queryClient.setQueryData(['loan-details', 'ID002'], { coolingOff: null });
    return queryClient;
  }

  it('asks every few seconds while the bill is open; once credited: paid, no code, countdown, steps or button', async () => {
    store(BCA_CHOICE);
    let credited = false;
    const net = network({
      [REPAY_PATHS.status]: () =>
        ok(credited ? status({ state: 'credited', reason: '' }) : status({ state: 'pending', reason: '' })),
    });
    fakeClock();
    const queryClient = cacheWithTheLoan();
    renderAt(routes, PAY, 'id', queryClient);
    await settle(() => screen.queryByRole('timer') !== null && net.callsTo(REPAY_PATHS.status).length === 1);
    await act(async () => {
      vi.advanceTimersByTime(STATUS_POLL_MS);
    });
    await settle(() => net.callsTo(REPAY_PATHS.status).length === 2);
    expect(screen.getByRole('button', { name: 'TELAH MEMBAYAR' })).toBeTruthy();

    // The bank's payment arrives: the next look finds it, with no tap.
    credited = true;
    await act(async () => {
      vi.advanceTimersByTime(STATUS_POLL_MS);
    });
    await settle(() => screen.queryByRole('region', { name: 'Tagihan ini sudah lunas' }) !== null);
    const paid = screen.getByRole('region', { name: 'Tagihan ini sudah lunas' });
    expect(within(paid).getByRole('link', { name: 'Lihat detail pinjaman' }).getAttribute('href')).toBe(
      `${H5_PATHS.loanDetails}?orderId=ID001&productId=9`,
    );
    expect(document.activeElement).toBe(within(paid).getByRole('heading'));
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.queryByText('8808 1234 5678 9012')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Cara membayar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'TELAH MEMBAYAR' })).toBeNull();

    // Every screen of this loan asks again when next shown; another loan's and the pay code's do not.
    expect(queryClient.getQueryState(['loan-details', 'ID001'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['repayment', 'plan', 'ID001'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['loan-details', 'ID002'])?.isInvalidated).toBe(false);
    const asked = net.callsTo(REPAY_PATHS.status).length;
    await act(async () => {
      vi.advanceTimersByTime(5 * STATUS_POLL_MS);
    });
    // Decided: no more looks, and no second code (asking for one now would issue the next bill).
    expect(net.callsTo(REPAY_PATHS.status)).toHaveLength(asked);
    expect(net.callsTo(REPAY_PATHS.vcode)).toHaveLength(1);
  });

  it('does not ask while the page is hidden, and asks at once when it is shown again', async () => {
    store(BCA_CHOICE);
    const net = network({
      [REPAY_PATHS.status]: () => ok(status({ state: 'pending', reason: '' })),
    });
    fakeClock();
    renderAt(routes, PAY, 'id');
    await settle(() => net.callsTo(REPAY_PATHS.status).length === 1);
    act(() => focusManager.setFocused(false));
    await act(async () => {
      vi.advanceTimersByTime(10 * STATUS_POLL_MS);
    });
    expect(net.callsTo(REPAY_PATHS.status)).toHaveLength(1);
    // Back from the bank's app.
    act(() => focusManager.setFocused(true));
    await settle(() => net.callsTo(REPAY_PATHS.status).length === 2);
    expect(net.callsTo(REPAY_PATHS.status)).toHaveLength(2);
  });

  it('stops watching a bill the server says is not found, and goes on through a network failure', async () => {
    store(BCA_CHOICE);
    let answer = () => reply({ code: '503', data: null, message: 'Try again later.' }, 503);
    const net = network({ [REPAY_PATHS.status]: () => answer() });
    fakeClock();
    renderAt(routes, PAY, 'id');
    await settle(() => net.callsTo(REPAY_PATHS.status).length === 1);
    await act(async () => {
      vi.advanceTimersByTime(STATUS_POLL_MS);
    });
    await settle(() => net.callsTo(REPAY_PATHS.status).length === 2);
    answer = () => reply({ code: '404', data: null, message: 'Not found.' }, 404);
    await act(async () => {
      vi.advanceTimersByTime(STATUS_POLL_MS);
    });
    await settle(() => net.callsTo(REPAY_PATHS.status).length === 3);
    await act(async () => {
      vi.advanceTimersByTime(5 * STATUS_POLL_MS);
    });
    expect(net.callsTo(REPAY_PATHS.status)).toHaveLength(3);
    // Silent rounds: nothing toasted, and the code is still there to pay.
    expect(toasts).toEqual([]);
    expect(screen.getByText('8808 1234 5678 9012')).toBeTruthy();
  });

  it('shows a payment received by itself, and watches it until it is credited', async () => {
    store(BCA_CHOICE);
    let state: StatusData['state'] = 'received';
    const net = network({
      [REPAY_PATHS.status]: () => ok(status({ state, reason: '' })),
    });
    fakeClock();
    renderAt(routes, PAY, 'id');
    await settle(() => screen.queryByRole('region', { name: 'Pembayaran diterima' }) !== null);
    state = 'credited';
    await act(async () => {
      vi.advanceTimersByTime(STATUS_POLL_MS);
    });
    await settle(() => screen.queryByRole('region', { name: 'Tagihan ini sudah lunas' }) !== null);
    expect(net.callsTo(REPAY_PATHS.status)).toHaveLength(2);
  });
});

describe('PayPage: India (UPI)', () => {
  beforeEach(() => setSessionParams({ market: 'IN', token: 't'.repeat(43), deviceId: 'd1' }));

  it('pays by UPI without a stored choice: the VPA, payee, the app link and a QR code of the request', async () => {
    const net = network({ [REPAY_PATHS.vcode]: () => ok(UPI_CODE()) });
    renderAt(routes, IN_PAY);
    const upi = await screen.findByRole('region', { name: 'Pay with UPI' });
    expect(net.callsTo(REPAY_PATHS.vcode)[0]!.body).toEqual({
      orderId: 'IN001',
      amount: 1_502_466,
      payCode: 'UPI',
      pay_type: 3,
      is_default: 1,
      is_display: 0,
      specific_num: 1,
    });
    expect(within(upi).getByText('UPI ID').nextElementSibling?.textContent).toBe('instantloan@axis');
    expect(within(upi).getByText('Payee').nextElementSibling?.textContent).toBe('Instant Loan Pvt Ltd');
    expect(within(upi).getByRole('link', { name: 'Open UPI app' }).getAttribute('href')).toBe(
      UPI_CODE().upi!.link,
    );
    expect(
      await screen.findByRole('img', { name: 'QR code to pay ₹15,024.66 to instantloan@axis by UPI' }),
    ).toBeTruthy();
    expect(document.title).toBe('Repayment');
  });

  it('offers no app link that is not a UPI request', async () => {
    const code = UPI_CODE();
    network({
      [REPAY_PATHS.vcode]: () => ok({ ...code, upi: { ...code.upi!, link: 'javascript:alert(1)' } }),
    });
    renderAt(routes, IN_PAY);
    await screen.findByRole('region', { name: 'Pay with UPI' });
    expect(screen.queryByRole('link', { name: 'Open UPI app' })).toBeNull();
  });

  it('refuses a UTR that is not 12 digits, in the borrower’s words, without asking the server', async () => {
    const net = network({ [REPAY_PATHS.vcode]: () => ok(UPI_CODE()), [REPAY_PATHS.utr]: () => ok(status()) });
    const user = userEvent.setup();
    renderAt(routes, IN_PAY);
    const input = (await screen.findByRole('textbox', {
      name: 'UTR number (12 digits)',
    })) as HTMLInputElement;
    expect(input.inputMode).toBe('numeric');
    for (const wrong of ['12345', '12345678901a']) {
      await user.clear(input);
      await user.type(input, wrong);
      await user.click(screen.getByRole('button', { name: 'Send UTR' }));
      expect(screen.getByRole('alert').textContent).toBe('Enter the 12-digit UTR number, digits only.');
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(document.activeElement).toBe(input);
    }
    expect(net.callsTo(REPAY_PATHS.utr)).toHaveLength(0);
  });

  it('sends a 12-digit UTR with the bill and shows what the server says', async () => {
    const net = network({
      [REPAY_PATHS.vcode]: () => ok(UPI_CODE()),
      [REPAY_PATHS.utr]: () =>
        ok(status({ state: 'pending', message: 'We will look for this payment.', reason: '' })),
    });
    const user = userEvent.setup();
    renderAt(routes, IN_PAY);
    const input = await screen.findByRole('textbox', { name: 'UTR number (12 digits)' });
    await user.type(input, '412345678901');
    await user.click(screen.getByRole('button', { name: 'Send UTR' }));
    const result = await screen.findByRole('region', { name: 'Not received yet' });
    expect(result.textContent).toContain('We will look for this payment.');
    expect(net.callsTo(REPAY_PATHS.utr)[0]!.body).toEqual({
      orderId: 'IN001',
      billNo: 'B2611230009',
      utr: '412345678901',
    });
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('speaks Indonesian for the UTR refusal too', async () => {
    setSessionParams({ market: 'IN', isNeedPop: '1' });
    network({ [REPAY_PATHS.vcode]: () => ok(UPI_CODE()) });
    const user = userEvent.setup();
    renderAt(routes, IN_PAY, 'id');
    await user.type(await screen.findByRole('textbox', { name: 'Nomor UTR (12 digit)' }), '123');
    await user.click(screen.getByRole('button', { name: 'Kirim UTR' }));
    expect(screen.getByRole('alert').textContent).toBe('Masukkan nomor UTR 12 digit, hanya angka.');
  });
});

describe('PayPage: states', () => {
  it('draws its frame while the code is on its way', async () => {
    store(BCA_CHOICE);
    let answer!: (response: Response) => void;
    stubFetch({ [REPAY_PATHS.vcode]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderAt(routes, PAY, 'id');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Pelunasan');
    expect(screen.getByRole('heading', { level: 2, name: 'Cara membayar' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Menyiapkan kode pembayaran Anda…');
    expect(document.querySelector('[aria-busy="true"] .skeleton')).toBeTruthy();
    answer(ok(vcode()));
    expect(await screen.findByText('8808 1234 5678 9012')).toBeTruthy();
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
  });

  it.each([409, 400])(
    'shows the server’s refusal (%i) and the way back to the loan details',
    async (code) => {
      store(BCA_CHOICE);
      network({
        [REPAY_PATHS.vcode]: () =>
          reply({ code: String(code), data: null, message: 'Jumlah ini tidak lagi ditawarkan.' }, code),
      });
      const user = userEvent.setup();
      renderAt(routes, PAY, 'id');
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain('Jumlah ini tidak lagi ditawarkan.');
      expect(within(alert).queryByRole('button', { name: 'Coba lagi' })).toBeNull();
      await user.click(within(alert).getByRole('link', { name: 'Kembali ke detail pinjaman' }));
      expect(screen.getByTestId('marker').textContent).toBe('details');
    },
  );

  it('shows a failure with a retry that works', async () => {
    store(BCA_CHOICE);
    let calls = 0;
    network({
      [REPAY_PATHS.vcode]: () => {
        calls += 1;
        // The first try and the query's own retry fail; the borrower's retry works.
        return calls <= 2 ? reply({ code: '503', data: null, message: 'Layanan sibuk.' }, 503) : ok(vcode());
      },
    });
    const user = userEvent.setup();
    // The shell's own query client: its one retry after a busy server is part of what is shown.
    renderAt(routes, PAY, 'id', createQueryClient());
    const alert = await screen.findByRole('alert', {}, { timeout: 3000 });
    expect(alert.textContent).toContain('Kode pembayaran Anda tidak dapat dimuat. Layanan sibuk.');
    await user.click(within(alert).getByRole('button', { name: 'Coba lagi' }));
    expect(await screen.findByText('8808 1234 5678 9012')).toBeTruthy();
  });

  it('says so when offline, and loads by itself when the connection is back', async () => {
    store(BCA_CHOICE);
    let online = false;
    globalThis.fetch = vi.fn(async () => {
      if (!online) throw new TypeError('Failed to fetch');
      return ok(vcode());
    }) as unknown as typeof fetch;
    renderAt(routes, PAY, 'id');
    const alert = await screen.findByRole('alert', {}, { timeout: 3000 });
    expect(alert.textContent).toContain('Sepertinya Anda sedang offline.');
    online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('8808 1234 5678 9012')).toBeTruthy();
  });

  it('says not found for the server’s 404 and for an address without an amount', async () => {
    store(BCA_CHOICE);
    const net = network({
      [REPAY_PATHS.vcode]: () => reply({ code: '404', data: null, message: 'Not found.' }, 404),
    });
    const { unmount } = renderAt(routes, PAY, 'id');
    expect(await screen.findByText('Tagihan ini tidak ditemukan.')).toBeTruthy();
    unmount();
    renderAt(routes, `${H5_PATHS.virtualAccount}?orderId=ID001`, 'id');
    expect(screen.getByText('Tagihan ini tidak ditemukan.')).toBeTruthy();
    expect(net.callsTo(REPAY_PATHS.vcode)).toHaveLength(1);
  });
});
