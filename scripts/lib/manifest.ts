import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The parts of Vite's build manifest we read. Keys are source paths relative to Vite's root. */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export function readManifest(dist: string): Manifest {
  return JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/** An entry's own file, the CSS it needs, and every JS file it loads before running (static imports). */
export function entryAssets(manifest: Manifest, key: string) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`no manifest entry ${key}; entries: ${Object.keys(manifest).join(', ')}`);
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (k: string) => {
    const c = manifest[k];
    if (!c || js.has(c.file)) return;
    js.add(c.file);
    for (const f of c.css ?? []) css.add(f);
    for (const i of c.imports ?? []) visit(i);
  };
  visit(key);
  return { file: chunk.file, js: [...js], css: [...css] };
}

export function gzipSize(dist: string, files: Iterable<string>): number {
  let total = 0;
  for (const f of files) total += gzipSync(readFileSync(path.join(dist, f)), { level: 9 }).length;
  return total;
}

export interface RouteWeight {
  name: string;
  files: string[];
  gzipBytes: number;
}

/**
 * What the browser downloads on first load: for a shell, its entry with static imports; for each lazy
 * route of that shell, the entry plus the route's chunk and its static imports.
 */
export function routeWeights(dist: string): RouteWeight[] {
  const manifest = readManifest(dist);
  const out: RouteWeight[] = [];
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isEntry) continue;
    const entry = entryAssets(manifest, key);
    const name = key.endsWith('.html') ? path.basename(key, '.html') : 'site';
    out.push({ name: `${name} (entry)`, files: entry.js, gzipBytes: gzipSize(dist, entry.js) });
    for (const dyn of chunk.dynamicImports ?? []) {
      const route = entryAssets(manifest, dyn);
      const files = [...new Set([...entry.js, ...route.js])];
      out.push({ name: `${name} → ${dyn.replace(/^\.\.\//, '')}`, files, gzipBytes: gzipSize(dist, files) });
    }
  }
  return out;
}
