import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { HashRouter } from 'react-router';
import { readPromoParams } from '../../features/promotion/promo-params.ts';
import { promoQueryClient } from '../../features/promotion/promo-query-client.ts';
import { createI18n } from '../../lib/i18n.ts';
import { handTitleToScreens } from '../../lib/page-title.ts';
import { I18nProvider } from '../../lib/use-translation.tsx';
import '../../ui/shell.css';
import { PromoRoutes } from './router.tsx';

/*
 * The promotion landing (`/promotion?id=…`, decision 034). No session, no native bridge, no antd-mobile
 * and react-router's plain hash router rather than its data router: the first load stays within 120 KB
 * gzip on a cheap phone opened from an ad. Its writes (the code, the registration) are TanStack Query
 * mutations like every write (decision 066); it reads nothing through the query cache. The page speaks the template's language once it
 * arrives; before that (and on an invalid link) English, or Indonesian when the address says `lang=id`.
 */
handTitleToScreens();
const hashQuery = window.location.hash.includes('?')
  ? window.location.hash.slice(window.location.hash.indexOf('?'))
  : '';
const { lang } = readPromoParams(window.location.search, hashQuery);
const i18n = createI18n(lang ?? 'en');
const queryClient = promoQueryClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <HashRouter>
          <PromoRoutes />
        </HashRouter>
      </QueryClientProvider>
    </I18nProvider>
  </StrictMode>,
);
