import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SiteConfig } from '../../../shared/contract/site.ts';
import type { Market } from '../../../shared/markets.ts';
import { H5_PATHS } from '../../../shared/routes.ts';
import { setSessionParams } from '../../lib/session-params.ts';
import { AboutUsPage } from './about-us-page.tsx';
import { SITE_CONFIG_PATH } from './products-api.ts';
import {
  captureToasts,
  fakeNativeShell,
  Marker,
  removeNativeShell,
  renderAt,
  reply,
  stubFetch,
} from './products-test-kit.tsx';

const realFetch = globalThis.fetch;

const CONFIG: Record<Market, SiteConfig> = {
  IN: {
    market: 'IN',
    companyName: 'Test Finance India Pvt Ltd',
    phone: '+91 80 1111 2222',
    email: 'help@test.in',
    address: '1 MG Road, Bengaluru',
    brandColour: '#0DCC86',
    appName: 'Test',
    policyUrl: 'https://test.in/privacy',
    licence: 'NBFC registered with the Reserve Bank of India, CoR N-00.00001',
    storeUrl: '',
  },
  ID: {
    market: 'ID',
    companyName: 'PT Test Indonesia',
    phone: '+62 21 3333 4444',
    email: 'cs@test.co.id',
    address: 'Jl. Sudirman 1, Jakarta',
    brandColour: '#0DCC86',
    appName: 'Test',
    policyUrl: 'https://test.co.id/privasi',
    licence: 'Berizin dan diawasi oleh OJK, KEP-00/D.06/2023',
    storeUrl: '',
  },
};

function routes() {
  return [
    { path: H5_PATHS.aboutUs, element: <AboutUsPage /> },
    { path: H5_PATHS.customerService, element: <Marker name="customer service" /> },
  ];
}

function stubConfig() {
  return stubFetch({
    [SITE_CONFIG_PATH]: (call) =>
      reply({ code: 0, data: CONFIG[call.query.get('market') as Market], message: '' }),
  });
}

beforeEach(() => {
  captureToasts();
});

afterEach(() => {
  globalThis.fetch = realFetch;
  removeNativeShell();
  setSessionParams({});
});

describe('AboutUsPage', () => {
  it("India: the Indian description and selling points, with the Indian company's facts", async () => {
    setSessionParams({ market: 'IN' });
    const net = stubConfig();
    renderAt(routes(), H5_PATHS.aboutUs);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('About us');
    // The description needs no data: it is there in the frame, beside the placeholders of the facts.
    expect(screen.getByText(/working people in India/)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Fast' }).nextSibling!.textContent).toContain(
      '₹2,000 to ₹80,000',
    );
    expect(document.querySelector('[aria-busy="true"] .skeleton')).toBeTruthy();
    expect(await screen.findByText('Test Finance India Pvt Ltd')).toBeTruthy();
    expect(screen.getByText('NBFC registered with the Reserve Bank of India, CoR N-00.00001')).toBeTruthy();
    expect(screen.getByText('1 MG Road, Bengaluru')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'help@test.in' }).getAttribute('href')).toBe(
      'mailto:help@test.in',
    );
    const [call] = net.callsTo(SITE_CONFIG_PATH);
    expect(call!.method).toBe('GET');
    expect(call!.query.get('market')).toBe('IN');
    expect(document.body.textContent).not.toMatch(/Indonesia|Rp|OJK/);
  });

  it("Indonesia read in English: Indonesia's own description and company, nothing of India", async () => {
    setSessionParams({ market: 'ID', isNeedPop: '0' });
    const net = stubConfig();
    renderAt(routes(), H5_PATHS.aboutUs, 'en');
    expect(screen.getByText(/working people in Indonesia/)).toBeTruthy();
    expect(await screen.findByText('PT Test Indonesia')).toBeTruthy();
    expect(net.callsTo(SITE_CONFIG_PATH)[0]!.query.get('market')).toBe('ID');
    // The market's offer in the one money format, as every amount of the app (decision 058).
    expect(document.body.textContent).toContain('Rp\u00a01.000.000 to Rp\u00a015.000.000');
    expect(document.body.textContent).toContain('RIPLAY');
    expect(document.body.textContent).not.toMatch(/India|₹|Reserve Bank/);
  });

  it('Indonesia in Indonesian', async () => {
    setSessionParams({ market: 'ID' });
    stubConfig();
    renderAt(routes(), H5_PATHS.aboutUs, 'id');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Tentang kami');
    expect(document.title).toBe('Tentang kami');
    expect(screen.getByText(/para pekerja di Indonesia/)).toBeTruthy();
    expect(await screen.findByText('Berizin dan diawasi oleh OJK, KEP-00/D.06/2023')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Hubungi kami' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Layanan online/ })).toBeTruthy();
  });

  it('without launch params (the build-time frame) speaks of the market of its language', () => {
    globalThis.fetch = (() => new Promise(() => {})) as unknown as typeof fetch;
    renderAt(routes(), H5_PATHS.aboutUs, 'id');
    expect(screen.getByText(/para pekerja di Indonesia/)).toBeTruthy();
  });

  it('calls through the native app, and opens the online service screen', async () => {
    setSessionParams({ market: 'IN' });
    stubConfig();
    const shell = fakeNativeShell();
    const user = userEvent.setup();
    const { router } = renderAt(routes(), H5_PATHS.aboutUs);
    const contact = screen.getByRole('region', { name: 'Contact us' });
    await user.click(await within(contact).findByRole('button', { name: /\+91 80 1111 2222/ }));
    expect(shell.messages()).toEqual([{ type: 'callTel', tel: '+91 80 1111 2222' }]);
    await user.click(within(contact).getByRole('link', { name: /Online service/ }));
    expect((await screen.findByTestId('marker')).textContent).toBe('customer service');
    expect(router.state.location.pathname).toBe(H5_PATHS.customerService);
  });

  it('shows a failed load with a retry, and keeps the online service', async () => {
    setSessionParams({ market: 'IN' });
    let fail = true;
    stubFetch({
      [SITE_CONFIG_PATH]: () =>
        fail
          ? reply({ code: '503', data: null, message: 'Unavailable.' }, 503)
          : reply({ code: 0, data: CONFIG.IN }),
    });
    const user = userEvent.setup();
    renderAt(routes(), H5_PATHS.aboutUs);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The company details could not be loaded. Unavailable.');
    expect(screen.getByRole('link', { name: /Online service/ })).toBeTruthy();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByText('Test Finance India Pvt Ltd')).toBeTruthy());
    expect(screen.getByRole('button', { name: /\+91 80 1111 2222/ })).toBeTruthy();
  });
});
