import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/server/db/schema.ts';
import { type Browser, expectAccessible, openBrowser } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

/**
 * A payment's outcome reaches every screen that shows the loan, without a reload (issue 29). India's
 * borrower has loan details open in one tab and pays the cooling-off exit in another; the sandbox pays
 * the bill (as the simulator's button does). The pay page sees it by itself (no "I have paid") and says
 * the bill is paid, with no code, countdown or button left; the loan details left open drop the exit
 * they offered; and the exit is offered nowhere after.
 */
let server: RunningServer;
let borrower: Browser;
const orderNo = 'IN20261117006';

beforeAll(async () => {
  server = await startServer();
  borrower = await openBrowser();
});
afterAll(async () => {
  await borrower?.close();
  await server?.close();
});

const statusOf = async () =>
  (await server.database.db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0]!.status;

/** One sign-in of the demo borrower, opened in as many pages as asked, as the shell opens a page. */
async function openSignedIn(pages: Page[], path: string) {
  const res = await fetch(`${server.baseURL}/dev-api/demo-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ market: 'IN' }),
  });
  const { token, deviceId } = (await res.json()).data as { token: string; deviceId: string };
  for (const page of pages)
    await page.goto(`${server.baseURL}${path}&market=IN&deviceId=${deviceId}&version=1&token=${token}`);
}

/** Marks the document: a reload (which would clear the mark) is noticed. */
const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { __sameDocument: true }));
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

describe('a payment credited while the screens are open', () => {
  it('updates the pay page and the loan details without a reload; the paid exit is no longer offered', async () => {
    const details = borrower.page;
    const pay = await borrower.context.newPage();
    expect(await statusOf()).toBe(170);
    await openSignedIn([details, pay], `/loanDetails?orderId=${orderNo}`);
    const exit = details.getByRole('region', { name: 'Exit this loan' });
    await exit.getByRole('button', { name: 'Repay and exit' }).waitFor();
    await markDocument(details);

    // The other tab pays the exit: chooser, then the UPI request.
    await pay.bringToFront();
    await pay.getByRole('button', { name: 'Repay and exit' }).click();
    await pay.waitForURL(/\/individual\?.*payoff=1/);
    await pay.getByRole('button', { name: 'I WANT TO PAY' }).click();
    await pay.waitForURL(/\/that\?/);
    await pay.getByRole('timer').waitFor();
    await markDocument(pay);
    const bill = (
      await pay.getByText('Bill number', { exact: true }).locator('xpath=following-sibling::*[1]').innerText()
    ).trim();
    const paid = await fetch(`${server.baseURL}/dev-api/gateway/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ billNo: bill }),
    });
    expect((await paid.json()).data.delivered).toBe(true);
    expect(await statusOf()).toBe(200);

    // The pay page sees it by itself: paid, and nothing left to pay with.
    const done = pay.getByRole('region', { name: 'This bill is paid' });
    await done.waitFor({ timeout: 15_000 });
    expect(await pay.getByRole('timer').count()).toBe(0);
    expect(await pay.getByRole('button', { name: 'I HAVE PAID' }).count()).toBe(0);
    expect(await pay.getByRole('region', { name: 'How to pay' }).count()).toBe(0);
    expect(await sameDocument(pay)).toBe(true);
    await expectAccessible(pay, 'IN pay page, paid');

    // The loan details left open in the first tab drop the exit, without a reload.
    await details.bringToFront();
    await expect
      .poll(() => exit.count(), { timeout: 15_000, message: 'the exit left the open loan details' })
      .toBe(0);
    expect(await details.getByRole('button', { name: 'Repay and exit' }).count()).toBe(0);
    expect(await sameDocument(details)).toBe(true);

    // The way back from the paid bill: loan details, with no exit either.
    await pay.bringToFront();
    await done.getByRole('link', { name: 'See loan details' }).click();
    await pay.waitForURL(/\/loanDetails\?/);
    await pay.getByRole('button', { name: 'Receipts and no-dues certificate' }).waitFor();
    expect(await pay.getByRole('button', { name: 'Repay and exit' }).count()).toBe(0);
    expect(await sameDocument(pay)).toBe(true);
  });
});
