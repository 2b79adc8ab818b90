import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qaRecords } from '../src/server/db/schema.ts';
import { type Browser, expectAccessible, openBrowser } from './support/browser.ts';
import { captureBridge, openAsBorrower } from './support/h5.ts';
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

describe('FAQ chatbot at 390×844', () => {
  it('resolved → 5 stars sends the native rate message (Indonesian)', async () => {
    const { page } = browser;
    const bridge = await captureBridge(page);
    await openAsBorrower(page, server, 'ID', '/intelligentCustomerService?selectedIndex=1');
    await page.getByRole('button', { name: 'Bagaimana cara membayar pinjaman saya?' }).click();
    await page
      .getByText(/virtual account/)
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Terselesaikan', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Silakan nilai layanan ini').waitFor();
    // Once its opening animation has run, the open dialog must pass too.
    await page.waitForTimeout(600);
    await expectAccessible(page, 'rating dialog (id)');
    await dialog.getByRole('radio').nth(4).click();
    await dialog.getByText('Kirim', { exact: true }).click();
    await expect.poll(async () => (await bridge()).map((m) => m.type)).toContain('goRate');
    await dialog.waitFor({ state: 'hidden' });
    const types = (await server.database.db.select().from(qaRecords)).map((r) => `${r.type}:${r.value}`);
    expect(types).toEqual(expect.arrayContaining(['2:1', '3:5']));
    await expectAccessible(page, 'chatbot (id)');
  });

  it('free text finds matching questions, and Contact CS hands over to the complaint form (English)', async () => {
    const { page } = browser;
    await openAsBorrower(page, server, 'IN', '/intelligentCustomerService?orderNo=IN20261101001');
    await page.getByLabel('Your question').fill('how do I repay');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByRole('button', { name: 'How can I repay my loan?' }).last().waitFor();
    await page.getByRole('button', { name: 'Contact CS' }).first().click();
    await page.waitForURL(/\/complainNewPage\?orderNo=IN20261101001/);
    const records = await server.database.db.select().from(qaRecords);
    expect(records.some((r) => r.type === 4 && r.value === 'how do I repay')).toBe(true);
    expect(records.some((r) => r.type === 1)).toBe(true);
  });
  it('a topic whose questions fail to load shows the error in the conversation, and Retry loads them', async () => {
    const { page } = browser;
    let failures = 0;
    // The topics load; the second topic's question list fails once, as a lost connection would.
    await page.route(
      (url) => url.pathname.endsWith('/get-qa-list') && url.searchParams.get('pid') !== '0',
      async (route) => {
        if (failures++ === 0) await route.abort('connectionreset');
        else await route.continue();
      },
    );
    try {
      await openAsBorrower(page, server, 'IN', '/intelligentCustomerService?selectedIndex=1');
      const log = page.getByRole('log');
      const failed = log.locator('.chatbot-failed');
      await failed.waitFor();
      expect(await failed.innerText()).toContain('The questions about Repay could not be loaded.');
      expect(await log.getByText('The assistant is typing…').count()).toBe(0);
      await log.getByRole('button', { name: 'Try again' }).click();
      await log.getByRole('button', { name: 'How can I repay my loan?' }).first().waitFor();
      expect(await log.getByText('The questions about Repay could not be loaded.').count()).toBe(0);
      await expectAccessible(page, 'chatbot after a failed topic');
    } finally {
      await page.unrouteAll();
    }
  });
});
