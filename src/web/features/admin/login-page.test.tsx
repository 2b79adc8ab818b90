import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setupAntdMobile } from '../../ui/antd-setup.ts';
import { ADMIN_PATHS, adminKeys } from './admin-api.ts';
import { ADMIN_ROUTES, safeNext } from './admin-paths.ts';
import { adminSession, captureToasts, Marker, ok, renderAt, reply, stubFetch } from './admin-test-kit.tsx';
import { LoginPage } from './login-page.tsx';

const realFetch = globalThis.fetch;
const routes = [
  { path: ADMIN_ROUTES.login, Component: LoginPage },
  { path: ADMIN_ROUTES.complaints, element: <Marker name="queue" /> },
  { path: ADMIN_ROUTES.messages, element: <Marker name="messages" /> },
];

let toasts: string[];
beforeAll(() => setupAntdMobile('en'));
beforeEach(() => {
  toasts = captureToasts();
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

const email = () => screen.getByLabelText('E-mail');
const password = () => screen.getByLabelText('Password');
// While sending, antd's button reads "Signing in…".
const submit = () => screen.getByRole('button', { name: /^Sign(ing)? in/ });

describe('LoginPage', () => {
  it('shows the server message when sign-in fails, and stays', async () => {
    const net = stubFetch({
      [ADMIN_PATHS.login]: () =>
        reply({ code: '401', data: null, message: 'The e-mail or password is not right.' }, 401),
    });
    const user = userEvent.setup();
    const { router } = renderAt(routes, ADMIN_ROUTES.login, { session: null });
    await user.type(email(), 'admin@kredito.test');
    await user.type(password(), 'wrong');
    await user.click(submit());
    expect(await screen.findByText('The e-mail or password is not right.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('The e-mail or password is not right.');
    expect(router.state.location.pathname).toBe(ADMIN_ROUTES.login);
    expect(net.callsTo(ADMIN_PATHS.login)[0]!.body).toEqual({
      email: 'admin@kredito.test',
      password: 'wrong',
    });
    // Shown in the form, not a second time as a toast.
    expect(toasts).toEqual([]);
    expect(submit().hasAttribute('disabled')).toBe(false);
  });

  it('shows the lock-out message the server sends', async () => {
    stubFetch({
      [ADMIN_PATHS.login]: () =>
        reply(
          {
            code: '429',
            data: null,
            message: 'Too many failed sign-ins. This account is locked for 15 minutes.',
          },
          429,
        ),
    });
    const user = userEvent.setup();
    renderAt(routes, ADMIN_ROUTES.login, { session: null });
    await user.type(email(), 'admin@kredito.test');
    await user.type(password(), 'x');
    await user.click(submit());
    expect(
      await screen.findByText('Too many failed sign-ins. This account is locked for 15 minutes.'),
    ).toBeTruthy();
  });

  it('is disabled while sending, then goes to the queue and keeps the session', async () => {
    let answer: (r: Response) => void = () => {};
    const net = stubFetch({
      [ADMIN_PATHS.login]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const user = userEvent.setup();
    const { router, queryClient } = renderAt(routes, ADMIN_ROUTES.login, { session: null });
    await user.type(email(), ' admin@kredito.test ');
    await user.type(password(), 'Admin!2345');
    await user.click(submit());
    await waitFor(() => expect(submit().hasAttribute('disabled')).toBe(true));
    expect((email() as HTMLInputElement).disabled).toBe(true);
    // A second submit while the first is in flight sends nothing more.
    await user.keyboard('{Enter}');
    expect(net.callsTo(ADMIN_PATHS.login)).toHaveLength(1);
    answer(ok(adminSession()));
    await waitFor(() => expect(router.state.location.pathname).toBe(ADMIN_ROUTES.complaints));
    expect((await screen.findByTestId('marker')).textContent).toBe('queue');
    expect(net.callsTo(ADMIN_PATHS.login)[0]!.body.email).toBe('admin@kredito.test');
    expect(queryClient.getQueryData(adminKeys.session)).toEqual(adminSession());
  });

  it('returns to the page the operator was sent away from', async () => {
    stubFetch({ [ADMIN_PATHS.login]: () => ok(adminSession()) });
    const user = userEvent.setup();
    const { router } = renderAt(routes, `${ADMIN_ROUTES.login}?next=%2Fadmin%2Fmessages`, { session: null });
    await user.type(email(), 'admin@kredito.test');
    await user.type(password(), 'Admin!2345');
    await user.click(submit());
    await waitFor(() => expect(router.state.location.pathname).toBe(ADMIN_ROUTES.messages));
  });

  it('asks for what is missing without calling the server', async () => {
    const net = stubFetch({});
    const user = userEvent.setup();
    renderAt(routes, ADMIN_ROUTES.login, { session: null });
    await user.click(submit());
    expect(screen.getByRole('alert').textContent).toBe('Please enter your e-mail.');
    await user.type(email(), 'admin@kredito.test');
    await user.click(submit());
    expect(screen.getByRole('alert').textContent).toBe('Please enter your password.');
    expect(net.calls).toHaveLength(0);
  });

  it('speaks Indonesian', async () => {
    stubFetch({});
    renderAt(routes, ADMIN_ROUTES.login, { session: null, lang: 'id' });
    expect(screen.getByRole('heading', { level: 1, name: 'Masuk' })).toBeTruthy();
    expect(screen.getByLabelText('Kata sandi')).toBeTruthy();
  });
});

describe('safeNext', () => {
  it('only follows back-office paths', () => {
    expect(safeNext('/admin/complaints/7?x=1')).toBe('/admin/complaints/7?x=1');
    expect(safeNext('/admin')).toBe('/admin');
    for (const bad of [
      null,
      '',
      '//evil.example',
      'https://evil.example',
      '/administrator',
      '/admin\\evil',
      '/admin/login',
    ]) {
      expect(safeNext(bad), String(bad)).toBe(ADMIN_ROUTES.complaints);
    }
  });
});
