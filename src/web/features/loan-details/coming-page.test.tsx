import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { H5_PATHS } from '../../../shared/routes.ts';
import { setSessionParams } from '../../lib/session-params.ts';
import { ComingPage } from './coming-page.tsx';
import { fakeNativeShell, Marker, renderAt } from './loan-details-test-kit.tsx';

const routes = [
  { path: H5_PATHS.installments, Component: ComingPage },
  { path: H5_PATHS.extension, Component: ComingPage },
  { path: H5_PATHS.loanDetails, element: <Marker name="details" /> },
  { path: H5_PATHS.customerService, element: <Marker name="customer service" /> },
];
const REPAY = `${H5_PATHS.installments}?orderId=IN001&productId=9`;
const EXTEND = `${H5_PATHS.extension}?orderId=IN001&productId=9`;

let bridge: ReturnType<typeof fakeNativeShell>;
beforeEach(() => {
  setSessionParams({ market: 'IN', token: 't'.repeat(43), deviceId: 'd1' });
  bridge = fakeNativeShell();
});
afterEach(() => {
  bridge.remove();
  setSessionParams({});
});

describe('ComingPage', () => {
  it('says repaying in the app is not available yet, with no payment details at all', () => {
    renderAt(routes, REPAY);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Repayment');
    expect(document.title).toBe('Repayment');
    expect(screen.getByRole('heading', { level: 2, name: 'Coming soon to the app' })).toBeTruthy();
    expect(
      screen.getByText('Repaying online in the app is not available yet. We are working on it.'),
    ).toBeTruthy();
    // Nothing that looks like an amount, an account or a pay code.
    expect(document.querySelector('main')!.textContent).not.toMatch(/\d/);
  });

  it('says the same of extensions at /repaymentDelay', () => {
    renderAt(routes, EXTEND);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Loan extension');
    expect(screen.getByText(/Extending your loan online in the app is not available yet/)).toBeTruthy();
    expect(document.querySelector('main')!.textContent).not.toMatch(/\d/);
  });

  it('points to the loan details for the figures and to customer service for help', async () => {
    const user = userEvent.setup();
    const { router } = renderAt(routes, REPAY);
    const now = screen.getByRole('region', { name: 'What you can do now' });
    expect(within(now).getByRole('link', { name: 'Contact customer service' }).getAttribute('href')).toBe(
      H5_PATHS.customerService,
    );
    await user.click(within(now).getByRole('link', { name: 'See your loan details' }));
    expect(screen.getByTestId('marker').textContent).toBe('details');
    expect(new URLSearchParams(router.state.location.search).get('orderId')).toBe('IN001');
  });

  it('Back goes back when there is somewhere to go back to', async () => {
    const user = userEvent.setup();
    const { router } = renderAt(routes, [`${H5_PATHS.loanDetails}?orderId=IN002`, REPAY]);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('marker').textContent).toBe('details');
    expect(router.state.location.search).toBe('?orderId=IN002');
    expect(bridge.messages()).toEqual([]);
  });

  it('Back opens the loan details when the page was opened first', async () => {
    const user = userEvent.setup();
    const { router } = renderAt(routes, REPAY);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('marker').textContent).toBe('details');
    expect(router.state.location.search).toBe('?orderId=IN001&productId=9');
  });

  it('Back leads to the app home when it knows no order', async () => {
    const user = userEvent.setup();
    renderAt(routes, H5_PATHS.installments);
    expect(screen.queryByRole('link', { name: 'See your loan details' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(bridge.messages()).toEqual([{ type: 'goHome' }]);
  });

  it('speaks Indonesian', () => {
    setSessionParams({ market: 'ID', isNeedPop: '1' });
    renderAt(routes, EXTEND, 'id');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Perpanjangan pinjaman');
    expect(screen.getByRole('heading', { level: 2, name: 'Segera hadir di aplikasi' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Hubungi layanan pelanggan' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Kembali' })).toBeTruthy();
  });
});
