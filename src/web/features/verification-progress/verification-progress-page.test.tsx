import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BANK_ACCOUNT_PATHS } from '../../../shared/contract/bank-account.ts';
import { CERTIFY_PATHS } from '../../../shared/contract/constants.ts';
import type { StepView } from '../../../shared/contract/verification.ts';
import { H5_PATHS } from '../../../shared/routes.ts';
import { setSessionParams } from '../../lib/session-params.ts';
import { NETWORK_DOWN, ok, stubFetch } from '../../test/fake-fetch.ts';
import { Marker, renderAt } from '../../test/screen-kit.tsx';
import { VerificationProgressPage } from './verification-progress-page.tsx';

const realFetch = globalThis.fetch;
const routes = [
  { path: H5_PATHS.verification, Component: VerificationProgressPage },
  { path: H5_PATHS.bindBank, element: <Marker name="bind-bank" /> },
];

const step = (name: string, status: StepView['status'], title: string, reason = ''): StepView => ({
  step: name,
  status,
  title,
  reason,
  version: status === 'missing' ? 0 : 1,
  data: {},
  masked: {},
  updatedAt: null,
});

const bank = (status: 'verified' | 'review' | 'none', reason: string | null = null) => ({
  status,
  bankCode: null,
  bankName: null,
  accountMasked: null,
  last4: null,
  holderName: null,
  reason,
  verifiedAt: null,
  banks: [],
});

beforeEach(() => setSessionParams({ market: 'ID', token: 't'.repeat(43), deviceId: 'd1' }));
afterEach(() => {
  globalThis.fetch = realFetch;
  setSessionParams({});
});

describe('VerificationProgressPage', () => {
  it('lists every step the server sends, in its order, with its status and reason; the next one marked', async () => {
    stubFetch({
      [CERTIFY_PATHS.steps]: () =>
        ok({
          steps: [
            step('base', 'done', 'Data dasar'),
            // A step the screen has never heard of renders like the others.
            step('identity', 'refused', 'Verifikasi identitas', 'Langkah ini ditolak. Silakan isi kembali.'),
            step('personal', 'missing', 'Data pribadi'),
          ],
          next: 'identity',
          level: 1,
          required: 3,
        }),
      [BANK_ACCOUNT_PATHS.info]: () => ok(bank('none')),
    });
    renderAt(routes, H5_PATHS.verification, 'id');
    const items = await screen.findAllByRole('listitem');
    expect(items.map((i) => within(i).getByRole('region').getAttribute('aria-label'))).toEqual([
      'Data dasar',
      'Verifikasi identitas',
      'Data pribadi',
      'Rekening bank',
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Verifikasi' })).toBeTruthy();
    expect(within(items[0]!).getByText('Selesai')).toBeTruthy();
    const identity = items[1]!;
    expect(within(identity).getByText('Ditolak')).toBeTruthy();
    expect(within(identity).getByText('Langkah ini ditolak. Silakan isi kembali.')).toBeTruthy();
    expect(within(identity).getByText('Langkah berikutnya')).toBeTruthy();
    expect(within(identity).getByText('Lanjutkan di aplikasi')).toBeTruthy();
    expect(within(identity).getByRole('region').getAttribute('aria-current')).toBe('step');
    expect(within(items[2]!).queryByText('Langkah berikutnya')).toBeNull();
    expect(within(items[2]!).getByText('Belum diisi')).toBeTruthy();
    expect(screen.getByText('1 dari 4 langkah selesai')).toBeTruthy();
    await userEvent.click(within(items[3]!).getByRole('link', { name: 'Tambah rekening bank' }));
    expect((await screen.findByTestId('marker')).textContent).toBe('bind-bank');
  });

  it('shows the bank account in review with its reason, and says when everything is done', async () => {
    stubFetch({
      [CERTIFY_PATHS.steps]: () =>
        ok({ steps: [step('base', 'done', 'Basic details')], next: null, level: 1, required: 1 }),
      [BANK_ACCOUNT_PATHS.info]: () => ok(bank('review', 'The name on the account differs from yours.')),
    });
    renderAt(routes, H5_PATHS.verification, 'en');
    const bankStep = await screen.findByRole('region', { name: 'Bank account' });
    expect(within(bankStep).getByText('In review')).toBeTruthy();
    expect(within(bankStep).getByText('The name on the account differs from yours.')).toBeTruthy();
    expect(within(bankStep).getByText('Next step')).toBeTruthy();
    expect(within(bankStep).getByRole('link', { name: 'View bank account' })).toBeTruthy();
  });

  it('uses the bank step of the list when the server sends one', async () => {
    stubFetch({
      [CERTIFY_PATHS.steps]: () =>
        ok({
          steps: [step('base', 'done', 'Basic details'), step('bank', 'done', 'Bank account')],
          next: null,
          level: 2,
          required: 2,
        }),
      [BANK_ACCOUNT_PATHS.info]: () => ok(bank('none')),
    });
    renderAt(routes, H5_PATHS.verification, 'en');
    expect(await screen.findByText('All steps are done. You can apply for a loan.')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('says it is offline and tries again on request', async () => {
    let down = true;
    stubFetch({
      [CERTIFY_PATHS.steps]: () =>
        down ? NETWORK_DOWN : ok({ steps: [], next: null, level: 0, required: 0 }),
      [BANK_ACCOUNT_PATHS.info]: () => (down ? NETWORK_DOWN : ok(bank('verified'))),
    });
    renderAt(routes, H5_PATHS.verification, 'en');
    expect(
      await screen.findByText(
        'You are offline. Your steps will load when the connection is back.',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    down = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Bank account' })).toBeTruthy();
  });
});
