import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOAN_PATHS } from '../../../shared/contract/constants.ts';
import { H5_PATHS } from '../../../shared/routes.ts';
import { setSessionParams } from '../../lib/session-params.ts';
import { JointLoginFailPage } from './joint-login-fail-page.tsx';
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

const realFetch = globalThis.fetch;
const FORM = 'application/x-www-form-urlencoded';
const PAGE = {
  title: 'Sign-in to QuickCash failed',
  description: 'QuickCash could not verify your account. Try one of these instead.',
  list: [product(21), product(22), product(23), product(24, { buttonStatus: 0, buttonText: 'Full today' })],
};

function routes() {
  return [
    { path: H5_PATHS.jointLoginFail, element: <JointLoginFailPage /> },
    { path: H5_PATHS.loanConfirm, element: <Marker name="loan confirm" /> },
  ];
}

function stubStand(jump: () => Response = () => ok00({ url: 'https://partner.example/go' }), page = PAGE) {
  return stubFetch({
    [LOAN_PATHS.standList]: () => ok00(page),
    [LOAN_PATHS.standClick]: () => ok00(null),
    [LOAN_PATHS.standJump]: jump,
  });
}

let toasts: string[];
let assign: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  toasts = captureToasts();
  setSessionParams({ market: 'ID', deviceId: 'dev-2', token: 'SECRET-TOKEN' });
  assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
});

afterEach(() => {
  globalThis.fetch = realFetch;
  removeNativeShell();
  setSessionParams({});
  assign.mockRestore();
});

describe('JointLoginFailPage', () => {
  it("asks for the list form-encoded and shows the server's notice and the cards", async () => {
    const net = stubStand();
    renderAt(routes(), `${H5_PATHS.jointLoginFail}?scene=joint_home`);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sign-in unsuccessful');
    expect(document.querySelector('[aria-busy="true"] .skeleton')).toBeTruthy();
    expect(await screen.findByText('Sign-in to QuickCash failed')).toBeTruthy();
    expect(
      screen.getByText('QuickCash could not verify your account. Try one of these instead.'),
    ).toBeTruthy();
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(4);
    expect(cards.map((c) => within(c).queryAllByText(/^Tag /).length)).toEqual([2, 2, 0, 0]);
    const [list] = net.callsTo(LOAN_PATHS.standList);
    expect(list!.method).toBe('POST');
    expect(list!.headers['content-type']).toBe(FORM);
    expect(list!.raw).toBe('scene=joint_home');
  });

  it('is in Indonesian for an Indonesian borrower', async () => {
    stubStand();
    renderAt(routes(), H5_PATHS.jointLoginFail, 'id');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Gagal masuk');
    expect(document.title).toBe('Gagal masuk');
    expect(await screen.findByRole('heading', { level: 2, name: 'Anda juga dapat mengajukan' })).toBeTruthy();
  });

  it('records the click and goes to the product, both form-encoded, when the jump answers 00', async () => {
    const net = stubStand();
    const user = userEvent.setup();
    renderAt(routes(), `${H5_PATHS.jointLoginFail}?scene=fudai_home`);
    const second = (await screen.findAllByRole('article'))[1]!;
    await user.click(within(second).getByRole('button', { name: 'Apply now' }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(net.calls.map((c) => c.path)).toEqual([
      LOAN_PATHS.standList,
      LOAN_PATHS.standClick,
      LOAN_PATHS.standJump,
    ]);
    const [click] = net.callsTo(LOAN_PATHS.standClick);
    expect(click!.headers['content-type']).toBe(FORM);
    expect(click!.raw).toBe('productId=22&position=1');
    const [jump] = net.callsTo(LOAN_PATHS.standJump);
    expect(jump!.headers['content-type']).toBe(FORM);
    // Module of the scene (fudai: 302) and the card's place.
    expect(jump!.raw).toBe('productId=22&moduleId=302&position=1');
    const target = new URL(assign.mock.calls[0]![0] as string);
    expect(target.host).toBe('partner.example');
    expect(target.searchParams.get('deviceId')).toBe('dev-2');
    expect(target.searchParams.has('token')).toBe(false);
    expect(toasts).toEqual([]);
  });

  it('opens a path of ours in the app and anything else through the bridge', async () => {
    let url = '/loanConfirm?productId=21';
    stubStand(() => ok00({ url }));
    const shell = fakeNativeShell();
    const user = userEvent.setup();
    const { router } = renderAt(routes(), H5_PATHS.jointLoginFail);
    const buttons = await screen.findAllByRole('button', { name: 'Apply now' });
    url = 'productDetail?productId=22';
    await user.click(buttons[1]!);
    await waitFor(() =>
      expect(shell.messages()).toEqual([{ type: 'to', url: 'productDetail?productId=22' }]),
    );
    url = '/loanConfirm?productId=21';
    await user.click(buttons[0]!);
    expect((await screen.findByTestId('marker')).textContent).toBe('loan confirm');
    expect(new URLSearchParams(router.state.location.search).get('productId')).toBe('21');
    expect(assign).not.toHaveBeenCalled();
  });

  it("toasts the server's message when the jump answers anything but success, and opens nothing", async () => {
    stubStand(() =>
      reply({ code: '1', data: { url: 'https://partner.example/go' }, message: 'Product offline.' }),
    );
    const shell = fakeNativeShell();
    const user = userEvent.setup();
    renderAt(routes(), H5_PATHS.jointLoginFail);
    await user.click((await screen.findAllByRole('button', { name: 'Apply now' }))[0]!);
    await waitFor(() => expect(toasts).toEqual(['Product offline.']));
    expect(assign).not.toHaveBeenCalled();
    expect(shell.postMessage).not.toHaveBeenCalled();
  });

  it('does nothing on a disabled card, and goes once for a double tap', async () => {
    const net = stubStand();
    const user = userEvent.setup();
    renderAt(routes(), H5_PATHS.jointLoginFail);
    await user.click(await screen.findByRole('button', { name: 'Full today' }));
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(net.calls.map((c) => c.path)).toEqual([LOAN_PATHS.standList]);
    await user.dblClick(screen.getAllByRole('button', { name: 'Apply now' })[0]!);
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(net.callsTo(LOAN_PATHS.standJump)).toHaveLength(1);
    expect(net.callsTo(LOAN_PATHS.standClick)).toHaveLength(1);
  });

  it('offers the way home when there is nothing else to apply for', async () => {
    stubStand(undefined, { ...PAGE, list: [] });
    const shell = fakeNativeShell();
    const user = userEvent.setup();
    renderAt(routes(), H5_PATHS.jointLoginFail);
    expect(await screen.findByText('Sign-in to QuickCash failed')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back to Home' }));
    expect(shell.messages()).toEqual([{ type: 'goHome' }]);
  });

  it('shows a failed load with a retry', async () => {
    let fail = true;
    const net = stubFetch({
      [LOAN_PATHS.standList]: () =>
        fail ? reply({ code: '2', data: null, message: 'Please try later.' }) : ok00(PAGE),
    });
    const user = userEvent.setup();
    renderAt(routes(), H5_PATHS.jointLoginFail);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This page could not be loaded. Please try later.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByRole('article')).toHaveLength(4);
    expect(net.callsTo(LOAN_PATHS.standList)).toHaveLength(2);
  });
});
