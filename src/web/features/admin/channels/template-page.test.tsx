import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHANNELS_ADMIN_PATHS } from '../../../../shared/contract/channels-admin.ts';
import type { AdminTemplate } from '../../../../shared/contract/channels-admin-schema.ts';
import { CSRF_HEADER } from '../../../../shared/contract/constants.ts';
import { setupAntdMobile } from '../../../ui/antd-setup.ts';
import { ADMIN_ROUTES } from '../admin-paths.ts';
import {
  agentSession,
  CSRF,
  captureToasts,
  type FetchCall,
  Marker,
  ok,
  renderAt,
  reply,
  stubFetch,
} from '../admin-test-kit.tsx';
import { funnelData, idTemplate, inTemplate } from './channels-test-kit.ts';
import { NewTemplatePage, TemplatePage } from './template-page.tsx';

const realFetch = globalThis.fetch;
const routes = [
  { path: ADMIN_ROUTES.channels, element: <Marker name="channels" /> },
  { path: `${ADMIN_ROUTES.channels}/new`, Component: NewTemplatePage },
  { path: `${ADMIN_ROUTES.channels}/:id`, Component: TemplatePage },
];

let toasts: string[];
beforeAll(() => setupAntdMobile('en'));
beforeEach(() => {
  toasts = captureToasts();
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

function network(
  template: AdminTemplate,
  {
    put,
    post,
    get,
  }: { put?: (c: FetchCall) => Response; post?: (c: FetchCall) => Response; get?: () => Response } = {},
) {
  return stubFetch({
    [`GET ${CHANNELS_ADMIN_PATHS.one(template.id)}`]: get ?? (() => ok(template)),
    [`GET ${CHANNELS_ADMIN_PATHS.one(31)}`]: () => ok(idTemplate({ id: 31, name: 'Brand new' })),
    [`PUT ${CHANNELS_ADMIN_PATHS.one(template.id)}`]:
      put ??
      ((call) => {
        const { version: _v, ...fields } = call.body as Record<string, unknown>;
        return ok({ ...template, ...fields, updatedAt: '2026-11-21T00:00:00.000Z' });
      }),
    [`POST ${CHANNELS_ADMIN_PATHS.list}`]:
      post ?? ((call) => ok({ ...idTemplate(), ...(call.body as object), id: 31, enabled: false })),
    [`GET ${CHANNELS_ADMIN_PATHS.list}`]: () => ok({ items: [], more: false }),
    [`GET ${CHANNELS_ADMIN_PATHS.funnel}`]: () => ok(funnelData()),
  });
}

const field = (name: string | RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const loaded = () => screen.findByRole('button', { name: /^(Save|Simpan)$/ });
const phone = () =>
  screen.getByRole('figure', { name: /Preview of the landing page|Pratinjau halaman landing/ });

async function retype(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.clear(input);
  if (text) await user.type(input, text);
}

describe('TemplatePage (editing)', () => {
  it('shows the template with its public link, previews edits at once, and saves with the version it loaded', async () => {
    const net = network(inTemplate());
    const user = userEvent.setup();
    renderAt(routes, ADMIN_ROUTES.channel(5));
    expect(await screen.findByRole('heading', { level: 1, name: 'Template “Diwali partners”' })).toBeTruthy();
    await loaded();
    expect(screen.getByText('Its page is live: a saved change shows to the next visitor.')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /\/promotion\?id=5/ })[0]!.getAttribute('href')).toBe(
      '/promotion?id=5',
    );
    expect(field('Headline').value).toBe('Loans up to ₹50,000 in 2 hours');
    expect(screen.getByText('30 of 80 characters')).toBeTruthy();
    expect(field('Primary colour').value).toBe('#087a50');

    // The preview: the market's language (India: English), the drawn banner, the template's colours.
    expect(phone().getAttribute('lang')).toBe('en');
    expect(within(phone()).getByText('Instant loans from Kredito')).toBeTruthy();
    expect(phone().style.getPropertyValue('--preview-primary')).toBe('#087a50');

    await retype(user, field('Headline'), 'Diwali offer: 0% for 7 days');
    await retype(user, field('Primary colour'), '#05603F');
    expect(within(phone()).getByText('Diwali offer: 0% for 7 days')).toBeTruthy();
    expect(phone().style.getPropertyValue('--preview-primary')).toBe('#05603F');
    await retype(user, field('App Store link'), ' https://apps.apple.com/in/app/kredito/id1 ');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(toasts).toEqual(['Template saved.']));
    const put = net.callsTo(CHANNELS_ADMIN_PATHS.one(5), 'PUT')[0]!;
    expect(put.headers[CSRF_HEADER]).toBe(CSRF);
    expect(put.body).toEqual({
      name: 'Diwali partners',
      appName: 'Kredito',
      headline: 'Diwali offer: 0% for 7 days',
      subline: 'Register with your mobile number.',
      bannerUrl: '',
      androidUrl: 'https://play.google.com/store/apps/details?id=in.kredito.app',
      iosUrl: 'https://apps.apple.com/in/app/kredito/id1',
      theme: { primary: '#05603F', background: '#e8f8f1' },
      version: '2026-11-20T04:30:00.123Z',
    });
    // The next save names the version this one made.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(net.callsTo(CHANNELS_ADMIN_PATHS.one(5), 'PUT')).toHaveLength(2));
    expect(net.callsTo(CHANNELS_ADMIN_PATHS.one(5), 'PUT')[1]!.body.version).toBe('2026-11-21T00:00:00.000Z');
  });

  it('says what is wrong at each field once left, and on save takes the operator to the first one; nothing sent', async () => {
    const net = network(inTemplate());
    const user = userEvent.setup();
    renderAt(routes, ADMIN_ROUTES.channel(5));
    await loaded();
    await retype(user, field('Primary colour'), '#0DCC86');
    // Not yet: the operator is still typing.
    expect(screen.queryByText(/White text on the primary colour/)).toBeNull();
    await user.tab();
    const primary = field('Primary colour');
    expect(primary.getAttribute('aria-invalid')).toBe('true');
    const message = document.getElementById(primary.getAttribute('aria-describedby')!.split(' ')[0]!)!;
    expect(message.textContent).toBe(
      'White text on the primary colour #0dcc86 is hard to read: the contrast is 2.1:1, and at least 4.5:1 is needed. Choose a darker colour.',
    );
    // The preview keeps the brand's colour, as the landing would.
    expect(phone().style.getPropertyValue('--preview-primary')).toBe('');

    await retype(user, field('Headline'), '\u200b');
    await retype(user, field('Banner picture'), 'https://cdn.example/banner.png');
    await retype(user, field('Google Play link'), 'http://play.google.com/x');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Please correct the fields marked.')).toBeTruthy();
    expect(document.activeElement).toBe(field('Headline'));
    expect(screen.getByText('Write a headline.')).toBeTruthy();
    expect(screen.getByText(/^The banner must be a picture on our own site/)).toBeTruthy();
    expect(screen.getByText(/^The Google Play link must be a full https address/)).toBeTruthy();
    expect(net.callsTo(CHANNELS_ADMIN_PATHS.one(5), 'PUT')).toHaveLength(0);

    // Fixed: its message goes as it is typed.
    await retype(user, field('Headline'), 'Fixed');
    expect(screen.queryByText('Write a headline.')).toBeNull();
    expect(field('Headline').getAttribute('aria-invalid')).toBeNull();
  });

  it('picks a colour with the system picker into the same field', async () => {
    network(inTemplate());
    renderAt(routes, ADMIN_ROUTES.channel(5));
    await loaded();
    fireEvent.input(screen.getByLabelText('Background colour: choose'), { target: { value: '#fff8e1' } });
    expect(field('Background colour').value).toBe('#fff8e1');
    expect(phone().style.getPropertyValue('--preview-background')).toBe('#fff8e1');
  });

  it('shows the server’s refusal at the form', async () => {
    const refusal = 'The template needs changing. Write a headline.';
    network(inTemplate(), { put: () => reply({ code: '400', data: null, message: refusal }, 400) });
    const user = userEvent.setup();
    renderAt(routes, ADMIN_ROUTES.channel(5));
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(document.activeElement?.textContent).toBe(refusal));
    expect(document.activeElement?.getAttribute('role')).toBe('alert');
    expect(toasts).toEqual([]);
  });

  it('on a 409 says someone else changed it, and loads their version when asked', async () => {
    const conflict =
      'Someone changed this template after you opened it. Load the latest version, then make your change again.';
    let version = inTemplate();
    network(inTemplate(), {
      get: () => ok(version),
      put: () => reply({ code: '409', data: null, message: conflict }, 409),
    });
    const user = userEvent.setup();
    renderAt(routes, ADMIN_ROUTES.channel(5));
    await loaded();
    await retype(user, field('Headline'), 'Mine');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(document.activeElement?.textContent).toBe(conflict));
    version = inTemplate({ headline: 'Theirs', updatedAt: '2026-11-22T00:00:00.000Z' });
    await user.click(screen.getByRole('button', { name: 'Load the latest version' }));
    await waitFor(() => expect(field('Headline').value).toBe('Theirs'));
    expect(screen.queryByText(conflict)).toBeNull();
  });

  it('gives an agent the template to read, without saving', async () => {
    network(inTemplate());
    renderAt(routes, ADMIN_ROUTES.channel(5), { session: agentSession() });
    await screen.findByRole('heading', { level: 1, name: 'Template “Diwali partners”' });
    await waitFor(() => expect(field('Headline').closest('fieldset[disabled]')).not.toBeNull());
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByText('Only administrators change templates.')).toBeTruthy();
    expect((screen.getByRole('switch', { name: /Diwali partners/ }) as HTMLInputElement).disabled).toBe(true);
  });

  it('says a template of another market is not theirs, and an unknown one does not exist', async () => {
    stubFetch({
      [CHANNELS_ADMIN_PATHS.one(9)]: () =>
        reply({ code: '40301', data: null, message: 'This template belongs to another market.' }, 403),
      [CHANNELS_ADMIN_PATHS.one(77)]: () => reply({ code: '404', data: null, message: 'Not found.' }, 404),
    });
    const first = renderAt(routes, ADMIN_ROUTES.channel(9), { session: agentSession() });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This template belongs to another market, which you do not work on.',
    );
    first.unmount();
    renderAt(routes, ADMIN_ROUTES.channel(77));
    expect((await screen.findByRole('alert')).textContent).toBe('This template does not exist.');
  });

  it('speaks Indonesian, and previews an Indonesian template in Indonesian', async () => {
    network(idTemplate());
    const user = userEvent.setup();
    renderAt(routes, ADMIN_ROUTES.channel(9), { lang: 'id' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Templat “Mitra Lebaran”' })).toBeTruthy();
    await loaded();
    expect(
      screen.getByText('Halamannya nonaktif: pengunjung diberi tahu bahwa penawaran tidak berlaku.'),
    ).toBeTruthy();
    expect(phone().getAttribute('lang')).toBe('id');
    expect(within(phone()).getByText('Pinjaman cepat dari Kredito')).toBeTruthy();
    expect(within(phone()).getByText('Daftar')).toBeTruthy();
    await retype(user, field('Warna latar'), '#8a9a94');
    await user.tab();
    expect(
      screen.getByText(
        'Teks abu-abu di atas warna latar #8a9a94 sulit dibaca: kontrasnya 2.4:1, padahal minimal 4.5:1. Pilih warna yang lebih terang.',
      ),
    ).toBeTruthy();
  });
});

describe('NewTemplatePage', () => {
  it('creates a template in the chosen market with the brand colours, then opens it', async () => {
    const net = network(inTemplate());
    const user = userEvent.setup();
    const { router } = renderAt(routes, ADMIN_ROUTES.newChannel('ID'));
    expect(await screen.findByRole('heading', { level: 1, name: 'New landing template' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Indonesia' }) as HTMLInputElement).checked).toBe(true);
    expect(field('Primary colour').value).toBe('#087a50');
    expect(within(phone()).getByText('Pinjaman cepat dari Kredito')).toBeTruthy();
    await user.type(field('Name'), 'Mitra Lebaran');
    await user.type(field('Headline'), 'Pinjaman hingga Rp 5 juta');
    await user.type(field('Banner picture'), '/images/lebaran.webp');
    await user.click(screen.getByRole('button', { name: 'Create template' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(ADMIN_ROUTES.channel(31)));
    expect(toasts).toEqual(['Template created. Its page stays offline until you put it live.']);
    // The new template's page, with its funnel (every call answered before the test lets go of fetch).
    expect(await screen.findByRole('heading', { level: 1, name: 'Template “Brand new”' })).toBeTruthy();
    expect(await screen.findByText(/^Totals, /)).toBeTruthy();
    const post = net.callsTo(CHANNELS_ADMIN_PATHS.list, 'POST')[0]!;
    expect(post.headers[CSRF_HEADER]).toBe(CSRF);
    expect(post.body).toEqual({
      market: 'ID',
      name: 'Mitra Lebaran',
      appName: 'Kredito',
      headline: 'Pinjaman hingga Rp 5 juta',
      subline: '',
      bannerUrl: '/images/lebaran.webp',
      androidUrl: '',
      iosUrl: '',
      theme: { primary: '#087a50', background: '#e8f8f1' },
    });
  });

  it('needs a name and a headline before it sends anything', async () => {
    const net = network(inTemplate());
    const user = userEvent.setup();
    renderAt(routes, ADMIN_ROUTES.newChannel());
    await screen.findByRole('button', { name: 'Create template' });
    await user.click(screen.getByRole('button', { name: 'Create template' }));
    expect(document.activeElement).toBe(field('Name'));
    expect(screen.getByText('Give the template a name.')).toBeTruthy();
    expect(screen.getByText('Write a headline.')).toBeTruthy();
    expect(net.callsTo(CHANNELS_ADMIN_PATHS.list, 'POST')).toHaveLength(0);
  });

  it('is for administrators only', async () => {
    network(inTemplate());
    renderAt(routes, ADMIN_ROUTES.newChannel(), { session: agentSession() });
    expect((await screen.findByRole('alert')).textContent).toBe('Only administrators change templates.');
    expect(screen.queryByRole('button', { name: 'Create template' })).toBeNull();
  });
});
