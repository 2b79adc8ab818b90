import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
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
  XSS,
} from '../admin-test-kit.tsx';
import { ChannelsPage } from './channels-page.tsx';
import { idTemplate, inTemplate } from './channels-test-kit.ts';

const realFetch = globalThis.fetch;
const routes = [
  { path: ADMIN_ROUTES.channels, Component: ChannelsPage },
  { path: `${ADMIN_ROUTES.channels}/new`, element: <Marker name="new template" /> },
  { path: `${ADMIN_ROUTES.channels}/funnel`, element: <Marker name="market funnel" /> },
  { path: `${ADMIN_ROUTES.channels}/:id`, element: <Marker name="template" /> },
];

let toasts: string[];
beforeAll(() => setupAntdMobile('en'));
beforeEach(() => {
  toasts = captureToasts();
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** A server keeping both markets' templates, answering the switch as the real one does. */
function network({ enabled }: { enabled?: (call: FetchCall) => Response } = {}) {
  const saved: AdminTemplate[] = [inTemplate(), idTemplate()];
  return stubFetch({
    [`GET ${CHANNELS_ADMIN_PATHS.list}`]: (call) => {
      const market = call.query.get('market');
      const state = call.query.get('enabled');
      return ok({
        items: saved.filter(
          (s) => (!market || s.market === market) && (state === null || s.enabled === (state === '1')),
        ),
        more: false,
      });
    },
    ...Object.fromEntries(
      saved.map((tpl) => [
        `POST ${CHANNELS_ADMIN_PATHS.enabled(tpl.id)}`,
        (call: FetchCall) => {
          if (enabled) return enabled(call);
          tpl.enabled = call.body.enabled as boolean;
          return ok({ ...tpl, updatedAt: new Date().toISOString() });
        },
      ]),
    ),
  });
}

const rowOf = (name: string) => screen.getByRole('link', { name: `Open “${name}”` }).closest('tr')!;

describe('ChannelsPage', () => {
  it('lists the templates of the operator’s markets with market, headline, public link, live state and dates', async () => {
    const net = network();
    renderAt(routes, ADMIN_ROUTES.channels);
    expect(await screen.findByRole('heading', { level: 1, name: 'Promotion channels' })).toBeTruthy();
    await screen.findByRole('link', { name: 'Open “Diwali partners”' });
    // Both markets: no market filter sent.
    expect(net.callsTo(CHANNELS_ADMIN_PATHS.list)[0]!.query.get('market')).toBeNull();

    const india = rowOf('Diwali partners');
    expect(india.textContent).toContain('India');
    expect(india.textContent).toContain('Loans up to ₹50,000 in 2 hours');
    const link = within(india).getByRole('link', { name: /\/promotion\?id=5/ });
    expect(link.getAttribute('href')).toBe('/promotion?id=5');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.textContent).toContain('(opens in a new tab)');
    expect(
      (within(india).getByRole('switch', { name: 'Page live: “Diwali partners”' }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    expect(within(india).getByRole('link', { name: 'Open “Diwali partners”' }).getAttribute('href')).toBe(
      ADMIN_ROUTES.channel(5),
    );
    expect(within(india).getByText('20 Nov 2026, 10:00 am')).toBeTruthy();

    const indonesia = rowOf('Mitra Lebaran');
    expect(indonesia.textContent).toContain('Indonesia');
    expect((within(indonesia).getByRole('switch') as HTMLInputElement).checked).toBe(false);

    expect(screen.getByRole('link', { name: 'New template' }).getAttribute('href')).toBe(
      ADMIN_ROUTES.newChannel(),
    );
    expect(screen.getByRole('link', { name: 'Funnel of all India templates' }).getAttribute('href')).toBe(
      ADMIN_ROUTES.channelsFunnel('IN'),
    );
    expect(screen.getByRole('link', { name: 'Funnel of all Indonesia templates' })).toBeTruthy();
  });

  it('filters by market and state through the address bar', async () => {
    const net = network();
    const user = userEvent.setup();
    const { router } = renderAt(routes, ADMIN_ROUTES.channels);
    await screen.findByRole('link', { name: 'Open “Diwali partners”' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Market' }), 'ID');
    await screen.findByRole('link', { name: 'Open “Mitra Lebaran”' });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Open “Diwali partners”' })).toBeNull());
    expect(net.callsTo(CHANNELS_ADMIN_PATHS.list).at(-1)!.query.get('market')).toBe('ID');
    expect(screen.getByRole('link', { name: 'New template' }).getAttribute('href')).toBe(
      ADMIN_ROUTES.newChannel('ID'),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), '1');
    await screen.findByText('No template here yet.');
    expect(net.callsTo(CHANNELS_ADMIN_PATHS.list).at(-1)!.query.get('enabled')).toBe('1');
    expect(router.state.location.search).toBe('?market=ID&enabled=1');
  });

  it('puts a page live after confirming, with the CSRF token; cancelling changes nothing', async () => {
    const net = network();
    renderAt(routes, ADMIN_ROUTES.channels);
    await screen.findByRole('link', { name: 'Open “Mitra Lebaran”' });
    fireEvent.click(screen.getByRole('switch', { name: 'Page live: “Mitra Lebaran”' }));
    let dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(
      'Put the page of “Mitra Lebaran” live? Anyone with its link can then register.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(net.callsTo(CHANNELS_ADMIN_PATHS.enabled(9))).toHaveLength(0);

    fireEvent.click(screen.getByRole('switch', { name: 'Page live: “Mitra Lebaran”' }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Put live' }));
    await waitFor(() => expect(toasts).toEqual(['The page is live.']));
    const call = net.callsTo(CHANNELS_ADMIN_PATHS.enabled(9))[0]!;
    expect(call.body).toEqual({ enabled: true });
    expect(call.headers[CSRF_HEADER]).toBe(CSRF);
    await waitFor(() =>
      expect((screen.getByRole('switch', { name: /Mitra Lebaran/ }) as HTMLInputElement).checked).toBe(true),
    );
  });

  it('says what taking a page offline does, and shows a refusal in the server’s words', async () => {
    const refusal = 'This template belongs to another market, which you do not work on.';
    network({ enabled: () => reply({ code: '40301', data: null, message: refusal }, 403) });
    renderAt(routes, ADMIN_ROUTES.channels);
    await screen.findByRole('link', { name: 'Open “Diwali partners”' });
    const toggle = screen.getByRole('switch', { name: /Diwali partners/ }) as HTMLInputElement;
    fireEvent.click(toggle);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(
      'Take the page of “Diwali partners” offline? Visitors with its link will be told the offer is no longer valid.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Take offline' }));
    await waitFor(() => expect(toasts).toEqual([refusal]));
    expect(toggle.checked).toBe(true);
    expect(toggle.disabled).toBe(false);
  });

  it('copies the whole public address, or says to copy it by hand when the browser refuses', async () => {
    network();
    const writeText = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('denied'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderAt(routes, ADMIN_ROUTES.channels);
    await screen.findByRole('link', { name: 'Open “Diwali partners”' });
    fireEvent.click(screen.getByRole('button', { name: 'Copy the link of “Diwali partners”' }));
    await waitFor(() => expect(toasts).toEqual(['Link copied.']));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/promotion?id=5`);
    fireEvent.click(screen.getByRole('button', { name: 'Copy the link of “Diwali partners”' }));
    await waitFor(() => expect(toasts.at(-1)).toBe('Could not copy. Select the link and copy it yourself.'));
  });

  it('gives an agent the list of their market without changes', async () => {
    const net = network();
    renderAt(routes, ADMIN_ROUTES.channels, { session: agentSession() });
    await screen.findByRole('link', { name: 'Open “Diwali partners”' });
    // One market: the list is that market's, and there is no market filter.
    expect(net.callsTo(CHANNELS_ADMIN_PATHS.list)[0]!.query.get('market')).toBe('IN');
    expect(screen.queryByRole('combobox', { name: 'Market' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'New template' })).toBeNull();
    expect(screen.getByText('Only administrators change templates.')).toBeTruthy();
    expect((screen.getByRole('switch', { name: /Diwali partners/ }) as HTMLInputElement).disabled).toBe(true);
  });

  it('shows names and headlines as text, never as markup', async () => {
    stubFetch({
      [CHANNELS_ADMIN_PATHS.list]: () =>
        ok({ items: [inTemplate({ name: XSS, headline: XSS })], more: true }),
    });
    renderAt(routes, ADMIN_ROUTES.channels);
    await screen.findByRole('link', { name: `Open “${XSS}”` });
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(screen.getByText('Showing the newest 1 templates.')).toBeTruthy();
  });

  it('shows a failed load with a retry, and the list after it', async () => {
    let fail = true;
    stubFetch({
      [CHANNELS_ADMIN_PATHS.list]: () =>
        fail
          ? reply({ code: '503', data: null, message: 'The service is busy.' }, 503)
          : ok({ items: [inTemplate()], more: false }),
    });
    renderAt(routes, ADMIN_ROUTES.channels);
    expect((await screen.findByRole('alert')).textContent).toContain('The service is busy.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Open “Diwali partners”' })).toBeTruthy();
  });

  it('speaks Indonesian', async () => {
    network();
    renderAt(routes, ADMIN_ROUTES.channels, { lang: 'id' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Saluran promosi' })).toBeTruthy();
    await screen.findByRole('link', { name: 'Buka “Mitra Lebaran”' });
    expect(screen.getByRole('switch', { name: 'Halaman aktif: “Mitra Lebaran”' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Salin tautan “Mitra Lebaran”' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Templat baru' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Tautan publik' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Corong semua templat Indonesia' })).toBeTruthy();
  });
});
