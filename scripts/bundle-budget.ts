import path from 'node:path';
import { routeWeights } from './lib/manifest.ts';

/**
 * Bundle budgets (gzip JS on first load), checked by `npm test` after the build. Over budget exits 1.
 * Marketing site: 90 KB in total, with no antd-mobile and no query library. H5 shell entry: 130 KB.
 */
const KB = 1024;
const dist = path.resolve(import.meta.dirname, '../dist/web');
const budgets: Array<{ name: string; max: number }> = [
  { name: 'site (entry)', max: 90 * KB },
  { name: 'h5 (entry)', max: 130 * KB },
];
/** Strings each library carries through minification (class prefixes, its own error texts). */
const forbiddenOnSite: Array<[string, RegExp]> = [
  ['antd-mobile', /["'`.]adm-/],
  ['TanStack Query', /No QueryClient set/],
  ['react-router', /may be used only in the context of a <Router>/],
  ['i18next', /No backend was added via i18next.use/],
];

const weights = routeWeights(dist);
let failed = 0;
for (const b of budgets) {
  const w = weights.find((x) => x.name === b.name);
  if (!w) {
    console.error(`✗ ${b.name}: not found in the build`);
    failed++;
    continue;
  }
  const ok = w.gzipBytes <= b.max;
  if (!ok) failed++;
  console.log(
    `${ok ? '✓' : '✗'} ${b.name}: ${(w.gzipBytes / KB).toFixed(1)} KB gzip JS (budget ${b.max / KB} KB)`,
  );
}

const site = weights.find((x) => x.name === 'site (entry)');
if (site) {
  const { readFileSync } = await import('node:fs');
  const text = site.files.map((f) => readFileSync(path.join(dist, f), 'utf8')).join('\n');
  const found = forbiddenOnSite.filter(([, re]) => re.test(text)).map(([name]) => name);
  if (found.length) {
    console.error(`✗ site bundle contains ${found.join(', ')}`);
    failed++;
  } else {
    console.log('✓ site bundle has no antd-mobile, query, router or i18n library');
  }
}

process.exit(failed ? 1 : 0);
