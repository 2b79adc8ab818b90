import { createContext, type ReactNode, useContext, useMemo, useSyncExternalStore } from 'react';
import { defaultI18n, type I18n, type TFunction } from './i18n.ts';

const I18nContext = createContext<I18n | null>(null);

/** Gives the screens under it their translator. */
export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

/**
 * `t` for one namespace (keys of others as `ns:key`), in the translator's current language: the
 * component draws again when the language changes.
 */
export function useTranslation(ns = 'common'): { t: TFunction; i18n: I18n } {
  const i18n = useContext(I18nContext) ?? defaultI18n();
  const lang = useSyncExternalStore(
    i18n.subscribe,
    () => i18n.language,
    () => i18n.language,
  );
  const t = useMemo(() => i18n.getFixedT(lang, ns), [i18n, lang, ns]);
  return { t, i18n };
}
