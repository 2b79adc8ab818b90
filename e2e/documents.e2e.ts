import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SITE_CONFIG } from '../src/server/db/seed.ts';
import { pdfLines } from '../src/server/test/pdf-text.ts';
import { type Browser, expectAccessible, openBrowser } from './support/browser.ts';
import { openAsBorrower } from './support/h5.ts';
import { type RunningServer, startServer } from './support/server.ts';

/**
 * Documents in the app's web view (issue 29): the no-dues certificate and the copy of the data open on a
 * viewer screen of ours, which the shell's Back leaves, where the web view used to go to the file and
 * stay there; and an Indonesian certificate's printed link opens the check page in Indonesian under
 * Indonesia's company, whatever the reader's browser speaks.
 */
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  // A reader whose browser asks for English: the certificate's link alone must decide the language.
  browser = await openBrowser({ locale: 'en-IN' });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const SETTLED_ID = 'ID20260801002';
const SETTLED_IN = 'IN20260801002';

describe('documents open on a page the web view comes back from', () => {
  it("an Indonesian certificate opened in the app is left with the shell's Back, back to the loan", async () => {
    const { page } = browser;
    const route = encodeURIComponent(`/loanDetails?orderId=${SETTLED_ID}`);
    await page.goto(`${server.baseURL}/simulator?route=${route}&market=ID&autologin=1`);
    const app = page.frameLocator('iframe[title="H5 app in the simulated web view"]');
    const shellBack = page.getByRole('button', { name: 'Back', exact: true });

    await app
      .getByRole('button', { name: 'Bukti bayar dan surat keterangan lunas' })
      .click({ timeout: 20_000 });
    await app.getByRole('button', { name: 'Unduh surat keterangan' }).click();
    // The viewer: our page, the PDF in a frame inside it, its code, a way to save it and a way back.
    await app.getByRole('heading', { level: 1, name: 'Surat keterangan lunas' }).waitFor();
    const pdfFrame = app.getByTitle('Surat keterangan lunas (PDF)');
    const src = (await pdfFrame.getAttribute('src')) ?? '';
    expect(src).toMatch(new RegExp(`^/api/v1/documents/no-dues/${SETTLED_ID}\\?exp=\\d+&sig=`));
    await app.getByText(`${SETTLED_ID}-`, { exact: false }).waitFor();
    await app.getByRole('link', { name: 'Simpan PDF' }).waitFor();
    await page.screenshot({ path: '.tmp/viewer-certificate-id.png' });

    // The shell's Back goes back in the web view's history: to the receipts, then to the loan.
    await shellBack.click();
    await app.getByRole('button', { name: 'Unduh surat keterangan' }).waitFor();
    await shellBack.click();
    await app.getByRole('button', { name: 'Bukti bayar dan surat keterangan lunas' }).waitFor();
    await app.getByText(SETTLED_ID).first().waitFor();
  });

  it("an Indonesian certificate's link opens /verify in Indonesian with Indonesia's company", async () => {
    const { page } = browser;
    await openAsBorrower(page, server, 'ID', `/receipts?orderId=${SETTLED_ID}`);
    const opened = page.waitForRequest((r) => r.url().includes('/api/v1/documents/no-dues/'));
    await page.getByRole('button', { name: 'Unduh surat keterangan' }).click();
    const pdf = await fetch((await opened).url());
    const { lines, links } = await pdfLines(new Uint8Array(await pdf.arrayBuffer()));
    expect(lines).toContain('Surat Keterangan Lunas');
    // The link a reader taps, as the PDF holds it.
    expect(links).toHaveLength(1);
    const link = new URL(links[0]!);
    expect(link.searchParams.get('lang')).toBe('id');

    const check = await browser.context.newPage();
    try {
      await check.goto(link.href);
      await check.getByText('Surat keterangan ini asli.').waitFor();
      expect(await check.locator('html').getAttribute('lang')).toBe('id-ID');
      await check.getByRole('heading', { level: 1, name: 'Periksa surat keterangan' }).waitFor();
      const footer = check.locator('footer');
      await footer.getByText(DEFAULT_SITE_CONFIG.ID.companyName, { exact: true }).waitFor();
      expect(await check.content()).not.toContain(DEFAULT_SITE_CONFIG.IN.companyName);
      // The lender the check names is the certificate's own.
      await check.locator('[data-field="lender"]').getByText(DEFAULT_SITE_CONFIG.ID.companyName).waitFor();
      // And its answer is in Indonesian too: the settlement date as the certificate prints it.
      const settled = lines
        .find((l) => l.startsWith('Tanggal pelunasan '))!
        .slice('Tanggal pelunasan '.length);
      expect(await check.locator('[data-field="settledOn"]').innerText()).toBe(settled);
      await check.screenshot({ path: '.tmp/verify-id.png', fullPage: true });
    } finally {
      await check.close();
    }
  });

  it('the English certificate and the copy of the data open on the viewer, and Back returns', async () => {
    const { page } = browser;
    await openAsBorrower(page, server, 'IN', `/receipts?orderId=${SETTLED_IN}`);
    await page.getByRole('button', { name: 'Download certificate' }).click();
    await page.getByRole('heading', { level: 1, name: 'No-dues certificate' }).waitFor();
    await page.getByRole('link', { name: 'Save the PDF' }).waitFor();
    await expectAccessible(page, 'IN certificate viewer');
    await page.screenshot({ path: '.tmp/viewer-certificate-en.png' });
    await page.goBack();
    await page.getByRole('button', { name: 'Download certificate' }).waitFor();

    await openAsBorrower(page, server, 'IN', '/myData');
    await page.getByRole('heading', { level: 1, name: 'My data' }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^my-data-in-\d{4}-\d{2}-\d{2}\.json$/);
    await page.getByRole('heading', { level: 1, name: 'Copy of your data' }).waitFor();
    await page.getByRole('link', { name: 'Save the file again' }).waitFor();
    await expectAccessible(page, 'IN data copy viewer');
    await page.screenshot({ path: '.tmp/viewer-copy-en.png' });
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'My data' }).waitFor();
  });
});
