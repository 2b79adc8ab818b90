import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** The parts of Vite's build manifest we read. Keys are source paths relative to Vite's root. */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** Text files the build precompresses and the server sends brotli or gzip encoded (decision 018). */
export const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

/**
 * What a shell's start-up code imports lazily besides its screens is loaded with every screen:
 * `antdScreen` (src/web/ui/antd-lazy.ts) imports antd and its set-up in parallel with the screen's
 * chunk. These are the dynamic imports of the chunks an entry loads up front, other than the entry's.
 */
function withEveryScreen(manifest: Manifest, entryKey: string): string[] {
  const byFile = new Map(Object.entries(manifest).map(([k, c]) => [c.file, k]));
  const upFront = closure(manifest, [entryKey]).js.map((f) => byFile.get(f)!);
  return upFront.filter((k) => k !== entryKey).flatMap((k) => manifest[k]?.dynamicImports ?? []);
}

export function readManifest(dist: string): Manifest {
  return JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/** Entries' files and the CSS they need, and every JS file they load before running (static imports). */
export function closure(manifest: Manifest, keys: string[]) {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (k: string) => {
    const c = manifest[k];
    if (!c || js.has(c.file)) return;
    js.add(c.file);
    for (const f of c.css ?? []) css.add(f);
    for (const i of c.imports ?? []) visit(i);
  };
  for (const k of keys) visit(k);
  return { js: [...js], css: [...css] };
}

/**
 * What a shell's page must fetch besides its entry to draw one screen: the screen's chunk, what it loads
 * with every screen (antd and its set-up) and their static imports and CSS, less what the entry already
 * links. `screenKey` is the screen module's manifest key (relative to Vite's root, `../features/…`).
 */
export function screenPreloads(manifest: Manifest, entryKey: string, screenKey: string) {
  if (!manifest[screenKey]) throw new Error(`no manifest entry ${screenKey} (a moved or renamed screen?)`);
  const entry = closure(manifest, [entryKey]);
  const all = closure(manifest, [entryKey, screenKey, ...withEveryScreen(manifest, entryKey)]);
  return {
    js: all.js.filter((f) => !entry.js.includes(f)),
    css: all.css.filter((f) => !entry.css.includes(f)),
  };
}

/** An entry's own file, the CSS it needs, and every JS file it loads before running (static imports). */
export function entryAssets(manifest: Manifest, key: string) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`no manifest entry ${key}; entries: ${Object.keys(manifest).join(', ')}`);
  return { file: chunk.file, ...closure(manifest, [key]) };
}

/** Bytes on the wire for a set of files: as stored, as brotli (what browsers ask for), as gzip. */
export interface Transfer {
  raw: number;
  br: number;
  gz: number;
}

/**
 * What each file costs to send: its `.br` / `.gz` twin's size, or the file's own where the build left
 * no twin (compression would have grown it, so the server sends it as it is).
 */
export function transfer(dist: string, files: Iterable<string>): Transfer {
  const t: Transfer = { raw: 0, br: 0, gz: 0 };
  for (const f of files) {
    const full = path.join(dist, f);
    const raw = statSync(full).size;
    t.raw += raw;
    t.br += existsSync(`${full}.br`) ? statSync(`${full}.br`).size : raw;
    t.gz += existsSync(`${full}.gz`) ? statSync(`${full}.gz`).size : raw;
  }
  return t;
}

/** @deprecated kept for the bench: gzip bytes on the wire (the `.gz` twins' sizes). */
export function gzipSize(dist: string, files: Iterable<string>): number {
  return transfer(dist, files).gz;
}

export interface RouteWeight {
  name: string;
  /** JS files of the first load. */
  files: string[];
  css: string[];
  js: Transfer;
  styles: Transfer;
  /** JS gzip bytes on the wire (what the bench prints). */
  gzipBytes: number;
}

function weigh(dist: string, name: string, files: { js: string[]; css: string[] }): RouteWeight {
  const js = transfer(dist, files.js);
  return {
    name,
    files: files.js,
    css: files.css,
    js,
    styles: transfer(dist, files.css),
    gzipBytes: js.gz,
  };
}

/** The site page's assets, as its pre-rendered HTML asks for them (scripts, preloads, stylesheets). */
function sitePageAssets(manifest: Manifest, html: string) {
  const byFile = new Map(Object.entries(manifest).map(([k, c]) => [c.file, k]));
  const attr = (re: RegExp) => [...html.matchAll(re)].map((m) => m[1]!.replace(/^\//, ''));
  const scripts = attr(/<script type="module" src="([^"]+)"/g);
  const preloads = attr(/<link rel="modulepreload" href="([^"]+)"/g);
  const styles = attr(/<link rel="stylesheet" href="([^"]+)"/g);
  const keys = [...scripts, ...preloads].map((f) => byFile.get(f) ?? f);
  const fromManifest = closure(manifest, keys);
  return { js: fromManifest.js, css: [...new Set([...styles, ...fromManifest.css])] };
}

/**
 * What the browser downloads on first load. For a shell: its entry with static imports, and for each
 * lazy screen the entry plus the screen's chunk, antd (with its set-up) and their static imports. For each
 * site page: the scripts and stylesheets its pre-rendered HTML links (English; both languages link the
 * same files).
 */
export function routeWeights(dist: string): RouteWeight[] {
  const manifest = readManifest(dist);
  const out: RouteWeight[] = [];
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isEntry || !key.endsWith('.html')) continue;
    const name = path.basename(key, '.html');
    out.push(weigh(dist, `${name} (entry)`, closure(manifest, [key])));
    const companions = withEveryScreen(manifest, key);
    for (const dyn of chunk.dynamicImports ?? []) {
      // Screens only: the others are a feature's queries the router prefetches, which screens import.
      if (!dyn.startsWith('../features/')) continue;
      const files = closure(manifest, [key, dyn, ...companions]);
      out.push(weigh(dist, `${name} → ${dyn.replace(/^\.\.\//, '')}`, files));
    }
  }
  const siteDir = path.join(dist, 'site/en');
  if (existsSync(siteDir)) {
    for (const file of readdirSync(siteDir).filter((f) => f.endsWith('.html'))) {
      const page = file === 'index.html' ? '/' : file === '404.html' ? '(404)' : `/${file.slice(0, -5)}`;
      const html = readFileSync(path.join(siteDir, file), 'utf8');
      out.push(weigh(dist, `site ${page}`, sitePageAssets(manifest, html)));
    }
  }
  return out;
}

/**
 * Text files the build left without a `.br` or `.gz` twin although compressing would have made them
 * smaller: the server would then send them uncompressed. `compress` tells what a twin would weigh.
 */
export function missingTwins(
  dist: string,
  compress: (bytes: Buffer, encoding: 'br' | 'gz') => number,
): string[] {
  const missing: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) {
        if (name !== '.vite') walk(full);
        continue;
      }
      if (!COMPRESSIBLE.test(name)) continue;
      for (const encoding of ['br', 'gz'] as const) {
        if (existsSync(`${full}.${encoding}`)) continue;
        const bytes = readFileSync(full);
        if (compress(bytes, encoding) < bytes.length)
          missing.push(`${path.relative(dist, full)}.${encoding}`);
      }
    }
  };
  walk(dist);
  return missing;
}
