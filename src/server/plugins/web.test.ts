import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers.ts';
import { pickEncoding } from './web.ts';

/**
 * A small built web app in a temporary folder, laid out as `npm run build` lays it out (hashed assets
 * and shells with their `.br` / `.gz` twins, pre-rendered site pages with placeholders), so these
 * tests need no Vite build and run in the API layer before it.
 */
let dist: string;
let t: TestApp;

const JS = `export function greet(name){return "Hello, "+name+"!";}\n${'console.log(greet("world"));\n'.repeat(200)}`;
const CSS = `.carousel{margin:0}\n${'.card{padding:1rem;border-radius:8px}\n'.repeat(100)}`;
const TINY = 'export{};';
const shellHtml = (name: string) =>
  `<!doctype html><html><head><title>${name}</title><script type="module" src="/assets/app-Ab12Cd34.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(40)}</body></html>`;
const siteHtml = (lang: string, text: string) =>
  `<!doctype html><html lang="${lang}"><head><title>${text} | %%companyName%%</title></head><body><main><h1>${text}</h1>${'<p>Quick loans for salaried people.</p>'.repeat(40)}</main><footer>© %%companyName%% %%phone%%</footer></body></html>`;

function write(rel: string, content: string, twins = true) {
  const file = path.join(dist, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  if (twins) {
    writeFileSync(`${file}.br`, brotliCompressSync(Buffer.from(content)));
    writeFileSync(`${file}.gz`, gzipSync(Buffer.from(content), { level: 9 }));
  }
}

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  write('assets/app-Ab12Cd34.js', JS);
  write('assets/site-Ef56Gh78.css', CSS);
  // Compression would grow it, so the build leaves it without twins.
  write('assets/tiny-Ij90Kl12.js', TINY, false);
  for (const shell of ['h5', 'promo', 'admin', 'dev']) write(`${shell}.html`, shellHtml(shell));
  for (const lang of ['en', 'id']) {
    write(`site/${lang}/index.html`, siteHtml(lang, 'Home'));
    write(`site/${lang}/404.html`, siteHtml(lang, 'Not found'));
  }
  write('favicon.svg', `<svg xmlns="http://www.w3.org/2000/svg">${'<circle r="1"/>'.repeat(30)}</svg>`);
  write('robots.txt', 'User-agent: *\nAllow: /\n', false);
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const fileBytes = (rel: string) => readFileSync(path.join(dist, rel));

describe('hashed assets', () => {
  it('sends brotli to a browser that takes it, with the original type and immutable caching', async () => {
    const res = await get('/assets/app-Ab12Cd34.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(Number(res.headers['content-length'])).toBe(fileBytes('assets/app-Ab12Cd34.js.br').length);
    expect(res.rawPayload.length).toBeLessThan(JS.length / 4);
    expect(brotliDecompressSync(res.rawPayload).equals(fileBytes('assets/app-Ab12Cd34.js'))).toBe(true);
    // The global security headers still apply.
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends gzip when that is all the client takes, and CSS keeps its type', async () => {
    const res = await get('/assets/site-Ef56Gh78.css', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(gunzipSync(res.rawPayload).equals(fileBytes('assets/site-Ef56Gh78.css'))).toBe(true);
  });

  it('sends the bytes as they are without Accept-Encoding, or when brotli and gzip are refused', async () => {
    const variants: Array<Record<string, string>> = [
      {},
      { 'accept-encoding': 'br;q=0, gzip;q=0' },
      { 'accept-encoding': 'identity' },
    ];
    for (const headers of variants) {
      const res = await get('/assets/app-Ab12Cd34.js', headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(Number(res.headers['content-length'])).toBe(JS.length);
      expect(res.rawPayload.equals(fileBytes('assets/app-Ab12Cd34.js'))).toBe(true);
    }
  });

  it('respects q=0 for brotli', async () => {
    const res = await get('/assets/app-Ab12Cd34.js', { 'accept-encoding': 'br;q=0, gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('sends a file without twins as it is', async () => {
    const res = await get('/assets/tiny-Ij90Kl12.js', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(TINY);
  });

  it('answers a revalidation with 304 per representation, and HEAD with the length and no body', async () => {
    const br = await get('/assets/app-Ab12Cd34.js', { 'accept-encoding': 'br' });
    const etag = String(br.headers.etag);
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(br.headers['last-modified']).toBeTruthy();
    const again = await get('/assets/app-Ab12Cd34.js', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(String(again.headers.vary)).toMatch(/accept-encoding/i);
    expect(again.headers.etag).toBe(etag);
    // The gzip bytes are another representation: the brotli ETag does not validate them.
    const gz = await get('/assets/app-Ab12Cd34.js', { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(gz.statusCode).toBe(200);
    expect(gz.headers.etag).not.toBe(etag);
    const since = await get('/assets/app-Ab12Cd34.js', {
      'if-modified-since': String(br.headers['last-modified']),
    });
    expect(since.statusCode).toBe(304);

    const head = await t.app.inject({
      method: 'HEAD',
      url: '/assets/app-Ab12Cd34.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(Number(head.headers['content-length'])).toBe(fileBytes('assets/app-Ab12Cd34.js.br').length);
    expect(head.rawPayload.length).toBe(0);
  });

  it('still answers 404 for an asset that is not there', async () => {
    const res = await get('/assets/missing-Zz99.js', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(404);
  });

  it('compresses the public files too, with their own caching', async () => {
    const icon = await get('/favicon.svg', { 'accept-encoding': 'br' });
    expect(icon.headers['content-encoding']).toBe('br');
    expect(icon.headers['content-type']).toBe('image/svg+xml');
    expect(icon.headers['cache-control']).toBe('public, max-age=86400');
    const robots = await get('/robots.txt', { 'accept-encoding': 'br' });
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.body).toContain('User-agent');
  });
});

describe('pages', () => {
  it('sends a site page filled with the company details, compressed', async () => {
    const res = await get('/?lang=en', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    const varyHeader = String(res.headers.vary);
    for (const field of ['Accept-Language', 'Cookie', 'Accept-Encoding']) expect(varyHeader).toContain(field);
    const html = brotliDecompressSync(res.rawPayload).toString('utf8');
    expect(html).toContain('Kredito Finance India Private Limited');
    expect(html).not.toContain('%%');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);

    // The same filled page for every encoding (the cache holds one fill, compressed once).
    const gz = await get('/?lang=en', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(html);
    const plain = await get('/?lang=en');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(html);
  });

  it('sends the not-found page compressed with its 404 status', async () => {
    const res = await get('/no-such-page', { accept: 'text/html', 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toContain('Not found');
  });

  it('sends a shell page compressed, revalidated by its ETag', async () => {
    const res = await get('/complainNewPage', { 'accept-encoding': 'gzip, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).equals(fileBytes('h5.html'))).toBe(true);
    const again = await get('/complainNewPage', {
      'accept-encoding': 'gzip, br',
      'if-none-match': String(res.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    const admin = await get('/admin/complaints', { 'accept-encoding': 'gzip' });
    expect(admin.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(admin.rawPayload).equals(fileBytes('admin.html'))).toBe(true);
    const plain = await get('/complainNewPage');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(shellHtml('h5'));
  });
});

describe('pickEncoding', () => {
  const both = ['br', 'gzip'] as const;
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip, deflate, br', 'br'],
    ['GZIP', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br;q=0', null],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['br;q=0.8, gzip;q=0.8', 'br'],
    ['*', 'br'],
    ['*;q=0.1, br;q=0', 'gzip'],
    ['deflate', null],
  ] as const)('%s → %s', (header, expected) => {
    expect(pickEncoding(header, both)).toBe(expected);
  });

  it('picks only among the twins there are', () => {
    expect(pickEncoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(pickEncoding('br', ['gzip'])).toBe(null);
  });
});
