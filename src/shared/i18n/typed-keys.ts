import type { Strings } from './catalog.ts';
import type { namespaces } from './resources.ts';

/**
 * Every namespace's keys, from the English catalogues with texts widened to `string` (a message is not
 * its English literal). i18next and react-i18next read this to type `t`, `useTranslation(ns)` and
 * `getFixedT`: a key or namespace that does not exist fails `tsc` (decision 051). Types only: nothing
 * here reaches a bundle.
 */
export type Resources = {
  [N in Exclude<keyof typeof namespaces, 'site'>]: Strings<(typeof namespaces)[N]['en']>;
};

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Resources;
  }
}
