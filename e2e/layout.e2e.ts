import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../src/server/db/schema.ts';
import { type Browser, openBrowser } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

/**
 * The borrower's repayment screens at 390 px in both languages (issue 29): no rounded box draws its
 * accent with a one-sided border (an arc at the corners), no amount, number or code breaks inside, no
 * short word breaks mid-word, the amount to pay is larger than its label, and select-all never unchecks
 * a period checked by hand. Each screen is also saved under .tmp/screens/ to be looked at.
 */
let server: RunningServer;
let browser: Browser;
const SHOTS = path.resolve(import.meta.dirname, '../.tmp/screens');

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startServer();
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Signs in the market's demo borrower and opens `path` in `lang` (the shell's isNeedPop flag). */
async function open(page: Page, market: 'IN' | 'ID', lang: 'en' | 'id', pathname: string) {
  const res = await fetch(`${server.baseURL}/dev-api/demo-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ market }),
  });
  const { token, deviceId } = (await res.json()).data as { token: string; deviceId: string };
  const query = new URLSearchParams({
    market,
    deviceId,
    version: '1',
    token,
    isNeedPop: lang === 'id' ? '1' : '0',
  });
  await page.goto(`${server.baseURL}${pathname}&${query}`);
}

/** What the layout rules find wrong on the page, as readable lines (empty when nothing is). */
function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const name = (el: Element) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`;
    for (const el of document.querySelectorAll('main *')) {
      const style = getComputedStyle(el);
      const left = Number.parseFloat(style.borderLeftWidth);
      const right = Number.parseFloat(style.borderRightWidth);
      const rounded = Number.parseFloat(style.borderTopLeftRadius) > 0;
      if (rounded && left > right && style.borderLeftStyle !== 'none')
        problems.push(`${name(el)}: a ${left}px left border on a rounded box draws an arc`);
    }
    // Every word of every text: one with a digit (an amount, a number, a code) or a short one (at most
    // 12 letters, "Minimarket") must sit on one line.
    const walker = document.createTreeWalker(document.querySelector('main')!, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/\S+/g)) {
        const word = match[0];
        if (!/\d/.test(word) && word.length > 12) continue;
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + word.length);
        const lines = new Set(
          [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
        );
        if (lines.size > 1) problems.push(`"${word}" breaks across ${lines.size} lines`);
      }
    }
    return problems;
  });
}

const fontSize = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));

async function shot(page: Page, file: string) {
  await page.screenshot({ path: path.join(SHOTS, `${file}.png`), fullPage: true });
}

const CASES = [
  {
    market: 'ID',
    lang: 'id',
    order: 'ID20260801007',
    settled: 'ID20260801002',
    title: 'Detail Tagihan',
    selectAll: 'Pilih semua',
    period: /^Cicilan ke-\d+ /,
    pay: 'Bayar Segera',
    payer: 'SAYA INGIN MEMBAYAR',
    bankType: 'Transfer bank',
    store: 'Minimarket',
    total: 'Total pembayaran',
    payee: 'nama penerimanya PT Kredito Teknologi Indonesia',
  },
  {
    market: 'ID',
    lang: 'en',
    order: 'ID20260801007',
    settled: 'ID20260801002',
    title: 'Bill details',
    selectAll: 'Select all',
    period: /^Period \d+ /,
    pay: 'Pay now',
    payer: 'I WANT TO PAY',
    bankType: 'Bank transfer',
    store: 'Mini market',
    total: 'Total to pay',
    payee: 'the recipient is PT Kredito Teknologi Indonesia',
  },
  {
    market: 'IN',
    lang: 'en',
    order: 'IN20261101001',
    settled: 'IN20260801002',
    title: 'Bill details',
    selectAll: 'Select all',
    period: /^Period \d+ /,
    pay: 'Pay now',
    payer: 'I WANT TO PAY',
    bankType: null,
    store: null,
    total: 'Total to pay',
    payee: 'Kredito Finance India',
  },
] as const;

describe('the repayment screens at 390 px', () => {
  for (const c of CASES) {
    const label = `${c.market}-${c.lang}`;
    it(`${label}: the plan, select-all, the chooser and the pay page lay out cleanly`, async () => {
      const { page } = browser;
      await open(page, c.market, c.lang, `/installment?orderId=${c.order}`);
      await page.getByRole('heading', { level: 1, name: c.title }).waitFor();
      const second = page.getByRole('checkbox', { name: c.period }).nth(1);
      await second.waitFor();

      // The first two waiting periods checked by hand stay checked when select-all is tapped.
      await second.check();
      await page.getByRole('checkbox', { name: c.selectAll }).click({ force: true });
      expect(await second.isChecked()).toBe(true);

      // The amount to pay is larger than its label.
      expect(await fontSize(page, '.repay-total output')).toBeGreaterThan(
        await fontSize(page, '.repay-total > span'),
      );
      await shot(page, `${label}-installment`);
      expect(await layoutProblems(page)).toEqual([]);

      await page.getByRole('button', { name: c.pay }).click();
      await page.waitForURL(/\/individual\?/);
      if (c.store) {
        await page.getByRole('radio', { name: c.store }).check();
        await page.getByRole('radio', { name: 'Alfamart' }).waitFor();
        await shot(page, `${label}-chooser-store`);
        expect(await layoutProblems(page)).toEqual([]);
      }
      if (c.bankType) {
        await page.getByRole('radio', { name: c.bankType }).check();
        await page.getByRole('radio', { name: 'Bank Mandiri' }).check();
        await page.getByRole('radio', { name: 'ATM' }).check();
      }
      await shot(page, `${label}-chooser`);
      expect(await layoutProblems(page)).toEqual([]);

      await page.getByRole('button', { name: c.payer }).click();
      await page.waitForURL(/\/that\?/);
      await page.getByRole('heading', { name: c.total }).waitFor();
      await page.locator('.repay-number-value').waitFor();
      // The amount to pay is larger than its label here too.
      expect(await fontSize(page, '.repay-pay .repay-total')).toBeGreaterThan(
        await fontSize(page, '.repay-summary .repay-label'),
      );
      if (c.market === 'ID') {
        // The virtual account number is grouped in fours for reading.
        expect(await page.locator('.repay-number-value').innerText()).toMatch(/^\d{4}( \d{4})+$/);
        // Indonesia's clock in either language: "00.00", never "am"/"pm".
        expect(await page.locator('.repay-rows').innerText()).not.toMatch(/\b[ap]m\b/i);
      }
      // The chosen way to pay's steps are open, naming the recipient.
      expect(await page.locator('.repay-steps').innerText()).toContain(c.payee);
      await shot(page, `${label}-pay`);
      expect(await layoutProblems(page)).toEqual([]);

      await open(page, c.market, c.lang, `/loanDetails?orderId=${c.order}`);
      await page.locator('.loan-details-card').first().waitFor();
      await shot(page, `${label}-loan-details`);
      expect(await layoutProblems(page)).toEqual([]);

      await open(page, c.market, c.lang, `/repaymentDelay?orderId=${c.order}`);
      await page.locator('.delay-card').first().waitFor();
      await shot(page, `${label}-extension`);
      expect(await layoutProblems(page)).toEqual([]);

      // A settled loan's payments and receipts.
      await open(page, c.market, c.lang, `/receipts?orderId=${c.settled}`);
      await page.locator('.receipts-card').first().waitFor();
      await shot(page, `${label}-receipts`);
      expect(await layoutProblems(page)).toEqual([]);
    });
  }
});

describe('the other borrower screens whose copy or styles changed, at 390 px', () => {
  const SCREENS = [
    { market: 'ID', lang: 'id', keyFacts: 'Ringkasan informasi pinjaman' },
    { market: 'ID', lang: 'en', keyFacts: 'Key facts' },
    { market: 'IN', lang: 'en', keyFacts: 'Key facts' },
  ] as const;
  for (const c of SCREENS) {
    const label = `${c.market}-${c.lang}`;
    it(`${label}: loan confirmation (key facts), card repayment and the complaint entry`, async () => {
      const { page } = browser;
      const [product] = await server.database.db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.market, c.market));
      await open(page, c.market, c.lang, `/loanConfirm?productId=${product!.id}`);
      await page.getByText(c.keyFacts, { exact: true }).first().waitFor();
      await shot(page, `${label}-loan-confirm`);
      expect(await layoutProblems(page)).toEqual([]);
      // The APR says which rate it is.
      expect(await page.locator('main').innerText()).toMatch(/nominal/i);

      await open(page, c.market, c.lang, `/repayment?orderId=${c.market}20261101001`);
      await page.locator('main h1').first().waitFor();
      await shot(page, `${label}-card-repayment`);
      expect(await layoutProblems(page)).toEqual([]);

      await open(page, c.market, c.lang, '/complainNewPage?x=1');
      await page.locator('main h1').first().waitFor();
      await shot(page, `${label}-complaint-entry`);
      expect(await layoutProblems(page)).toEqual([]);

      await open(page, c.market, c.lang, '/verification?x=1');
      await page.locator('.verification-list').waitFor();
      await shot(page, `${label}-verification`);
      expect(await layoutProblems(page)).toEqual([]);
    });
  }
});
