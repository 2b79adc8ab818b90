import path from 'node:path';
import { routeWeights } from './lib/manifest.ts';

/**
 * Bundle budgets (gzip JS on first load), checked by `npm test` after the build. Over budget exits 1.
 * Marketing site: 90 KB in total, with no antd-mobile and no query library. H5 shell entry: 130 KB.
 */
const KB = 1024;
const dist = path.resolve(import.meta.dirname, '../dist/web');
const budgets: Array<{ name: string | RegExp; max: number }> = [
  { name: 'site (entry)', max: 90 * KB },
  { name: 'h5 (entry)', max: 130 * KB },
  // Issue #3: each complaint and chatbot route, entry included, on first load.
  { name: /^h5 → features\/(complaints|chatbot|customer-service)\//, max: 200 * KB },
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
  const matched = weights.filter((x) =>
    typeof b.name === 'string' ? x.name === b.name : b.name.test(x.name),
  );
  if (matched.length === 0) {
    console.error(`✗ ${b.name}: not found in the build`);
    failed++;
    continue;
  }
  for (const w of matched) {
    const ok = w.gzipBytes <= b.max;
    if (!ok) failed++;
    console.log(
      `${ok ? '✓' : '✗'} ${w.name}: ${(w.gzipBytes / KB).toFixed(1)} KB gzip JS (budget ${b.max / KB} KB)`,
    );
  }
}

// zod stays on the server: browsers import only types and the zod-free constants of the contract.
{
  const { readFileSync, readdirSync } = await import('node:fs');
  const withZod = readdirSync(path.join(dist, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .filter((f) => /\._zod\b|"_zod"/.test(readFileSync(path.join(dist, 'assets', f), 'utf8')));
  if (withZod.length) {
    console.error(`✗ zod is in browser bundles: ${withZod.join(', ')}`);
    failed++;
  } else {
    console.log('✓ no browser bundle contains zod');
  }
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
