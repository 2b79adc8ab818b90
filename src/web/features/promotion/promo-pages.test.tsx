import { act, fireEvent } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROMO_PATHS } from '../../../shared/contract/promotion.ts';
import { NETWORK_DOWN, reply } from '../../test/fake-fetch.ts';
import { settle } from '../../test/screen-kit.tsx';
import {
  fail,
  field,
  openLanding,
  openPromo,
  promoNetwork,
  screen,
  TEMPLATE_ID,
  TEMPLATE_IN,
  type,
  UA,
  withAgent,
} from './promo-test-kit.tsx';

const realFetch = globalThis.fetch;
beforeEach(() => withAgent(UA.android));
afterEach(() => {
  vi.restoreAllMocks();
  globalThis.fetch = realFetch;
});

const heading = () => screen.queryByRole('heading', { level: 1 })?.textContent ?? null;
const legalText = () => document.querySelector('.promo-legal')?.textContent ?? '';

describe('the template', () => {
  it('draws the landing’s skeleton while it loads, then the template’s headline, in its language', async () => {
    let answer!: (r: Response) => void;
    promoNetwork({ [PROMO_PATHS.template]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    openPromo('/promotion?id=34');
    expect(screen.getByRole('status').textContent).toBe('Loading the offer…');
    expect(document.querySelector('.promo-skeleton')?.getAttribute('aria-hidden')).toBe('true');
    await act(async () => answer(reply({ code: '00', data: TEMPLATE_ID, message: '' })));
    await settle(() => heading() === TEMPLATE_ID.headline);
    expect(document.documentElement.lang).toBe('id');
    expect(screen.getByLabelText('Nomor ponsel')).toBeTruthy();
    expect(screen.getByText('Hanya untuk orang dewasa berusia 18 tahun ke atas.')).toBeTruthy();
  });

  it('an unknown or disabled id: the link is not valid, said in both languages, with no retry', async () => {
    const net = promoNetwork();
    openPromo('/promotion?id=999');
    await settle(() => heading() !== null);
    expect(heading()).toBe('This offer link is not valid');
    expect(screen.getByRole('alert').textContent).toContain('Please open the offer again');
    const other = document.querySelector('.promo-error-other')!;
    expect(other.getAttribute('lang')).toBe('id');
    expect(other.textContent).toContain('Tautan penawaran ini tidak berlaku');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(net.callsTo(PROMO_PATHS.trackVisit)).toHaveLength(0);
  });

  it('no id at all: not valid, without asking; `lang=id` puts Indonesian first', async () => {
    const net = promoNetwork();
    openPromo('/promotion?lang=id&user_from=fb', '/', 'id');
    await settle(() => heading() !== null);
    expect(heading()).toBe('Tautan penawaran ini tidak berlaku');
    expect(document.querySelector('.promo-error-other')?.textContent).toContain(
      'This offer link is not valid',
    );
    expect(net.calls).toHaveLength(0);
  });

  it('a lost connection: could not load, with a retry that loads it', async () => {
    let down = true;
    promoNetwork({
      [PROMO_PATHS.template]: () =>
        down ? NETWORK_DOWN : reply({ code: 0, data: TEMPLATE_IN, message: '' }),
    });
    openPromo('/promotion?id=12');
    await settle(() => heading() !== null);
    expect(heading()).toBe('The offer could not be loaded');
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await settle(() => heading() === TEMPLATE_IN.headline);
  });

  it('offline: says so, and loads by itself when the phone is back online', async () => {
    const online = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    let down = true;
    promoNetwork({
      [PROMO_PATHS.template]: () =>
        down ? NETWORK_DOWN : reply({ code: 0, data: TEMPLATE_IN, message: '' }),
    });
    openPromo('/promotion?id=12');
    await settle(() => heading() !== null);
    expect(screen.getByText('You are offline. The form works again as soon as you reconnect.')).toBeTruthy();
    down = false;
    online.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await settle(() => heading() === TEMPLATE_IN.headline);
    expect(screen.queryByText(/You are offline/)).toBeNull();
  });

  it('a server error is worth a retry; a refused id is not', async () => {
    promoNetwork({ [PROMO_PATHS.template]: () => fail('503', 'The service is busy.', 503) });
    openPromo('/promotion?id=12');
    await settle(() => heading() !== null);
    expect(heading()).toBe('The offer could not be loaded');
  });

  it('paints the page in the template’s colours only when its text stays readable', async () => {
    promoNetwork({
      [PROMO_PATHS.template]: () =>
        reply({
          code: 0,
          data: { ...TEMPLATE_IN, theme: { primary: '#0dcc86', background: '#fff7e0' } },
          message: '',
        }),
    });
    openPromo('/promotion?id=12');
    await settle(() => heading() === TEMPLATE_IN.headline);
    const page = document.querySelector<HTMLElement>('.promo')!;
    // White on the spec's #0DCC86 is 2.1:1: the brand's darker token stays.
    expect(page.style.getPropertyValue('--promo-primary')).toBe('');
    expect(page.style.getPropertyValue('--promo-background')).toBe('#fff7e0');
  });
});

describe('the visit', () => {
  it('is counted once, with the channel fields and the phone’s platform', async () => {
    const net = promoNetwork();
    const view = await openLanding();
    await settle(() => net.callsTo(PROMO_PATHS.trackVisit).length === 1);
    expect(Object.fromEntries(net.callsTo(PROMO_PATHS.trackVisit)[0]!.query)).toEqual({
      page_id: '12',
      user_from: 'fb',
      client_type: 'android',
      page_type: '1',
      utm_tag: 'x',
      app_from: 'ymgj',
    });
    // To the agreement and back: the same visit.
    fireEvent.click(screen.getByRole('link', { name: 'registration agreement and privacy notice' }));
    await settle(() => document.querySelector('.promo-legal') !== null);
    await view.navigate(-1);
    await settle(() => document.querySelector('.promo-legal') === null);
    expect(net.callsTo(PROMO_PATHS.trackVisit)).toHaveLength(1);
  });

  it('says ios for an iPhone and leaves the platform out for anything else', async () => {
    withAgent(UA.ios);
    let net = promoNetwork();
    let view = await openLanding();
    await settle(() => net.callsTo(PROMO_PATHS.trackVisit).length === 1);
    expect(net.callsTo(PROMO_PATHS.trackVisit)[0]!.query.get('client_type')).toBe('ios');
    view.unmount();

    withAgent(UA.desktop);
    net = promoNetwork();
    view = await openLanding();
    await settle(() => net.callsTo(PROMO_PATHS.trackVisit).length === 1);
    expect(net.callsTo(PROMO_PATHS.trackVisit)[0]!.query.has('client_type')).toBe(false);
  });

  it('a failed count is not the visitor’s problem', async () => {
    const net = promoNetwork({ [PROMO_PATHS.trackVisit]: () => NETWORK_DOWN });
    await openLanding();
    await settle(() => net.callsTo(PROMO_PATHS.trackVisit).length === 1);
    expect(document.querySelector('.promo-alert')?.textContent).toBe('');
    expect(heading()).toBe(TEMPLATE_IN.headline);
  });
});

describe('the agreement', () => {
  it('India: its own English text — RBI-registered NBFC, DPDP Act 2023 notice, 18+, the app’s grievance officer', async () => {
    promoNetwork();
    openPromo('/promotion', '/agreementTemplate?id=12&app_from=ymgj');
    await settle(() => legalText() !== '');
    const article = document.querySelector('.promo-legal')!;
    expect(article.getAttribute('data-market')).toBe('IN');
    expect(article.getAttribute('lang')).toBe('en');
    expect(heading()).toBe('Registration agreement and privacy notice');
    const text = legalText();
    expect(text).toContain('Reserve Bank of India');
    expect(text).toContain('Non-Banking Financial Company');
    expect(text).toContain('Digital Personal Data Protection Act, 2023');
    expect(text).toMatch(/withdraw/);
    expect(text).toContain('aged 18 or over');
    expect(text).toContain('Grievance Officer, RupeeNow');
    expect(text).not.toMatch(/OJK|Otoritas Jasa Keuangan|Pelindungan Data Pribadi/);
  });

  it('Indonesia: its own Indonesian text — OJK-licensed provider, UU PDP 27/2022, berusia 18 tahun', async () => {
    promoNetwork();
    openPromo('/promotion?id=34', '/agreementTemplate');
    await settle(() => legalText() !== '');
    const article = document.querySelector('.promo-legal')!;
    expect(article.getAttribute('data-market')).toBe('ID');
    expect(article.getAttribute('lang')).toBe('id');
    expect(heading()).toBe('Perjanjian pendaftaran dan pemberitahuan privasi');
    const text = legalText();
    expect(text).toContain('Otoritas Jasa Keuangan (OJK)');
    expect(text).toContain('Undang-Undang Nomor 27 Tahun 2022 tentang Pelindungan Data Pribadi');
    expect(text).toContain('berusia 18 tahun');
    expect(text).toContain('Pejabat pelindungan data pribadi DanaKilat');
    expect(text).not.toMatch(/Reserve Bank|RBI|Digital Personal Data Protection|NBFC/);
  });

  it('opens from the form with the channel query, and back returns to the form as it was', async () => {
    promoNetwork();
    const view = await openLanding();
    type(field.phone(), '9876543210');
    const src = document.querySelector('.promo-captcha img')?.getAttribute('src');
    fireEvent.click(screen.getByRole('link', { name: 'registration agreement and privacy notice' }));
    await settle(() => legalText() !== '');
    expect(view.at().pathname).toBe('/agreementTemplate');
    expect(Object.fromEntries(new URLSearchParams(view.at().search))).toEqual({
      app_from: 'ymgj',
      user_from: 'fb',
      utm_tag: 'x',
      id: '12',
      links_id: '3',
    });
    // The form is still there, hidden: what was typed and the picture code survive the visit.
    expect(document.querySelector('main.promo-page[hidden]')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Back to registration' }));
    await settle(() => legalText() === '');
    expect(field.phone().value).toBe('98765 43210');
    expect(document.querySelector('.promo-captcha img')?.getAttribute('src')).toBe(src);
    expect(document.activeElement?.id).toBe('promo-agreement-link');
  });
});

describe('the download page', () => {
  const storeLinks = () =>
    [...document.querySelectorAll<HTMLAnchorElement>('.promo-store')].map((a) => [a.textContent, a.href]);

  it('Android: the Google Play link of the template', async () => {
    promoNetwork();
    openPromo('/promotion', '/downloadTemplate?id=12&app_from=ymgj');
    await settle(() => heading() !== null);
    expect(heading()).toBe('Download RupeeNow');
    expect(storeLinks()).toEqual([['Get RupeeNow on Google Play', TEMPLATE_IN.androidUrl]]);
  });

  it('iPhone: the App Store link', async () => {
    withAgent(UA.ios);
    promoNetwork();
    openPromo('/promotion?id=12', '/downloadTemplate');
    await settle(() => heading() !== null);
    expect(storeLinks()).toEqual([['Download RupeeNow on the App Store', TEMPLATE_IN.iosUrl]]);
  });

  it('neither: both links', async () => {
    withAgent(UA.desktop);
    promoNetwork();
    openPromo('/promotion?id=12', '/downloadTemplate');
    await settle(() => heading() !== null);
    expect(storeLinks().map(([label]) => label)).toEqual([
      'Get RupeeNow on Google Play',
      'Download RupeeNow on the App Store',
    ]);
  });

  it('a platform the template has no link for: says so', async () => {
    withAgent(UA.ios);
    promoNetwork();
    openPromo('/promotion?id=34', '/downloadTemplate');
    await settle(() => heading() !== null);
    expect(heading()).toBe('Unduh DanaKilat');
    expect(storeLinks()).toEqual([]);
    expect(screen.getByText('Tautan unduhan belum tersedia. Silakan coba lagi nanti.')).toBeTruthy();
  });

  it('never links to anything but an https listing', async () => {
    withAgent(UA.android);
    promoNetwork({
      [PROMO_PATHS.template]: () =>
        reply({ code: 0, data: { ...TEMPLATE_IN, androidUrl: 'javascript:alert(1)' }, message: '' }),
    });
    openPromo('/promotion?id=12', '/downloadTemplate');
    await settle(() => heading() !== null);
    expect(storeLinks()).toEqual([]);
    expect(screen.getByText('The download link is not available yet. Please try again later.')).toBeTruthy();
  });
});
