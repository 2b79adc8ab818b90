/**
 * The one import point for translation in the screens: react-i18next's provider and hook, typed by the
 * English catalogues (`src/shared/i18n/typed-keys.ts`), so `useTranslation('nope')` and `t('no.such')`
 * fail `tsc` (decision 051). `useTranslation(ns)` gives `t` for one namespace (others as `ns:key`) and
 * draws again when the language changes.
 */
export { I18nextProvider as I18nProvider, useTranslation } from 'react-i18next';
