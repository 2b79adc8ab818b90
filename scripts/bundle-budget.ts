import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { HOLD_PAINT_FOR_FRAME } from './lib/critical-styles.ts';
import {
  closure,
  missingTwins,
  readManifest,
  routeWeights,
  type Transfer,
  transfer,
} from './lib/manifest.ts';

/**
 * Bundle budgets, checked by `npm test` after the build; over budget exits 1. They count bytes on the
 * wire: the brotli twins the server sends to browsers (all of ours send `br`), with gzip printed too,
 * for JS and CSS of each route's first load (decision 018). Limits sit a few KB above what the build
 * produced when they were set, so growth is a decision, not drift.
 */
const KB = 1024;
const dist = path.resolve(import.meta.dirname, '../dist/web');

interface Budget {
  name: string | RegExp;
  /** Brotli bytes of JS on first load. */
  js: number;
  /** Gzip bytes of JS on first load, where an issue states its budget in gzip. */
  jsGzip?: number;
  /** Most script files on first load (each a request on a slow phone). */
  scripts?: number;
  stylesheets?: number;
  /** Brotli bytes of CSS on first load. */
  css?: number;
}
const budgets: Budget[] = [
  // The marketing home turns its carousel with plain DOM code: no React (was 69.5 KB gzip with React).
  // Issue 28: at most 30 KB of JS, counted both ways.
  { name: 'site /', js: 30 * KB, jsGzip: 30 * KB, scripts: 1, stylesheets: 1 },
  // The contact form hydrates with React: the island and its runtime, brotli (was 69.5 KB gzip). 60.9 KB
  // brotli on React 19 (decision 050; 13.0 while it ran on a smaller runtime, decision 044); 68.1 with its
  // send a TanStack Query mutation (decision 066). Five scripts: the reply codes it shares with the H5 boot
  // module are a 0.3 KB file of their own (decision 039).
  { name: 'site /About', js: 70 * KB, scripts: 5, stylesheets: 1 },
  // Pages without an island load only the small page script (address-bar clean-up, in-app layout: 025).
  {
    name: /^site \/(Loan|privacyPolicy|Policy|Contact)$|^site \(404\)$/,
    js: 2 * KB,
    scripts: 1,
    stylesheets: 1,
  },
  // Was 130 KB gzip (13 files without chunk groups); now 5 files, 129.0 KB gzip = 112.6 KB brotli. The
  // router now knows the loan screens too and starts their first queries (issue 8): 114.5 KB brotli;
  // with the plan and extension queries (issue 9) 114.9; with our own translator (decision 038) 99.8.
  // Eight files since the boot module (decision 039): it, its imports and the reply codes are three
  // small files the page fetches in parallel, so the first request leaves before the rest arrives.
  // All of the shell's styles are its one stylesheet, and the helpers it shares with the site one script
  // (decision 040): seven scripts, CSS 10.7 KB brotli when set. Six since the boot module's own body is
  // built into the file of its imports (one request fewer before the first call leaves). 100.5 KB brotli
  // on React 19 (decision 050), of which React's renderer and scheduler are 48 KB;
  // i18next with react-i18next (decision 051) add 14.6 KB, one copy in the app shell's chunk.
  { name: 'h5 (entry)', js: 119 * KB, scripts: 6, stylesheets: 1, css: 12 * KB },
  // Issue 28: every H5 screen's first load, entry included, at most 200 KB gzip (the largest, the
  // complaint list, 169.2 KB gzip on React, ~186 with i18next).
  { name: /^h5 /, js: 167 * KB, jsGzip: 200 * KB },
  // Issue #3: each complaint and chatbot screen, entry included, on first load (issue 8: the loan screens
  // too, with the same bound; the loan screens' copy loads with them, not with every screen; "My data"
  // too, decision 035). Was 200 KB gzip and 38 scripts + 12 stylesheets; then about 171 KB brotli in 9
  // scripts and 4 stylesheets; with antd-mobile in two and our own translator 142-148 KB brotli (the
  // complaint entry, list and details, which load the second antd chunk, about 159 KB in 10 scripts);
  // three small files more with the boot module (decision 039). Since decision 040 one stylesheet, the
  // shell's (was 2-4 per screen, 6.8 KB brotli for the chatbot's four), and 10-12 scripts (one fewer);
  // 9-11 with the boot module in one file. On React 19 (decision 050) at most 148.1 KB brotli (the
  // complaint list), React's 48 KB included.
  {
    name: /^h5 → features\/(complaints|chatbot|customer-service|products|loan-confirm|loan-details|repayment|repayment-pay|repayment-card|data-rights)\//,
    // React 19 (decision 050) and i18next (decision 051).
    js: 167 * KB,
    scripts: 11,
    stylesheets: 1,
    css: 12 * KB,
  },
  // Decision 042: antd-mobile's overlays (Toast, Dialog, popups, react-spring) and its swiping parts
  // (the bottom sheet, the image viewer) load on demand, so a screen that draws no tabs (all but the
  // complaint list) loads only antd's core: 124-129 KB brotli (was 144-159).
  {
    name: /^h5 → features\/(?!complaints\/complaint-list-page)(complaints|chatbot|customer-service|products|loan-confirm|loan-details|repayment|repayment-pay|repayment-card|data-rights)\//,
    // With i18next (decision 051).
    js: 147 * KB,
  },
  // Issue 28: the complaint form and the chatbot at most 170 KB of JS transferred (0.8 of the comparable
  // public React H5 build's 212 KB that issue 6 measured).
  {
    name: /^h5 → features\/(complaints\/complaint-form-page|chatbot\/chatbot-page)\.tsx$/,
    js: 170 * KB,
  },
  // Issue 8: the loan confirmation and loan details at most 200 KB gzip on first load; issue 9: every
  // repayment screen too (the bank-card one, `/repayment`, included).
  {
    name: /^h5 → features\/(loan-confirm\/loan-confirm-page|loan-details\/loan-details-page|repayment(-pay|-card)?\/[a-z-]+-page)\.tsx$/,
    // React 19 (decision 050) and i18next (decision 051).
    js: 167 * KB,
    jsGzip: 200 * KB,
  },
  // Issue 10: the promotion landing, at most 120 KB gzip on first load (React alone is 66 KB of it), no
  // antd-mobile. Its own copies of react-router's hash router, the translator and the request helper,
  // nothing shared with the app shells but React (decision 034): 4 scripts, 96.9 KB br / 110.8 KB gz
  // when set, 82.2 / 94.5 with our own translator (decision 038), 82.5 / 94.8 on React 19 (decision 050),
  // 14.8 / 16.6 more with i18next (decision 051), 7.1 / 8.0 more with TanStack Query's mutations for the
  // form's two writes (decision 066): 104.4 / 119.5.
  { name: 'promo (entry)', js: 105 * KB, jsGzip: 120 * KB, scripts: 4, stylesheets: 1 },
];
/** Strings each library carries through minification (class prefixes, its own error texts). */
const forbiddenOnSite: Array<[string, RegExp]> = [
  ['antd-mobile', /["'`.]adm-/],
  ['TanStack Query', /No QueryClient set/],
  ['react-router', /may be used only in the context of a <Router>/],
  // i18next (src/web/lib/i18n.ts): its logger's prefix survives minification.
  ['i18next', /i18next::|getFixedT/],
];

const kb = (n: number) => `${(n / KB).toFixed(1)} KB`;
const wire = (t: Transfer) => `${kb(t.br)} br / ${kb(t.gz)} gz`;
/** The H5 boot module with its imports (decision 039): what must arrive before the first request leaves. */
const BOOT_BUDGET_BR = 8 * KB;
/** A framed page with its frame's styles inline: about 2-3 KB br today (decision 043). */
const FRAMED_PAGE_BUDGET_BR = 4 * KB;
let failed = 0;
function check(ok: boolean, line: string) {
  if (!ok) failed++;
  (ok ? console.log : console.error)(`${ok ? '✓' : '✗'} ${line}`);
}

// Every text file has its brotli and gzip twin, or the server would send it uncompressed.
const missing = missingTwins(dist, (bytes, encoding) =>
  encoding === 'br'
    ? brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length
    : gzipSync(bytes, { level: 9 }).length,
);
check(
  missing.length === 0,
  missing.length ? `missing precompressed files: ${missing.join(', ')}` : 'every text file has .br and .gz',
);

const weights = routeWeights(dist);
console.log('\nFirst load per route (bytes on the wire):');
for (const w of weights) {
  console.log(
    `  ${w.name.padEnd(58)} ${String(w.files.length).padStart(2)} scripts ${String(w.css.length).padStart(2)} ` +
      `stylesheets  JS ${wire(w.js)}  CSS ${wire(w.styles)}`,
  );
}
console.log('');
for (const b of budgets) {
  const matched = weights.filter((x) =>
    typeof b.name === 'string' ? x.name === b.name : b.name.test(x.name),
  );
  check(matched.length > 0, `${b.name}: ${matched.length ? 'found' : 'not found in the build'}`);
  for (const w of matched) {
    const over = [
      w.js.br > b.js && `JS ${kb(w.js.br)} br > ${kb(b.js)}`,
      b.jsGzip !== undefined && w.js.gz > b.jsGzip && `JS ${kb(w.js.gz)} gz > ${kb(b.jsGzip)}`,
      b.scripts !== undefined && w.files.length > b.scripts && `${w.files.length} scripts > ${b.scripts}`,
      b.stylesheets !== undefined &&
        w.css.length > b.stylesheets &&
        `${w.css.length} stylesheets > ${b.stylesheets}`,
      b.css !== undefined && w.styles.br > b.css && `CSS ${kb(w.styles.br)} br > ${kb(b.css)}`,
    ].filter(Boolean);
    check(
      over.length === 0,
      `${w.name}: ${over.length ? over.join(', ') : `JS ${wire(w.js)} (budget ${kb(b.js)} br)`}`,
    );
  }
}

// antd-mobile loads with the screens, never with an entry (decision 012).
for (const w of weights.filter((x) => x.name.endsWith('(entry)'))) {
  check(!w.files.some((f) => /\/antd-/.test(f)), `${w.name} loads no antd chunk`);
}

// antd-mobile's Chinese default labels are never shown (each shell sets its own before drawing): the
// build swaps them for its English base (vite.config.ts), so no first load carries them.
{
  const withChinese = weights.filter((w) =>
    w.files.some((f) => readFileSync(path.join(dist, f), 'utf8').includes('加载中')),
  );
  check(
    withChinese.length === 0,
    withChinese.length
      ? `antd-mobile's Chinese labels load with ${withChinese.map((w) => w.name).join(', ')}`
      : "no first load carries antd-mobile's Chinese labels",
  );
}

// Every page that draws with React runs on React 19 itself (decision 050): its renderer (its error links)
// loads with each shell and the site's form island, and with no site page that has no island.
{
  const carries = (w: { files: string[] }) =>
    w.files.some((f) => readFileSync(path.join(dist, f), 'utf8').includes('react.dev/errors'));
  const reactPages = weights.filter((w) => !w.name.startsWith('site ') || w.name === 'site /About');
  const without = reactPages.filter((w) => !carries(w));
  const plainWith = weights.filter((w) => !reactPages.includes(w) && carries(w));
  check(
    reactPages.length > 0 && without.length === 0 && plainWith.length === 0,
    without.length || plainWith.length
      ? `React's renderer missing from ${without.map((w) => w.name).join(', ') || '-'}; ` +
          `loaded without an island by ${plainWith.map((w) => w.name).join(', ') || '-'}`
      : `React's renderer (react-dom) is in all ${reactPages.length} first loads that draw with React, and in no other`,
  );
}

// The promotion landing stays light (decision 034): not the data router, not antd. (Its writes are
// TanStack Query mutations, decision 066: the library's mutation half is there.)
{
  const promo = weights.find((x) => x.name === 'promo (entry)');
  const text = (promo?.files ?? []).map((f) => readFileSync(path.join(dist, f), 'utf8')).join('\n');
  const found = (
    [
      ['react-router data router', /\bhydrationData\b/],
      ['antd-mobile', /["'`.]adm-/],
    ] as const
  )
    .filter(([, re]) => re.test(text))
    .map(([name]) => name);
  check(
    promo !== undefined && found.length === 0,
    found.length
      ? `promo (entry) contains ${found.join(', ')}`
      : 'promo (entry) has no data router or antd-mobile',
  );
}

// The H5 boot module starts the screen's first request before the entry arrives (decision 039): it and
// its imports stay a few KB, without React, the router, the query cache or antd-mobile.
{
  const manifest = readManifest(dist);
  const boot = closure(manifest, ['../app/h5/boot.ts']).js;
  const heavy = boot.filter((f) => /\/(react|app-shell|app-common|antd[^/]*)-[\w-]+\.js$/.test(f));
  const size = transfer(dist, boot);
  check(
    boot.length > 0 && heavy.length === 0 && size.br <= BOOT_BUDGET_BR,
    boot.length === 0
      ? 'no H5 boot module in the build'
      : heavy.length
        ? `H5 boot module loads ${heavy.join(', ')}`
        : `H5 boot module: ${boot.length} scripts, JS ${wire(size)} (budget ${kb(BOOT_BUDGET_BR)} br), no React, router or antd`,
  );
}

/** The H5 shell's pages of their own (decision 027): `<path>.html`, and `<path>.<lang>.html` with the frame. */
const h5PageFiles = readdirSync(path.join(dist, 'h5')).filter((f) => f.endsWith('.html'));

// The boot module runs only where the page says it is the H5 shell: every H5 page carries the mark, and
// the other shells, which load the same file for the request helper, do not.
{
  const marked = (file: string) => /<html[^>]* data-shell="h5"/.test(readFileSync(file, 'utf8'));
  const h5Pages = [path.join(dist, 'h5.html'), ...h5PageFiles.map((f) => path.join(dist, 'h5', f))];
  const unmarked = h5Pages.filter((f) => !marked(f)).map((f) => path.relative(dist, f));
  const wrongly = ['admin.html', 'dev.html', 'promo.html'].filter((f) => marked(path.join(dist, f)));
  check(
    unmarked.length === 0 && wrongly.length === 0,
    unmarked.length || wrongly.length
      ? `H5 shell mark missing on ${unmarked.join(', ') || '-'}; wrongly on ${wrongly.join(', ') || '-'}`
      : `all ${h5Pages.length} H5 pages say they are the H5 shell; the other shells do not`,
  );
}

// A framed page paints from its HTML alone (decision 043): its frame's rules inline, the paint held until
// the frame is parsed, the stylesheet after the frame; and the page, styles included, stays small.
{
  const framedPages = h5PageFiles.filter((f) => /\.(en|id)\.html$/.test(f));
  const wrong = framedPages.filter((f) => {
    const html = readFileSync(path.join(dist, 'h5', f), 'utf8');
    const head = html.slice(0, html.indexOf('</head>'));
    return (
      !/<style>[^<]+<\/style>/.test(head) ||
      !head.includes(HOLD_PAINT_FOR_FRAME) ||
      /<link rel="stylesheet"/.test(head) ||
      !/<div id="root">[\s\S]*<link rel="stylesheet"[^>]*><\/body>/.test(html)
    );
  });
  const largest = Math.max(...framedPages.map((f) => transfer(path.join(dist, 'h5'), [f]).br));
  check(
    framedPages.length > 0 && wrong.length === 0 && largest <= FRAMED_PAGE_BUDGET_BR,
    framedPages.length === 0
      ? 'no framed H5 pages in the build'
      : wrong.length
        ? `framed pages that do not paint from their HTML alone: ${wrong.join(', ')}`
        : `all ${framedPages.length} framed H5 pages paint from their HTML alone; the largest is ${kb(largest)} br (budget ${kb(FRAMED_PAGE_BUDGET_BR)})`,
  );
}

// No two chunks import each other: a cycle can run a module before the one it needs.
{
  const manifest = readManifest(dist);
  const cycles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (k: string, trail: string[]) => {
    if (state.get(k) === 'done') return;
    if (state.get(k) === 'open') {
      cycles.push([...trail.slice(trail.indexOf(k)), k].join(' → '));
      return;
    }
    state.set(k, 'open');
    for (const i of manifest[k]?.imports ?? []) visit(i, [...trail, k]);
    state.set(k, 'done');
  };
  for (const k of Object.keys(manifest)) visit(k, []);
  check(
    cycles.length === 0,
    cycles.length ? `chunk import cycles: ${cycles.join('; ')}` : 'no chunk import cycles',
  );
}

// zod stays out of every borrower's and visitor's code: only the back office's forms check with the
// contract's schemas (decision 052), so zod may be in a file only the back office's entry reaches.
{
  const manifest = readManifest(dist);
  const reached = (keys: string[]) => {
    const files = new Set<string>();
    const visit = (k: string) => {
      const c = manifest[k];
      if (!c || files.has(c.file)) return;
      files.add(c.file);
      for (const i of [...(c.imports ?? []), ...(c.dynamicImports ?? [])]) visit(i);
    };
    for (const k of keys) visit(k);
    return files;
  };
  const entries = Object.keys(manifest).filter((k) => manifest[k]!.isEntry);
  const adminEntries = entries.filter((k) => /(^|\/)admin\.html$/.test(k));
  const outside = reached(entries.filter((k) => !adminEntries.includes(k)));
  const withZod = readdirSync(path.join(dist, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .filter((f) => /\._zod\b|"_zod"/.test(readFileSync(path.join(dist, 'assets', f), 'utf8')));
  const leaked = withZod.filter((f) => outside.has(`assets/${f}`));
  check(
    adminEntries.length > 0 && leaked.length === 0,
    leaked.length
      ? `zod is in bundles outside the back office: ${leaked.join(', ')}`
      : `zod is only in the back office's bundles (${withZod.length} files)`,
  );
}

// The site's scripts carry none of the app's libraries. The one exception is TanStack Query in the
// contact form's island (About): it sends the message as a mutation, as every write does (decision 066).
{
  const island = new Set(weights.filter((x) => x.name === 'site /About').flatMap((x) => x.files));
  const siteFiles = new Set(weights.filter((x) => x.name.startsWith('site ')).flatMap((x) => x.files));
  const textOf = (files: Iterable<string>) =>
    [...files].map((f) => readFileSync(path.join(dist, f), 'utf8')).join('\n');
  const elsewhere = textOf([...siteFiles].filter((f) => !island.has(f)));
  const inIsland = textOf(island);
  const found = [
    ...forbiddenOnSite.filter(([, re]) => re.test(elsewhere)).map(([name]) => name),
    ...forbiddenOnSite
      .filter(([name, re]) => name !== 'TanStack Query' && re.test(inIsland))
      .map(([name]) => `${name} (About)`),
  ];
  check(
    found.length === 0,
    found.length
      ? `site bundles contain ${found.join(', ')}`
      : 'site bundles have no antd-mobile, router or i18n library, and the query library only in the contact form',
  );
}

// The budgets issue 28 states, as one table (JS on first load; transferred means brotli, what is sent).
{
  const h5 = weights.filter((w) => w.name.startsWith('h5 '));
  const largest = h5.reduce((a, b) => (b.js.gz > a.js.gz ? b : a), h5[0]!);
  const named = (name: string) => weights.find((w) => w.name === name);
  const rows: Array<[string, Transfer | undefined, string]> = [
    [`every H5 screen (largest: ${largest.name.replace(/^h5 → features\//, '')})`, largest.js, '≤ 200 KB gz'],
    ['complaint form', named('h5 → features/complaints/complaint-form-page.tsx')?.js, '≤ 170 KB br'],
    ['chatbot', named('h5 → features/chatbot/chatbot-page.tsx')?.js, '≤ 170 KB br'],
    ['marketing home', named('site /')?.js, '≤ 30 KB br and gz'],
  ];
  console.log('\nIssue 28 budgets (JS on first load):');
  console.log('| first load | JS brotli | JS gzip | budget |\n|---|---:|---:|---|');
  for (const [label, t, budget] of rows) {
    console.log(`| ${label} | ${t ? kb(t.br) : '-'} | ${t ? kb(t.gz) : '-'} | ${budget} |`);
  }
}

process.exit(failed ? 1 : 0);
