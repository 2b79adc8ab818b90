import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { type Location, MemoryRouter, type NavigateFunction, useLocation, useNavigate } from 'react-router';
import { vi } from 'vitest';
import { PROMO_PATHS } from '../../../shared/contract/promotion.ts';
import type { TemplateData } from '../../../shared/contract/promotion-schema.ts';
import type { Lang } from '../../../shared/markets.ts';
import { PromoRoutes } from '../../app/promo/router.tsx';
import { createI18n } from '../../lib/i18n.ts';
import { I18nProvider } from '../../lib/use-translation.tsx';
import { type FetchHandler, ok, reply, stubFetch } from '../../test/fake-fetch.ts';
import { settle } from '../../test/screen-kit.tsx';
import { forgetVisits } from './landing-page.tsx';
import { promoQueryClient } from './promo-query-client.ts';
import { forgetTemplates } from './use-template.ts';

/** What the promotion's page tests share: templates of both markets, the network, the address, the phone. */

export const TEMPLATE_IN: TemplateData = {
  id: 12,
  market: 'IN',
  lang: 'en',
  headline: 'Instant loans up to ₹80,000',
  subline: 'Money in your bank account within 2 hours.',
  bannerUrl: '',
  theme: { primary: '#087a50', background: '#e8f8f1' },
  androidUrl: 'https://play.google.com/store/apps/details?id=in.rupeenow',
  iosUrl: 'https://apps.apple.com/in/app/rupeenow/id100',
  appName: 'RupeeNow',
};

export const TEMPLATE_ID: TemplateData = {
  id: 34,
  market: 'ID',
  lang: 'id',
  headline: 'Pinjaman cepat sampai Rp 15.000.000',
  subline: 'Dana cair dalam 2 jam.',
  bannerUrl: '',
  theme: { primary: '#087a50', background: '#e8f8f1' },
  androidUrl: 'https://play.google.com/store/apps/details?id=id.danakilat',
  iosUrl: '',
  appName: 'DanaKilat',
};

export const SID = 's'.repeat(24);
export const SID_2 = 't'.repeat(24);

export const UA = {
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Mobile Safari/537.36',
  ios: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
  desktop: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36',
};

export const fail = (code: string, message: string, status = 400) =>
  reply({ code, data: null, message }, status);

/**
 * The server of the landing: templates by id, sids handed out in turn, tracking, and whatever the case
 * overrides (`get-sms`, `register`…).
 */
export function promoNetwork(handlers: Record<string, FetchHandler> = {}, sids: string[] = [SID, SID_2]) {
  let next = 0;
  return stubFetch({
    [PROMO_PATHS.template]: (call) => {
      const id = Number(call.query.get('templateId'));
      const template = [TEMPLATE_IN, TEMPLATE_ID].find((t) => t.id === id);
      return template ? ok(template) : fail('404', 'This offer link is not valid any more.', 404);
    },
    [PROMO_PATHS.sid]: () => ok({ sid: sids[Math.min(next++, sids.length - 1)] }),
    [PROMO_PATHS.trackVisit]: () => ok(null),
    [PROMO_PATHS.trackClick]: () => ok(null),
    [PROMO_PATHS.sms]: () => ok(null, 'The code has been sent to your phone.'),
    [PROMO_PATHS.register]: () => ok(null, 'Registered successfully.'),
    ...handlers,
  });
}

/** The phone's user agent, for the platform the page picks (store link, `client_type`). */
export function withAgent(agent: string): void {
  vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(agent);
}

interface Probe {
  location?: Location;
  navigate?: NavigateFunction;
}

/** Tells the test where the router is, and lets it go back. */
function RouterProbe({ probe }: { probe: Probe }) {
  probe.location = useLocation();
  probe.navigate = useNavigate();
  return null;
}

/**
 * Opens the promotion: `page` is the address before the hash (`/promotion?id=12…`), `hash` the hash
 * route with its own query. The language is the one the shell would start with (English, or `lang=id`).
 */
export function openPromo(page: string, hash = '/', lang: Lang = 'en') {
  forgetTemplates();
  forgetVisits();
  window.history.replaceState(null, '', page);
  const probe: Probe = {};
  const view = render(
    <I18nProvider i18n={createI18n(lang)}>
      <QueryClientProvider client={promoQueryClient()}>
        <MemoryRouter initialEntries={[hash]}>
          <PromoRoutes />
          <RouterProbe probe={probe} />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nProvider>,
  );
  return {
    ...view,
    /** Where the hash router is now. */
    at: () => probe.location!,
    navigate: (to: number) => act(async () => probe.navigate!(to)),
  };
}

/** The landing of a template, drawn with its first picture code. */
export async function openLanding(template: TemplateData = TEMPLATE_IN, extra = '') {
  const view = openPromo(
    `/promotion?id=${template.id}&user_from=fb&app_from=ymgj&utm_tag=x&links_id=3${extra}`,
  );
  await settle(() => document.querySelector('.promo-captcha img') !== null);
  return view;
}

export const field = {
  phone: () => document.getElementById('promo-phone') as HTMLInputElement,
  captcha: () => document.getElementById('promo-captcha') as HTMLInputElement,
  smsCode: () => document.getElementById('promo-smsCode') as HTMLInputElement,
  agreement: () => document.getElementById('promo-agreement') as HTMLInputElement,
};
export const getCodeButton = () => document.querySelector<HTMLButtonElement>('.promo-get-code')!;
export const picture = () => document.querySelector<HTMLImageElement>('.promo-captcha img');

export function type(input: HTMLInputElement, value: string): void {
  fireEvent.input(input, { target: { value } });
}

/** Types `keys` one at a time at the end of what the field shows, as a keyboard does; returns what it shows then. */
export function typeKeys(input: HTMLInputElement, keys: string): string {
  for (const key of keys) type(input, input.value + key);
  return input.value;
}

/** The message shown at a field, through the field's own `aria-describedby`. */
export function messageAt(input: HTMLInputElement): string | null {
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  const error = ids.map((id) => document.getElementById(id)).find((el) => el?.id.endsWith('-error'));
  return error?.textContent ?? null;
}

/** A form filled in for India: phone, picture code, SMS code, agreement. */
export function fillIn(values: { phone?: string; captcha?: string; smsCode?: string; agree?: boolean } = {}) {
  type(field.phone(), values.phone ?? '9876543210');
  type(field.captcha(), values.captcha ?? 'AB3D');
  if (values.smsCode !== undefined) type(field.smsCode(), values.smsCode);
  if (values.agree) fireEvent.click(field.agreement());
}

export { screen };
