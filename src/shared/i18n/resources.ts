import type { Lang } from '../markets.ts';
import { common } from './common.ts';
import { contact } from './contact.ts';

/**
 * Every namespace, in both languages. A feature adds its own file beside this one and one line here.
 * The `en` side is the reference shape; the catalog test checks that `id` has exactly the same keys.
 */
const namespaces = { common, contact } as const;

export type Namespace = keyof typeof namespaces;
export const NAMESPACES = Object.keys(namespaces) as Namespace[];

export const resources = {
  en: Object.fromEntries(NAMESPACES.map((ns) => [ns, namespaces[ns].en])),
  id: Object.fromEntries(NAMESPACES.map((ns) => [ns, namespaces[ns].id])),
} as unknown as Record<Lang, Record<Namespace, Record<string, unknown>>>;

/** Looks a dotted key up in one namespace; returns the key itself when missing so gaps show. */
export function translate(lang: Lang, ns: Namespace, key: string): string {
  let node: unknown = resources[lang][ns];
  for (const part of key.split('.')) {
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  }
  return typeof node === 'string' ? node : `${ns}:${key}`;
}
