import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOAN_PATHS } from '../../../shared/contract/constants.ts';
import { H5_PATHS } from '../../../shared/routes.ts';
import { setSessionParams } from '../../lib/session-params.ts';
import {
  captureToasts,
  fakeNativeShell,
  Marker,
  ok00,
  product,
  removeNativeShell,
  renderAt,
  reply,
  stubFetch,
} from './products-test-kit.tsx';
import { RelevantPage } from './relevant-page.tsx';

const realFetch = globalThis.fetch;
const LIST = [
  product(11),
  product(12),
  product(13),
  product(14, { buttonStatus: 0, buttonText: 'Full today' }),
];

function routes() {
  return [
    { path: H5_PATHS.relevant, element: <RelevantPage /> },
    { path: H5_PATHS.loanConfirm, element: <Marker name="loan confirm" /> },
  ];
}

function stubProducts(applyUrl = 'https://partner.example/apply?ref=1', list = LIST) {
  return stubFetch({
    [LOAN_PATHS.recommendList]: () => ok00(list),
    [LOAN_PATHS.pageEvent]: () => ok00(null),
    [LOAN_PATHS.apply]: () => ok00({ url: applyUrl }),
  });
}

let toasts: string[];
let assign: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  toasts = captureToasts();
  setSessionParams({ market: 'IN', deviceId: 'dev-1', token: 'SECRET-TOKEN', gid: 'g1' });
  assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
});

afterEach(() => {
  globalThis.fetch = realFetch;
  removeNativeShell();
  setSessionParams({});
  assign.mockRestore();
});

describe('RelevantPage', () => {
  it('draws its titled frame with placeholders, then the cards, tags on the first two only', async () => {
    const net = stubProducts();
    renderAt(routes(), H5_PATHS.relevant);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Special Offers');
    expect(document.title).toBe('Special Offers');
    expect(document.querySelector('[aria-busy="true"] .skeleton')).toBeTruthy();
    const cards = await screen.findAllByRole('article');
    expect(cards.map((c) => within(c).getByText(/^Product/).textContent)).toEqual([
      'Product 11',
      'Product 12',
      'Product 13',
      'Product 14',
    ]);
    expect(cards.map((c) => within(c).queryAllByText(/^Tag /).length)).toEqual([2, 2, 0, 0]);
    // The list call: POST, no scene when the address has none, the common params in the query.
    const [list] = net.callsTo(LOAN_PATHS.recommendList);
    expect(list!.method).toBe('POST');
    expect(list!.body).toEqual({});
    expect(list!.query.get('deviceId')).toBe('dev-1');
  });

  it('is in Indonesian for an Indonesian borrower', async () => {
    stubProducts();
    renderAt(routes(), H5_PATHS.relevant, 'id');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Pengajuan Khusus');
    expect(document.title).toBe('Pengajuan Khusus');
    expect(await screen.findAllByRole('article')).toHaveLength(4);
  });

  it('records the tap (module 300, the card index) and then applies', async () => {
    const net = stubProducts();
    const user = userEvent.setup();
    renderAt(routes(), H5_PATHS.relevant);
    const third = (await screen.findAllByRole('article'))[2]!;
    await user.click(within(third).getByRole('button', { name: 'Apply now' }));
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(net.calls.map((c) => c.path)).toEqual([
      LOAN_PATHS.recommendList,
      LOAN_PATHS.pageEvent,
      LOAN_PATHS.apply,
    ]);
    expect(net.callsTo(LOAN_PATHS.pageEvent)[0]!.body).toEqual({
      productId: 13,
      moduleId: 300,
      positionId: 2,
    });
    expect(net.callsTo(LOAN_PATHS.apply)[0]!.body).toEqual({ product_id: 13, module_id: 300 });
  });

  it.each([
    ['banner_jingzhun', 301],
    ['popup_jingzhun', 301],
    ['fudai_home', 302],
    ['home_list', 300],
  ])('reports module %s → %i and sends the scene with the application', async (scene, moduleId) => {
    const net = stubProducts();
    const user = userEvent.setup();
    renderAt(routes(), `${H5_PATHS.relevant}?scene=${scene}`);
    const first = (await screen.findAllByRole('article'))[0]!;
    await user.click(within(first).getByRole('button', { name: 'Apply now' }));
    await waitFor(() => expect(net.callsTo(LOAN_PATHS.apply)).toHaveLength(1));
    expect(net.callsTo(LOAN_PATHS.recommendList)[0]!.body).toEqual({ scene });
    expect(net.callsTo(LOAN_PATHS.pageEvent)[0]!.body).toEqual({ productId: 11, moduleId, positionId: 0 });
    expect(net.callsTo(LOAN_PATHS.apply)[0]!.body).toEqual({ product_id: 11, module_id: moduleId, scene });
  });

  it('does nothing at all on a card whose button is disabled (buttonStatus 0)', async () => {
    const net = stubProducts();
    const shell = fakeNativeShell();
    const user = userEvent.setup();
    renderAt(routes(), H5_PATHS.relevant);
    const button = await screen.findByRole('button', { name: 'Full today' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    await user.click(button);
    await user.dblClick(button);
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(net.calls.map((c) => c.path)).toEqual([LOAN_PATHS.recommendList]);
    expect(toasts).toEqual([]);
    expect(shell.postMessage).not.toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
  });

  it('sends the page to an http(s) URL with the session params, never the token', async () => {
    stubProducts('https://partner.example/apply?ref=1');
    const user = userEvent.setup();
    renderAt(routes(), H5_PATHS.relevant);
    await user.click((await screen.findAllByRole('button', { name: 'Apply now' }))[0]!);
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    const target = new URL(assign.mock.calls[0]![0] as string);
    expect(`${target.origin}${target.pathname}`).toBe('https://partner.example/apply');
    expect(Object.fromEntries(target.searchParams)).toEqual({
      ref: '1',
      market: 'IN',
      deviceId: 'dev-1',
      gid: 'g1',
    });
  });

  it('opens a path of ours in the app, keeping the session params', async () => {
    stubProducts('/loanConfirm?productId=11');
    const user = userEvent.setup();
    const { router } = renderAt(routes(), H5_PATHS.relevant);
    await user.click((await screen.findAllByRole('button', { name: 'Apply now' }))[0]!);
    expect((await screen.findByTestId('marker')).textContent).toBe('loan confirm');
    expect(router.state.location.pathname).toBe(H5_PATHS.loanConfirm);
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      productId: '11',
      market: 'IN',
      deviceId: 'dev-1',
      gid: 'g1',
    });
    expect(assign).not.toHaveBeenCalled();
  });

  it('hands any other target to the native app', async () => {
    stubProducts('productDetail?productId=11');
    const shell = fakeNativeShell();
    const user = userEvent.setup();
    renderAt(routes(), H5_PATHS.relevant);
    await user.click((await screen.findAllByRole('button', { name: 'Apply now' }))[0]!);
    await waitFor(() =>
      expect(shell.messages()).toEqual([{ type: 'to', url: 'productDetail?productId=11' }]),
    );
    expect(assign).not.toHaveBeenCalled();
  });

  it('applies once for a double tap', async () => {
    let answer: (r: Response) => void = () => {};
    const net = stubFetch({
      [LOAN_PATHS.recommendList]: () => ok00(LIST),
      [LOAN_PATHS.pageEvent]: () => ok00(null),
      [LOAN_PATHS.apply]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const user = userEvent.setup();
    renderAt(routes(), H5_PATHS.relevant);
    const cards = await screen.findAllByRole('article');
    const first = within(cards[0]!).getByRole('button', { name: 'Apply now' });
    await user.dblClick(first);
    // Another card while the first is answered: still one application.
    await user.click(within(cards[1]!).getByRole('button', { name: 'Apply now' }));
    expect(first.getAttribute('aria-busy')).toBe('true');
    answer(ok00({ url: 'https://partner.example/a' }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(net.callsTo(LOAN_PATHS.apply)).toHaveLength(1);
    expect(net.callsTo(LOAN_PATHS.pageEvent)).toHaveLength(1);
    // The page is leaving for the partner's site: a tap while it loads must not apply again…
    await user.click(first);
    expect(first.getAttribute('aria-busy')).toBe('true');
    expect(net.callsTo(LOAN_PATHS.apply)).toHaveLength(1);
    // …until the browser brings this page back from its back-forward cache.
    act(() => {
      // happy-dom's PageTransitionEvent drops `persisted`; a plain event carries it the same way.
      window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    });
    expect(first.getAttribute('aria-busy')).toBeNull();
    await user.click(first);
    await waitFor(() => expect(net.callsTo(LOAN_PATHS.apply)).toHaveLength(2));
  });

  it("toasts the server's message when the application is refused, and opens nothing", async () => {
    const net = stubFetch({
      [LOAN_PATHS.recommendList]: () => ok00(LIST),
      [LOAN_PATHS.pageEvent]: () => ok00(null),
      [LOAN_PATHS.apply]: () => reply({ code: '409', data: null, message: 'You already have a loan here.' }),
    });
    const shell = fakeNativeShell();
    const user = userEvent.setup();
    renderAt(routes(), H5_PATHS.relevant);
    const first = (await screen.findAllByRole('button', { name: 'Apply now' }))[0]!;
    await user.click(first);
    await waitFor(() => expect(toasts).toEqual(['You already have a loan here.']));
    expect(assign).not.toHaveBeenCalled();
    expect(shell.postMessage).not.toHaveBeenCalled();
    // The card is free again: the borrower may try once more.
    await waitFor(() => expect(first.getAttribute('aria-busy')).toBeNull());
    await user.click(first);
    await waitFor(() => expect(net.callsTo(LOAN_PATHS.apply)).toHaveLength(2));
  });

  it('says so when an accepted application has nowhere to go', async () => {
    stubProducts('');
    const user = userEvent.setup();
    renderAt(routes(), H5_PATHS.relevant);
    await user.click((await screen.findAllByRole('button', { name: 'Apply now' }))[0]!);
    await waitFor(() =>
      expect(toasts).toEqual(['This product cannot be opened right now. Please try again later.']),
    );
    expect(assign).not.toHaveBeenCalled();
  });

  it.each([
    ['en', 'Applications are full for today. Please apply again tomorrow.', 'Back to Home'],
    ['id', 'Pengajuan sudah penuh. Silakan ajukan kembali besok.', 'Kembali Ke Beranda'],
  ] as const)(
    '%s: an empty list says applications are full and goes back to the native home',
    async (lang, text, button) => {
      stubProducts('', []);
      const shell = fakeNativeShell();
      const user = userEvent.setup();
      renderAt(routes(), H5_PATHS.relevant, lang);
      expect(await screen.findByText(text)).toBeTruthy();
      expect(screen.queryByRole('article')).toBeNull();
      await user.click(screen.getByRole('button', { name: button }));
      expect(shell.messages()).toEqual([{ type: 'goHome' }]);
    },
  );

  it('shows a failed load with a retry that loads the list', async () => {
    let fail = true;
    const net = stubFetch({
      [LOAN_PATHS.recommendList]: () =>
        fail ? reply({ code: '500', data: null, message: 'Service busy.' }, 500) : ok00(LIST),
    });
    const user = userEvent.setup();
    renderAt(routes(), H5_PATHS.relevant);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The products could not be loaded. Service busy.');
    // Silent: the error state says it; a toast on top would say it twice.
    expect(toasts).toEqual([]);
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByRole('article')).toHaveLength(4);
    expect(net.callsTo(LOAN_PATHS.recommendList)).toHaveLength(2);
  });

  it('says the network is down when offline, and recovers on retry', async () => {
    const net = stubProducts();
    const working = net.fetchMock.getMockImplementation()!;
    net.fetchMock.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    const user = userEvent.setup();
    renderAt(routes(), H5_PATHS.relevant);
    const alert = await screen.findByRole('alert');
    expect(alert.querySelector('p')!.textContent).toBe(
      'The products could not be loaded. Network error. Please check your connection and try again.',
    );
    net.fetchMock.mockImplementation(working);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByRole('article')).toHaveLength(4);
  });
});
