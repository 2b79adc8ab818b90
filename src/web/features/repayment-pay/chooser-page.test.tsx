import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAY_CHOICE_STORAGE_KEY, REPAY_PATHS } from '../../../shared/contract/constants.ts';
import type { PayTypesData } from '../../../shared/contract/repayment.ts';
import { repaymentPay } from '../../../shared/i18n/repayment-pay.ts';
import { H5_PATHS } from '../../../shared/routes.ts';
import { setSessionParams } from '../../lib/session-params.ts';
import { ok, reply, stubFetch } from '../../test/fake-fetch.ts';
import { captureToasts, Marker, renderAt } from '../../test/screen-kit.tsx';
import { setupAntdMobile } from '../../ui/antd-setup.ts';
import { createQueryClient } from '../../ui/shell-providers.tsx';
import { ChooserPage } from './chooser-page.tsx';

const realFetch = globalThis.fetch;
const routes = [
  { path: H5_PATHS.repayChooser, Component: ChooserPage },
  { path: H5_PATHS.virtualAccount, element: <Marker name="pay" /> },
  { path: H5_PATHS.loanDetails, element: <Marker name="details" /> },
];
const CHOOSER = `${H5_PATHS.repayChooser}?productId=9&orderId=ID001&amount=150000000&display=0`;
const DETAILS = `${H5_PATHS.loanDetails}?orderId=ID001&productId=9`;

const ID_TYPES = [
  { value: 1, title: 'Bank' },
  { value: 2, title: 'Mini Market' },
];
const BANKS: PayTypesData = {
  payTypes: ID_TYPES,
  payType: 1,
  banks: [
    { bankName: 'BCA', payCode: 'BCA', methods: ['ATM', 'MobileBank', 'InternetBank'] },
    { bankName: 'Bank Mandiri', payCode: 'MANDIRI', methods: ['ATM', 'MobileBank'] },
  ],
  markets: [],
};
const STORES: PayTypesData = {
  payTypes: ID_TYPES,
  payType: 2,
  banks: [],
  markets: ['ALFAMART', 'INDOMARET'],
};
const UPI: PayTypesData = { payTypes: [{ value: 3, title: 'UPI' }], payType: 3, banks: [], markets: [] };

/** The server: the lists of the pay type asked for. */
function network() {
  return stubFetch({
    [REPAY_PATHS.payTypes]: ({ body }) =>
      ok(Number(body.pay_type) === 3 ? UPI : Number(body.pay_type) === 2 ? STORES : BANKS),
  });
}

const stored = () => JSON.parse(localStorage.getItem(PAY_CHOICE_STORAGE_KEY) ?? 'null');
const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;
/** The checked radios of a group itself (not of a group inside it). */
const checkedIn = (name: string) => {
  const group = screen.getByRole('group', { name });
  return within(group)
    .queryAllByRole('radio')
    .filter((r) => r.closest('fieldset') === group && (r as HTMLInputElement).checked)
    .map((r) => (r as HTMLInputElement).value);
};

let toasts: string[];
beforeAll(() => setupAntdMobile('en'));
beforeEach(() => {
  localStorage.clear();
  setSessionParams({ market: 'ID', isNeedPop: '1', token: 't'.repeat(43), deviceId: 'd1' });
  toasts = captureToasts();
});
afterEach(() => {
  globalThis.fetch = realFetch;
  setSessionParams({});
});

describe('ChooserPage (Indonesia)', () => {
  it('shows the amount in rupiah and asks for the banks of the default pay type', async () => {
    const net = network();
    renderAt(routes, CHOOSER, 'id');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Pelunasan');
    expect(document.title).toBe('Pelunasan');
    const amount = screen.getByRole('region', { name: 'Jumlah yang harus dibayar' });
    expect(amount.textContent).toContain('Rp\u00a01.500.000');
    expect(await screen.findByRole('radio', { name: 'BCA' })).toBeTruthy();
    expect(net.callsTo(REPAY_PATHS.payTypes)[0]!.body).toEqual({
      orderId: 'ID001',
      productId: 9,
      pay_type: 1,
    });
    expect(checkedIn('Bayar melalui')).toEqual(['1']);
    // A default: nothing named until the borrower chooses.
    expect(checkedIn('Pilih bank Anda')).toEqual([]);
  });

  it('draws its frame while the ways to pay are on their way', async () => {
    let answer!: (response: Response) => void;
    stubFetch({ [REPAY_PATHS.payTypes]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderAt(routes, CHOOSER, 'id');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Pelunasan');
    expect(screen.getByRole('region', { name: 'Jumlah yang harus dibayar' }).textContent).toContain(
      'Rp\u00a01.500.000',
    );
    expect(screen.getByRole('status').textContent).toBe('Memuat pilihan cara pembayaran…');
    expect(document.querySelector('[aria-busy="true"] .skeleton')).toBeTruthy();
    answer(ok(BANKS));
    expect(await screen.findByRole('radio', { name: 'BCA' })).toBeTruthy();
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
  });

  it('stores a bank and its way to pay exactly, then replaces itself with the pay screen', async () => {
    network();
    const user = userEvent.setup();
    const { router } = renderAt(routes, [DETAILS, CHOOSER], 'id');
    await user.click(await screen.findByRole('radio', { name: 'Bank Mandiri' }));
    // The chosen bank's ways to pay, under it.
    const methods = screen.getByRole('group', { name: 'Bagaimana Anda akan membayar di Bank Mandiri?' });
    expect(
      within(methods)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['ATM', 'MobileBank']);
    await user.click(within(methods).getByRole('radio', { name: 'Mobile banking' }));
    await user.click(screen.getByRole('button', { name: 'SAYA INGIN MEMBAYAR' }));

    expect(stored()).toEqual({
      payType: 1,
      payCode: 'MANDIRI',
      specificNum: 2,
      isDefault: 0,
      method: 'MobileBank',
    });
    expect(screen.getByTestId('marker').textContent).toBe('pay');
    expect(router.state.location.pathname).toBe('/that');
    expect(router.state.location.search).toBe(
      '?productId=9&orderId=ID001&amount=150000000&display=0&deviceId=d1&market=ID&isNeedPop=1',
    );
    expect(router.state.historyAction).toBe('REPLACE');
    expect(toasts).toEqual([]);
    // The chooser is gone from the history: Back leads where it was opened from.
    await act(() => router.navigate(-1));
    expect(screen.getByTestId('marker').textContent).toBe('details');
  });

  it('says Silakan lengkapi informasinya with nothing chosen, and with a bank but no way to pay', async () => {
    network();
    const user = userEvent.setup();
    const { router } = renderAt(routes, CHOOSER, 'id');
    await screen.findByRole('radio', { name: 'BCA' });
    await user.click(screen.getByRole('button', { name: 'SAYA INGIN MEMBAYAR' }));
    expect(toasts).toEqual(['Silakan lengkapi informasinya.']);
    await user.click(radio('BCA'));
    await user.click(screen.getByRole('button', { name: 'SAYA INGIN MEMBAYAR' }));
    expect(toasts).toEqual(['Silakan lengkapi informasinya.', 'Silakan lengkapi informasinya.']);
    expect(stored()).toBeNull();
    expect(router.state.location.pathname).toBe(H5_PATHS.repayChooser);
  });

  it('says Please complete the information. in English', async () => {
    setSessionParams({ market: 'ID', isNeedPop: '0', deviceId: 'd1' });
    network();
    const user = userEvent.setup();
    renderAt(routes, CHOOSER, 'en');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Repayment');
    await user.click(await screen.findByRole('radio', { name: 'BCA' }));
    await user.click(screen.getByRole('button', { name: 'I WANT TO PAY' }));
    expect(toasts).toEqual(['Please complete the information.']);
  });

  it('clears the bank, the way to pay and the place when the pay type changes, and asks for the new lists', async () => {
    const net = network();
    const user = userEvent.setup();
    renderAt(routes, CHOOSER, 'id');
    await user.click(await screen.findByRole('radio', { name: 'BCA' }));
    await user.click(screen.getByRole('radio', { name: 'ATM' }));
    await user.click(radio('Mini Market'));
    expect(await screen.findByRole('radio', { name: 'Indomaret' })).toBeTruthy();
    expect(net.callsTo(REPAY_PATHS.payTypes).map((c) => c.body.pay_type)).toEqual([1, 2]);
    expect(checkedIn('Pilih minimarket')).toEqual([]);
    await user.click(radio('Bank'));
    await screen.findByRole('radio', { name: 'BCA' });
    // BCA and ATM were forgotten: nothing is chosen, and paying asks for the information.
    expect(checkedIn('Pilih bank Anda')).toEqual([]);
    expect(screen.queryByRole('radio', { name: 'ATM' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'SAYA INGIN MEMBAYAR' }));
    expect(toasts).toEqual(['Silakan lengkapi informasinya.']);
    expect(stored()).toBeNull();
  });

  it('changing banks forgets the way to pay chosen at the other', async () => {
    network();
    const user = userEvent.setup();
    renderAt(routes, CHOOSER, 'id');
    await user.click(await screen.findByRole('radio', { name: 'BCA' }));
    await user.click(screen.getByRole('radio', { name: 'ATM' }));
    await user.click(radio('Bank Mandiri'));
    expect(checkedIn('Bagaimana Anda akan membayar di Bank Mandiri?')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'SAYA INGIN MEMBAYAR' }));
    expect(toasts).toEqual(['Silakan lengkapi informasinya.']);
  });

  it('stores a mini market with its place in the list', async () => {
    network();
    const user = userEvent.setup();
    renderAt(routes, CHOOSER, 'id');
    await user.click(await screen.findByRole('radio', { name: 'Mini Market' }));
    await user.click(await screen.findByRole('radio', { name: 'Indomaret' }));
    await user.click(screen.getByRole('button', { name: 'SAYA INGIN MEMBAYAR' }));
    expect(stored()).toEqual({ payType: 2, payCode: 'INDOMARET', specificNum: 2, isDefault: 0, method: '' });
    expect(screen.getByTestId('marker').textContent).toBe('pay');
  });

  it('opens on the stored choice: its pay type, store, bank and way to pay', async () => {
    localStorage.setItem(
      PAY_CHOICE_STORAGE_KEY,
      JSON.stringify({ payType: 2, payCode: 'INDOMARET', specificNum: 2, isDefault: 0, method: '' }),
    );
    const net = network();
    const { unmount } = renderAt(routes, CHOOSER, 'id');
    await screen.findByRole('radio', { name: 'Indomaret' });
    expect(net.callsTo(REPAY_PATHS.payTypes)[0]!.body.pay_type).toBe(2);
    expect(checkedIn('Bayar melalui')).toEqual(['2']);
    expect(checkedIn('Pilih minimarket')).toEqual(['INDOMARET']);
    unmount();

    localStorage.setItem(
      PAY_CHOICE_STORAGE_KEY,
      JSON.stringify({ payType: 1, payCode: 'BCA', specificNum: 1, isDefault: 0, method: 'InternetBank' }),
    );
    const user = userEvent.setup();
    renderAt(routes, CHOOSER, 'id');
    await screen.findByRole('radio', { name: 'BCA' });
    expect(checkedIn('Pilih bank Anda')).toEqual(['BCA']);
    expect(checkedIn('Bagaimana Anda akan membayar di BCA?')).toEqual(['InternetBank']);
    await user.click(screen.getByRole('button', { name: 'SAYA INGIN MEMBAYAR' }));
    expect(toasts).toEqual([]);
    expect(screen.getByTestId('marker').textContent).toBe('pay');
  });

  it('opens on the defaults when the stored choice is unreadable', async () => {
    localStorage.setItem(PAY_CHOICE_STORAGE_KEY, '{"payType":');
    const net = network();
    renderAt(routes, CHOOSER, 'id');
    await screen.findByRole('radio', { name: 'BCA' });
    expect(net.callsTo(REPAY_PATHS.payTypes)[0]!.body.pay_type).toBe(1);
    expect(checkedIn('Pilih bank Anda')).toEqual([]);
  });

  it('is operable with the keyboard: real radios in named groups', async () => {
    network();
    const user = userEvent.setup();
    renderAt(routes, CHOOSER, 'id');
    await screen.findByRole('radio', { name: 'BCA' });
    radio('BCA').focus();
    await user.keyboard(' ');
    expect(radio('BCA').checked).toBe(true);
    await user.keyboard('{ArrowDown}');
    expect(radio('Bank Mandiri').checked).toBe(true);
    expect(document.activeElement).toBe(radio('Bank Mandiri'));
    expect(screen.getByRole('group', { name: 'Bagaimana Anda akan membayar di Bank Mandiri?' })).toBeTruthy();
  });
});

describe('ChooserPage (India)', () => {
  beforeEach(() => setSessionParams({ market: 'IN', token: 't'.repeat(43), deviceId: 'd1' }));

  it('offers UPI alone, without a bank or store choice, and stores it', async () => {
    const net = network();
    const user = userEvent.setup();
    const { router } = renderAt(routes, `${H5_PATHS.repayChooser}?orderId=IN001&amount=1502466&display=1`);
    expect(screen.getByText('₹15,024.66')).toBeTruthy();
    const upi = await screen.findByRole('radio', { name: /^UPI/ });
    expect((upi as HTMLInputElement).checked).toBe(true);
    expect(net.callsTo(REPAY_PATHS.payTypes)[0]!.body).toEqual({ orderId: 'IN001', pay_type: 3 });
    expect(screen.queryByRole('group', { name: 'Pay by' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Choose your bank' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'I WANT TO PAY' }));
    expect(stored()).toEqual({ payType: 3, payCode: 'UPI', specificNum: 1, isDefault: 0, method: '' });
    expect(router.state.location.search).toBe(
      '?orderId=IN001&amount=1502466&display=1&deviceId=d1&market=IN',
    );
    expect(toasts).toEqual([]);
  });

  it('hands the cooling-off exit flag (payoff=1, from loan details) on to the pay page', async () => {
    network();
    const user = userEvent.setup();
    const { router } = renderAt(
      routes,
      `${H5_PATHS.repayChooser}?productId=9&orderId=IN001&amount=500250&display=0&payoff=1`,
    );
    expect(screen.getByText('₹5,002.50')).toBeTruthy();
    await screen.findByRole('radio', { name: /^UPI/ });
    await user.click(screen.getByRole('button', { name: 'I WANT TO PAY' }));
    expect(router.state.location.pathname).toBe(H5_PATHS.virtualAccount);
    expect(router.state.location.search).toBe(
      '?productId=9&orderId=IN001&amount=500250&display=0&payoff=1&deviceId=d1&market=IN',
    );
  });
});

describe('ChooserPage states', () => {
  it('says not found for an address without an order or an amount, without asking the server', async () => {
    const net = network();
    renderAt(routes, `${H5_PATHS.repayChooser}?orderId=ID001&amount=abc`, 'id');
    expect(screen.getByText('Tagihan ini tidak ditemukan.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Kembali ke beranda' })).toBeTruthy();
    expect(net.calls).toHaveLength(0);
  });

  it('says not found for the server’s 404', async () => {
    stubFetch({
      [REPAY_PATHS.payTypes]: () => reply({ code: '404', data: null, message: 'Not found.' }, 404),
    });
    renderAt(routes, CHOOSER, 'id');
    expect(await screen.findByText('Tagihan ini tidak ditemukan.')).toBeTruthy();
  });

  it('shows a failure with a retry that works', async () => {
    let calls = 0;
    stubFetch({
      [REPAY_PATHS.payTypes]: () => {
        calls += 1;
        // The first try and the query's own retry fail; the borrower's retry works.
        return calls <= 2
          ? reply({ code: '503', data: null, message: 'The service is busy.' }, 503)
          : ok(BANKS);
      },
    });
    const user = userEvent.setup();
    setSessionParams({ market: 'ID', isNeedPop: '0' });
    // The shell's own query client: its one retry after a busy server is part of what is shown.
    renderAt(routes, CHOOSER, 'en', createQueryClient());
    const alert = await screen.findByRole('alert', {}, { timeout: 3000 });
    expect(alert.textContent).toContain('The ways to pay could not be loaded. The service is busy.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('radio', { name: 'BCA' })).toBeTruthy();
  });
});

describe('ChooserPage offline', () => {
  it('says so, and loads by itself when the connection is back', async () => {
    let online = false;
    globalThis.fetch = vi.fn(async () => {
      if (!online) throw new TypeError('Failed to fetch');
      return ok(BANKS);
    }) as unknown as typeof fetch;
    renderAt(routes, CHOOSER, 'id');
    const alert = await screen.findByRole('alert', {}, { timeout: 3000 });
    expect(alert.textContent).toContain('Sepertinya Anda sedang offline.');
    online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByRole('radio', { name: 'BCA' })).toBeTruthy();
  });
});

describe('repayment copy', () => {
  const keys = (node: unknown, prefix = ''): string[] =>
    typeof node !== 'object' || node === null
      ? [prefix]
      : Object.entries(node).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));

  it('has the same keys in both languages, none empty', () => {
    expect(keys(repaymentPay.id).sort()).toEqual(keys(repaymentPay.en).sort());
    for (const lang of ['en', 'id'] as const) {
      for (const key of keys(repaymentPay[lang])) {
        const text = key
          .split('.')
          .reduce<unknown>((n, k) => (n as Record<string, unknown>)[k], repaymentPay[lang]);
        expect(String(text).trim(), `${lang} ${key}`).not.toBe('');
      }
    }
  });
});
