import { common } from '../../shared/i18n/common.ts';
import { fill, lookupCounted } from '../../shared/i18n/lookup.ts';
import { shell } from '../../shared/i18n/shell.ts';
import { isLang, type Lang } from '../../shared/markets.ts';
import { sessionLang } from './session-params.ts';

type Catalog = { en: object; id: object };

/** What a call to `t` may carry: the placeholders' values, a count that picks a plural, a fallback. */
export interface TOptions {
  defaultValue?: string;
  /** The namespace, when the key does not name it. */
  ns?: string;
  /** A number picks the plural form; a string (already formatted) only fills `{{count}}`. */
  count?: number | string;
  [name: string]: unknown;
}
export type TFunction = (key: string, options?: TOptions) => string;

/**
 * Copy travels with the code that shows it: the shells carry `common` and `shell`; each screen's chunk
 * registers its own namespaces with `addCopy` when it loads, so one screen's text never weighs down
 * another's first load. The marketing site's copy is pre-rendered and never reaches the app bundles.
 */
const registered: Record<string, Catalog> = { common, shell };

/** Registers namespaces (idempotent) for every translator, present and future. Call at module load. */
export function addCopy(catalogs: Record<string, Catalog>): void {
  for (const [ns, catalog] of Object.entries(catalogs)) registered[ns] ??= catalog;
}

/**
 * `ns:dotted.key` (or a key in `defaultNs`) in `lang`, then in English (the reference catalog), with a
 * count picking the `_one` / `_other` form the language's plural rules name (Indonesian has only
 * `_other`). A key found nowhere gives its `defaultValue`, or the key itself, so a gap shows.
 */
function translate(lang: Lang, defaultNs: string, key: string, options?: TOptions): string {
  const colon = key.indexOf(':');
  const ns = colon > 0 ? key.slice(0, colon) : (options?.ns ?? defaultNs);
  const path = colon > 0 ? key.slice(colon + 1) : key;
  const catalog = registered[ns];
  let message: string | undefined;
  for (const l of lang === 'en' ? (['en'] as const) : ([lang, 'en'] as const)) {
    const tree = catalog?.[l];
    message = lookupCounted(tree, path, l, options?.count);
    if (message !== undefined) break;
  }
  return fill(message ?? options?.defaultValue ?? path, options);
}

/**
 * The app's translator: a language, the catalogs the loaded code registered, and listeners told when
 * the language changes (the back office and the promotion page switch it; the H5 keeps the session's).
 * Its surface is the little the screens use, so the shells do not carry a general i18n library (about
 * 15 KB brotli on every screen's first load, decision 018).
 */
export class I18n {
  language: Lang;
  private readonly listeners = new Set<(lang: Lang) => void>();

  constructor(lang: Lang) {
    this.language = lang;
  }

  /** A key in `common` unless it names its namespace (`shell:notFound.title`). */
  readonly t: TFunction = (key, options) => translate(this.language, 'common', key, options);

  /** A translator bound to a language and a default namespace, whatever the current language. */
  getFixedT(lang: string, ns = 'common'): TFunction {
    const fixed: Lang = isLang(lang) ? lang : 'en';
    return (key, options) => translate(fixed, ns, key, options);
  }

  hasResourceBundle(lang: string, ns: string): boolean {
    return isLang(lang) && registered[ns] !== undefined;
  }

  changeLanguage(lang: string): Promise<void> {
    const next: Lang = isLang(lang) ? lang : 'en';
    if (next !== this.language) {
      this.language = next;
      for (const listener of this.listeners) listener(next);
    }
    return Promise.resolve();
  }

  /** Calls `listener` on every change of language; returns the way to stop. */
  readonly subscribe = (listener: (lang: Lang) => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

/** The translator a screen gets when no provider gives one (tests rendering a lone component). */
let latest: I18n | null = null;
export function defaultI18n(): I18n {
  latest ??= createI18n('en');
  return latest;
}

export function createI18n(lang: Lang = sessionLang()): I18n {
  const instance = new I18n(lang);
  latest = instance;
  if (typeof document !== 'undefined') {
    // Screen readers pick their voice from the document language.
    document.documentElement.lang = lang;
    instance.subscribe((next) => {
      document.documentElement.lang = next;
    });
  }
  return instance;
}
