import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { chatbot } from '../../shared/i18n/chatbot.ts';
import { common } from '../../shared/i18n/common.ts';
import { complaints } from '../../shared/i18n/complaints.ts';
import { orders } from '../../shared/i18n/orders.ts';
import { shell } from '../../shared/i18n/shell.ts';
import { support } from '../../shared/i18n/support.ts';
import type { Lang } from '../../shared/markets.ts';
import { sessionLang } from './session-params.ts';

/**
 * The namespaces the app shells (H5, dev, promo, admin) show. The marketing site's copy is not here:
 * it is pre-rendered and would only weigh down the app bundle. A feature namespace joins this list
 * when its screens land.
 */
const APP_NAMESPACES = { common, shell, orders, complaints, chatbot, support } as const;
const NAMESPACES = Object.keys(APP_NAMESPACES) as Array<keyof typeof APP_NAMESPACES>;
const resources = {
  en: Object.fromEntries(NAMESPACES.map((ns) => [ns, APP_NAMESPACES[ns].en])),
  id: Object.fromEntries(NAMESPACES.map((ns) => [ns, APP_NAMESPACES[ns].id])),
};

/**
 * One i18next instance per shell, with its catalogs bundled: they are small, and a web view on a slow
 * network should not wait for a second request before it can show any text.
 */
export function createI18n(lang: Lang = sessionLang()): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: lang,
    fallbackLng: 'en',
    supportedLngs: ['en', 'id'],
    ns: NAMESPACES,
    defaultNS: 'common',
    // Resources are in memory: initialising synchronously means the first render already has text.
    initAsync: false,
    // React escapes what it renders; escaping here too would show `&amp;` to borrowers.
    interpolation: { escapeValue: false },
  });
  if (typeof document !== 'undefined') {
    // Screen readers pick their voice from the document language.
    document.documentElement.lang = lang;
    instance.on('languageChanged', (next) => {
      document.documentElement.lang = next;
    });
  }
  return instance;
}
