import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataRightsRequests } from '../src/server/db/schema.ts';
import { type Browser, expectAccessible, openBrowser } from './support/browser.ts';
import { openAsBorrower } from './support/h5.ts';
import { type RunningServer, startServer } from './support/server.ts';

/**
 * Privacy rights in the browser (decision 035): the Indonesian demo borrower downloads a copy of their
 * data and asks for a correction on "Data saya"; an operator of their market answers it in the back
 * office before its 3 × 24 hour deadline; the borrower reads the answer.
 */
let server: RunningServer;
let borrower: Browser;
let operator: Browser;
let requestId = 0;

beforeAll(async () => {
  server = await startServer();
  borrower = await openBrowser({ locale: 'id-ID' });
  operator = await openBrowser({ viewport: { width: 1280, height: 900 } });
});
afterAll(async () => {
  await borrower?.close();
  await operator?.close();
  await server?.close();
});

describe('a borrower uses their privacy rights', () => {
  it('downloads a copy of their data and asks for a correction', async () => {
    const { page } = borrower;
    await openAsBorrower(page, server, 'ID', '/myData');
    await page.getByRole('heading', { level: 1, name: 'Data saya' }).waitFor();
    await page.getByText('Dijawab paling lambat 3 × 24 jam').first().waitFor();
    await expectAccessible(page, 'ID my data');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Unduh data saya' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^my-data-id-\d{4}-\d{2}-\d{2}\.json$/);
    const copy = JSON.parse(await readFile((await download.path())!, 'utf8'));
    expect(copy.profile).toMatchObject({ phone: '081234567890', market: 'ID' });
    expect(copy.loans.length).toBeGreaterThan(0);
    // The copy is saved from the document viewer (decision 058); its Back returns to "Data saya".
    await page.getByRole('heading', { level: 1, name: 'Salinan data Anda' }).waitFor();
    await page.getByRole('button', { name: 'Kembali' }).click();
    await page.getByRole('heading', { level: 1, name: 'Data saya' }).waitFor();

    await page.getByLabel('Hak yang mana?').selectOption('correction');
    await page.getByLabel('Keterangan').fill('Alamat saya sudah pindah ke Bandung.');
    await page.getByRole('button', { name: 'Kirim permintaan' }).click();
    await page.getByText('Alamat saya sudah pindah ke Bandung.').waitFor();
    // The copy answered the access right: it is listed as done.
    await page.getByText('Akses', { exact: false }).first().waitFor();

    const rows = await server.database.db.select().from(dataRightsRequests);
    const correction = rows.find((r) => r.kind === 'correction')!;
    expect(rows.find((r) => r.kind === 'access')?.status).toBe('done');
    expect(correction.deadlineAt.getTime() - correction.createdAt.getTime()).toBe(72 * 3_600_000);
    requestId = correction.id;
  });

  it('an operator of the market answers it before its deadline', async () => {
    const { page } = operator;
    await page.goto(`${server.baseURL}/admin/login`);
    await page.getByLabel('E-mail').fill('agent.id@kredito.test');
    await page.getByLabel('Password').fill('Agent!2345');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/admin\/complaints/);
    await page.getByRole('link', { name: 'Data rights' }).click();
    await page.getByRole('link', { name: `Open request ${requestId}` }).click();
    await page.waitForURL(new RegExp(`/admin/data-rights/${requestId}`));
    await page.getByText('Alamat saya sudah pindah ke Bandung.').first().waitFor();
    await expectAccessible(page, 'admin data-rights request');

    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByText('Started.').first().waitFor();
    await page
      .getByLabel('Answer or reason (the borrower reads it)')
      .fill('Alamat Anda sudah kami perbarui menjadi Bandung.');
    await page.getByRole('button', { name: 'Complete' }).click();
    await page.getByText('This request is closed.').waitFor();

    const [row] = await server.database.db
      .select()
      .from(dataRightsRequests)
      .where(eq(dataRightsRequests.id, requestId));
    expect(row!.status).toBe('done');
    expect(row!.closedAt!.getTime()).toBeLessThan(row!.deadlineAt.getTime());
  });

  it('the borrower reads the answer', async () => {
    const { page } = borrower;
    await openAsBorrower(page, server, 'ID', '/myData');
    await page.getByText('Alamat Anda sudah kami perbarui menjadi Bandung.').waitFor();
    await page.getByText('Jawaban kami').first().waitFor();
  });
});
