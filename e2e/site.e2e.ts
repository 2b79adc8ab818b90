import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../src/server/db/schema.ts';
import { type Browser, expectAccessible, openBrowser } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const activeSlide = () => browser.page.locator('.carousel-slide:not([hidden])');

describe('marketing site at 390×844', () => {
  it('home: the carousel advances after 3 s, on a few hundred bytes of script and no React', async () => {
    const { page } = browser;
    const scripts: Array<{ url: string; encoding: string | undefined; bytes: number }> = [];
    const onResponse = async (response: import('playwright-core').Response) => {
      if (response.request().resourceType() !== 'script') return;
      const headers = await response.allHeaders();
      scripts.push({
        url: response.url(),
        encoding: headers['content-encoding'],
        bytes: Number(headers['content-length']),
      });
    };
    page.on('response', onResponse);
    await page.goto(`${server.baseURL}/?lang=en`);
    await page.waitForLoadState('networkidle');
    page.off('response', onResponse);
    // One small script, sent compressed (decision 018): React is for pages with a form only.
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.url).toMatch(/\/assets\/site-[\w-]+\.js$/);
    expect(['br', 'gzip']).toContain(scripts[0]!.encoding);
    expect(scripts[0]!.bytes).toBeLessThan(30 * 1024);
    await expect.poll(() => page.title()).toMatch(/Kredito/);
    const first = await activeSlide().getAttribute('aria-label');
    expect(first).toMatch(/^1 /);
    // Once its script runs it is live: the second slide shows after 3 s, without any interaction.
    await expect
      .poll(async () => activeSlide().getAttribute('aria-label'), { timeout: 6_000, interval: 250 })
      .toMatch(/^2 /);
    await expect(page.locator('footer').innerText()).resolves.toContain(
      'Kredito Finance India Private Limited',
    );
    await expectAccessible(page, 'home');
  });

  it('the four navigation entries open home, about, policy and loan terms', async () => {
    const { page } = browser;
    await page.goto(`${server.baseURL}/`);
    const nav = page.getByRole('navigation').first();
    const links = nav.getByRole('link');
    const targets: Array<[RegExp, string, RegExp]> = [
      [/^Home$/, '/', /./],
      [/^About Us$/, '/About', /Contact us/],
      [/^Privacy Policy$/, '/Policy', /./],
      [/^Loan terms and conditions$/, '/Loan', /Loan terms and conditions/],
    ];
    expect(await links.count()).toBeGreaterThanOrEqual(4);
    for (const [name, path, content] of targets) {
      await nav.getByRole('link', { name }).click();
      await page.waitForURL(`${server.baseURL}${path}`);
      expect(await page.locator('main').innerText()).toMatch(content);
      expect(await nav.getByRole('link', { name }).getAttribute('aria-current')).toBe('page');
      await expectAccessible(page, path);
    }
    // The policy page frames the configured https policy page.
    await page.goto(`${server.baseURL}/Policy`);
    expect(await page.locator('iframe').getAttribute('src')).toBe('https://www.kredito.in/legal/privacy');
  });

  it('contact form: each validation message, then success and a stored row', async () => {
    const { page } = browser;
    await page.goto(`${server.baseURL}/About?lang=en`);
    const status = page.getByRole('status');
    const submit = page.getByRole('button', { name: 'Submit' });
    await page.waitForFunction(() => document.querySelector('[data-island="contact-form"]') !== null);
    // The form needs React: this page, and only pages like it, loads the island script.
    expect(await page.locator('script[src*="/assets/site-islands-"]').count()).toBe(1);

    await submit.click();
    await expect.poll(() => status.innerText()).toBe('Please provide complete information!');
    await page.getByLabel('Name').fill('Meera Iyer');
    await page.getByLabel('Telephone').fill('+91 98450 12345');
    await submit.click();
    await expect.poll(() => status.innerText()).toBe('Please provide complete information!');
    await page.getByLabel('Suggestion').fill('Please show the due date on the home screen.');
    await page.getByLabel('E-mail (optional)').fill('meera@');
    await submit.click();
    await expect.poll(() => status.innerText()).toBe('Please enter a valid e-mail address.');
    expect(await server.database.db.select().from(contactMessages)).toHaveLength(0);

    await page.getByLabel('E-mail (optional)').fill('meera@example.in');
    await submit.click();
    await expect.poll(() => status.innerText()).toBe('Thank you, your message has been sent.');
    const rows = await server.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.name, 'Meera Iyer'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      market: 'IN',
      telephone: '+91 98450 12345',
      email: 'meera@example.in',
      suggestion: 'Please show the due date on the home screen.',
    });
    await expectAccessible(page, 'about with messages');
  });

  it('the Indonesian contact form answers in Indonesian and stores for Indonesia', async () => {
    const { page } = browser;
    await page.goto(`${server.baseURL}/About?lang=id`);
    const status = page.getByRole('status');
    await page.getByRole('button', { name: 'Kirim' }).click();
    await expect.poll(() => status.innerText()).toBe('Mohon lengkapi semua informasi!');
    await page.getByLabel('Nama').fill('Budi Santoso');
    await page.getByLabel('Telepon').fill('0812 3456 7890');
    await page.getByLabel('Saran').fill('Tolong tambahkan pembayaran lewat Indomaret.');
    await page.getByRole('button', { name: 'Kirim' }).click();
    await expect.poll(() => status.innerText()).toBe('Terima kasih, pesan Anda telah dikirim.');
    const rows = await server.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.market, 'ID'));
    expect(rows.map((r) => r.name)).toEqual(['Budi Santoso']);
  });

  for (const [lang, headings] of [
    [
      'en',
      [
        'Use of information',
        'Disclosure',
        'Cookies',
        'Data security',
        'Non-discrimination',
        'Rights',
        'Minors',
        'Changes',
        'Contact',
      ],
    ],
    [
      'id',
      [
        'Penggunaan informasi',
        'Pengungkapan',
        'Cookie',
        'Keamanan data',
        'diskriminasi',
        'Hak',
        'Anak',
        'Perubahan',
        'Kontak',
      ],
    ],
  ] as const) {
    it(`privacy policy shows every section in ${lang}`, async () => {
      const { page } = browser;
      for (const route of ['/privacyPolicy', '/privacy']) {
        await page.goto(`${server.baseURL}${route}?lang=${lang}`);
        const titles = (await page.locator('main h2').allInnerTexts()).join(' | ');
        for (const h of headings) expect(titles.toLowerCase()).toContain(h.toLowerCase());
        expect(await page.locator('html').getAttribute('lang')).toBe(lang === 'en' ? 'en-IN' : 'id-ID');
      }
      await expectAccessible(page, `privacy ${lang}`);
    });
  }

  it('pages read without JavaScript, /User goes home, unknown pages are a real 404', async () => {
    const res = await fetch(`${server.baseURL}/Loan`);
    const html = await res.text();
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(html).toContain('Loan terms and conditions');
    expect(html).toContain('91');
    expect(html).not.toContain('%%');
    const user = await fetch(`${server.baseURL}/User`, { redirect: 'manual' });
    expect(user.status).toBe(302);
    expect(user.headers.get('location')).toBe('/');
    const missing = await fetch(`${server.baseURL}/no-such-page`, { headers: { accept: 'text/html' } });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<html');
  });
  it('/Loan?lang=id shows the Indonesian terms under OJK rules, not the Indian ones', async () => {
    const { page } = browser;
    await page.goto(`${server.baseURL}/Loan?lang=id`);
    const main = await page.locator('main').innerText();
    expect(main).toContain('Otoritas Jasa Keuangan (OJK)');
    expect(main).toContain('PT Kredito Teknologi Indonesia');
    expect(main).toMatch(/LAPS SJK/);
    for (const india of ['India', 'RBI', 'Rs.', 'Key Fact Statement']) expect(main).not.toContain(india);
    // The footer names the licence; the header is short (the app name, not the legal name).
    expect(await page.locator('footer .licence').innerText()).toMatch(/OJK/);
    expect(await page.getByRole('link', { name: 'Kredito, beranda' }).isVisible()).toBe(true);
    expect(await page.locator('header').innerText()).not.toContain('PT Kredito');
    await expectAccessible(page, 'loan id');
    // And India keeps its own terms.
    await page.goto(`${server.baseURL}/Loan?lang=en`);
    expect(await page.locator('main').innerText()).toContain('Key Fact Statement');
  });

  it('an amount never breaks from its "Rp" on the Indonesian home page', async () => {
    const { page } = browser;
    await page.goto(`${server.baseURL}/?lang=id`);
    const breaks = await page.evaluate(() =>
      [...document.querySelectorAll('main *')]
        .flatMap((e) => (e.childNodes.length ? [...e.childNodes] : []))
        .filter((n) => n.nodeType === Node.TEXT_NODE && /Rp[ \t\n]+\d/.test(n.textContent ?? ''))
        .map((n) => n.textContent),
    );
    expect(breaks).toEqual([]);
    const store = page.locator('a[data-store-link]').first();
    expect(await store.getAttribute('href')).toBe(
      'https://play.google.com/store/apps/details?id=id.kredito.app',
    );
  });

  it('/privacyPolicy opened by the app: the token leaves the address bar, the borrower’s market and language, no site navigation', async () => {
    const { page } = browser;
    // The last page was English: without the launch params the server would answer in English.
    await page.goto(`${server.baseURL}/?lang=en`);
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(`${server.baseURL}/privacyPolicy?token=SECRET-TOKEN-42&market=ID&deviceId=d-1`);
    await page.waitForFunction(() => document.documentElement.classList.contains('in-app'));
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('id-ID');
    expect(page.url()).not.toContain('SECRET-TOKEN-42');
    expect(page.url()).not.toContain('deviceId');
    expect(new URL(page.url()).pathname).toBe('/privacyPolicy');
    expect(await page.locator('h1').innerText()).toBe('Kebijakan privasi');
    expect(await page.locator('.site-header').isVisible()).toBe(false);
    expect(await page.locator('.site-nav').isVisible()).toBe(false);
    expect(await page.content()).not.toContain('SECRET-TOKEN-42');
    // Only the launch itself carried the token in its address; no later request (script, stylesheet) did.
    const later = requests.filter((u) => !u.includes('/privacyPolicy?token='));
    expect(later.some((u) => u.includes('SECRET-TOKEN-42'))).toBe(false);
    await expectAccessible(page, 'privacy in app');

    // A page in the right language already: the token goes without a reload.
    const documents: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'document') documents.push(r.url());
    });
    await page.goto(`${server.baseURL}/privacyPolicy?lang=id&token=SECRET-TOKEN-43`);
    await expect.poll(() => page.url()).not.toContain('SECRET-TOKEN-43');
    await page.waitForLoadState('networkidle');
    expect(documents).toHaveLength(1);
    expect(await page.locator('.site-header').isVisible()).toBe(false);
  });
});
