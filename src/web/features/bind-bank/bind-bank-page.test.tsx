import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { BANK_ACCOUNT_PATHS } from '../../../shared/contract/bank-account.ts';
import type { BankAccountData } from '../../../shared/contract/bank-account-schema.ts';
import { H5_PATHS } from '../../../shared/routes.ts';
import { setSessionParams } from '../../lib/session-params.ts';
import { ok, reply, stubFetch } from '../../test/fake-fetch.ts';
import { fakeNativeShell, removeNativeShell } from '../../test/fake-shell.ts';
import { renderAt } from '../../test/screen-kit.tsx';
import { BindBankPage } from './bind-bank-page.tsx';

/** `/bindBank` (issue 30, decision 065): the market's form, the bank's holder name, masked afterwards. */
const routes = [{ path: H5_PATHS.bindBank, Component: BindBankPage }];
const realFetch = globalThis.fetch;

const none = (market: 'IN' | 'ID'): BankAccountData => ({
  status: 'none',
  bankCode: null,
  bankName: null,
  accountMasked: null,
  last4: null,
  holderName: null,
  reason: null,
  verifiedAt: null,
  banks:
    market === 'ID'
      ? [
          { code: 'BCA', name: 'BCA' },
          { code: 'MANDIRI', name: 'Bank Mandiri' },
        ]
      : [],
  changeNeedsCode: false,
});
const verifiedIn: BankAccountData = {
  ...none('IN'),
  status: 'verified',
  bankCode: 'HDFC0001234',
  bankName: 'HDFC Bank',
  accountMasked: '**** 4321',
  last4: '4321',
  holderName: 'RAHUL SHARMA',
  verifiedAt: '2026-11-28T00:00:00.000Z',
  changeNeedsCode: true,
};

afterEach(() => {
  globalThis.fetch = realFetch;
  setSessionParams({});
  removeNativeShell();
});

describe('BindBankPage', () => {
  it('India: checks the IFSC and account inline, binds, shows the holder and the masked number', async () => {
    setSessionParams({ market: 'IN', token: 't'.repeat(43) });
    const shell = fakeNativeShell();
    let current = none('IN');
    const api = stubFetch({
      [BANK_ACCOUNT_PATHS.info]: () => ok(current),
      [BANK_ACCOUNT_PATHS.bind]: () => {
        current = verifiedIn;
        return ok(verifiedIn);
      },
    });
    const user = userEvent.setup();
    renderAt(routes, H5_PATHS.bindBank, 'en');
    expect(await screen.findByLabelText('IFSC of your branch')).toBeTruthy();
    expect(shell.messages()).toEqual([{ type: 'startBank' }]);
    await user.type(screen.getByLabelText('IFSC of your branch'), 'hdfc123');
    await user.type(screen.getByLabelText('Account number'), '12345');
    await user.click(screen.getByRole('button', { name: 'Check and save' }));
    expect(screen.getByText(/The IFSC has 11 characters/)).toBeTruthy();
    expect(screen.getByText('The account number has 9 to 18 digits.')).toBeTruthy();
    expect(api.callsTo(BANK_ACCOUNT_PATHS.bind)).toHaveLength(0);

    await user.clear(screen.getByLabelText('IFSC of your branch'));
    await user.type(screen.getByLabelText('IFSC of your branch'), 'hdfc0001234');
    await user.clear(screen.getByLabelText('Account number'));
    await user.type(screen.getByLabelText('Account number'), '602000014321');
    await user.click(screen.getByRole('button', { name: 'Check and save' }));
    expect(await screen.findByText('RAHUL SHARMA')).toBeTruthy();
    expect(screen.getByText('**** 4321')).toBeTruthy();
    expect(screen.getByText(/Checked with your bank/)).toBeTruthy();
    expect(api.callsTo(BANK_ACCOUNT_PATHS.bind)[0]!.body).toEqual({
      ifsc: 'HDFC0001234',
      accountNo: '602000014321',
    });
    // The full number is nowhere on the screen once saved.
    expect(document.body.textContent).not.toContain('602000014321');
    expect(shell.messages()).toEqual([{ type: 'startBank' }, { type: 'endBank' }]);
  });

  it('Indonesia, in Indonesian: a bank from the list, and a name the bank gave differently waits for review', async () => {
    setSessionParams({ market: 'ID', token: 't'.repeat(43) });
    const review: BankAccountData = {
      ...none('ID'),
      status: 'review',
      bankCode: 'MANDIRI',
      bankName: 'Bank Mandiri',
      accountMasked: '**** 1111',
      last4: '1111',
      holderName: 'DEWI KARTIKA SARI',
      reason: 'Nama yang diberikan bank untuk rekening ini (DEWI KARTIKA SARI) tidak sesuai.',
      changeNeedsCode: true,
    };
    let current = none('ID');
    const api = stubFetch({
      [BANK_ACCOUNT_PATHS.info]: () => ok(current),
      [BANK_ACCOUNT_PATHS.bind]: () => {
        current = review;
        return ok(review);
      },
    });
    const user = userEvent.setup();
    renderAt(routes, H5_PATHS.bindBank, 'id');
    expect(await screen.findByRole('heading', { level: 1, name: 'Rekening bank' })).toBeTruthy();
    await user.type(await screen.findByLabelText('Nomor rekening'), '7700000011111');
    await user.click(screen.getByRole('button', { name: 'Periksa dan simpan' }));
    expect(screen.getByText('Mohon pilih bank Anda.')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Bank'), 'MANDIRI');
    await user.click(screen.getByRole('button', { name: 'Periksa dan simpan' }));
    expect(await screen.findByText('Menunggu pemeriksaan kami')).toBeTruthy();
    expect(screen.getByText(/tidak sesuai/)).toBeTruthy();
    expect(api.callsTo(BANK_ACCOUNT_PATHS.bind)[0]!.body).toMatchObject({ bankCode: 'MANDIRI' });
  });

  it('staff refused the last account: says why above the form to add another', async () => {
    setSessionParams({ market: 'ID', token: 't'.repeat(43) });
    stubFetch({
      [BANK_ACCOUNT_PATHS.info]: () =>
        ok({
          ...none('ID'),
          reason: 'Rekening bank ini bukan atas nama Anda. Tambahkan rekening atas nama Anda sendiri.',
        }),
    });
    renderAt(routes, H5_PATHS.bindBank, 'id');
    const notice = (await screen.findByText('Rekening terakhir Anda tidak dapat kami terima')).closest(
      '[role="status"]',
    )!;
    expect(notice.textContent).toContain('bukan atas nama Anda');
    expect(screen.getByLabelText('Nomor rekening')).toBeTruthy();
  });

  it('a change asks for the SMS code, sends it with the new account, and shows the server’s refusal', async () => {
    setSessionParams({ market: 'IN', token: 't'.repeat(43) });
    const api = stubFetch({
      [BANK_ACCOUNT_PATHS.info]: () => ok(verifiedIn),
      [BANK_ACCOUNT_PATHS.code]: () => ok({ resendIn: 60 }),
      [BANK_ACCOUNT_PATHS.bind]: () =>
        reply({ code: '400', data: null, message: 'The SMS code is not correct.' }, 400),
    });
    const user = userEvent.setup();
    renderAt(routes, H5_PATHS.bindBank, 'en');
    expect(await screen.findByText('**** 4321')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Change bank account' }));
    expect(screen.getByText(/changing the account needs the code/)).toBeTruthy();
    await user.type(screen.getByLabelText('IFSC of your branch'), 'SBIN0005943');
    await user.type(screen.getByLabelText('Account number'), '301234567890');
    await user.click(screen.getByRole('button', { name: 'Check and save' }));
    expect(screen.getByText('Please enter the 6-digit code.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send SMS code' }));
    expect(await screen.findByText(/We sent the code by SMS/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send the code again' })).toBeTruthy();
    await user.type(screen.getByLabelText('SMS code'), '12a3456');
    await user.click(screen.getByRole('button', { name: 'Check and save' }));
    expect(await screen.findByText('The SMS code is not correct.')).toBeTruthy();
    expect(api.callsTo(BANK_ACCOUNT_PATHS.bind)[0]!.body).toEqual({
      ifsc: 'SBIN0005943',
      accountNo: '301234567890',
      verifyCode: '123456',
    });
    // Still the form: nothing changed.
    expect(screen.getByLabelText('SMS code')).toBeTruthy();
  });
});
