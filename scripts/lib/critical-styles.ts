import Beasties from 'beasties';

/** Holds a page's first paint until its root element, the frame, has been parsed whole (decision 043). */
export const HOLD_PAINT_FOR_FRAME = '<link rel="expect" href="#root" blocking="render">';

/**
 * A framed page's first paint needs only its HTML (decision 043). The rules its frame uses are copied into
 * a `<style>` in the head, the shell's stylesheet moves to the end of the body (it still loads at once, and
 * the screen's code runs only after it: module scripts wait for the stylesheets before them), and the head
 * asks the browser not to paint before the frame has been parsed whole, so the first paint is the whole
 * frame and never a half-parsed one. `dist` is where the page's stylesheet is, as `/assets/...`.
 */
export function criticalStyles(dist: string): (html: string) => Promise<string> {
  const beasties = new Beasties({
    path: dist,
    publicPath: '/',
    preload: 'body',
    // The full stylesheet stays whole: the screen's later states and the next screens need all of it.
    pruneSource: false,
    compress: true,
    fonts: false,
    logLevel: 'warn',
    // Rules on the root element itself: the matcher looks for elements inside <html>, so `html:root`
    // (the theme's colours and font for antd-mobile) would be left out.
    allowRules: [/^(html|:root)\b/],
  });
  return async (html) => {
    const out = (await beasties.process(html)).replace(' data-beasties-container', '');
    if (!/<style>[^<]+<\/style>/.test(out) || !/<link rel="stylesheet"[^>]*><\/body>/.test(out))
      throw new Error('a framed page whose styles could not be inlined');
    return out.replace('</style>', `</style>\n    ${HOLD_PAINT_FOR_FRAME}`);
  };
}
