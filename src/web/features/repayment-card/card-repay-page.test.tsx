import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CARD_REPAY_PATHS } from '../../../shared/contract/repayment-card.ts';
import type { CommitData, WayData } from '../../../shared/contract/repayment-card-schema.ts';
import { H5_PATHS } from '../../../shared/routes.ts';
import { setSessionParams } from '../../lib/session-params.ts';
import { type FetchHandler, NETWORK_DOWN, ok, reply, stubFetch } from '../../test/fake-fetch.ts';
import { captureToasts, Marker, renderAt, settle } from '../../test/screen-kit.tsx';
import { setupAntdMobile } from '../../ui/antd-setup.ts';
import { createQueryClient } from '../../ui/shell-providers.tsx';
import { CardRepayPage } from './card-repay-page.tsx';

const realFetch = globalThis.fetch;
const routes = [
  { path: H5_PATHS.repayment, Component: CardRepayPage },
  { path: H5_PATHS.loanDetails, element: <Marker name="details" /> },
  { path: H5_PATHS.repayChooser, element: <Marker name="chooser" /> },
];
const PAGE = `${H5_PATHS.repayment}?orderId=ID001`;

const WAY: WayData = {
  alipay: 0,
  repayToken: `1900000000.${'s'.repeat(43)}`,
  bankCards: [
    { id: 11, bankName: 'BCA', cardNo: '**** **** **** 1234', bankCode: 'BCA' },
    { id: 12, bankName: 'Bank Mandiri', cardNo: '**** **** **** 9012', bankCode: 'MANDIRI' },
  ],
  orderNo: 'ID001',
  productId: 9,
  productName: 'Kredito Cepat',
  amount: 103_500_000,
  amountText: 'Rp\u00a01.035.000',
  detailsUrl: '/loanDetails?orderId=ID001&productId=9',
  otherWaysUrl: '/individual?productId=9&orderId=ID001&amount=103500000&display=0',
};
const COMMITTED: CommitData = {
  needValid: 1,
  repayRecordId: 77,
  resendIn: 60,
  state: 'pending',
  message: 'A verification code has been sent.',
  detailsUrl: WAY.detailsUrl,
};

function network(handlers: Record<string, FetchHandler> = {}) {
  return stubFetch({
    [CARD_REPAY_PATHS.way]: () => ok(WAY),
    [CARD_REPAY_PATHS.commit]: () => ok(COMMITTED),
    ...handlers,
  });
}

const fail = (code: string, message: string, status = 409) => reply({ code, data: null, message }, status);
const sendButton = () => document.querySelector<HTMLButtonElement>('.card-repay-send')!;

let toasts: string[];
beforeAll(() => setupAntdMobile('en'));
beforeEach(() => {
  setSessionParams({ market: 'ID', isNeedPop: '0', token: 't'.repeat(43), deviceId: 'd1' });
  toasts = captureToasts();
});
afterEach(() => {
  vi.useRealTimers();
  globalThis.fetch = realFetch;
  setSessionParams({});
});

/** The screen with its cards, a card chosen and "Pay now" tapped: the code step. */
async function committed(card = 'BCA card ending in 1234') {
  await settle(() => screen.queryByRole('radio', { name: card }) !== null);
  fireEvent.click(screen.getByRole('radio', { name: card }));
  fireEvent.click(screen.getByRole('button', { name: 'Pay now' }));
  await settle(() => screen.queryByLabelText('SMS verification code') !== null);
}

const typeCode = (code: string) =>
  fireEvent.input(screen.getByLabelText('SMS verification code'), { target: { value: code } });

describe('CardRepayPage', () => {
  it('draws its frame first, then the amount and the cards as radio options read by their last digits', async () => {
    let answer!: (r: Response) => void;
    const net = stubFetch({ [CARD_REPAY_PATHS.way]: () => new Promise<Response>((r) => (answer = r)) });
    renderAt(routes, PAGE, 'id');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Bayar dengan kartu bank');
    expect(document.title).toBe('Bayar dengan kartu bank');
    expect(screen.getByRole('status').textContent).toBe('Memuat kartu bank Anda…');
    expect(document.querySelector('[aria-busy="true"] .skeleton')).toBeTruthy();
    answer(ok(WAY));
    expect(await screen.findByRole('radio', { name: 'BCA kartu berakhiran 1234' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Bank Mandiri kartu berakhiran 9012' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Pilih kartu bank untuk membayar' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Jumlah yang harus dibayar' }).textContent).toContain(
      'Rp\u00a01.035.000',
    );
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
    expect(net.callsTo(CARD_REPAY_PATHS.way)[0]!.body).toEqual({ orderId: 'ID001' });
  });

  it('asks for a card before paying (spec §5), in both languages, and sends nothing', async () => {
    const net = network();
    renderAt(routes, PAGE, 'en');
    await screen.findByRole('radio', { name: 'BCA card ending in 1234' });
    fireEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(toasts).toEqual(['Please choose the paying bank card first.']);
    expect(net.callsTo(CARD_REPAY_PATHS.commit)).toHaveLength(0);
  });

  it('says so in Indonesian too', async () => {
    network();
    renderAt(routes, PAGE, 'id');
    await screen.findByRole('radio', { name: 'BCA kartu berakhiran 1234' });
    fireEvent.click(screen.getByRole('button', { name: 'Bayar Sekarang' }));
    expect(toasts).toEqual(['Silakan pilih kartu bank pembayaran terlebih dahulu.']);
  });

  it('commits the chosen card with the server’s amount and token, then counts 60 s down a second at a time', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const net = network();
    renderAt(routes, PAGE, 'en');
    await committed();
    expect(net.callsTo(CARD_REPAY_PATHS.commit)[0]!.body).toEqual({
      amount: 103_500_000,
      bankName: 'BCA',
      cardId: 11,
      cardNo: '**** **** **** 1234',
      couponId: '',
      orderId: 'ID001',
      repayToken: WAY.repayToken,
      bankCode: 'BCA',
      sendMsg: 1,
    });
    expect(toasts).toContain('A verification code has been sent.');
    expect(document.activeElement).toBe(screen.getByLabelText('SMS verification code'));
    expect(sendButton().textContent).toBe('60s');
    expect(sendButton().getAttribute('aria-disabled')).toBe('true');
    expect(sendButton().getAttribute('aria-label')).toBe('You can ask for a new code in 60 seconds');
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(sendButton().textContent).toBe('59s');
    // Resending while the timer runs: the do-not-resend message, and no call.
    fireEvent.click(sendButton());
    expect(toasts.at(-1)).toBe('The code has been sent. Please do not resend it yet.');
    expect(net.callsTo(CARD_REPAY_PATHS.commit)).toHaveLength(1);
    await act(async () => {
      vi.advanceTimersByTime(58_000);
    });
    expect(sendButton().textContent).toBe('1s');
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(sendButton().textContent).toBe('Get code');
    expect(sendButton().getAttribute('aria-disabled')).toBe('false');
    fireEvent.click(sendButton());
    await settle(() => net.callsTo(CARD_REPAY_PATHS.commit).length === 2);
    await settle(() => sendButton().textContent === '60s');
  });

  it('asks for a correct code when fewer than 6 digits are typed, and keeps digits only', async () => {
    const net = network();
    renderAt(routes, PAGE, 'en');
    await committed();
    typeCode('12a3 45');
    expect((screen.getByLabelText('SMS verification code') as HTMLInputElement).value).toBe('12345');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm payment' }));
    expect(toasts.at(-1)).toBe('Please enter the correct verification code.');
    expect(net.callsTo(CARD_REPAY_PATHS.confirm)).toHaveLength(0);
  });

  it('shows the wrong-code message for 800006 and lets the borrower type again', async () => {
    const net = network({ [CARD_REPAY_PATHS.confirm]: () => fail('800006', 'server words', 400) });
    renderAt(routes, PAGE, 'en');
    await committed();
    typeCode('123456');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm payment' }));
    await settle(() => toasts.includes('Wrong verification code.'));
    expect(net.callsTo(CARD_REPAY_PATHS.confirm)[0]!.body).toEqual({
      orderId: 'ID001',
      verifyCode: '123456',
      repaymentRecordId: 77,
    });
    expect(screen.getByLabelText('SMS verification code')).toBeTruthy();
  });

  it('shows the do-not-resubmit message for 800005 and starts again from fresh figures', async () => {
    const net = network({ [CARD_REPAY_PATHS.confirm]: () => fail('800005', 'server words') });
    renderAt(routes, PAGE, 'en');
    await committed();
    typeCode('123456');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm payment' }));
    await settle(() => toasts.includes('This payment has already been submitted. Please do not resubmit.'));
    await settle(() => screen.queryByLabelText('SMS verification code') === null);
    expect(screen.getByRole('button', { name: 'Pay now' })).toBeTruthy();
    await settle(() => net.callsTo(CARD_REPAY_PATHS.way).length === 2);
  });

  it('shows the server’s message for other refusals, "processing failed" without one, the network error', async () => {
    let answer: () => Response | typeof NETWORK_DOWN = () => fail('429', 'Too many codes were sent.', 429);
    network({ [CARD_REPAY_PATHS.commit]: () => answer() });
    renderAt(routes, PAGE, 'en');
    await screen.findByRole('radio', { name: 'BCA card ending in 1234' });
    fireEvent.click(screen.getByRole('radio', { name: 'BCA card ending in 1234' }));
    const pay = () => fireEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    pay();
    await settle(() => toasts.includes('Too many codes were sent.'));
    answer = () => reply({ code: '500', data: null, message: '' }, 500);
    pay();
    // No message of the server's own: the spec's default.
    await settle(() => toasts.includes('Processing failed.'));
    answer = () => NETWORK_DOWN;
    pay();
    await settle(() => toasts.includes('Network error. Please check your connection and try again.'));
  });

  it('goes to the loan details once the code is confirmed', async () => {
    network({
      [CARD_REPAY_PATHS.confirm]: () =>
        ok({
          repayRecordId: 77,
          state: 'credited',
          message: 'Your payment is credited.',
          detailsUrl: WAY.detailsUrl,
        }),
    });
    const { router } = renderAt(routes, PAGE, 'en');
    await committed();
    typeCode('654321');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm payment' }));
    await settle(() => screen.queryByTestId('marker') !== null);
    expect(screen.getByTestId('marker').textContent).toBe('details');
    expect(router.state.location.search).toContain('orderId=ID001');
    expect(toasts.at(-1)).toBe('Your payment is credited.');
  });

  it('goes to the loan details at once when the card needs no code (needValid 0)', async () => {
    network({
      [CARD_REPAY_PATHS.commit]: () =>
        ok({ ...COMMITTED, needValid: 0, resendIn: 0, state: 'credited', message: 'Credited.' }),
    });
    renderAt(routes, PAGE, 'en');
    await screen.findByRole('radio', { name: 'Bank Mandiri card ending in 9012' });
    fireEvent.click(screen.getByRole('radio', { name: 'Bank Mandiri card ending in 9012' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    await settle(() => screen.queryByTestId('marker') !== null);
    expect(screen.getByTestId('marker').textContent).toBe('details');
  });

  it('explains when there is no card and offers the other ways to pay', async () => {
    network({ [CARD_REPAY_PATHS.way]: () => ok({ ...WAY, bankCards: [] }) });
    renderAt(routes, PAGE, 'en');
    expect(
      await screen.findByText('You have no saved bank card yet. You can still pay another way.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Pay another way' }));
    expect(screen.getByTestId('marker').textContent).toBe('chooser');
  });

  it('says when there is nothing to pay', async () => {
    network({ [CARD_REPAY_PATHS.way]: () => fail('404', 'Not found', 404) });
    renderAt(routes, PAGE, 'en');
    expect(await screen.findByText('There is no loan to pay right now.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back to home' })).toBeTruthy();
  });

  it('offers a retry when the cards could not be loaded (the query retried once already)', async () => {
    let calls = 0;
    network({
      [CARD_REPAY_PATHS.way]: () => (++calls <= 2 ? fail('503', 'The service is busy.', 503) : ok(WAY)),
    });
    // The shell's own query client: its one retry after a busy server is part of what is shown.
    renderAt(routes, PAGE, 'en', createQueryClient());
    expect(
      await screen.findByText('Card list query failed. The service is busy.', undefined, { timeout: 3000 }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('radio', { name: 'BCA card ending in 1234' })).toBeTruthy();
  });
});
