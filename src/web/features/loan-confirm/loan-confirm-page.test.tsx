import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOAN_PATHS, REQUEST_KEY_PATTERN } from '../../../shared/contract/constants.ts';
import { LOAN_ERROR_CODE } from '../../../shared/contract/reply-codes.ts';
import { H5_PATHS } from '../../../shared/routes.ts';
import { setSessionParams } from '../../lib/session-params.ts';
import { setupAntdMobile } from '../../ui/antd-setup.ts';
import { pageLocation } from './loan-confirm-api.ts';
import { AMOUNT_SETTLE_MS, LoanConfirmPage } from './loan-confirm-page.tsx';
import {
  captureToasts,
  deferred,
  type FetchHandler,
  Marker,
  NETWORK_DOWN,
  offer,
  ok,
  PRODUCT,
  quoteIdOf,
  renderAt,
  reply,
  stubFetch,
} from './loan-confirm-test-kit.tsx';

const realFetch = globalThis.fetch;
const routes = [
  { path: H5_PATHS.loanConfirm, Component: LoanConfirmPage },
  { path: H5_PATHS.loanAgreement, element: <Marker name="agreement" /> },
];
const CONFIRM = `${H5_PATHS.loanConfirm}?productId=7`;
const CONTRACTS = [
  { title: 'Loan agreement', position: 1 },
  { title: 'Privacy policy', position: 2 },
];

const quoteOf = (body: Record<string, unknown>) =>
  offer(body.amount as number | undefined, body.periods as number | undefined);

/** The usual network: quotes that follow the amount and term, the agreements, a push that works. */
function network(overrides: Record<string, FetchHandler> = {}) {
  return stubFetch({
    [LOAN_PATHS.confirmDetail]: ({ body }) => ok(quoteOf(body)),
    [LOAN_PATHS.contracts]: () => ok(CONTRACTS),
    [LOAN_PATHS.push]: () =>
      ok({ lendDetailsUrl: '/loanDetails?productId=7&orderId=IN2611230001', orderNo: 'X' }),
    ...overrides,
  });
}

let toasts: string[];
let replaced: ReturnType<typeof vi.fn<(url: string) => void>>;
let assigned: ReturnType<typeof vi.fn<(url: string) => void>>;
beforeAll(() => setupAntdMobile('en'));
beforeEach(() => {
  sessionStorage.clear();
  setSessionParams({ market: 'IN', token: 't'.repeat(43), deviceId: 'd1' });
  toasts = captureToasts();
  replaced = vi.fn<(url: string) => void>();
  assigned = vi.fn<(url: string) => void>();
  vi.spyOn(pageLocation, 'replace').mockImplementation(replaced);
  vi.spyOn(pageLocation, 'assign').mockImplementation(assigned);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  globalThis.fetch = realFetch;
  setSessionParams({});
});

const confirmButton = () => screen.getByRole('button', { name: 'Confirm loan' }) as HTMLButtonElement;
const agreeBox = () => screen.getByRole('checkbox', { name: /I have read and agree/ }) as HTMLInputElement;
const keyFacts = () => screen.getByRole('region', { name: 'Key fact statement' });
/** Each figure of the key facts as [its name, its value], in the order shown. */
const keyFactRows = () => {
  const names = within(keyFacts()).getAllByRole('term');
  const values = within(keyFacts()).getAllByRole('definition');
  return names.map((name, i) => [name.textContent, values[i]!.textContent]);
};
const loaded = () => screen.findByRole('region', { name: 'Key fact statement' });

describe('LoanConfirmPage: the offer', () => {
  it('shows the product, amount, term, rate, details, repayment plan and the key facts in order', async () => {
    const net = network();
    renderAt(routes, CONFIRM);
    await loaded();
    expect(net.callsTo(LOAN_PATHS.confirmDetail)[0]!.body).toEqual({ productId: 7 });
    expect(screen.getByText('Quick Cash')).toBeTruthy();
    expect(document.querySelector('img.loan-confirm-logo')!.getAttribute('alt')).toBe('');
    const amount = screen.getByRole('spinbutton', { name: 'Loan amount' });
    expect(amount.getAttribute('aria-valuetext')).toBe('₹80,000');
    expect(amount.getAttribute('aria-valuenow')).toBe('80000');
    expect((amount as HTMLInputElement).value).toBe('₹80,000');
    expect(screen.getByText('From ₹2,000 to ₹80,000').id).toBe(amount.getAttribute('aria-describedby'));
    const terms = screen.getByRole('group', { name: 'Loan term' });
    expect(
      within(terms)
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).checked),
    ).toEqual([false, false, true]);
    expect(within(terms).getByRole('radio', { name: '180 days' })).toBeTruthy();
    expect(screen.getByText('Interest 0.08%/day')).toBeTruthy();
    const details = screen.getByRole('region', { name: 'Loan details' });
    expect(within(details).getByText('180 days')).toBeTruthy();
    const plan = screen.getByRole('region', { name: 'Repayment plan' });
    expect(within(plan).getByText('Single repayment')).toBeTruthy();
    expect(within(plan).getByText('₹91,520')).toBeTruthy();
    expect(within(plan).getByText('Principal ₹80,000 + interest ₹11,520')).toBeTruthy();
    expect(within(plan).getByText('Due day 180')).toBeTruthy();

    // The key facts: titled, every figure with its name, in the server's order, above the button.
    expect(screen.getByRole('heading', { level: 2, name: 'Key fact statement' })).toBeTruthy();
    expect(keyFactRows()).toEqual([
      ['Loan amount', '₹80,000'],
      ['Amount disbursed to you', '₹76,000'],
      ['Processing fee (kept from the disbursal)', '₹4,000'],
      ['Interest', '₹11,520'],
      ['Total repayable', '₹91,520'],
      ['Annual percentage rate (APR)', '48.12%'],
      ['Due date', 'day 180'],
      ['Cooling-off period', '3 days'],
      ['Late charges', 'Late fee ₹1,000; 5%/day from day 1'],
    ]);
    // Amounts in one column beside their names; a figure written as a sentence under its name.
    expect(keyFacts().querySelector('[data-key="total"]')!.className).toBe('');
    expect(keyFacts().querySelector('[data-key="lateCharges"]')!.className).toBe('is-sentence');
    expect(keyFacts().closest('details')).toBeNull();
    expect(
      keyFacts().compareDocumentPosition(confirmButton()) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(screen.getByText('Figures if the loan were disbursed today.')).toBeTruthy();
    expect(document.title).toBe('Confirm your loan');
  });

  it('draws its frame while the offer is on its way', async () => {
    const pending = deferred<Response>();
    stubFetch({
      [LOAN_PATHS.confirmDetail]: () => pending.promise,
      [LOAN_PATHS.contracts]: () => ok(CONTRACTS),
    });
    renderAt(routes, CONFIRM);
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm your loan' })).toBeTruthy();
    for (const heading of ['Loan amount', 'Loan term', 'Loan details', 'Repayment plan']) {
      expect(screen.getByRole('heading', { level: 2, name: heading })).toBeTruthy();
    }
    expect(screen.getByRole('status').textContent).toBe('Loading your loan offer…');
    expect(document.querySelector('[aria-busy="true"] .skeleton')).toBeTruthy();
    pending.resolve(ok(offer()));
    await loaded();
    expect(document.querySelector('.skeleton-region')).toBeNull();
  });

  it.each([
    ['no product', H5_PATHS.loanConfirm],
    ['a product that is not a number', `${H5_PATHS.loanConfirm}?productId=abc`],
    ['a product of zero', `${H5_PATHS.loanConfirm}?productId=0`],
  ])('says the offer is not available for %s, without asking the server', async (_, path) => {
    const net = network();
    renderAt(routes, path);
    expect(await screen.findByText('This loan offer is not available.')).toBeTruthy();
    expect(net.callsTo(LOAN_PATHS.confirmDetail)).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Back to home' })).toBeTruthy();
  });

  it('says the offer is not available when the server does not know the product', async () => {
    network({
      [LOAN_PATHS.confirmDetail]: () => reply({ code: '404', data: null, message: 'No such product.' }, 404),
    });
    renderAt(routes, CONFIRM);
    expect(await screen.findByText('This loan offer is not available.')).toBeTruthy();
  });

  it('shows a failure with a retry, and the offer once the retry works', async () => {
    let answers = 0;
    network({
      [LOAN_PATHS.confirmDetail]: ({ body }) => {
        answers += 1;
        return answers <= 2
          ? reply({ code: '503', data: null, message: 'The service is busy.' }, 503)
          : ok(quoteOf(body));
      },
    });
    const user = userEvent.setup();
    renderAt(routes, CONFIRM);
    // The query tries once more by itself (a second failure) before the screen says so.
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(alert.textContent).toContain('The service is busy.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await loaded()).toBeTruthy();
  });

  it('an amount from an old address that the product no longer offers: Try again shows the product’s offer', async () => {
    const net = network({
      [LOAN_PATHS.confirmDetail]: ({ body }) =>
        body.amount === 9_900_000
          ? reply({ code: '400', data: null, message: 'This amount is not offered.' }, 400)
          : ok(quoteOf(body)),
    });
    const user = userEvent.setup();
    const { router } = renderAt(routes, `${CONFIRM}&amount=9900000&periods=180`);
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(alert.textContent).toContain('This amount is not offered.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await loaded()).toBeTruthy();
    expect(router.state.location.search).toBe('?productId=7');
    expect(net.callsTo(LOAN_PATHS.confirmDetail).at(-1)!.body).toEqual({ productId: 7 });
  });

  it('offline: says so, and loads the offer by itself when the connection is back', async () => {
    let online = false;
    network({ [LOAN_PATHS.confirmDetail]: ({ body }) => (online ? ok(quoteOf(body)) : NETWORK_DOWN) });
    renderAt(routes, CONFIRM);
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(alert.textContent).toContain('You are offline.');
    online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await loaded()).toBeTruthy();
  });

  it('speaks Indonesian, with the figures as the server wrote them', async () => {
    setSessionParams({ market: 'ID', isNeedPop: '1', token: 't'.repeat(43) });
    stubFetch({
      [LOAN_PATHS.confirmDetail]: () =>
        ok(
          offer(300_000_000, 90, {
            choices: {
              amountMin: 100_000_000,
              amountMax: 1_500_000_000,
              amountStep: 50_000_000,
              amountMinText: 'Rp\u00a01.000.000',
              amountMaxText: 'Rp\u00a015.000.000',
              terms: [30, 60, 90],
            },
            keyFacts: { ...offer().keyFacts, title: 'Ringkasan informasi pinjaman' },
          }),
        ),
      [LOAN_PATHS.contracts]: () => ok([{ title: 'Perjanjian pinjaman', position: 1 }]),
    });
    renderAt(routes, CONFIRM, 'id');
    await screen.findByRole('region', { name: 'Ringkasan informasi pinjaman' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Konfirmasi pinjaman');
    expect(screen.getByRole('heading', { level: 2, name: 'Jumlah pinjaman' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: '90 hari' })).toBeTruthy();
    // (Testing Library reads the no-break spaces of the amounts as spaces.)
    expect(screen.getByText('Dari Rp 1.000.000 sampai Rp 15.000.000')).toBeTruthy();
    const amount = screen.getByRole('spinbutton', { name: 'Jumlah pinjaman' });
    expect(amount.getAttribute('aria-valuetext')).toBe('Rp\u00a03.000.000');
    expect(screen.getByRole('button', { name: '−Rp\u00a0500.000' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '+Rp\u00a0500.000' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: /Saya telah membaca dan menyetujui/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Konfirmasi pinjaman' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Baca: Perjanjian pinjaman' })).toBeTruthy();
  });
});

describe('LoanConfirmPage: the agreement box', () => {
  it('is ticked by default, and confirm is enabled only while it is ticked', async () => {
    const net = network();
    const user = userEvent.setup();
    renderAt(routes, CONFIRM);
    await loaded();
    expect(agreeBox().checked).toBe(true);
    expect(confirmButton().disabled).toBe(false);
    await user.click(agreeBox());
    expect(agreeBox().checked).toBe(false);
    expect(confirmButton().disabled).toBe(true);
    expect(screen.getByText('Tick the box above to agree before you confirm.')).toBeTruthy();
    await user.click(confirmButton());
    expect(net.callsTo(LOAN_PATHS.push)).toHaveLength(0);
    await user.click(agreeBox());
    expect(confirmButton().disabled).toBe(false);
  });

  it('is a native box: its words tick it, and so does Space from the keyboard', async () => {
    network();
    const user = userEvent.setup();
    renderAt(routes, CONFIRM);
    await loaded();
    const box = agreeBox();
    expect(box.type).toBe('checkbox');
    await user.click(screen.getByText(/I have read and agree/));
    expect(box.checked).toBe(false);
    expect(confirmButton().disabled).toBe(true);
    box.focus();
    await user.keyboard(' ');
    expect(box.checked).toBe(true);
    expect(confirmButton().disabled).toBe(false);
  });

  it('lists the agreements, and a tap opens the one chosen through the contract jump', async () => {
    const net = network({
      [LOAN_PATHS.contractJump]: ({ query }) =>
        ok({
          contract_url: `/loanAgreement?productId=${query.get('productId')}&position=${query.get('position')}`,
        }),
    });
    const user = userEvent.setup();
    const { router } = renderAt(routes, CONFIRM);
    await loaded();
    expect(Object.fromEntries(net.callsTo(LOAN_PATHS.contracts)[0]!.query)).toMatchObject({
      productId: '7',
      scene: '3',
    });
    await user.click(screen.getByRole('button', { name: 'Read: Loan agreement' }));
    expect(await screen.findByTestId('marker')).toBeTruthy();
    const [jump] = net.callsTo(LOAN_PATHS.contractJump);
    expect(jump!.method).toBe('GET');
    expect(Object.fromEntries(jump!.query)).toMatchObject({ productId: '7', scene: '3', position: '1' });
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/loanAgreement?productId=7&position=1',
    );
  });

  it('opens a page of ours outside the app screens (the privacy policy) with the borrower’s market', async () => {
    network({ [LOAN_PATHS.contractJump]: () => ok({ contract_url: '/privacyPolicy' }) });
    const user = userEvent.setup();
    renderAt(routes, CONFIRM);
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Read: Privacy policy' }));
    await waitFor(() => expect(assigned).toHaveBeenCalledTimes(1));
    const url = new URL(assigned.mock.calls[0]![0] as string, 'http://x');
    expect(url.pathname).toBe('/privacyPolicy');
    expect(url.searchParams.get('market')).toBe('IN');
    expect(url.searchParams.has('token')).toBe(false);
  });

  it('stays on the page when the jump is refused (the helper says why)', async () => {
    network({
      [LOAN_PATHS.contractJump]: () => reply({ code: '404', data: null, message: 'No such agreement.' }, 404),
    });
    const user = userEvent.setup();
    renderAt(routes, CONFIRM);
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Read: Loan agreement' }));
    await waitFor(() => expect(toasts).toEqual(['No such agreement.']));
    expect(screen.queryByTestId('marker')).toBeNull();
    expect(assigned).not.toHaveBeenCalled();
  });
});

// Each test waits out an open and a close animation; on a loaded machine they outlast the default 5 s.
describe('LoanConfirmPage: the agreement popup', { timeout: 30_000 }, () => {
  const POPUP = {
    popAgreementUrl: '/loanAgreement?productId=7&position=1&embed=1',
    popTitle: 'Please read the loan agreement',
    popContent: 'You must agree before borrowing.',
    isPopType: 1 as const,
  };
  const popup = () => screen.queryByRole('dialog', { name: 'Please read the loan agreement' });
  // The popup opens and closes with an animation: on a busy machine that outlasts waitFor's default second
  // (4 s was once not enough with the whole suite beside another load). waitFor returns as soon as it holds.
  const ANIMATION = { timeout: 12_000 };
  // The test document loads no pages into frames: the frame stays empty, without an error on the console.
  type FrameSettings = {
    enableIframePageLoading: boolean;
    navigation: { disableChildFrameNavigation: boolean };
  };
  const settings = () => (window as unknown as { happyDOM: { settings: FrameSettings } }).happyDOM.settings;
  let before: [boolean, boolean];
  beforeEach(() => {
    before = [settings().enableIframePageLoading, settings().navigation.disableChildFrameNavigation];
    settings().enableIframePageLoading = true;
    settings().navigation.disableChildFrameNavigation = true;
  });
  afterEach(() => {
    [settings().enableIframePageLoading, settings().navigation.disableChildFrameNavigation] = before;
  });

  it('opens once after load when there is an agreement URL and the language type is 1', async () => {
    network({ [LOAN_PATHS.confirmDetail]: () => ok(offer(undefined, undefined, POPUP)) });
    const { queryClient } = renderAt(routes, CONFIRM);
    await loaded();
    const dialog = await waitFor(() => {
      const found = popup();
      expect(found).not.toBeNull();
      return found!;
    }, ANIMATION);
    expect(within(dialog).getByText('You must agree before borrowing.')).toBeTruthy();
    const frame = dialog.querySelector('iframe')!;
    expect(frame.getAttribute('title')).toBe('Please read the loan agreement');
    const src = new URL(frame.getAttribute('src')!, 'http://x');
    expect(src.pathname).toBe('/loanAgreement');
    expect(src.searchParams.get('embed')).toBe('1');
    expect(src.searchParams.get('position')).toBe('1');
    expect(src.searchParams.has('token')).toBe(false);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Agree' }));
    await waitFor(() => expect(popup()).toBeNull(), ANIMATION);
    expect(agreeBox().checked).toBe(true);
    // New figures for the same offer do not bring it back.
    await act(() => queryClient.invalidateQueries());
    await loaded();
    expect(popup()).toBeNull();
  });

  it('Cancel closes it and unticks the box, so confirm is disabled', async () => {
    network({ [LOAN_PATHS.confirmDetail]: () => ok(offer(undefined, undefined, POPUP)) });
    renderAt(routes, CONFIRM);
    await loaded();
    const dialog = await waitFor(() => {
      expect(popup()).not.toBeNull();
      return popup()!;
    }, ANIMATION);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(popup()).toBeNull(), ANIMATION);
    expect(agreeBox().checked).toBe(false);
    expect(confirmButton().disabled).toBe(true);
  });

  it.each([
    ['no agreement URL', { ...POPUP, popAgreementUrl: '' }],
    ['a language type other than 1', { ...POPUP, languageType: 0 }],
    ['a URL that is neither ours nor a web page', { ...POPUP, popAgreementUrl: 'javascript:alert(1)' }],
  ])('does not open with %s', async (_, overrides) => {
    network({ [LOAN_PATHS.confirmDetail]: () => ok(offer(undefined, undefined, overrides)) });
    renderAt(routes, CONFIRM);
    await loaded();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.querySelector('iframe')).toBeNull();
    expect(agreeBox().checked).toBe(true);
  });
});

describe('LoanConfirmPage: confirming', () => {
  it('pushes the loan on screen with a request key, then replaces the page with its details (from=confirm)', async () => {
    const net = network();
    const user = userEvent.setup();
    renderAt(routes, CONFIRM);
    await loaded();
    await user.click(confirmButton());
    await waitFor(() => expect(replaced).toHaveBeenCalledTimes(1));
    const [push] = net.callsTo(LOAN_PATHS.push);
    expect(push!.body).toEqual({
      productId: 7,
      amount: PRODUCT.amountMax,
      periods: 180,
      termUnit: 'day',
      agreed: true,
      requestKey: expect.stringMatching(REQUEST_KEY_PATTERN),
      // The quote on screen: the server books exactly it.
      quoteId: quoteIdOf(PRODUCT.amountMax, 180),
    });
    const url = new URL(replaced.mock.calls[0]![0] as string, 'http://x');
    expect(url.pathname).toBe('/loanDetails');
    expect(url.searchParams.get('orderId')).toBe('IN2611230001');
    expect(url.searchParams.get('from')).toBe('confirm');
    // The session's identity goes along (as the app opens pages), never its credentials.
    expect(url.searchParams.get('market')).toBe('IN');
    expect(url.searchParams.get('deviceId')).toBe('d1');
    expect(url.searchParams.has('token')).toBe(false);
  });

  it('adds ?from=confirm to a details URL without a query', async () => {
    network({ [LOAN_PATHS.push]: () => ok({ lendDetailsUrl: '/loanDetails', orderNo: 'X' }) });
    setSessionParams({ token: 't'.repeat(43) });
    const user = userEvent.setup();
    renderAt(routes, CONFIRM);
    await loaded();
    await user.click(confirmButton());
    await waitFor(() => expect(replaced).toHaveBeenCalledWith('/loanDetails?from=confirm'));
  });

  it('never sends the page to a details URL that is not a web page or one of ours', async () => {
    network({ [LOAN_PATHS.push]: () => ok({ lendDetailsUrl: 'javascript:alert(1)', orderNo: 'X' }) });
    const user = userEvent.setup();
    renderAt(routes, CONFIRM);
    await loaded();
    await user.click(confirmButton());
    await waitFor(() =>
      expect(toasts).toEqual(['Something went wrong on our side. Please try again later.']),
    );
    expect(replaced).not.toHaveBeenCalled();
  });

  it('holds the button, showing it is busy, while the push is in flight; a double tap sends one push', async () => {
    const pending = deferred<Response>();
    const net = stubFetch({
      [LOAN_PATHS.confirmDetail]: ({ body }) => ok(quoteOf(body)),
      [LOAN_PATHS.contracts]: () => ok(CONTRACTS),
      [LOAN_PATHS.push]: () => pending.promise,
    });
    renderAt(routes, CONFIRM);
    await loaded();
    const button = confirmButton();
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(button.disabled).toBe(true));
    expect(button.textContent).toContain('Confirming…');
    expect(button.getAttribute('aria-busy')).toBe('true');
    fireEvent.click(button);
    expect(net.callsTo(LOAN_PATHS.push)).toHaveLength(1);
    pending.resolve(ok({ lendDetailsUrl: '/loanDetails?orderId=A1', orderNo: 'A1' }));
    await waitFor(() => expect(replaced).toHaveBeenCalledTimes(1));
  });

  it('after a refusal: the server’s words, nothing else changes, and a retry sends the same key', async () => {
    let refusals = 1;
    const net = network({
      [LOAN_PATHS.push]: () =>
        refusals-- > 0
          ? reply({ code: '409', data: null, message: 'You already have a loan under review.' }, 409)
          : ok({ lendDetailsUrl: '/loanDetails?orderId=A1', orderNo: 'A1' }),
    });
    const user = userEvent.setup();
    renderAt(routes, CONFIRM);
    await loaded();
    await user.click(confirmButton());
    await waitFor(() => expect(toasts).toEqual(['You already have a loan under review.']));
    expect(replaced).not.toHaveBeenCalled();
    expect(confirmButton().disabled).toBe(false);
    expect(agreeBox().checked).toBe(true);
    expect(keyFactRows()[0]).toEqual(['Loan amount', '₹80,000']);
    await user.click(confirmButton());
    await waitFor(() => expect(replaced).toHaveBeenCalledTimes(1));
    const [first, second] = net.callsTo(LOAN_PATHS.push);
    expect(second!.body.requestKey).toBe(first!.body.requestKey);
  });

  /**
   * A server whose product's terms move to version 2 when `change()` is called: a push naming a version 1
   * quote is then refused as the real one refuses it, and the confirm call answers the new terms.
   */
  function changingTerms(refusal: { message: string }) {
    let version = 1;
    const net = network({
      [LOAN_PATHS.confirmDetail]: ({ body }) => {
        const q = quoteOf(body);
        return ok({
          ...q,
          pRateDsc: version === 1 ? 'Interest 0.08%/day' : 'Interest 0.09%/day',
          quote: { ...q.quote, id: quoteIdOf(q.amount, q.periods, version), termsVersion: version },
        });
      },
      [LOAN_PATHS.push]: ({ body }) =>
        body.quoteId === quoteIdOf(body.amount as number, body.periods as number, version)
          ? ok({ lendDetailsUrl: '/loanDetails?orderId=A1', orderNo: 'A1' })
          : reply({ code: LOAN_ERROR_CODE.QUOTE_STALE, data: null, message: refusal.message }, 409),
    });
    const change = () => {
      version = 2;
    };
    return { net, change };
  }

  it('when the terms changed: says so, shows the new terms, books nothing, and confirms the new quote', async () => {
    const message =
      'The loan terms have changed since you saw them. Please review the new terms and confirm again.';
    const { net, change } = changingTerms({ message });
    const user = userEvent.setup();
    renderAt(routes, CONFIRM);
    await loaded();
    expect(screen.getByText('Interest 0.08%/day')).toBeTruthy();
    const asked = net.callsTo(LOAN_PATHS.confirmDetail).length;
    change();
    await user.click(confirmButton());
    await waitFor(() => expect(toasts).toEqual([message]));
    expect(replaced).not.toHaveBeenCalled();
    // The confirm detail is asked again and the new terms replace the old on screen.
    await screen.findByText('Interest 0.09%/day');
    expect(net.callsTo(LOAN_PATHS.confirmDetail).length).toBe(asked + 1);
    await waitFor(() => expect(confirmButton().disabled).toBe(false));
    await user.click(confirmButton());
    await waitFor(() => expect(replaced).toHaveBeenCalledTimes(1));
    const [refused, booked] = net.callsTo(LOAN_PATHS.push);
    expect(refused!.body.quoteId).toBe(quoteIdOf(PRODUCT.amountMax, 180, 1));
    expect(booked!.body.quoteId).toBe(quoteIdOf(PRODUCT.amountMax, 180, 2));
    // Still the same loan: the same request key.
    expect(booked!.body.requestKey).toBe(refused!.body.requestKey);
  });

  it('when the quote expired (in Indonesian): the server’s words, a new quote, nothing booked', async () => {
    const message =
      'Ketentuan pinjaman ini sudah kedaluwarsa. Silakan periksa ketentuan terbaru dan konfirmasi kembali.';
    const { net, change } = changingTerms({ message });
    const user = userEvent.setup();
    renderAt(routes, CONFIRM);
    await loaded();
    const asked = net.callsTo(LOAN_PATHS.confirmDetail).length;
    change();
    await user.click(confirmButton());
    await waitFor(() => expect(toasts).toEqual([message]));
    await waitFor(() => expect(net.callsTo(LOAN_PATHS.confirmDetail).length).toBe(asked + 1));
    await screen.findByText('Interest 0.09%/day');
    expect(replaced).not.toHaveBeenCalled();
    expect(net.callsTo(LOAN_PATHS.push)).toHaveLength(1);
  });

  it('after a lost connection, the retry sends the same key', async () => {
    let down = true;
    const net = network({
      [LOAN_PATHS.push]: () =>
        down ? NETWORK_DOWN : ok({ lendDetailsUrl: '/loanDetails?orderId=A1', orderNo: 'A1' }),
    });
    const user = userEvent.setup();
    renderAt(routes, CONFIRM);
    await loaded();
    await user.click(confirmButton());
    await waitFor(() =>
      expect(toasts).toEqual(['Network error. Please check your connection and try again.']),
    );
    down = false;
    await user.click(confirmButton());
    await waitFor(() => expect(replaced).toHaveBeenCalledTimes(1));
    const keys = net.callsTo(LOAN_PATHS.push).map((c) => c.body.requestKey);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('after a reload of the page, the same choice sends the same key', async () => {
    const net = network({ [LOAN_PATHS.push]: () => NETWORK_DOWN });
    const user = userEvent.setup();
    const first = renderAt(routes, `${CONFIRM}&amount=5000000&periods=120`);
    await loaded();
    await user.click(confirmButton());
    await waitFor(() => expect(net.callsTo(LOAN_PATHS.push)).toHaveLength(1));
    first.unmount();

    renderAt(routes, `${CONFIRM}&amount=5000000&periods=120`);
    await loaded();
    // The reloaded page shows the loan chosen before, not the product's default.
    expect(net.callsTo(LOAN_PATHS.confirmDetail).at(-1)!.body).toEqual({
      productId: 7,
      amount: 5_000_000,
      periods: 120,
    });
    await user.click(confirmButton());
    await waitFor(() => expect(net.callsTo(LOAN_PATHS.push)).toHaveLength(2));
    const [before, after] = net.callsTo(LOAN_PATHS.push);
    expect(after!.body).toEqual(before!.body);
    expect(after!.body).toMatchObject({ amount: 5_000_000, periods: 120 });
  });
});

describe('LoanConfirmPage: changing the amount and the term', () => {
  it('a new term asks the server again, keeping the figures on screen, with confirm held until they come', async () => {
    const later = deferred<Response>();
    const net = stubFetch({
      [LOAN_PATHS.confirmDetail]: ({ body }) => (body.periods === 91 ? later.promise : ok(quoteOf(body))),
      [LOAN_PATHS.contracts]: () => ok(CONTRACTS),
      [LOAN_PATHS.push]: () => ok({ lendDetailsUrl: '/loanDetails?orderId=A1', orderNo: 'A1' }),
    });
    const user = userEvent.setup();
    const { router } = renderAt(routes, CONFIRM);
    await loaded();
    await user.click(screen.getByRole('radio', { name: '91 days' }));
    await waitFor(() => expect(net.callsTo(LOAN_PATHS.confirmDetail)).toHaveLength(2));
    expect(net.callsTo(LOAN_PATHS.confirmDetail)[1]!.body).toEqual({
      productId: 7,
      amount: PRODUCT.amountMax,
      periods: 91,
    });
    // The previous figures stay (no skeleton), marked busy, and nothing can be confirmed meanwhile.
    expect(document.querySelector('.skeleton')).toBeNull();
    expect(keyFactRows()[3]).toEqual(['Interest', '₹11,520']);
    expect(document.querySelector('.loan-confirm-figures')!.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText('Updating the figures for ₹80,000 over 91 days…')).toBeTruthy();
    expect(confirmButton().disabled).toBe(true);
    expect(router.state.location.search).toBe('?productId=7&amount=8000000&periods=91');

    later.resolve(ok(offer(PRODUCT.amountMax, 91)));
    await waitFor(() => expect(keyFactRows()[3]).toEqual(['Interest', '₹5,824']));
    expect(document.querySelector('.loan-confirm-figures')!.getAttribute('aria-busy')).toBe('false');
    expect(confirmButton().disabled).toBe(false);
    await user.click(confirmButton());
    await waitFor(() => expect(net.callsTo(LOAN_PATHS.push)).toHaveLength(1));
    expect(net.callsTo(LOAN_PATHS.push)[0]!.body).toMatchObject({ amount: PRODUCT.amountMax, periods: 91 });
  });

  it('taps on − ask for one quote, for the amount they stop at', async () => {
    const net = network();
    renderAt(routes, CONFIRM);
    await loaded();
    const minus = screen.getByRole('button', { name: '−₹1,000' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    for (let i = 0; i < 5; i += 1) fireEvent.click(minus);
    const amount = screen.getByRole('spinbutton', { name: 'Loan amount' });
    expect(amount.getAttribute('aria-valuetext')).toBe('₹75,000');
    expect(confirmButton().disabled).toBe(true);
    act(() => {
      vi.advanceTimersByTime(AMOUNT_SETTLE_MS - 1);
    });
    expect(net.callsTo(LOAN_PATHS.confirmDetail)).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    vi.useRealTimers();
    await waitFor(() => expect(net.callsTo(LOAN_PATHS.confirmDetail)).toHaveLength(2));
    expect(net.callsTo(LOAN_PATHS.confirmDetail)[1]!.body).toEqual({
      productId: 7,
      amount: 7_500_000,
      periods: 180,
    });
    await waitFor(() => expect(keyFactRows()[0]).toEqual(['Loan amount', '₹75,000']));
    expect(confirmButton().disabled).toBe(false);
  });

  it('↓ in the amount field moves one step, says so, and asks for one quote once the amount rests', async () => {
    const net = network();
    renderAt(routes, CONFIRM);
    await loaded();
    const amount = screen.getByRole('spinbutton', { name: 'Loan amount' });
    amount.focus();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    for (let i = 0; i < 3; i += 1) fireEvent.keyDown(amount, { key: 'ArrowDown' });
    expect(amount.getAttribute('aria-valuetext')).toBe('₹77,000');
    expect(screen.getByText('Updating the figures for ₹77,000 over 180 days…').getAttribute('role')).toBe(
      'status',
    );
    expect(confirmButton().disabled).toBe(true);
    act(() => {
      vi.advanceTimersByTime(AMOUNT_SETTLE_MS - 1);
    });
    expect(net.callsTo(LOAN_PATHS.confirmDetail)).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    vi.useRealTimers();
    await waitFor(() => expect(net.callsTo(LOAN_PATHS.confirmDetail)).toHaveLength(2));
    expect(net.callsTo(LOAN_PATHS.confirmDetail)[1]!.body).toMatchObject({ amount: 7_700_000 });
    await waitFor(() => expect(keyFactRows()[0]).toEqual(['Loan amount', '₹77,000']));
    expect(document.activeElement).toBe(amount);
  });

  it('at the largest amount + is unavailable; − is not', async () => {
    network();
    renderAt(routes, CONFIRM);
    await loaded();
    expect(screen.getByRole('button', { name: '+₹1,000' }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('button', { name: '−₹1,000' }).getAttribute('aria-disabled')).toBeNull();
  });

  it('a typed amount is asked for on Enter, and only once', async () => {
    const net = network();
    const user = userEvent.setup();
    renderAt(routes, CONFIRM);
    await loaded();
    const amount = screen.getByRole('spinbutton', { name: 'Loan amount' });
    await user.click(amount);
    await user.keyboard('30000');
    await new Promise((resolve) => setTimeout(resolve, AMOUNT_SETTLE_MS + 50));
    expect(net.callsTo(LOAN_PATHS.confirmDetail)).toHaveLength(1);
    expect(confirmButton().disabled).toBe(true);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(keyFactRows()[0]).toEqual(['Loan amount', '₹30,000']));
    expect(net.callsTo(LOAN_PATHS.confirmDetail).map((c) => c.body.amount)).toEqual([undefined, 3_000_000]);
    expect(amount).not.toBe(document.activeElement);
  });

  it('a typed amount is asked for when the field is left, on the product’s steps and within its range', async () => {
    const net = network();
    const user = userEvent.setup();
    renderAt(routes, CONFIRM);
    await loaded();
    const amount = screen.getByRole('spinbutton', { name: 'Loan amount' });
    await user.click(amount);
    await user.clear(amount);
    await user.type(amount, '12345');
    expect(net.callsTo(LOAN_PATHS.confirmDetail)).toHaveLength(1);
    await user.tab();
    await waitFor(() => expect(net.callsTo(LOAN_PATHS.confirmDetail)).toHaveLength(2));
    expect(net.callsTo(LOAN_PATHS.confirmDetail)[1]!.body).toMatchObject({ amount: 1_200_000 });
    await waitFor(() => expect(keyFactRows()[0]).toEqual(['Loan amount', '₹12,000']));
  });

  it('a refused new amount: the server’s words, and the loan on screen stays the one to confirm', async () => {
    const net = network({
      [LOAN_PATHS.confirmDetail]: ({ body }) =>
        body.periods === 91
          ? reply({ code: '400', data: null, message: 'This term is not offered today.' }, 400)
          : ok(quoteOf(body)),
    });
    const user = userEvent.setup();
    const { router } = renderAt(routes, CONFIRM);
    await loaded();
    await user.click(screen.getByRole('radio', { name: '91 days' }));
    await waitFor(() => expect(toasts).toEqual(['This term is not offered today.']), { timeout: 4000 });
    await waitFor(() => expect(confirmButton().disabled).toBe(false));
    expect(router.state.location.search).toBe('?productId=7');
    expect((screen.getByRole('radio', { name: '180 days' }) as HTMLInputElement).checked).toBe(true);
    expect(keyFactRows()[3]).toEqual(['Interest', '₹11,520']);
    await user.click(confirmButton());
    await waitFor(() => expect(net.callsTo(LOAN_PATHS.push)).toHaveLength(1));
    expect(net.callsTo(LOAN_PATHS.push)[0]!.body).toMatchObject({ amount: PRODUCT.amountMax, periods: 180 });
  });

  it('another amount or term is another loan: it gets a key of its own', async () => {
    const net = network({ [LOAN_PATHS.push]: () => NETWORK_DOWN });
    const user = userEvent.setup();
    renderAt(routes, CONFIRM);
    await loaded();
    await user.click(confirmButton());
    await waitFor(() => expect(net.callsTo(LOAN_PATHS.push)).toHaveLength(1));
    await user.click(screen.getByRole('radio', { name: '120 days' }));
    await waitFor(() => expect(keyFactRows()[3]).toEqual(['Interest', '₹7,680']));
    await waitFor(() => expect(confirmButton().disabled).toBe(false));
    await user.click(confirmButton());
    await waitFor(() => expect(net.callsTo(LOAN_PATHS.push)).toHaveLength(2));
    const [a, b] = net.callsTo(LOAN_PATHS.push).map((c) => c.body.requestKey as string);
    expect(b).toMatch(REQUEST_KEY_PATTERN);
    expect(b).not.toBe(a);
    // Back to the first choice: its key again.
    await user.click(screen.getByRole('radio', { name: '180 days' }));
    await waitFor(() => expect(keyFactRows()[3]).toEqual(['Interest', '₹11,520']));
    await waitFor(() => expect(confirmButton().disabled).toBe(false));
    await user.click(confirmButton());
    await waitFor(() => expect(net.callsTo(LOAN_PATHS.push)).toHaveLength(3));
    expect(net.callsTo(LOAN_PATHS.push)[2]!.body.requestKey).toBe(a);
  });
});
