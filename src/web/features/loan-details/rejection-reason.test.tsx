import { screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOAN_PATHS } from '../../../shared/contract/constants.ts';
import type { Rejection } from '../../../shared/contract/order-rejection.ts';
import { H5_PATHS } from '../../../shared/routes.ts';
import { setSessionParams } from '../../lib/session-params.ts';
import { setupAntdMobile } from '../../ui/antd-setup.ts';
import { LoanDetailsPage } from './loan-details-page.tsx';
import { loanDetails, ok, renderAt, stubFetch } from './loan-details-test-kit.tsx';

/** A declined application's reason on loan details (issue 29). */
const realFetch = globalThis.fetch;
const routes = [{ path: H5_PATHS.loanDetails, Component: LoanDetailsPage }];
const DETAILS = `${H5_PATHS.loanDetails}?productId=9&orderId=IN001`;
const declined = loanDetails({ orderStatus: 110, noticeStatusText: 'Rejected', noticeDesText: '' });

beforeAll(() => setupAntdMobile('en'));
beforeEach(() => setSessionParams({ market: 'IN', token: 't'.repeat(43), deviceId: 'd1' }));
afterEach(() => {
  globalThis.fetch = realFetch;
  setSessionParams({});
});

function show(rejection: Rejection, details = declined, lang: 'en' | 'id' = 'en') {
  const net = stubFetch({ [LOAN_PATHS.details]: () => ok({ ...details, rejection }) });
  renderAt(routes, DETAILS, lang);
  return net;
}

describe('the reason of a declined application', () => {
  it('shows the reason and what the borrower can do next, as the server words them', async () => {
    const net = show({
      reason: 'incomeUnverified',
      title: 'Why your application was declined',
      text: 'We could not verify your income.',
      note: null,
      nextTitle: 'What you can do next',
      next: 'Check that your income details are complete and up to date, then apply again.',
    });
    const section = (
      await screen.findByRole('heading', { level: 2, name: 'Why your application was declined' })
    ).parentElement!;
    expect(section.textContent).toBe(
      'Why your application was declinedWe could not verify your income.What you can do nextCheck that your income details are complete and up to date, then apply again.',
    );
    expect(screen.getByRole('heading', { level: 3, name: 'What you can do next' })).toBeTruthy();
    // One call: the reason comes with the loan's details.
    expect(net.callsTo(LOAN_PATHS.details)).toHaveLength(1);
    expect(net.callsTo(LOAN_PATHS.rejection)).toHaveLength(0);
  });

  it('shows the operator’s own words for another reason, as text', async () => {
    show(
      {
        reason: 'other',
        title: 'Mengapa pengajuan Anda ditolak',
        text: 'Alasan lain, dari tim peninjau kami:',
        note: '<b>Rekening</b> bukan atas nama Anda.',
        nextTitle: 'Yang dapat Anda lakukan',
        next: 'Jika ada yang kurang jelas, hubungi layanan pelanggan melalui menu Bantuan di aplikasi.',
      },
      { ...declined, noticeStatusText: 'Ditolak' },
      'id',
    );
    expect(await screen.findByText('<b>Rekening</b> bukan atas nama Anda.')).toBeTruthy();
    expect(document.querySelector('.loan-details-rejection b')).toBeNull();
    expect(screen.getByText('Alasan lain, dari tim peninjau kami:')).toBeTruthy();
  });

  it('shows the status alone when no reason was kept, with no second call', async () => {
    const net = show(null);
    await screen.findByRole('heading', { level: 2, name: 'Rejected' });
    expect(document.querySelector('.loan-details-rejection')).toBeNull();
    expect(net.callsTo(LOAN_PATHS.rejection)).toHaveLength(0);
  });
});
