import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKETS } from '../src/shared/markets.ts';
import { SHELL_ROUTES } from '../src/shared/shell-routes.ts';
import { type Browser, openBrowser } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Each element of the page with every computed style it has, the code not run: one line per element. */
async function drawn(url: string, withStylesheet: boolean): Promise<string[]> {
  const page = await browser.context.newPage();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.route('**/assets/*.js', (route) => route.abort());
  if (!withStylesheet) await page.route('**/assets/*.css', (route) => route.abort());
  await page.goto(url, { waitUntil: 'load' });
  const styles = await page.evaluate(() => {
    // An SVG's own animations (a loading spinner) ignore reduced motion: both pictures are taken at time 0.
    for (const svg of document.querySelectorAll('svg')) {
      svg.pauseAnimations();
      svg.setCurrentTime(0);
    }
    return [...document.querySelectorAll('html, body, #root *')].map((el) => {
      const cs = getComputedStyle(el);
      // Sorted: custom properties come in the order the rules that set them were read.
      const props = [...cs]
        .map((name) => `${name}: ${cs.getPropertyValue(name)}`)
        .sort()
        .join('; ');
      return `${el.tagName.toLowerCase()}.${el.getAttribute('class') ?? ''} { ${props} }`;
    });
  });
  await page.close();
  return styles;
}

/** The declarations of `a` that `b` has otherwise. */
function declarationsApart(a: string, b: string): string {
  const theirs = new Set(b.split('; '));
  return a
    .split('; ')
    .filter((d) => !theirs.has(d))
    .join('; ');
}

// Decision 043: a framed page paints before its stylesheet arrives, with only the rules the build copied
// into it. Those must draw the frame exactly as the whole stylesheet does, or the borrower sees the screen
// jump (or in the wrong colours) when the stylesheet lands.
describe('framed H5 pages at 390×844 draw their frame with the inlined styles as with the whole stylesheet', () => {
  const framed = SHELL_ROUTES.filter((r) => r.shell === 'h5' && r.module);
  it('are all checked', () => {
    expect(framed.length).toBeGreaterThan(15);
  });
  for (const route of framed) {
    it(`${route.path}, in both languages`, async () => {
      for (const market of MARKETS) {
        const url = `${server.baseURL}${route.path}?market=${market}`;
        const whole = await drawn(url, true);
        const inlined = await drawn(url, false);
        expect(whole.length, url).toBeGreaterThan(5);
        expect(inlined.length, url).toBe(whole.length);
        const apart = whole.flatMap((line, i) =>
          line === inlined[i]
            ? []
            : [
                `${market} ${line.slice(0, line.indexOf(' {'))}: ${declarationsApart(line, inlined[i]!)} / inlined: ${declarationsApart(inlined[i]!, line)}`,
              ],
        );
        expect(apart.slice(0, 5)).toEqual([]);
      }
    });
  }
});
