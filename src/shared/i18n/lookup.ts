import type { Lang } from '../markets.ts';

/** Looks a dotted key up in a catalog tree; undefined when missing. Shared by server and browser. */
export function lookup(tree: unknown, key: string): string | undefined {
  let node: unknown = tree;
  for (const part of key.split('.')) {
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * Fills a message's `{{name}}` placeholders from `vars`. A placeholder without a value stays as it is,
 * so a gap shows instead of a sentence quietly missing a word. Shared by server and browser.
 */
export function fill(message: string, vars?: Readonly<Record<string, unknown>>): string {
  if (!vars) return message;
  return message.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => {
    const value = vars[name];
    return value === undefined || value === null ? whole : String(value);
  });
}

const pluralRules = new Map<Lang, Intl.PluralRules>();
/** The plural form (`one`, `other`…) the language's rules name for `count`. Shared by server and browser. */
export function pluralOf(lang: Lang, count: number): string {
  let rules = pluralRules.get(lang);
  if (!rules) {
    rules = new Intl.PluralRules(lang);
    pluralRules.set(lang, rules);
  }
  return rules.select(count);
}

/**
 * A dotted key in a catalog tree, with a numeric `count` picking its `_one` / `_other` form first (as
 * i18next does; Indonesian has only `_other`); undefined when missing.
 */
export function lookupCounted(tree: unknown, key: string, lang: Lang, count: unknown): string | undefined {
  const counted = typeof count === 'number' ? lookup(tree, `${key}_${pluralOf(lang, count)}`) : undefined;
  return counted ?? lookup(tree, key);
}
