import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardRepayments, orders, payments } from '../src/server/db/schema.ts';
import { CARD_REPAY_PATHS } from '../src/shared/contract/repayment-card.ts';
import { type Browser, expectAccessible, openBrowser } from './support/browser.ts';
import { openAsBorrower } from './support/h5.ts';
import { type RunningServer, startServer } from './support/server.ts';

/**
 * Repaying with a saved bank card in the browser (decision 032): the Indonesian demo borrower picks
 * their BCA card, gets the SMS code (read from the demo outbox, as the simulator would show it), confirms
 * it, and lands on the loan details with the period's payment shown.
 */
let server: RunningServer;
let borrower: Browser;

beforeAll(async () => {
  server = await startServer();
  borrower = await openBrowser({ locale: 'id-ID' });
});
afterAll(async () => {
  await borrower?.close();
  await server?.close();
});

const PHONE = '081234567890';
const ORDER = 'ID20261101001';

describe('repaying by bank card in Indonesia', () => {
  it('picks a card, confirms the SMS code and sees the payment on the loan details', async () => {
    const { page } = borrower;
    await openAsBorrower(page, server, 'ID', `/repayment?orderId=${ORDER}`);
    await page.getByRole('heading', { level: 1, name: 'Bayar dengan kartu bank' }).waitFor();
    const bca = page.getByRole('radio', { name: 'BCA kartu berakhiran 1234' });
    await bca.waitFor();
    const amount = (await page.locator('.card-repay-amount-value').innerText()).trim();
    expect(amount).toMatch(/^Rp\s[\d.]+$/);
    await expectAccessible(page, 'ID card repayment');

    // No card yet: the spec's message, nothing sent.
    await page.getByRole('button', { name: 'Bayar Sekarang' }).click();
    await page.getByText('Silakan pilih kartu bank pembayaran terlebih dahulu.').waitFor();

    await bca.check();
    await page.getByRole('button', { name: 'Bayar Sekarang' }).click();
    const field = page.getByLabel('Kode verifikasi SMS');
    await field.waitFor();
    // The button counts down from 60 s and is off meanwhile.
    const send = page.locator('.card-repay-send');
    expect(await send.innerText()).toMatch(/^(60|59)s$/);
    expect(await send.getAttribute('aria-disabled')).toBe('true');
    await expectAccessible(page, 'ID card repayment, code step');

    // A too short code is refused on the screen.
    await field.fill('123');
    await page.getByRole('button', { name: 'Konfirmasi pembayaran' }).click();
    await page.getByText('Silakan masukkan kode verifikasi yang benar.').waitFor();

    const sms = await fetch(`${server.baseURL}${CARD_REPAY_PATHS.demoSms}?phone=${PHONE}`);
    expect(sms.status).toBe(200);
    const { code } = (await sms.json()).data as { code: string };
    expect(code).toMatch(/^\d{6}$/);
    await field.fill(code);
    await page.getByRole('button', { name: 'Konfirmasi pembayaran' }).click();

    await page.waitForURL(/\/loanDetails\?/);
    // "Sudah dibayar" while the loan is live, "Total dibayar" once this payment settled it.
    const paidRow = page.getByText(/^(Sudah|Total) dibayar$/);
    await paidRow.waitFor();
    expect((await paidRow.locator('xpath=following-sibling::*[1]').innerText()).trim()).toBe(amount);

    const [order] = await server.database.db.select().from(orders).where(eq(orders.orderNo, ORDER));
    const credited = await server.database.db.select().from(payments).where(eq(payments.orderId, order!.id));
    expect(credited.map((p) => p.state)).toEqual(['credited']);
    const [record] = await server.database.db
      .select()
      .from(cardRepayments)
      .where(eq(cardRepayments.orderId, order!.id));
    expect(record!.state).toBe('charged');
    // Neither the code nor the phone number reached the server's log.
    const logs = server.logs.join('\n');
    expect(logs).not.toContain(code);
    expect(logs).not.toContain(PHONE);
  });
});
