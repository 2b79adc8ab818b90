import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { H5_PATHS } from '../../../shared/routes.ts';
import { setSessionParams } from '../../lib/session-params.ts';
import { Marker, renderAt } from '../../test/screen-kit.tsx';
import { RepaymentInstructionPage } from './repayment-instruction-page.tsx';

/** How to repay, per market and way to pay (issue 29). */
const routes = [
  { path: H5_PATHS.repaymentInstruction, Component: RepaymentInstructionPage },
  { path: H5_PATHS.loanDetails, element: <Marker name="details" /> },
  { path: H5_PATHS.customerService, element: <Marker name="customer service" /> },
];
const methods = () =>
  [...document.querySelectorAll('details.guide-method')].map((d) => ({
    name: d.querySelector('summary')?.textContent,
    open: (d as HTMLDetailsElement).open,
  }));

afterEach(() => setSessionParams({}));

describe('RepaymentInstructionPage', () => {
  it('Indonesia, in Indonesian: the bank virtual account by ATM, mobile and internet banking, and the mini market', async () => {
    setSessionParams({ market: 'ID', isNeedPop: '1' });
    renderAt(routes, H5_PATHS.repaymentInstruction, 'id');
    expect(await screen.findByRole('heading', { level: 1, name: 'Petunjuk pembayaran' })).toBeTruthy();
    expect(methods()).toEqual([
      { name: 'Virtual account bank lewat ATM', open: true },
      { name: 'Virtual account bank lewat mobile banking', open: false },
      { name: 'Virtual account bank lewat internet banking', open: false },
      { name: 'Tunai di minimarket', open: false },
    ]);
    // The banks and stores are the ones the chooser offers.
    expect(screen.getAllByText('Bank: BCA, BNI, BRI, Bank Mandiri, Bank Permata')).toHaveLength(3);
    expect(screen.getByText('Gerai: ALFAMART, INDOMARET')).toBeTruthy();
    expect(document.body.textContent).not.toContain('UPI');
    expect(screen.getByRole('heading', { name: 'Perlu diketahui' })).toBeTruthy();
  });

  it('Indonesia, in English: Indonesia’s ways to pay, never India’s', async () => {
    setSessionParams({ market: 'ID', isNeedPop: '0' });
    renderAt(routes, H5_PATHS.repaymentInstruction, 'en');
    expect(await screen.findByRole('heading', { level: 1, name: 'How to repay' })).toBeTruthy();
    expect(methods().map((m) => m.name)).toEqual([
      'Bank virtual account at an ATM',
      'Bank virtual account in mobile banking',
      'Bank virtual account in internet banking',
      'Cash at a mini market',
    ]);
    expect(document.body.textContent).not.toContain('UPI');
  });

  it('India: UPI on this phone, from another phone, and the UTR; no virtual account or mini market', async () => {
    setSessionParams({ market: 'IN' });
    renderAt(routes, H5_PATHS.repaymentInstruction, 'en');
    expect(await screen.findByRole('heading', { level: 1, name: 'How to repay' })).toBeTruthy();
    expect(methods().map((m) => m.name)).toEqual([
      'UPI on this phone',
      'UPI from another phone (QR code)',
      'Paid already? Send the UTR',
    ]);
    expect(document.body.textContent).not.toMatch(/virtual account|mini market/i);
    expect(screen.getByText(/We never ask for it, nor for an OTP/)).toBeTruthy();
  });

  it('opens the way to pay named in the address, and leads back to the loan and to customer service', async () => {
    setSessionParams({ market: 'ID', isNeedPop: '1' });
    const user = userEvent.setup();
    const { router } = renderAt(
      routes,
      `${H5_PATHS.repaymentInstruction}?orderId=ID001&productId=9&method=store`,
      'id',
    );
    await screen.findByRole('heading', { level: 1, name: 'Petunjuk pembayaran' });
    expect(methods().filter((m) => m.open)).toEqual([{ name: 'Tunai di minimarket', open: true }]);
    const nav = screen.getByRole('navigation');
    expect(within(nav).getByRole('link', { name: /Hubungi layanan pelanggan/ })).toBeTruthy();
    await user.click(within(nav).getByRole('link', { name: /Lihat detail pinjaman/ }));
    expect(screen.getByTestId('marker').textContent).toBe('details');
    expect(router.state.location.search).toBe('?orderId=ID001&productId=9');
  });

  it('offers no way back to a loan when the address names none', async () => {
    setSessionParams({ market: 'IN' });
    renderAt(routes, `${H5_PATHS.repaymentInstruction}?orderId=<bad>`, 'en');
    await screen.findByRole('heading', { level: 1, name: 'How to repay' });
    expect(screen.queryByRole('link', { name: /See loan details/ })).toBeNull();
    expect(screen.getByRole('link', { name: /Contact customer service/ })).toBeTruthy();
  });
});
