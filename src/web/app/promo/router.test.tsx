import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROMO_PATHS } from '../../../shared/contract/promotion.ts';
import {
  openPromo,
  promoNetwork,
  screen,
  TEMPLATE_IN,
  UA,
  withAgent,
} from '../../features/promotion/promo-test-kit.tsx';
import { createI18n } from '../../lib/i18n.ts';
import { I18nProvider } from '../../lib/use-translation.tsx';
import { settle } from '../../test/screen-kit.tsx';
import { PromoErrorBoundary } from './router.tsx';

const realFetch = globalThis.fetch;
beforeEach(() => withAgent(UA.android));
afterEach(() => {
  vi.restoreAllMocks();
  globalThis.fetch = realFetch;
});

const heading = () => screen.queryByRole('heading', { level: 1 })?.textContent ?? null;

describe('the promotion shell’s routes', () => {
  it('reads the channel parameters after the hash as well as before it', async () => {
    const net = promoNetwork();
    openPromo('/promotion', '/?id=12&user_from=tt&app_from=ymgj&utm_tag=spring&down_id=7');
    await settle(() => heading() === TEMPLATE_IN.headline);
    await settle(() => net.callsTo(PROMO_PATHS.trackVisit).length === 1);
    expect(net.callsTo(PROMO_PATHS.template)[0]?.query.get('templateId')).toBe('12');
    const visit = net.callsTo(PROMO_PATHS.trackVisit)[0]!.query;
    expect(visit.get('user_from')).toBe('tt');
    expect(visit.get('utm_tag')).toBe('spring');
    // The agreement link carries down_id when the link has no links_id.
    const link = screen.getByRole('link', { name: 'registration agreement and privacy notice' });
    expect(link.getAttribute('href')).toBe(
      '/agreementTemplate?app_from=ymgj&user_from=tt&utm_tag=spring&id=12&down_id=7',
    );
  });

  it('the hash’s parameters win over the page’s', async () => {
    const net = promoNetwork();
    openPromo('/promotion?id=99&user_from=old', '/?id=12&user_from=new');
    await settle(() => heading() === TEMPLATE_IN.headline);
    await settle(() => net.callsTo(PROMO_PATHS.trackVisit).length === 1);
    expect(net.callsTo(PROMO_PATHS.trackVisit)[0]!.query.get('user_from')).toBe('new');
  });

  it('an address it does not have opens the landing, with the link’s parameters', async () => {
    promoNetwork();
    const view = openPromo('/promotion', '/somewhere?id=12');
    await settle(() => heading() === TEMPLATE_IN.headline);
    expect(view.at().pathname).toBe('/');
    expect(view.at().search).toBe('?id=12');
  });

  it('the agreement opened directly links back to the landing, invite code included', async () => {
    promoNetwork();
    const view = openPromo('/promotion', '/agreementTemplate?id=12&invite_code=FRIEND1');
    await settle(() => document.querySelector('.promo-legal') !== null);
    const back = screen.getByRole('link', { name: 'Back to registration' });
    // The carried query always names the download template (issue 29): the landing's own when the link
    // had none.
    expect(back.getAttribute('href')).toBe('/?id=12&down_id=12&invite_code=FRIEND1');
    expect(view.at().pathname).toBe('/agreementTemplate');
  });
});

function Broken(): never {
  throw new Error('SECRET internal detail');
}

describe('a page that crashes', () => {
  it('shows a plain apology with a reload, never the error', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <I18nProvider i18n={createI18n('id')}>
        <PromoErrorBoundary>
          <Broken />
        </PromoErrorBoundary>
      </I18nProvider>,
    );
    expect(heading()).toBe('Terjadi kesalahan');
    expect(screen.getByRole('button', { name: 'Coba lagi' })).toBeTruthy();
    expect(document.body.textContent).not.toContain('SECRET');
  });
});
