import { createInstance, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { common } from '../../shared/i18n/common.ts';
import { shell } from '../../shared/i18n/shell.ts';
import type { Lang } from '../../shared/markets.ts';
import { sessionLang } from './session-params.ts';

export type I18n = i18n;

type Copy = { readonly en: object; readonly id: object };

/**
 * Copy travels with the code that shows it: the shells carry `common` and `shell`; each screen's chunk
 * registers its own namespaces with `addCopy` when it loads, so one screen's text never weighs down
 * another's first load. The marketing site's copy is pre-rendered and never reaches the app bundles.
 */
const registered = new Map<string, Copy>([
  ['common', common],
  ['shell', shell],
]);
/** The instances made so far (one per shell; one per render in component tests). */
const instances = new Set<I18n>();

function addTo(instance: I18n, ns: string, copy: Copy): void {
  // Never over another copy of the same namespace: registering is idempotent.
  if (instance.hasResourceBundle('en', ns)) return;
  instance.addResourceBundle('en', ns, copy.en);
  instance.addResourceBundle('id', ns, copy.id);
}

/** Registers namespaces (idempotent) with every i18next instance, present and future. Call at module load. */
export function addCopy(catalogs: Record<string, Copy>): void {
  for (const [ns, copy] of Object.entries(catalogs)) {
    if (!registered.has(ns)) registered.set(ns, copy);
    for (const instance of instances) addTo(instance, ns, registered.get(ns)!);
  }
}

/**
 * The shell's i18next (decision 051): the session's language (the back office and the promotion page
 * switch it), English as the fallback, the copy registered so far inline and loaded at once, so the first
 * render has its text. No HTML escaping: React escapes what it renders. react-i18next's `useTranslation`
 * reads it through `I18nProvider`; without a provider (a lone component in a test) the last one made.
 */
export function createI18n(lang: Lang = sessionLang()): I18n {
  const instance = createInstance({
    lng: lang,
    fallbackLng: 'en',
    supportedLngs: ['en', 'id'],
    defaultNS: 'common',
    ns: [...registered.keys()],
    resources: {
      en: Object.fromEntries([...registered].map(([ns, copy]) => [ns, copy.en])),
      id: Object.fromEntries([...registered].map(([ns, copy]) => [ns, copy.id])),
    },
    initAsync: false,
    interpolation: { escapeValue: false },
    // Copy is in the bundle, never fetched: nothing to wait for.
    react: { useSuspense: false },
  });
  instance.use(initReactI18next);
  void instance.init();
  instances.add(instance);
  if (typeof document !== 'undefined') {
    // Screen readers pick their voice from the document language.
    document.documentElement.lang = instance.language;
    instance.on('languageChanged', (next) => {
      document.documentElement.lang = next;
    });
  }
  return instance;
}
