/**
 * Type test (checked by `tsc`, never run): each `@ts-expect-error` below must meet an error, so `tsc`
 * fails if a missing key, an unknown namespace or an Indonesian catalogue missing a key ever compiles.
 */
import type { TFunction } from 'i18next';
import { catalog } from './catalog.ts';
import { translate } from './resources.ts';

declare const t: TFunction<'common'>;
declare const tLoans: TFunction<'loans'>;

export const found = [t('actions.retry'), tLoans('notice.180.desc', { count: 2 })];

// @ts-expect-error: no such key in `common`
export const missingKey = t('actions.nope');

// @ts-expect-error: no such namespace
export const missingNs: TFunction<'nope'> = t;

// @ts-expect-error: the server's messages are typed too
export const missingServerKey = translate('en', 'common', 'errors.nope');

export const missingIndonesian = catalog({
  en: { title: 'Title', body: { lead: 'Lead', more: 'More' } },
  // @ts-expect-error: `body.more` is missing in Indonesian
  id: { title: 'Judul', body: { lead: 'Awal' } },
});

export const extraIndonesian = catalog({
  en: { title: 'Title' },
  // @ts-expect-error: Indonesian has a key English does not
  id: { title: 'Judul', subtitle: 'Sub' },
});

// Indonesian has one plural form: `_one` may be left out, `_other` may not.
export const plural = catalog({
  en: { days_one: '{{count}} day', days_other: '{{count}} days' },
  id: { days_other: '{{count}} hari' },
});
export const pluralMissing = catalog({
  en: { days_one: '{{count}} day', days_other: '{{count}} days' },
  // @ts-expect-error: `days_other` is missing in Indonesian
  id: { days_one: '{{count}} hari' },
});
