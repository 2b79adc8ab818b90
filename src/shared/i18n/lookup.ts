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
