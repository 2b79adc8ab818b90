import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { H5_PATHS } from '../../shared/routes.ts';
import { createTestApp, type TestApp } from '../test/helpers.ts';

/**
 * A screen's own copy of the shell (decision 027): the build writes `<shell>/<path>.html`, which links
 * the screen's code and styles; the server sends it for that path, and the plain shell for the others.
 */
let dist: string;
let t: TestApp;
const shell = (extra: string) =>
  `<!doctype html><html><head><script type="module" src="/assets/h5-Ab12Cd34.js"></script>${extra}</head><body><div id="root"></div></body></html>`;
const FORM = shell('<link rel="modulepreload" crossorigin href="/assets/complaint-form-page-Xy12.js">');
const framed = (lang: string) =>
  FORM.replace('<div id="root"></div>', `<div id="root"><h1>${lang}</h1></div>`);

function write(rel: string, content: string) {
  const file = path.join(dist, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  writeFileSync(`${file}.br`, brotliCompressSync(Buffer.from(content)));
}

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'web-screens-'));
  for (const name of ['h5', 'promo', 'admin', 'dev']) write(`${name}.html`, shell(''));
  write(`h5${H5_PATHS.complaintForm}.html`, FORM);
  for (const lang of ['en', 'id']) write(`h5${H5_PATHS.complaintForm}.${lang}.html`, framed(lang));
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('screen pages', () => {
  it("sends a screen's own page, which asks for its code beside the entry", async () => {
    const res = await t.app.inject({ method: 'GET', url: `${H5_PATHS.complaintForm}?orderNo=IN1` });
    expect(res.statusCode).toBe(200);
    // No launch parameters (a reload after the app kept them for the tab): no frame in a guessed language.
    expect(res.body).toBe(FORM);
    expect(res.headers['cache-control']).toBe('no-cache');
    const br = await t.app.inject({
      method: 'GET',
      url: H5_PATHS.complaintForm,
      headers: { 'accept-encoding': 'br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(FORM);
  });

  it('holds the frame in the language the app will choose from the launch parameters', async () => {
    const page = async (query: string) =>
      (await t.app.inject({ method: 'GET', url: `${H5_PATHS.complaintForm}?${query}` })).body;
    expect(await page('market=ID&token=x')).toBe(framed('id'));
    expect(await page('market=in')).toBe(framed('en'));
    // isNeedPop outranks the market, as in the app (resolveLang).
    expect(await page('market=ID&isNeedPop=0')).toBe(framed('en'));
    expect(await page('isNeedPop=1')).toBe(framed('id'));
    expect(await page('market=XX')).toBe(FORM);
    expect(await page('market=ID&market=IN')).toBe(FORM);
  });

  it('falls back to the plain shell where the build wrote no screen page', async () => {
    const res = await t.app.inject({ method: 'GET', url: H5_PATHS.complaintList });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(shell(''));
  });
});
