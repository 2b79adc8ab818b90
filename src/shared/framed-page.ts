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
const PRELOAD = /<link rel="modulepreload" crossorigin href="/g;

export function lowPriorityCode(html: string): string {
  if (!ENTRY.test(html)) throw new Error('a framed page without its module entry script');
  return html
    .replace(ENTRY, '<script type="module" crossorigin fetchpriority="low" src="')
    .replace(PRELOAD, '<link rel="modulepreload" crossorigin fetchpriority="low" href="');
}
