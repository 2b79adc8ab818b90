import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { REPAY_PATHS } from '../../../shared/contract/constants.ts';
import type { PlanData, PlanPeriod } from '../../../shared/contract/repayment.ts';
import { repaymentPlan } from '../../../shared/i18n/repayment-plan.ts';
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
import { InstallmentPage } from './installment-page.tsx';

const realFetch = globalThis.fetch;
const routes = [
  { path: H5_PATHS.installments, Component: InstallmentPage },
  { path: H5_PATHS.loanDetails, element: <Marker name="details" /> },
  { path: H5_PATHS.repayChooser, element: <Marker name="chooser" /> },
  { path: H5_PATHS.extension, element: <Marker name="extension" /> },
];
const PLAN = `${H5_PATHS.installments}?productId=9&orderId=IN001`;

function period(periodNo: number, overrides: Partial<PlanPeriod> = {}): PlanPeriod {
  return {
    periodNo,
    totalAmount: 500_000,
    amountText: '₹5,000',
    canClick: 0,
    periodStatus: 'waiting',
    repayDes: `Due ${periodNo} Jan 2027`,
    dueTime: `${periodNo} Jan 2027`,
    parts: [
      { text: 'Principal', value: '₹4,500' },
      { text: 'Interest', value: '₹500' },
    ],
    ...overrides,
  };
}

function plan(overrides: Partial<PlanData> = {}): PlanData {
  return {
    orderNo: 'IN001',
    productId: 9,
    productName: 'Salary Advance',
    productLogo: '/logo.png',
    repayWaitCount: 3,
    note: 'Periods are paid in order, starting with the earliest.',
    repayPlanDetail: {
      repayWaitDetail: [
        period(2, {
          totalAmount: 512_050,
          amountText: '₹5,120.50',
          canClick: 1,
          periodStatus: 'overdue',
          repayDes: '3 days late',
          parts: [
            { text: 'Principal', value: '₹4,500' },
            { text: 'Interest', value: '₹500' },
            { text: 'Late charge', value: '₹120.50' },
          ],
        }),
        period(3),
        period(4, { totalAmount: 499_999, amountText: '₹4,999.99' }),
      ],
      repayYetDetail: [
        period(1, { periodStatus: 'paid', repayDes: 'Paid 1 Dec 2026', amountText: '₹5,000' }),
      ],
    },
    payableCount: 3,
    payableNote: '',
    delayUrl: '',
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

function showPlan(data: PlanData = plan(), at: string | string[] = PLAN, lang: 'en' | 'id' = 'en') {
  const net = stubFetch({ [REPAY_PATHS.plan]: () => ok(data) });
  return { net, ...renderAt(routes, at, lang) };
}

const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
const checkedCount = () =>
  screen.getAllByRole('checkbox').filter((c) => (c as HTMLInputElement).checked).length;
const total = () => screen.getByRole('status', { name: 'Total to pay' }).textContent;
const payButton = () => screen.getByRole('button', { name: 'Pay now' });

describe('InstallmentPage', () => {
  it('asks for the plan of the order in the address and shows the product and both groups', async () => {
    const { net } = showPlan();
    expect(await screen.findByRole('heading', { level: 2, name: 'Salary Advance' })).toBeTruthy();
    expect(net.callsTo(REPAY_PATHS.plan)[0]!.body).toEqual({ orderId: 'IN001' });
    expect(document.title).toBe('Bill details');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Bill details');
    expect(screen.getByRole('button', { name: 'To pay (3)' }).getAttribute('aria-expanded')).toBe('true');
    const first = box('Period 2 ₹5,120.50').closest('li')!;
    expect(within(first).getByText('Overdue')).toBeTruthy();
    expect(within(first).getByText('3 days late')).toBeTruthy();
    expect(within(first).getByText('Due date').nextSibling?.textContent).toBe('2 Jan 2027');
    expect(screen.getByText('Periods are paid in order, starting with the earliest.')).toBeTruthy();
  });

  it('leads to the repayment instructions for this loan', async () => {
    showPlan();
    const link = await screen.findByRole('link', { name: 'How to repay' });
    expect(link.getAttribute('href')).toBe(`${H5_PATHS.repaymentInstruction}?orderId=IN001&productId=9`);
  });

  it('folds the paid periods by default and shows them on demand', async () => {
    const user = userEvent.setup();
    showPlan();
    const fold = await screen.findByRole('button', { name: 'Paid (1)' });
    expect(fold.getAttribute('aria-expanded')).toBe('false');
    const paidList = document.getElementById(fold.getAttribute('aria-controls')!)!;
    expect(paidList.hidden).toBe(true);
    await user.click(fold);
    expect(fold.getAttribute('aria-expanded')).toBe('true');
    expect(paidList.hidden).toBe(false);
    expect(within(paidList).getByText('Paid 1 Dec 2026')).toBeTruthy();
    expect(within(paidList).queryByRole('checkbox')).toBeNull();
  });

  it('folds the waiting periods away and back', async () => {
    const user = userEvent.setup();
    showPlan();
    const fold = await screen.findByRole('button', { name: 'To pay (3)' });
    await user.click(fold);
    expect(fold.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('checkbox')).toBeNull();
    await user.click(fold);
    expect(screen.getAllByRole('checkbox')).toHaveLength(4);
  });

  it("folds out a period's parts", async () => {
    const user = userEvent.setup();
    showPlan();
    await screen.findByText('Salary Advance');
    const first = box('Period 2 ₹5,120.50').closest('li')!;
    const toggle = within(first).getByRole('button', { name: 'Breakdown' });
    const parts = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(parts.hidden).toBe(true);
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(parts.hidden).toBe(false);
    expect(within(parts).getByText('Late charge').nextSibling?.textContent).toBe('₹120.50');
  });

  describe('choosing periods', () => {
    it('starts with the first waiting period chosen; the later ones wait their turn', async () => {
      showPlan();
      await screen.findByText('Salary Advance');
      expect(box('Period 2 ₹5,120.50').checked).toBe(true);
      expect(box('Period 2 ₹5,120.50').disabled).toBe(false);
      expect(box('Period 3 ₹5,000').checked).toBe(false);
      expect(box('Period 3 ₹5,000').disabled).toBe(false);
      expect(box('Period 4 ₹4,999.99').disabled).toBe(true);
      expect(total()).toBe('₹5,120.50');
    });

    it('adds each checked period to the total, in order', async () => {
      const user = userEvent.setup();
      showPlan();
      await screen.findByText('Salary Advance');
      await user.click(box('Period 4 ₹4,999.99'));
      expect(box('Period 4 ₹4,999.99').checked).toBe(false);
      await user.click(box('Period 3 ₹5,000'));
      expect(total()).toBe('₹10,120.50');
      expect(box('Period 4 ₹4,999.99').disabled).toBe(false);
      await user.click(box('Period 4 ₹4,999.99'));
      // 512050 + 500000 + 499999 minor units.
      expect(total()).toBe('₹15,120.49');
    });

    it('unchecking a period unchecks every later one', async () => {
      const user = userEvent.setup();
      showPlan();
      await screen.findByText('Salary Advance');
      await user.click(box('Period 3 ₹5,000'));
      await user.click(box('Period 4 ₹4,999.99'));
      await user.click(box('Period 3 ₹5,000'));
      expect(box('Period 2 ₹5,120.50').checked).toBe(true);
      expect(box('Period 3 ₹5,000').checked).toBe(false);
      expect(box('Period 4 ₹4,999.99').checked).toBe(false);
      expect(box('Period 4 ₹4,999.99').disabled).toBe(true);
      expect(total()).toBe('₹5,120.50');
    });

    it('select-all switches between every waiting period and the first only', async () => {
      const user = userEvent.setup();
      showPlan();
      await screen.findByText('Salary Advance');
      const all = box('Select all');
      expect(all.checked).toBe(false);
      await user.click(all);
      expect(all.checked).toBe(true);
      expect(checkedCount()).toBe(4);
      expect(total()).toBe('₹15,120.49');
      await user.click(all);
      expect(all.checked).toBe(false);
      expect(box('Period 2 ₹5,120.50').checked).toBe(true);
      expect(box('Period 3 ₹5,000').checked).toBe(false);
      expect(total()).toBe('₹5,120.50');
    });

    it('is worked with the keyboard: Tab to a box, Space to check it', async () => {
      const user = userEvent.setup();
      showPlan();
      await screen.findByText('Salary Advance');
      box('Period 2 ₹5,120.50').focus();
      await user.tab();
      expect(document.activeElement).toBe(
        within(box('Period 2 ₹5,120.50').closest('li')!).getByRole('button'),
      );
      await user.tab();
      expect(document.activeElement).toBe(box('Period 3 ₹5,000'));
      await user.keyboard(' ');
      expect(box('Period 3 ₹5,000').checked).toBe(true);
      expect(total()).toBe('₹10,120.50');
    });

    it('blocks paying at zero: the button says it is off, and a tap explains and goes nowhere', async () => {
      const user = userEvent.setup();
      showPlan();
      await screen.findByText('Salary Advance');
      expect(payButton().getAttribute('aria-disabled')).toBe('false');
      await user.click(box('Period 2 ₹5,120.50'));
      expect(total()).toBe('₹0');
      expect(box('Period 3 ₹5,000').disabled).toBe(true);
      expect(payButton().getAttribute('aria-disabled')).toBe('true');
      await user.click(payButton());
      expect(toasts).toEqual(['Choose at least one period to pay.']);
      expect(screen.queryByTestId('marker')).toBeNull();
    });

    it('chooses nothing when the server allows no period', async () => {
      const data = plan();
      data.repayPlanDetail.repayWaitDetail = data.repayPlanDetail.repayWaitDetail.map((p) => ({
        ...p,
        canClick: 0 as const,
      }));
      showPlan(data);
      await screen.findByText('Salary Advance');
      expect(box('Period 2 ₹5,120.50').disabled).toBe(true);
      expect(box('Select all').disabled).toBe(true);
      expect(total()).toBe('₹0');
      expect(payButton().getAttribute('aria-disabled')).toBe('true');
    });

    it('lets only the payable periods be chosen, and shows why the rest must wait', async () => {
      const note = 'Paying the rest of the loan early is possible from 16 Dec 2026.';
      showPlan(plan({ payableCount: 2, payableNote: note }));
      await screen.findByText(note);
      await userEvent.click(box('Period 3 ₹5,000'));
      expect(box('Period 3 ₹5,000').checked).toBe(true);
      // The last period would repay the whole loan early: it cannot be checked, not even by select-all.
      expect(box('Period 4 ₹4,999.99').disabled).toBe(true);
      // Periods 2 and 3 checked by hand are all that can be paid: select-all is not "all" and has
      // nothing to add, so it is off and never unchecks period 3 (issue 29).
      expect(box('Select all').checked).toBe(false);
      expect(box('Select all').disabled).toBe(true);
      await userEvent.click(box('Select all'));
      expect(box('Period 3 ₹5,000').checked).toBe(true);
      expect(box('Period 4 ₹4,999.99').checked).toBe(false);
      expect(total()).toBe('₹10,120.50');
      await userEvent.click(box('Period 3 ₹5,000'));
      await userEvent.click(box('Select all'));
      expect(total()).toBe('₹10,120.50');
    });

    it('chooses nothing when no period may be paid yet', async () => {
      showPlan(plan({ payableCount: 0, payableNote: 'Later.' }));
      await screen.findByText('Later.');
      expect(box('Period 2 ₹5,120.50').disabled).toBe(true);
      expect(total()).toBe('₹0');
      expect(payButton().getAttribute('aria-disabled')).toBe('true');
    });
  });

  describe('paying', () => {
    it('opens the pay-method chooser with the order, the amount in minor units and display=0', async () => {
      const user = userEvent.setup();
      const { router } = showPlan();
      await screen.findByText('Salary Advance');
      await user.click(box('Period 3 ₹5,000'));
      await user.click(payButton());
      expect(screen.getByTestId('marker').textContent).toBe('chooser');
      expect(router.state.location.pathname).toBe(H5_PATHS.repayChooser);
      const query = new URLSearchParams(router.state.location.search);
      // The page session's params ride along, never the token.
      expect(Object.fromEntries(query)).toEqual({
        productId: '9',
        orderId: 'IN001',
        amount: '1012050',
        display: '0',
        deviceId: 'd1',
        market: 'IN',
      });
      expect(toasts).toEqual([]);
    });

    it('pays the first period alone when the borrower changes nothing', async () => {
      const user = userEvent.setup();
      const { router } = showPlan();
      await user.click(await screen.findByRole('button', { name: 'Pay now' }));
      expect(new URLSearchParams(router.state.location.search).get('amount')).toBe('512050');
    });
  });

  describe('links', () => {
    it('offers the extension when the server gives its address, in-app with the session params', async () => {
      const user = userEvent.setup();
      const { router } = showPlan(plan({ delayUrl: '/repaymentDelay?orderId=IN001&productId=9' }));
      await user.click(await screen.findByRole('link', { name: /Extend the due date instead/ }));
      expect(screen.getByTestId('marker').textContent).toBe('extension');
      const query = new URLSearchParams(router.state.location.search);
      expect(query.get('orderId')).toBe('IN001');
      expect(query.get('deviceId')).toBe('d1');
      expect(query.has('token')).toBe(false);
    });

    it('offers no extension when the address is empty', async () => {
      showPlan(plan({ delayUrl: '' }));
      await screen.findByText('Salary Advance');
      expect(screen.queryByRole('link', { name: /Extend the due date instead/ })).toBeNull();
    });
  });

  describe('states', () => {
    it('says there is nothing to pay when no period waits, with the way back to the loan details', async () => {
      const user = userEvent.setup();
      const data = plan({ repayWaitCount: 0 });
      data.repayPlanDetail.repayWaitDetail = [];
      const { router } = showPlan(data);
      expect(await screen.findByRole('heading', { level: 2, name: 'Nothing to pay' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
      expect(screen.queryByRole('checkbox')).toBeNull();
      // The paid periods are still there to look at.
      expect(screen.getByRole('button', { name: 'Paid (1)' })).toBeTruthy();
      await user.click(screen.getByRole('link', { name: 'Back to loan details' }));
      expect(screen.getByTestId('marker').textContent).toBe('details');
      expect(router.state.location.search).toBe('?orderId=IN001&productId=9');
    });

    it('draws its frame while the plan is on the way', async () => {
      let answer!: (response: Response) => void;
      stubFetch({ [REPAY_PATHS.plan]: () => new Promise<Response>((resolve) => (answer = resolve)) });
      renderAt(routes, PLAN);
      expect(await screen.findByRole('heading', { level: 1, name: 'Bill details' })).toBeTruthy();
      expect(screen.getByRole('status').textContent).toBe('Loading your bill…');
      expect(document.querySelector('[aria-busy="true"] .skeleton')).toBeTruthy();
      answer(ok(plan()));
      expect(await screen.findByText('Salary Advance')).toBeTruthy();
      expect(document.querySelector('[aria-busy="true"]')).toBeNull();
    });

    it('shows not found for an address without a usable order, without asking the server', async () => {
      const net = stubFetch({});
      const user = userEvent.setup();
      renderAt(routes, `${H5_PATHS.installments}?orderId=../x`);
      expect(await screen.findByText('We could not find this loan.')).toBeTruthy();
      expect(net.calls).toHaveLength(0);
      await user.click(screen.getByRole('button', { name: 'Back to home' }));
      expect(bridge.messages()).toEqual([{ type: 'goHome' }]);
    });

    it('shows not found for the server’s 404 (someone else’s order looks the same), with no retry', async () => {
      const net = stubFetch({
        [REPAY_PATHS.plan]: () =>
          reply({ code: '404', data: null, message: 'We could not find what you were looking for.' }, 404),
      });
      renderAt(routes, PLAN);
      expect(await screen.findByText('We could not find this loan.')).toBeTruthy();
      expect(screen.queryByRole('alert')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
      expect(net.callsTo(REPAY_PATHS.plan)).toHaveLength(1);
    });

    it('shows a failure with a retry that works', async () => {
      let calls = 0;
      stubFetch({
        [REPAY_PATHS.plan]: () => {
          calls += 1;
          // The first try and the query's own retry fail; the borrower's retry works.
          return calls <= 2
            ? reply({ code: '503', data: null, message: 'The service is busy.' }, 503)
            : ok(plan());
        },
      });
      const user = userEvent.setup();
      renderAt(routes, PLAN);
      // The query's one retry (a second failure is shown) comes a second later.
      const alert = await screen.findByRole('alert', {}, { timeout: 3000 });
      expect(alert.textContent).toContain('Your bill could not be loaded. The service is busy.');
      // Silent call: the page says it, not a toast as well.
      expect(toasts).toEqual([]);
      await user.click(within(alert).getByRole('button', { name: 'Try again' }));
      expect(await screen.findByText('Salary Advance')).toBeTruthy();
    });

    it('says so when offline, and tries again when the connection is back', async () => {
      let online = false;
      globalThis.fetch = vi.fn(async () => {
        if (!online) throw new TypeError('Failed to fetch');
        return ok(plan());
      }) as unknown as typeof fetch;
      renderAt(routes, PLAN);
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
      const { router } = showPlan(plan(), [`${H5_PATHS.loanDetails}?orderId=IN002`, PLAN]);
      await screen.findByText('Salary Advance');
      await user.click(screen.getByRole('button', { name: 'Back' }));
      expect(screen.getByTestId('marker').textContent).toBe('details');
      expect(router.state.location.search).toBe('?orderId=IN002');
      expect(bridge.messages()).toEqual([]);
    });

    it('opens the loan details when the page was opened first', async () => {
      const user = userEvent.setup();
      const { router } = showPlan();
      await screen.findByText('Salary Advance');
      await user.click(screen.getByRole('button', { name: 'Back' }));
      expect(screen.getByTestId('marker').textContent).toBe('details');
      expect(router.state.location.search).toBe('?orderId=IN001&productId=9');
    });

    it('leads to the app home when it knows no order', async () => {
      const user = userEvent.setup();
      stubFetch({});
      renderAt(routes, H5_PATHS.installments);
      await user.click(screen.getByRole('button', { name: 'Back' }));
      expect(bridge.messages()).toEqual([{ type: 'goHome' }]);
    });
  });

  it('speaks Indonesian, with the total in rupiah', async () => {
    setSessionParams({ market: 'ID', isNeedPop: '1', deviceId: 'd2' });
    const data = plan({ delayUrl: '/repaymentDelay?orderId=IN001' });
    data.repayPlanDetail.repayWaitDetail = [
      period(1, { totalAmount: 150_000_000, amountText: 'Rp 1.500.000', canClick: 1, periodStatus: 'due' }),
      period(2, { totalAmount: 150_000_000, amountText: 'Rp 1.500.000' }),
    ];
    const user = userEvent.setup();
    const { router } = showPlan(data, PLAN, 'id');
    await screen.findByText('Salary Advance');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Detail Tagihan');
    expect(document.title).toBe('Detail Tagihan');
    expect(screen.getByRole('button', { name: 'Belum dibayar (2)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sudah lunas (1)' })).toBeTruthy();
    expect(screen.getByText('Jatuh tempo', { selector: '.repay-status' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Perpanjang jatuh tempo saja/ })).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Pilih semua' }));
    expect(screen.getByRole('status', { name: 'Total pembayaran' }).textContent).toBe('Rp\u00a03.000.000');
    await user.click(screen.getByRole('checkbox', { name: 'Cicilan ke-1 Rp 1.500.000' }));
    await user.click(screen.getByRole('button', { name: 'Bayar Segera' }));
    expect(toasts).toEqual(['Pilih minimal satu cicilan untuk dibayar.']);
    await user.click(screen.getByRole('checkbox', { name: 'Cicilan ke-1 Rp 1.500.000' }));
    await user.click(screen.getByRole('button', { name: 'Bayar Segera' }));
    const query = new URLSearchParams(router.state.location.search);
    expect(router.state.location.pathname).toBe(H5_PATHS.repayChooser);
    expect(query.get('amount')).toBe('150000000');
    expect(query.get('display')).toBe('0');
    expect(query.get('market')).toBe('ID');
  });

  it('keeps periods 1 and 2 checked by hand when "Pilih semua" is tapped (issue 29)', async () => {
    setSessionParams({ market: 'ID', isNeedPop: '1', deviceId: 'd2' });
    const note = 'Pelunasan lebih awal untuk sisa pinjaman dapat dilakukan mulai 16 Des 2026.';
    const data = plan({ payableCount: 2, payableNote: note });
    data.repayPlanDetail.repayWaitDetail = [1, 2, 3].map((n) =>
      period(n, { totalAmount: 150_000_000, amountText: 'Rp 1.500.000', canClick: n === 1 ? 1 : 0 }),
    );
    const user = userEvent.setup();
    showPlan(data, PLAN, 'id');
    await screen.findByText(note);
    const second = () =>
      screen.getByRole('checkbox', { name: 'Cicilan ke-2 Rp 1.500.000' }) as HTMLInputElement;
    await user.click(second());
    const all = screen.getByRole('checkbox', { name: 'Pilih semua' }) as HTMLInputElement;
    expect(all.checked).toBe(false);
    await user.click(all);
    expect(second().checked).toBe(true);
    expect(screen.getByRole('status', { name: 'Total pembayaran' }).textContent).toBe('Rp\u00a03.000.000');
  });

  it('says the Indonesian empty state', async () => {
    setSessionParams({ market: 'ID', isNeedPop: '1' });
    const data = plan();
    data.repayPlanDetail.repayWaitDetail = [];
    showPlan(data, PLAN, 'id');
    expect(await screen.findByRole('heading', { level: 2, name: 'Tidak ada tagihan' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Kembali ke detail pinjaman' })).toBeTruthy();
  });

  it('has the same copy keys in both languages, none empty', () => {
    const keys = (node: object, prefix = ''): string[] =>
      Object.entries(node).flatMap(([k, v]) =>
        typeof v === 'object' && v !== null ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
      );
    expect(keys(repaymentPlan.id).sort()).toEqual(keys(repaymentPlan.en).sort());
    const values = (node: object): string[] =>
      Object.values(node).flatMap((v) => (typeof v === 'object' && v !== null ? values(v) : [String(v)]));
    for (const text of [...values(repaymentPlan.en), ...values(repaymentPlan.id)]) {
      expect(text.trim()).not.toBe('');
    }
  });
});
