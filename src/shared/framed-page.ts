/**
 * How a framed screen page asks for its code (decision 027).
 *
 * A framed page's HTML already draws the screen, so its first paint waits only for the HTML and the
 * stylesheets. Its scripts (~180 KB) are wanted as soon as possible, but not before those: the build
 * marks the entry script and the module preloads of a framed page `fetchpriority="low"`. The browser
 * still asks for them at once (no round trip is lost), and the server sends the stylesheets first when
 * both compete for a slow link. A page without a frame has nothing to paint first and keeps the default.
 */
const ENTRY = /<script type="module" crossorigin src="/;
const PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)"/g;

/**
 * `keep`: files that stay at the default priority, the boot module's (decision 039): a few KB that start
 * the screen's first request, wanted before the rest of the code.
 */
export function lowPriorityCode(html: string, keep: readonly string[] = []): string {
  if (!ENTRY.test(html)) throw new Error('a framed page without its module entry script');
  return html
    .replace(ENTRY, '<script type="module" crossorigin fetchpriority="low" src="')
    .replace(PRELOAD, (tag, href: string) =>
      keep.includes(href) ? tag : `<link rel="modulepreload" crossorigin fetchpriority="low" href="${href}"`,
    );
}

/**
 * The H5 shell's boot module as a script of its own, before the entry (decision 039). `async`: it runs
 * the moment it and its few KB of imports are in, without waiting for the entry or the end of parsing.
 * The entry imports the same module, so it runs once either way.
 */
export function withBootScript(html: string, bootSrc: string): string {
  if (!ENTRY.test(html)) throw new Error('a shell page without its module entry script');
  return html.replace(
    ENTRY,
    (entry) => `<script type="module" async crossorigin src="${bootSrc}"></script>\n    ${entry}`,
  );
}
