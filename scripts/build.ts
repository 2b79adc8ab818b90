import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'vite';
import { entryAssets, type Manifest } from './lib/manifest.ts';

/**
 * Production build: Vite builds the shells and the site's island script, then every marketing page is
 * pre-rendered to static HTML in both languages (dist/web/site/<lang>/<page>.html). Company details stay
 * as placeholders that the server fills from the database when it serves a page.
 */
const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist/web');
const started = performance.now();

await build({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });

const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
const islands = entryAssets(manifest, '../app/site/islands.tsx');
const { renderAllSitePages } = await import('../src/web/app/site/prerender.tsx');
const pages = renderAllSitePages({
  scripts: [`/${islands.file}`],
  styles: islands.css.map((c) => `/${c}`),
});
for (const page of pages) {
  const dir = path.join(dist, 'site', page.lang);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${page.file}.html`), page.html);
}
console.log(`built web app and ${pages.length} site pages in ${Math.round(performance.now() - started)} ms`);
