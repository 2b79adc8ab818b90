import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DOC_PATHS } from '../../../shared/contract/documents.ts';
import type { ReceiptsData } from '../../../shared/contract/documents-schema.ts';
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
import { ReceiptsPage } from './receipts-page.tsx';

const realFetch = globalThis.fetch;
const RECEIPTS = `${H5_PATHS.receipts}?orderId=IN20260801002`;
let opened: string[];
const routes = () => [
  { path: H5_PATHS.receipts, element: <ReceiptsPage open={(url) => opened.push(url)} /> },
  { path: H5_PATHS.loanDetails, element: <Marker name="details" /> },
];

function receipts(overrides: Partial<ReceiptsData> = {}): ReceiptsData {
  return {
    orderNo: 'IN20260801002',
    productName: 'Salary Advance',
    list: [
      {
        receiptNo: 'IN20260801002-1',
        amount: '₹8,436.80',
        amountMinor: 843_680,
        paidAt: '26 Sept 2026, 10:15 am',
        method: 'UPI, UTR 412345678901',
        reference: 'pay_sandbox_0123456789abcdef0123456789',
        parts: [
          { text: 'Period 1: fees', value: '₹160' },
          { text: 'Period 1: interest', value: '₹276.80' },
          { text: 'Period 1: principal', value: '₹8,000' },
        ],
      },
    ],
    certificate: true,
    certificateNote: '',
    ...overrides,
  };
}

let bridge: ReturnType<typeof fakeNativeShell>;
beforeAll(() => setupAntdMobile('en'));
beforeEach(() => {
  setSessionParams({ market: 'IN', token: 't'.repeat(43), deviceId: 'd1' });
  captureToasts();
  bridge = fakeNativeShell();
  opened = [];
});
afterEach(() => {
  globalThis.fetch = realFetch;
  bridge.remove();
  setSessionParams({});
});

const rowValue = (region: HTMLElement, label: string) =>
  within(region).getByText(label).closest('div')!.querySelector('dd')!.textContent;

describe('payments and receipts', () => {
  it('shows each receipt: amount, when, how, the reference and what it paid', async () => {
    const net = stubFetch({ [DOC_PATHS.receipts]: () => ok(receipts()) });
    renderAt(routes(), RECEIPTS);
    const card = (await screen.findByRole('heading', { name: 'Receipt IN20260801002-1' })).closest('li')!;
    expect(within(card).getByText('₹8,436.80')).toBeTruthy();
    expect(rowValue(card, 'Paid on')).toBe('26 Sept 2026, 10:15 am');
    expect(rowValue(card, 'Paid by')).toBe('UPI, UTR 412345678901');
    expect(rowValue(card, 'Reference')).toBe('pay_sandbox_0123456789abcdef0123456789');
    expect(rowValue(card, 'Period 1: principal')).toBe('₹8,000');
    expect(document.title).toBe('Payments and receipts');
    expect(net.callsTo(DOC_PATHS.receipts)[0]!.body).toEqual({ orderId: 'IN20260801002' });
  });

  it('says there is nothing yet, and why there is no certificate, for a loan still being repaid', async () => {
    stubFetch({
      [DOC_PATHS.receipts]: () =>
        ok(
          receipts({
            list: [],
            certificate: false,
            certificateNote: 'The certificate is ready once the loan is fully repaid.',
          }),
        ),
    });
    renderAt(routes(), RECEIPTS);
    expect(await screen.findByText('The certificate is ready once the loan is fully repaid.')).toBeTruthy();
    expect(screen.getByText(/No payment has been applied to this loan yet/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download certificate' })).toBeNull();
  });

  it('downloads the certificate of a settled loan and shows its verification code', async () => {
    const user = userEvent.setup();
    const net = stubFetch({
      [DOC_PATHS.receipts]: () => ok(receipts()),
      [DOC_PATHS.certificate]: () =>
        ok({ url: '/api/v1/documents/no-dues/IN20260801002?exp=1&sig=s', code: 'IN20260801002-43ZTC2YJDT' }),
    });
    renderAt(routes(), RECEIPTS);
    await user.click(await screen.findByRole('button', { name: 'Download certificate' }));
    expect(await screen.findByText('IN20260801002-43ZTC2YJDT')).toBeTruthy();
    expect(opened).toEqual(['/api/v1/documents/no-dues/IN20260801002?exp=1&sig=s']);
    expect(net.callsTo(DOC_PATHS.certificate)[0]!.body).toEqual({ orderId: 'IN20260801002' });
  });

  it('says why the certificate could not be prepared, and lets the borrower try again', async () => {
    const user = userEvent.setup();
    let calls = 0;
    stubFetch({
      [DOC_PATHS.receipts]: () => ok(receipts()),
      [DOC_PATHS.certificate]: () => {
        calls += 1;
        return calls === 1
          ? reply(
              {
                code: '409',
                data: null,
                message: 'The no-dues certificate is available once the loan is fully repaid.',
              },
              409,
            )
          : ok({ url: '/x.pdf', code: 'IN20260801002-43ZTC2YJDT' });
      },
    });
    renderAt(routes(), RECEIPTS);
    await user.click(await screen.findByRole('button', { name: 'Download certificate' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The no-dues certificate is available once the loan is fully repaid.',
    );
    expect(opened).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Download certificate' }));
    await vi.waitFor(() => expect(opened).toEqual(['/x.pdf']));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('is written in Indonesian for an Indonesian borrower', async () => {
    setSessionParams({ market: 'ID', token: 't'.repeat(43), deviceId: 'd1' });
    stubFetch({
      [DOC_PATHS.receipts]: () =>
        ok(receipts({ list: [{ ...receipts().list[0]!, amount: 'Rp\u00a01.500.000', receiptNo: 'ID1-1' }] })),
    });
    renderAt(routes(), `${H5_PATHS.receipts}?orderId=ID1`, 'id');
    expect(await screen.findByRole('heading', { name: 'Bukti bayar ID1-1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unduh surat keterangan' })).toBeTruthy();
    expect(screen.getByText('Dibayar melalui')).toBeTruthy();
    expect(document.title).toBe('Pembayaran dan bukti bayar');
  });

  it('shows not found for the server 404 (another borrower’s loan looks the same)', async () => {
    stubFetch({
      [DOC_PATHS.receipts]: () =>
        reply({ code: '404', data: null, message: 'We could not find what you were looking for.' }, 404),
    });
    renderAt(routes(), RECEIPTS);
    expect(await screen.findByText('We could not find this loan.')).toBeTruthy();
  });
});
