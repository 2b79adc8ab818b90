import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';

const html = (name: string) => path.resolve(import.meta.dirname, 'src/web/html', `${name}.html`);

/**
 * One build, six entries: the four single-page shells (each its own HTML) and the marketing site's two
 * scripts (its pages are pre-rendered by scripts/build.ts from the manifest written here).
 */
const nodeModules = path.resolve(import.meta.dirname, 'node_modules');

/** The build's entries, by the module id Rolldown gives them. */
const ENTRIES = {
  h5: html('h5'),
  dev: html('dev'),
  promo: html('promo'),
  admin: html('admin'),
  site: path.resolve(import.meta.dirname, 'src/web/app/site/enhance.ts'),
  siteIslands: path.resolve(import.meta.dirname, 'src/web/app/site/islands.tsx'),
  /** The H5 shell's first module, also loaded by its pages on its own (decision 039). */
  boot: path.resolve(import.meta.dirname, 'src/web/app/h5/boot.ts'),
};
const APP_SHELLS = new Set([ENTRIES.h5, ENTRIES.dev, ENTRIES.admin]);

/** React itself: every shell and the site's form island need it, so it is one long-cached chunk. */
const REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;
/**
 * antd-mobile arrives as ~200 tiny modules (one per component, plus ahooks, lodash, rc-util,
 * react-spring, use-gesture and babel helpers): left to automatic splitting they became 15-20 chunks
 * per screen, each a round trip on a slow phone. The family forms one chunk, with our antd set-up.
 */
const ANTD_FAMILY =
  /[\\/]node_modules[\\/](antd-mobile|antd-mobile-icons|ahooks|lodash|rc-[^\\/]+|@rc-component[\\/][^\\/]+|@react-spring[\\/][^\\/]+|@use-gesture[\\/][^\\/]+|classnames|staged-components|runes2|resize-observer-polyfill|tslib|@babel[\\/]runtime|react-is|use-sync-external-store)[\\/]|[\\/]src[\\/]web[\\/]ui[\\/](antd-(setup\.ts|locales\.ts|theme\.css|resize-observer\.ts|overlays\.ts|sheet\.ts)|overlays\.tsx)$/;

/**
 * antd-mobile in three chunks (decisions 018 and 042). What a screen draws with at once (the set-up,
 * buttons, loading dots, images) and the complaint form's few small parts (text area, result, tag) are
 * `antd`. The overlays (Toast, Dialog, the centre popup) with the animation library they draw with, and
 * the tabs that animate with it too, are `antd-overlays`, loaded on first use or once a page is idle. The
 * rest (the bottom sheet and the image viewer, which swipe, with their gesture library) is `antd-more`,
 * loaded when one opens or, for a sheet on the screen, once the page is idle. One chunk for
 * all of it made the chatbot carry the complaint form's uploader and its gesture code, ~17 KB brotli
 * before its first paint. A module belongs to the first of `antd` and `antd-overlays` whose roots reach
 * it through static imports, else to `antd-more`.
 */
const OVERLAYS =
  /[\\/]node_modules[\\/](@react-spring[\\/]|antd-mobile[\\/]es[\\/]components[\\/](dialog|center-popup|mask|toast|spin-loading|tabs)[\\/])|[\\/]src[\\/]web[\\/]ui[\\/]antd-overlays\.ts$/;
const ANTD_CORE =
  /[\\/]node_modules[\\/]antd-mobile[\\/]es[\\/](index\.js|global[\\/]|locales[\\/]|components[\\/](button|dot-loading|auto-center|image|config-provider|safe-area|text-area|result|tag)[\\/]|utils[\\/]unstable-render\.js$)|[\\/]src[\\/]web[\\/]ui[\\/](antd-(setup\.ts|locales\.ts|theme\.css|resize-observer\.ts)|overlays\.tsx)$/;
/** antd-mobile's barrel re-exports every component: a path through it says nothing about what is used. */
const ANTD_BARREL = /[\\/]node_modules[\\/]antd-mobile[\\/]es[\\/]index\.js$/;

function antdChunk(id: string, ctx: Rolldown.ChunkingContext): 'antd' | 'antd-overlays' | 'antd-more' {
  const seen = new Set<string>([id]);
  const queue = [id];
  let overlays = false;
  while (queue.length > 0) {
    const m = queue.pop()!;
    if (ANTD_CORE.test(m)) return 'antd';
    if (OVERLAYS.test(m)) overlays = true;
    for (const up of ctx.getModuleInfo(m)?.importers ?? []) {
      if (seen.has(up) || ANTD_BARREL.test(up) || !ANTD_FAMILY.test(up)) continue;
      seen.add(up);
      queue.push(up);
    }
  }
  return overlays ? 'antd-overlays' : 'antd-more';
}

const QUERY_HOOKS =
  /[\\/]node_modules[\\/]@tanstack[\\/](react-query[\\/]build[\\/]modern[\\/](?!QueryClientProvider|index)[^\\/]+|query-core[\\/]build[\\/]modern[\\/]\w*Observer)\.js$/;

/**
 * Which entries reach a module: through static imports only (it is then in that entry's first load),
 * or through any import (it runs somewhere in that shell).
 */
function reachingEntries(id: string, ctx: Rolldown.ChunkingContext, lazy: boolean): Set<string> {
  const found = new Set<string>();
  const seen = new Set<string>([id]);
  const queue = [id];
  while (queue.length > 0) {
    const info = ctx.getModuleInfo(queue.pop()!);
    if (!info) continue;
    if (info.isEntry) found.add(info.id);
    for (const up of lazy ? [...info.importers, ...info.dynamicImporters] : info.importers) {
      if (!seen.has(up)) {
        seen.add(up);
        queue.push(up);
      }
    }
  }
  return found;
}

/**
 * Chunk groups (decision 018). Without them a complaint screen's first load was 38 scripts and 12
 * stylesheets, most under 2 KB. What an entry loads up front becomes: React, the app shells' shared
 * start-up code (router, i18n, query, bridge), and the entry itself. What a screen loads on top becomes:
 * its own chunk, the antd-mobile family, the app's shared screen code and its feature's shared code.
 * Groups never pull a lazy module into an entry's first load: antd stays out of the entries, and the
 * site and the promotion page never load app code.
 */
function chunkGroup(id: string, ctx: Rolldown.ChunkingContext): string | null {
  const info = ctx.getModuleInfo(id);
  if (!info) return null;
  // TanStack Query comes through one barrel, so its hooks look reachable from the entries, though
  // tree-shaking leaves them to the screens (the shells use only the client and its provider).
  if (QUERY_HOOKS.test(id)) return 'app-common';
  // Every style the H5 shell can load is one stylesheet, loaded by every H5 page (decision 040): ~13 KB
  // brotli for all screens against ~7 KB for one screen's own four files, but one request instead of
  // four, and the next screen's styles are already there. The back office, which shares the shell's
  // start-up chunk, gets it too (it draws with antd-mobile as well); the site and the landing never.
  if (id.endsWith('.css') && reachingEntries(id, ctx, true).has(ENTRIES.h5)) return 'app-shell';
  const initial = reachingEntries(id, ctx, false);
  if (initial.size > 0) {
    if (REACT.test(id)) return 'react';
    // What the H5 boot module imports is one small chunk beside it, loaded before the entry's (decision
    // 039); the other app shells that use the request helper load it too. The modules the site or the
    // promotion page share with it or with the H5 entry (the reply codes, the compiler's class-field
    // helpers, the preload polyfill) are one small `helpers` chunk (decision 040): riding with React would
    // make the boot module wait for React, and one file each cost a request each.
    if (initial.has(ENTRIES.boot)) {
      // Its own body too (one file, not two, before the first request): it runs only on an H5 page, so
      // the back office, which loads this chunk for the request helper, is left alone.
      return [...initial].every((e) => e === ENTRIES.boot || APP_SHELLS.has(e)) ? 'boot' : 'helpers';
    }
    const everywhere = reachingEntries(id, ctx, true);
    if ([...initial].every((e) => APP_SHELLS.has(e))) {
      // Start-up code of the H5 shell that another shell also runs. Only the H5 shell's: the borrower's
      // first load must not carry back-office code (the back office may carry a little of the H5's).
      return initial.has(ENTRIES.h5) && everywhere.size > 1 ? 'app-shell' : null;
    }
    if (initial.has(ENTRIES.h5)) return 'helpers';
    // Tiny modules the site's form island shares with another shell ride along with React, which both
    // load anyway, rather than being a 300-byte request of their own.
    return initial.has(ENTRIES.siteIslands) && everywhere.size > 1 ? 'react' : null;
  }
  // antd-mobile's styles stay one stylesheet where a shell other than the H5's loads them.
  if (ANTD_FAMILY.test(id)) return id.endsWith('.css') ? 'antd' : antdChunk(id, ctx);
  // A screen (only ever imported lazily) is its own chunk; a module both imported by screens and
  // fetched early (a feature's queries, prefetched by the router) joins its feature's group.
  if (info.dynamicImporters.length > 0 && info.importers.length === 0) return null;
  // Code only one screen uses (the pay page's QR and barcode drawing, say) loads with that screen, not
  // with every screen of its feature.
  // (Styles stay with the feature's: one stylesheet more per screen would cost more than it saves.)
  if (!id.endsWith('.css') && onlyScreenImporting(id, ctx)) return null;
  const feature = featureOf(id) ?? onlyFeatureImporting(id, ctx);
  return feature ? `${feature}-common` : 'app-common';
}

const featureOf = (id: string) => /[\\/]src[\\/]web[\\/]features[\\/]([^\\/]+)[\\/]/.exec(id)?.[1] ?? null;

/**
 * The one feature whose code imports this module (through other shared modules too), or null when
 * several do. A feature's copy (`src/shared/i18n/<feature>.ts`) and other shared modules only it uses
 * then load with that feature rather than with every screen's shared code.
 */
function onlyFeatureImporting(
  id: string,
  ctx: Rolldown.ChunkingContext,
  seen = new Set<string>(),
): string | null {
  const features = new Set<string>();
  const walk = (m: string): boolean => {
    if (seen.has(m)) return true;
    seen.add(m);
    const info = ctx.getModuleInfo(m);
    if (!info) return false;
    for (const importer of [...info.importers, ...info.dynamicImporters]) {
      const f = featureOf(importer);
      if (f) features.add(f);
      else if (!walk(importer)) return false;
      if (features.size > 1) return false;
    }
    return true;
  };
  const ok = walk(id);
  return ok && features.size === 1 ? [...features][0]! : null;
}

/**
 * Whether exactly one screen (a module only ever imported lazily) reaches this module through static
 * imports, and nothing else does: no entry, no lazy import of the module itself.
 */
function onlyScreenImporting(id: string, ctx: Rolldown.ChunkingContext): boolean {
  const screens = new Set<string>();
  const seen = new Set<string>();
  const walk = (m: string): boolean => {
    if (seen.has(m)) return true;
    seen.add(m);
    const info = ctx.getModuleInfo(m);
    if (!info || info.isEntry) return false;
    if (info.dynamicImporters.length > 0) {
      if (info.importers.length > 0 || m === id) return false;
      screens.add(m);
      return screens.size === 1;
    }
    return info.importers.length > 0 && info.importers.every(walk);
  };
  return walk(id) && screens.size === 1;
}

/** The tag of the promotion shell's own copies of shared modules (see ownModules). */
const PROMO_COPY = '?promo-shell';
/** The tag of the site islands' own copies (the contact form's query client, decision 066). */
const SITE_COPY = '?site-islands';

/**
 * The promotion landing gets its own copies of the modules it shares with the app shells (decision 034):
 * every module its entry reaches is resolved under a tagged id, React excepted (one long-cached chunk for
 * every page). Measured: any module the landing shares with the H5 shell splits the H5's start-up chunk in
 * two, which costs every H5 screen 0.6-0.8 KB brotli in lost compression (the H5 entry had 0.2 KB left
 * under its budget), and a shared react-router brings the H5's whole data router into the landing (33 KB
 * gzip: past its 120 KB). The copies are the same source (one request helper, one i18n set-up), bundled
 * twice; only the bundler's own helpers (module preload, class fields) cannot be copied, so the landing
 * avoids needing them (no lazy chunk, no class fields).
 */
function ownModules(entry: string, tag: string): Plugin {
  return {
    name: `own-modules${tag}`,
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer) return null;
      const importerPath = importer.split('?')[0]!;
      if (!importer.endsWith(tag) && importerPath !== entry) return null;
      const resolved = await this.resolve(source, importerPath, { ...options, skipSelf: true });
      if (!resolved || resolved.external || resolved.id.startsWith('\0') || resolved.id.includes('?'))
        return resolved;
      return REACT.test(resolved.id) ? resolved : { ...resolved, id: `${resolved.id}${tag}` };
    },
  };
}

export default defineConfig(({ command }) => ({
  resolve: {
    alias:
      command === 'build'
        ? [
            // react-router 7 publishes only its development build through package exports (its issue
            // #14102): a production build points at its production files by hand, which drops ~25 KB gzip
            // and dev warnings.
            {
              find: /^react-router$/,
              replacement: path.join(nodeModules, 'react-router/dist/production/index.mjs'),
            },
            {
              find: /^react-router\/dom$/,
              replacement: path.join(nodeModules, 'react-router/dist/production/dom-export.mjs'),
            },
            // antd-mobile's default labels are Chinese until a shell sets ours (antd-setup.ts does, before
            // anything draws): its English base stands in, so no screen ships ~1 KB brotli never shown.
            {
              find: /^\.\.\/\.\.\/locales\/zh-CN$/,
              replacement: path.join(nodeModules, 'antd-mobile/es/locales/en-US.js'),
            },
            {
              find: /^resize-observer-polyfill$/,
              replacement: path.resolve(import.meta.dirname, 'src/web/ui/antd-resize-observer.ts'),
            },
          ]
        : [],
  },
  root: path.resolve(import.meta.dirname, 'src/web/html'),
  publicDir: path.resolve(import.meta.dirname, 'public'),
  // Fast refresh in development: an edited component keeps its state.
  // The site's island gets its own copies the same way (decision 066): sharing TanStack Query with the H5
  // shell would make the About page load the H5's start-up chunk (140 KB brotli instead of 61).
  plugins: [ownModules(ENTRIES.promo, PROMO_COPY), ownModules(ENTRIES.siteIslands, SITE_COPY), react()],
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    manifest: true,
    target: 'es2020',
    rolldownOptions: {
      input: {
        h5: ENTRIES.h5,
        dev: ENTRIES.dev,
        promo: ENTRIES.promo,
        admin: ENTRIES.admin,
        site: ENTRIES.site,
        'site-islands': ENTRIES.siteIslands,
        boot: ENTRIES.boot,
      },
      output: {
        codeSplitting: {
          // Off: a captured module's dependencies (React, for antd) must stay where chunkGroup puts them,
          // or the entries would import the antd chunk to reach React.
          groups: [{ name: chunkGroup, debugName: 'chunk-groups', includeDependenciesRecursively: false }],
        },
      },
    },
  },
  server: { proxy: { '/vdthg': 'http://localhost:3000', '/dev-api': 'http://localhost:3000' } },
}));
