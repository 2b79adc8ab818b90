import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { H5_PATHS } from '../../../shared/routes.ts';
import { fakeNativeShell, removeNativeShell } from '../../test/fake-shell.ts';
import { Marker, renderAt } from '../../test/screen-kit.tsx';
import { BindBankPage } from './bind-bank-page.tsx';

/** `/bindBank` until linking a bank account is built: an honest screen, not "Page not found" (issue 29). */
const routes = [
  { path: H5_PATHS.bindBank, Component: BindBankPage },
  { path: H5_PATHS.customerService, element: <Marker name="customer service" /> },
];

afterEach(() => removeNativeShell());

describe('BindBankPage', () => {
  it('says what the screen will be, that nothing changed, and leads to customer service', async () => {
    const user = userEvent.setup();
    renderAt(routes, H5_PATHS.bindBank, 'en');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bank account' })).toBeTruthy();
    expect(
      screen.getByRole('heading', { name: 'Linking a bank account is not available in the app yet' }),
    ).toBeTruthy();
    expect(screen.getByText(/add the bank account your loan is paid into/)).toBeTruthy();
    expect(screen.getByText('Nothing about your account or your loans has been changed.')).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Contact customer service' }));
    expect(screen.getByTestId('marker').textContent).toBe('customer service');
  });

  it('speaks Indonesian, and goes home through the shell', async () => {
    const shell = fakeNativeShell();
    const user = userEvent.setup();
    renderAt(routes, H5_PATHS.bindBank, 'id');
    expect(await screen.findByRole('heading', { level: 1, name: 'Rekening bank' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Hubungi layanan pelanggan' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Kembali ke beranda' }));
    expect(shell.messages()).toEqual([{ type: 'goHome' }]);
  });
});
