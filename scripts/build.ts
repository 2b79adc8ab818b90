import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { build, createServer } from 'vite';
import { lowPriorityCode, withBootScript } from '../src/shared/framed-page.ts';
import { LANGS } from '../src/shared/markets.ts';
import { SHELL_ROUTES } from '../src/shared/shell-routes.ts';
import { criticalStyles } from './lib/critical-styles.ts';
import { COMPRESSIBLE, entryAssets, type Manifest, screenPreloads } from './lib/manifest.ts';

/**
 * Production build: Vite builds the shells and the site's two scripts, then every marketing page is
 * pre-rendered to static HTML in both languages (dist/web/site/<lang>/<page>.html). Company details stay
 * as placeholders that the server fills from the database when it serves a page. Last, every text file
 * gets its brotli and gzip twins (decision 018), which the server sends instead of compressing per request.
 */
const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist/web');
const started = performance.now();

await build({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });

const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
const enhance = entryAssets(manifest, '../app/site/enhance.ts');
const islands = entryAssets(manifest, '../app/site/islands.tsx');
const url = (file: string) => `/${file}`;

// The H5 shell's boot module (it starts the screen's first request) is also a script of its own, so it
// runs before the entry has arrived (decision 039). Every H5 page below is a copy of this shell.
const boot = entryAssets(manifest, '../app/h5/boot.ts');
const h5Shell = path.join(dist, 'h5.html');
writeFileSync(h5Shell, withBootScript(readFileSync(h5Shell, 'utf8'), url(boot.file)));
const { renderAllSitePages } = await import('../src/web/app/site/prerender.tsx');
const pages = renderAllSitePages({
  styles: [...new Set([...enhance.css, ...islands.css])].map(url),
  scripts: { enhance: enhance.js.map(url), islands: islands.js.map(url) },
});
for (const page of pages) {
  const dir = path.join(dist, 'site', page.lang);
  await mkdir(dir, { recursive: true });
  writeFileSync(path.join(dir, `${page.file}.html`), page.html);
}

// Each single-screen path gets its own pages (decision 027): copies of the shell's HTML that ask for the
// screen's code and styles at once, beside the entry, and, one per language, that already hold the
// screen's frame (drawn here with React from the screen itself), so the first paint shows the screen
// rather than waiting for the code. The server sends dist/web/<shell>/<path>[.<lang>].html for that path.
const ssr = await createServer({
  configFile: false,
  root,
  logLevel: 'error',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false },
  // antd-mobile's modules import their CSS: Vite handles them (and drops the CSS) instead of Node.
  ssr: { noExternal: ['antd-mobile', 'antd-mobile-icons'] },
});
let screenPages = 0;
const inlineCritical = criticalStyles(dist);
try {
  const { renderScreenFrame } = (await ssr.ssrLoadModule(
    '/src/web/app/h5/frames.tsx',
  )) as typeof import('../src/web/app/h5/frames.tsx');
  for (const r of SHELL_ROUTES) {
    if (!r.module) continue;
    const entryKey = `${r.shell}.html`;
    const preload = screenPreloads(manifest, entryKey, `../${r.module}`);
    const links = [
      ...preload.css.map((f) => `<link rel="stylesheet" crossorigin href="${url(f)}">`),
      ...preload.js.map((f) => `<link rel="modulepreload" crossorigin href="${url(f)}">`),
    ];
    const shellHtml = readFileSync(path.join(dist, entryKey), 'utf8');
    if (!/<div id="root"><\/div>/.test(shellHtml) || !shellHtml.includes('</head>'))
      throw new Error(`${entryKey} has no empty root element or no </head>`);
    const withLinks = shellHtml.replace(
      /\n\s*<\/head>/,
      `\n${links.map((l) => `    ${l}\n`).join('')}  </head>`,
    );
    const base = path.join(dist, r.shell, r.path.slice(1));
    await mkdir(path.dirname(base), { recursive: true });
    writeFileSync(`${base}.html`, withLinks);
    for (const lang of LANGS) {
      const frame = await renderScreenFrame(r.path, lang);
      const page = withLinks
        .replace(/<html lang="[^"]*"/, `<html lang="${lang}"`)
        .replace(/<title>[^<]*<\/title>/, `<title>${frame.title}</title>`)
        .replace('<div id="root"></div>', `<div id="root">${frame.html}</div>`);
      // The frame paints first, from the HTML alone (decision 043); its code is asked for at once, at low
      // priority (decision 027).
      const framed = lowPriorityCode(page, r.shell === 'h5' ? boot.js.map(url) : []);
      writeFileSync(`${base}.${lang}.html`, await inlineCritical(framed));
    }
    screenPages++;
  }
} finally {
  await ssr.close();
}
const built = performance.now();

/** Every text file the server may send, except Vite's own manifest (read by the build and the budget). */
function textFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === '.vite' ? [] : textFiles(full);
    return COMPRESSIBLE.test(name) ? [full] : [];
  });
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
let raw = 0;
let br = 0;
let gz = 0;
// zlib's async calls run on libuv's thread pool, so the files compress on every core at once.
await Promise.all(
  textFiles(dist).map(async (file) => {
    const bytes = await readFile(file);
    const [b, g] = await Promise.all([
      brotli(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
      gzipAsync(bytes, { level: 9 }),
    ]);
    raw += bytes.length;
    // A tiny file can grow when compressed: then the server sends it as it is.
    if (b.length < bytes.length) await writeFile(`${file}.br`, b);
    if (g.length < bytes.length) await writeFile(`${file}.gz`, g);
    br += Math.min(b.length, bytes.length);
    gz += Math.min(g.length, bytes.length);
  }),
);

const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
console.log(
  `built web app, ${screenPages} screen pages and ${pages.length} site pages in ${Math.round(built - started)} ms; ` +
    `compressed ${kb(raw)} of text to ${kb(br)} brotli / ${kb(gz)} gzip in ${Math.round(performance.now() - built)} ms`,
);
