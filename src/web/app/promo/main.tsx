import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { HashRouter } from 'react-router';
import { readPromoParams } from '../../features/promotion/promo-params.ts';
import { createI18n } from '../../lib/i18n.ts';
import { handTitleToScreens } from '../../lib/page-title.ts';
import { I18nProvider } from '../../lib/use-translation.tsx';
import '../../ui/shell.css';
import { PromoRoutes } from './router.tsx';

/*
 * The promotion landing (`/promotion?id=…`, decision 034). No session, no native bridge, no antd-mobile,
 * no query cache and react-router's plain hash router rather than its data router: the first load stays
 * within 120 KB gzip on a cheap phone opened from an ad. The page speaks the template's language once it
 * arrives; before that (and on an invalid link) English, or Indonesian when the address says `lang=id`.
 */
handTitleToScreens();
const hashQuery = window.location.hash.includes('?')
  ? window.location.hash.slice(window.location.hash.indexOf('?'))
  : '';
const { lang } = readPromoParams(window.location.search, hashQuery);
const i18n = createI18n(lang ?? 'en');

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <HashRouter>
        <PromoRoutes />
      </HashRouter>
    </I18nProvider>
  </StrictMode>,
);
