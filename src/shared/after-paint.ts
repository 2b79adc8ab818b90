/**
 * Framed screen pages ask for their code after the frame has painted (decision 027).
 *
 * A framed page's HTML already draws the screen (its frame), so the only thing its first paint waits for
 * is the HTML and the stylesheets. When the page also names its scripts in the head, the browser fetches
 * ~180 KB of them at once, and on a slow link they share the bandwidth with the stylesheets the paint is
 * waiting for. So the build takes the entry script and the module preloads out of a framed page's head,
 * lists them in one meta tag, and adds this one inline script (allowed by its hash in the CSP): after the
 * next frame it adds the preloads and the entry as the head would have. If frames are not running (a
 * page opened in the background), a timer starts the code anyway.
 */
export const SCREEN_CODE_META = 'screen-code';

/** Classic script, ES5, no globals left behind: it runs before any of our code. */
export const AFTER_PAINT_SCRIPT = `(function(){var d=document,m=d.querySelector('meta[name="${SCREEN_CODE_META}"]');if(!m)return;var f=m.content.split(' '),done=0;function go(){if(done)return;done=1;for(var i=1;i<f.length;i++){var l=d.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=f[i];d.head.appendChild(l)}var s=d.createElement('script');s.type='module';s.crossOrigin='';s.src=f[0];d.head.appendChild(s)}requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,250)})();`;

const ENTRY = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * The framed page as it is sent: entry script and module preloads out of the head, named in the meta tag
 * (entry first), and the script above at the end of the body. Stylesheets stay where they are.
 */
export function codeAfterPaint(html: string): string {
  const entry = ENTRY.exec(html)?.[1];
  if (!entry) throw new Error('a framed page without its module entry script');
  const preloads = [...html.matchAll(PRELOAD)].map((m) => m[1]!);
  const files = [entry, ...preloads];
  if (files.some((f) => /[\s"<>]/.test(f))) throw new Error('an asset path that a meta tag cannot carry');
  return html
    .replace(ENTRY, '')
    .replace(PRELOAD, '')
    .replace(
      /\n\s*<\/head>/,
      `\n    <meta name="${SCREEN_CODE_META}" content="${files.join(' ')}">\n  </head>`,
    )
    .replace('</body>', `<script>${AFTER_PAINT_SCRIPT}</script>\n  </body>`);
}
