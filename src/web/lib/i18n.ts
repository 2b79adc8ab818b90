import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { common } from '../../shared/i18n/common.ts';
import { shell } from '../../shared/i18n/shell.ts';
import type { Lang } from '../../shared/markets.ts';
import { sessionLang } from './session-params.ts';

type Catalog = { en: object; id: object };

/**
 * Copy travels with the code that shows it: the shells carry `common` and `shell`; each screen's chunk
 * registers its own namespaces with `addCopy` when it loads, so one screen's text never weighs down
 * another's first load. The marketing site's copy is pre-rendered and never reaches the app bundles.
 */
const registered: Record<string, Catalog> = { common, shell };
const live = new Set<i18n>();

/** Registers namespaces (idempotent) on every i18n instance, present and future. Call at module load. */
export function addCopy(catalogs: Record<string, Catalog>): void {
  for (const [ns, catalog] of Object.entries(catalogs)) {
    if (registered[ns]) continue;
    registered[ns] = catalog;
    for (const instance of live) {
      instance.addResourceBundle('en', ns, catalog.en);
      instance.addResourceBundle('id', ns, catalog.id);
    }
  }
}

function resources() {
  const names = Object.keys(registered);
  return {
    en: Object.fromEntries(names.map((ns) => [ns, registered[ns]!.en])),
    id: Object.fromEntries(names.map((ns) => [ns, registered[ns]!.id])),
  };
}

export function createI18n(lang: Lang = sessionLang()): i18n {
  const instance = i18next.createInstance();
  live.add(instance);
  void instance.use(initReactI18next).init({
    resources: resources(),
    lng: lang,
    fallbackLng: 'en',
    supportedLngs: ['en', 'id'],
    ns: Object.keys(registered),
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
