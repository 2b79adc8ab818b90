import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { H5_PATHS } from '../../../shared/routes.ts';
import { createI18n } from '../../lib/i18n.ts';
import { createQueryClient, ShellProviders } from '../../ui/shell-providers.tsx';
import { PREVIEW_FIELDS, PREVIEW_LINKS, TestPreviewPage } from './test-preview-page.tsx';

const realFetch = globalThis.fetch;
const realGeolocation = Object.getOwnPropertyDescriptor(navigator, 'geolocation');
let fetchMock: ReturnType<typeof vi.fn>;

function demoSession(market: 'IN' | 'ID') {
  return {
    token: `${market.toLowerCase()}-${'x'.repeat(40)}`,
    userId: market === 'IN' ? 1 : 2,
    market,
    phone: market === 'IN' ? '9876543210' : '081234567890',
    name: market === 'IN' ? 'Priya Sharma' : 'Siti Rahmawati',
    deviceId: `demo-${market.toLowerCase()}-device`,
  };
}

beforeEach(() => {
  // fetch is the network edge: the page's demo sign-in goes through the real request helper.
  fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
    const { market } = JSON.parse(String(init?.body)) as { market: 'IN' | 'ID' };
    return new Response(JSON.stringify({ code: 0, data: demoSession(market), message: 'ok' }), {
      headers: { 'content-type': 'application/json' },
    });
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

afterEach(() => {
  globalThis.fetch = realFetch;
  if (realGeolocation) Object.defineProperty(navigator, 'geolocation', realGeolocation);
  else Reflect.deleteProperty(navigator, 'geolocation');
});

function renderPage() {
  return render(
    <ShellProviders i18n={createI18n('en')} queryClient={createQueryClient()}>
      <TestPreviewPage />
    </ShellProviders>,
  );
}

function linkParams(key: string): URLSearchParams {
  const href = screen.getByTestId(`preview-link-${key}`).getAttribute('href')!;
  return new URL(href, window.location.origin).searchParams;
}

describe('TestPreviewPage', () => {
  it('signs in a demo borrower on load and fills the device id from it', async () => {
    renderPage();
    await waitFor(() =>
      expect((screen.getByLabelText('Device id') as HTMLInputElement).value).toBe('demo-in-device'),
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/dev-api/demo-login');
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1].body))).toEqual({ market: 'IN' });
    expect(screen.getByTestId('tp-session').textContent).toContain('Priya Sharma');
  });

  it('puts every form value, the market and the token on every link, live as the form changes', async () => {
    const user = userEvent.setup();
    renderPage();
    await waitFor(() =>
      expect((screen.getByLabelText('Device id') as HTMLInputElement).value).toBe('demo-in-device'),
    );

    const typed: Record<string, string> = {
      appVersion: '2.3.4',
      deviceName: 'Galaxy A54',
      deviceId: 'dev-123',
      osVersion: 'Android 13',
      sessionId: 'sess-9',
      adId: 'ad 7&x=1',
      productId: '55',
      orderId: 'ORD-77',
    };
    for (const { key, label } of PREVIEW_FIELDS) {
      const input = screen.getByLabelText(label);
      await user.clear(input);
      await user.type(input, typed[key]!);
    }

    // The spec's ten, and verification progress (issue 30).
    expect(PREVIEW_LINKS).toHaveLength(11);
    for (const { key } of PREVIEW_LINKS) {
      const href = screen.getByTestId(`preview-link-${key}`).getAttribute('href')!;
      expect(new URL(href, window.location.origin).pathname).toBe(H5_PATHS[key]);
      expect(Object.fromEntries(linkParams(key))).toEqual({
        ...typed,
        market: 'IN',
        token: demoSession('IN').token,
      });
    }
  });

  it('signs in again for another market and carries its market and token', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByTestId('tp-session');
    await user.selectOptions(screen.getByLabelText('Market'), 'ID');
    await waitFor(() => expect(screen.getByTestId('tp-session').textContent).toContain('Siti Rahmawati'));
    expect(JSON.parse(String(fetchMock.mock.calls[1]![1].body))).toEqual({ market: 'ID' });
    const params = linkParams('loanDetails');
    expect(params.get('market')).toBe('ID');
    expect(params.get('token')).toBe(demoSession('ID').token);
    expect(params.get('deviceId')).toBe('demo-id-device');
  });

  it('shows the chosen photo by name with a preview', async () => {
    const user = userEvent.setup();
    renderPage();
    const input = screen.getByLabelText('Photo') as HTMLInputElement;
    expect(input.accept).toBe('image/*');
    expect(input.getAttribute('capture')).toBe('environment');
    await user.upload(input, new File(['png'], 'receipt.png', { type: 'image/png' }));
    expect(screen.getByTestId('photo-name').textContent).toBe('Chosen: receipt.png');
    expect(screen.getByRole('img', { name: 'Preview of receipt.png' })).toBeTruthy();
  });

  it('has a labelled telephone contact input', () => {
    renderPage();
    const contact = screen.getByLabelText('Contact phone') as HTMLInputElement;
    expect(contact.type).toBe('tel');
  });

  it('locates only on click, and reports coordinates', async () => {
    const getCurrentPosition = vi.fn((ok: PositionCallback) =>
      ok({ coords: { latitude: 12.9716, longitude: 77.5946, accuracy: 30 } } as GeolocationPosition),
    );
    Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
    const user = userEvent.setup();
    renderPage();
    expect(getCurrentPosition).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Locate' }));
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('locate-status').textContent).toBe(
      'Latitude 12.97160, longitude 77.59460 (within 30 m)',
    );
  });

  it('says so when location is denied', async () => {
    const getCurrentPosition = vi.fn((_ok: PositionCallback, fail: PositionErrorCallback) =>
      fail({
        code: 1,
        PERMISSION_DENIED: 1,
        POSITION_UNAVAILABLE: 2,
        TIMEOUT: 3,
        message: '',
      } as GeolocationPositionError),
    );
    Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Locate' }));
    expect(screen.getByTestId('locate-status').textContent).toContain('Location permission was denied');
  });
});
