import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOC_PATHS } from '../../../shared/contract/documents.ts';
import { renderAllSitePages, renderSitePage, type SiteAssets } from '../../../web/app/site/prerender.tsx';
import { DEFAULT_SITE_CONFIG } from '../../db/seed.ts';
import { fillPlaceholders } from '../../plugins/web.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { pdfLines } from '../../test/pdf-text.ts';

/**
 * The real pre-rendered site pages, served by the app from a temporary build folder and filled from the
 * seeded site_configs rows: what a visitor (or the app's web view) gets for each market.
 */
const assets: SiteAssets = {
  styles: ['/assets/site-a1.css'],
  scripts: { enhance: ['/assets/site-b2.js'], islands: ['/assets/site-islands-c3.js'] },
};
let dist: string;
let t: TestApp;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'site-dist-'));
  writeFileSync(path.join(dist, 'h5.html'), '<!doctype html><title>h5</title>');
  for (const { lang, file, html } of renderAllSitePages(assets)) {
    mkdirSync(path.join(dist, 'site', lang), { recursive: true });
    writeFileSync(path.join(dist, 'site', lang, `${file}.html`), html);
  }
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return res.body;
};
const IN = DEFAULT_SITE_CONFIG.IN;
const ID = DEFAULT_SITE_CONFIG.ID;

describe('loan terms as served', () => {
  it('/Loan?lang=id shows the Indonesian terms under the Indonesian company, never the Indian ones', async () => {
    const page = await get('/Loan?lang=id');
    expect(page).toContain('Otoritas Jasa Keuangan (OJK)');
    expect(page).toContain('LAPS SJK');
    expect(page).toContain(ID.companyName);
    expect(page).toContain(ID.licence);
    for (const india of ['India', 'RBI', 'Rs.', 'Key Fact Statement', IN.companyName]) {
      expect(page).not.toContain(india);
    }
  });

  it('/Loan in English shows the Indian terms under the Indian NBFC', async () => {
    const page = await get('/Loan?lang=en');
    expect(page).toContain('Key Fact Statement');
    expect(page).toContain('grievance redressal officer');
    expect(page).toContain(IN.companyName);
    expect(page).toContain(IN.licence);
    expect(page).not.toContain('OJK');
  });
});

describe('header, footer and the download link as served', () => {
  it('shows the app name in the header, the legal name and the licence in the footer, per market', async () => {
    for (const [lang, config] of [
      ['en', IN],
      ['id', ID],
    ] as const) {
      const page = await get(`/?lang=${lang}`);
      const header = /<header[\s\S]*?<\/header>/.exec(page)![0];
      const footer = /<footer[\s\S]*?<\/footer>/.exec(page)![0];
      expect(header).toContain(`<span class="brand-name">${config.appName}</span>`);
      expect(header).not.toContain(config.companyName);
      expect(footer).toContain(config.companyName);
      expect(footer).toContain(`<p class="licence">${config.licence}</p>`);
      expect(page).not.toContain('%%');
    }
  });

  it('links "Download the app" to the configured store listing', async () => {
    const page = await get('/?lang=id');
    const links = page.match(/<a\b[^>]*data-store-link[^>]*>/g) ?? [];
    expect(links).toHaveLength(2);
    for (const link of links) expect(link).toContain(`href="${ID.storeUrl!.replace(/&/g, '&#38;')}"`);
    expect(page).not.toContain('store/search');
  });

  it('drops the download links when no https listing is configured', () => {
    const html = renderSitePage('/', 'en', assets);
    for (const storeUrl of ['', 'http://example.com/app', 'javascript:alert(1)']) {
      const page = fillPlaceholders(html, { ...IN, storeUrl, licence: 'x' } as never);
      expect(page, storeUrl).not.toContain('data-store-link');
      expect(page).not.toContain('javascript:');
      // The rest of the page stays whole.
      expect(page).toContain('</main>');
    }
  });

  it('serves the licence and the store listing with the site config', async () => {
    const { data } = (await t.app.inject('/vdthg/v1/site/config?market=ID')).json();
    expect(data).toMatchObject({ licence: ID.licence, storeUrl: ID.storeUrl });
    expect(data.licence).toMatch(/OJK/);
    const india = (await t.app.inject('/vdthg/v1/site/config?market=IN')).json().data;
    expect(india.licence).toMatch(/Reserve Bank of India/);
  });
});

describe('a site page opened from the app', () => {
  it('never echoes the session token (or any launch param) into the page', async () => {
    for (const url of [
      '/privacyPolicy?token=SECRET-TOKEN-123&market=ID&deviceId=DEVICE-9',
      '/Loan?token=SECRET-TOKEN-123&inApp=1',
      '/?token=SECRET-TOKEN-123',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body).not.toContain('SECRET-TOKEN-123');
      expect(res.body).not.toContain('DEVICE-9');
      expect(JSON.stringify(res.headers)).not.toContain('SECRET-TOKEN-123');
    }
  });

  it('loads the small script that cleans the address bar on every page', async () => {
    for (const url of ['/privacyPolicy', '/Loan', '/Contact', '/Policy', '/', '/About']) {
      expect(await get(url)).toContain('<script type="module" src="/assets/site-b2.js">');
    }
    expect(await get('/About')).toContain('<script type="module" src="/assets/site-islands-c3.js">');
  });
});

describe("a certificate's check link as served (issue 29)", () => {
  /** The address a reader opens from the market's demo certificate: its link, as the PDF holds it. */
  async function certificateLink(market: 'IN' | 'ID', orderId: string, host: string) {
    const token = await t.signIn(market);
    const res = await t.app.inject({
      method: 'POST',
      url: DOC_PATHS.certificate,
      headers: t.auth(token),
      payload: { orderId },
    });
    expect(res.statusCode, res.body).toBe(200);
    const pdf = await t.app.inject({ url: res.json().data.url, headers: { host } });
    const { links } = await pdfLines(pdf.rawPayload);
    expect(links).toHaveLength(1);
    return new URL(links[0]!);
  }

  it("opens /verify in Indonesian under Indonesia's company for an Indonesian certificate", async () => {
    const link = await certificateLink('ID', 'ID20260801002', 'pinjaman.example.co.id');
    expect(link.pathname).toBe('/verify');
    expect(link.searchParams.get('code')).toMatch(/^ID20260801002-/);
    // A visitor with an English browser and no cookie: the link alone decides.
    const res = await t.app.inject({
      url: `${link.pathname}${link.search}`,
      headers: { 'accept-language': 'en-IN,en;q=0.9' },
    });
    expect(res.statusCode).toBe(200);
    const page = res.body;
    expect(page).toMatch(/<html lang="id-ID"/);
    expect(page).toContain('Periksa surat keterangan');
    const footer = /<footer[\s\S]*?<\/footer>/.exec(page)![0];
    expect(footer).toContain(ID.companyName);
    expect(footer).toContain(ID.licence);
    expect(page).not.toContain(IN.companyName);
    expect(page).not.toContain('Check a certificate');
  });

  it("opens /verify in English under India's company for an Indian certificate", async () => {
    const link = await certificateLink('IN', 'IN20260801002', 'loans.example.in');
    const res = await t.app.inject({
      url: `${link.pathname}${link.search}`,
      headers: { 'accept-language': 'id-ID,id;q=0.9' },
    });
    expect(res.body).toMatch(/<html lang="en-IN"/);
    expect(res.body).toContain(IN.companyName);
    expect(res.body).not.toContain(ID.companyName);
  });
});
