import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { borrowers, orders, payments } from '../src/server/db/schema.ts';
import { pdfLines } from '../src/server/test/pdf-text.ts';
import { type Browser, expectAccessible, openBrowser } from './support/browser.ts';
import { openAsBorrower } from './support/h5.ts';
import { type RunningServer, startServer } from './support/server.ts';

/**
 * Repaying in the browser (issue 9): Indonesia extends a due loan with the fee paid at a mini market and
 * then repays it by bank virtual account; India pays the first period by UPI and sends the UTR. The
 * sandbox gateway pays the bill and posts its signed callback to the running server; the pay page sees
 * the payment credited by itself and says the bill is paid (issue 29). India then settles an overdue loan
 * by UPI, sees its receipt, downloads the no-dues certificate and checks its code on the site, and can
 * borrow again.
 */
let server: RunningServer;
let borrower: Browser;

beforeAll(async () => {
  server = await startServer();
  borrower = await openBrowser();
});
afterAll(async () => {
  await borrower?.close();
  await server?.close();
});

const orderOf = async (orderNo: string) =>
  (await server.database.db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0]!;

/** The sandbox pays the bill shown on the page (as the simulator's button does). */
async function sandboxPays(page: Page, billLabel: string) {
  const bill = (
    await page.getByText(billLabel, { exact: true }).locator('xpath=following-sibling::*[1]').innerText()
  ).trim();
  const res = await fetch(`${server.baseURL}/dev-api/gateway/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ billNo: bill }),
  });
  expect(res.status).toBe(200);
  expect((await res.json()).data.delivered).toBe(true);
  return bill;
}

/** Signed document links the journeys opened: their signatures must never reach the log. */
const signedLinks: string[] = [];

describe('repaying in Indonesia', () => {
  const orderNo = 'ID20261101001';

  it('extends the due loan: the fee paid at a mini market moves the due date by 7 days', async () => {
    const { page } = borrower;
    const before = await orderOf(orderNo);
    expect(before.status).toBe(174);
    await openAsBorrower(page, server, 'ID', `/loanDetails?orderId=${orderNo}`);
    await page.getByRole('button', { name: 'Perpanjang jatuh tempo' }).first().click();
    await page.waitForURL(/\/repaymentDelay\?/);
    await page.getByRole('heading', { level: 1, name: 'Detail Tagihan' }).waitFor();
    await page.getByText('Rp\u00a021.000').first().waitFor();
    await expectAccessible(page, 'ID extension offer');
    await page.getByRole('button', { name: 'Bayar Segera' }).click();
    await page.waitForURL(/\/individual\?.*display=1/);
    await page.getByRole('radio', { name: 'Minimarket' }).check();
    await page.getByRole('radio', { name: 'Indomaret' }).check();
    await expectAccessible(page, 'ID pay-method chooser');
    await page.getByRole('button', { name: 'SAYA INGIN MEMBAYAR' }).click();
    await page.waitForURL(/\/that\?/);
    await page.getByText('Biaya perpanjangan (7 hari)').first().waitFor();
    await page.getByRole('img', { name: /^Barcode kode pembayaran / }).waitFor();
    await expectAccessible(page, 'ID pay page (mini market)');
    // "Telah membayar" first: the page is told, before the bill is paid, that nothing has come yet.
    await page.getByRole('button', { name: 'TELAH MEMBAYAR' }).click();
    await page.getByText('Kami akan mengonfirmasi pembayaran Anda secepatnya').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'YA', exact: true }).click();
    await page.getByRole('region', { name: 'Belum diterima' }).waitFor();
    await sandboxPays(page, 'Nomor tagihan');
    // The page sees the payment by itself (issue 29): the bill is paid, no button left to tap.
    await page.getByRole('region', { name: 'Tagihan ini sudah lunas' }).waitFor({ timeout: 15_000 });
    expect(await page.getByRole('button', { name: 'TELAH MEMBAYAR' }).count()).toBe(0);
    const after = await orderOf(orderNo);
    expect(after.status).toBe(170);
    expect(after.dueAt!.getTime() - before.dueAt!.getTime()).toBe(7 * 86_400_000);
  });

  it('repays it by bank virtual account: the period shows paid and the loan is settled', async () => {
    const { page } = borrower;
    const order = await orderOf(orderNo);
    // Early repayment opens on day 7: the demo clock moves there (the due date is a week later).
    const day = Math.ceil((Date.now() - order.disbursedAt!.getTime()) / 86_400_000);
    if (day < 8) {
      const moved = await fetch(`${server.baseURL}/dev-api/clock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ days: 8 - day }),
      });
      expect(moved.status).toBe(200);
    }
    await openAsBorrower(page, server, 'ID', `/installment?orderId=${orderNo}`);
    await page.getByRole('heading', { level: 1, name: 'Detail Tagihan' }).waitFor();
    const pay = page.getByRole('button', { name: 'Bayar Segera' });
    await pay.waitFor();
    await expectAccessible(page, 'ID installment plan');
    await pay.click();
    await page.waitForURL(/\/individual\?.*display=0/);
    await page.getByRole('radio', { name: 'Transfer bank' }).check();
    // A bank without a way to pay there is refused, in Indonesian.
    await page.getByRole('radio', { name: 'BCA' }).check();
    await page.getByRole('button', { name: 'SAYA INGIN MEMBAYAR' }).click();
    await page.getByText('Silakan lengkapi informasinya.').first().waitFor();
    await page.getByRole('radio', { name: 'ATM' }).check();
    await page.getByRole('button', { name: 'SAYA INGIN MEMBAYAR' }).click();
    await page.waitForURL(/\/that\?/);
    await page
      .getByText(/^3935 8\d{3}( \d{4}){2}$/)
      .first()
      .waitFor();
    await page.getByRole('img', { name: /^Kode QR untuk / }).waitFor();
    await expectAccessible(page, 'ID pay page (bank)');
    const bill = await sandboxPays(page, 'Nomor tagihan');
    await page.getByRole('region', { name: 'Tagihan ini sudah lunas' }).waitFor({ timeout: 15_000 });
    expect((await orderOf(orderNo)).status).toBe(200);
    const [payment] = await server.database.db.select().from(payments).where(eq(payments.state, 'credited'));
    expect(payment).toBeTruthy();
    expect(bill).toMatch(/^IDB\d{16}$/);
    await openAsBorrower(page, server, 'ID', `/installment?orderId=${orderNo}`);
    await page.getByRole('button', { name: 'Sudah lunas (1)' }).click();
    await page
      .getByText(/^Dibayar /)
      .first()
      .waitFor();
  });
});

describe('repaying in India', () => {
  const orderNo = 'IN20261101001';

  it('pays the first period by UPI and sends the UTR: credited, the period shows paid', async () => {
    const { page } = borrower;
    await openAsBorrower(page, server, 'IN', `/installment?orderId=${orderNo}`);
    await page.getByRole('heading', { level: 1, name: 'Bill details' }).waitFor();
    await page.getByText(/^Paying the rest of the loan early is possible from /).waitFor();
    await page.getByRole('button', { name: 'Pay now' }).click();
    await page.waitForURL(/\/individual\?/);
    await page.getByRole('button', { name: 'I WANT TO PAY' }).click();
    await page.waitForURL(/\/that\?/);
    await page.getByRole('link', { name: 'Open UPI app' }).waitFor();
    expect(await page.getByRole('link', { name: 'Open UPI app' }).getAttribute('href')).toMatch(
      /^upi:\/\/pay\?/,
    );
    await expectAccessible(page, 'IN pay page (UPI)');
    const utr = page.getByLabel('UTR number (12 digits)');
    await utr.fill('12345');
    await page.getByRole('button', { name: 'Send UTR' }).click();
    await page.getByText('Enter the 12-digit UTR number, digits only.').waitFor();
    await utr.fill('412345678901');
    await page.getByRole('button', { name: 'Send UTR' }).click();
    await page.getByText('Payment received').first().waitFor();
    // The sandbox reports the payment the UTR names; the process's job posts the callback.
    await expect
      .poll(async () => (await orderOf(orderNo)).dueAt!.getTime() > Date.now() + 86_400_000, {
        timeout: 15_000,
      })
      .toBe(true);
    // The page watches the UTR's payment until it is credited, with no tap (issue 29).
    await page.getByRole('region', { name: 'This bill is paid' }).waitFor({ timeout: 15_000 });
    expect(await page.getByRole('button', { name: 'I HAVE PAID' }).count()).toBe(0);
    expect((await orderOf(orderNo)).status).toBe(170);
    await openAsBorrower(page, server, 'IN', `/installment?orderId=${orderNo}`);
    await page.getByRole('button', { name: 'Paid (1)' }).click();
    await page
      .getByText(/^Paid \d+ \w+ 2026$/)
      .first()
      .waitFor();
  });
});

describe('settling in India', () => {
  const orderNo = 'IN20260801007';

  it('settles an overdue loan by UPI: receipt, no-dues certificate checked on the site, Loan more', async () => {
    const { page } = borrower;
    expect((await orderOf(orderNo)).status).toBe(180);
    await openAsBorrower(page, server, 'IN', `/installment?orderId=${orderNo}`);
    await page.getByRole('heading', { level: 1, name: 'Bill details' }).waitFor();
    await page.getByRole('button', { name: 'Pay now' }).click();
    await page.waitForURL(/\/individual\?/);
    await page.getByRole('button', { name: 'I WANT TO PAY' }).click();
    await page.waitForURL(/\/that\?/);
    await page.getByLabel('UTR number (12 digits)').fill('412345678902');
    await page.getByRole('button', { name: 'Send UTR' }).click();
    await page.getByText('Payment received').first().waitFor();
    await expect.poll(async () => (await orderOf(orderNo)).status, { timeout: 15_000 }).toBe(200);

    // The loan details of a settled loan: borrow again, or see the receipts and the certificate.
    await openAsBorrower(page, server, 'IN', `/loanDetails?orderId=${orderNo}`);
    await page.getByRole('button', { name: 'Loan more' }).waitFor();
    await page.getByRole('button', { name: 'Receipts and no-dues certificate' }).click();
    await page.waitForURL(/\/receipts\?/);
    await page.getByRole('heading', { name: `Receipt ${orderNo}-1` }).waitFor();
    await page.getByText('UPI, UTR 412345678902').waitFor();
    await expectAccessible(page, 'IN receipts');

    // The download opens a short-lived signed link to the PDF (the page goes there, as in the app).
    const opened = page.waitForRequest((r) => r.url().includes('/api/v1/documents/no-dues/'));
    await page.getByRole('button', { name: 'Download certificate' }).click();
    const pdfUrl = (await opened).url();
    signedLinks.push(pdfUrl);
    const pdf = await fetch(pdfUrl);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const { lines } = await pdfLines(new Uint8Array(await pdf.arrayBuffer()));
    expect(lines).toContain('No Dues Certificate');
    const code = /Verification code: (\S+)\./.exec(lines.join(' '))?.[1] ?? '';
    expect(code.startsWith(`${orderNo}-`)).toBe(true);

    // Anyone holding it checks the code on the site. A page of its own: the borrower's tab may still
    // be on its way to the PDF, and a second navigation there would race it.
    const site = await page.context().newPage();
    try {
      await site.goto(`${server.baseURL}/verify?lang=en&code=${code}`);
      await site.getByText('This certificate is genuine.').waitFor();
      await site.getByText(orderNo, { exact: true }).waitFor();
      await expectAccessible(site, 'certificate check');
      await site
        .getByLabel('Verification code')
        .fill(`${code.slice(0, -1)}${code.endsWith('A') ? 'B' : 'A'}`);
      await site.getByRole('button', { name: 'Check' }).click();
      await site.getByText(/^This code does not match any certificate/).waitFor();
    } finally {
      await site.close();
    }
  });
});

describe("the server's log of these journeys (issue 29)", () => {
  it('holds no phone number, session token, UTR or link signature', async () => {
    const log = server.logs.join('\n');
    expect(log.length).toBeGreaterThan(0);
    const phones = (await server.database.db.select({ phone: borrowers.phone }).from(borrowers)).map(
      (b) => b.phone,
    );
    expect(phones.length).toBeGreaterThan(0);
    for (const phone of phones) expect(log, 'a phone number').not.toContain(phone);
    for (const utr of ['412345678901', '412345678902']) expect(log, 'a UTR').not.toContain(utr);
    expect(signedLinks.length).toBeGreaterThan(0);
    for (const link of signedLinks) {
      const sig = new URL(link).searchParams.get('sig');
      expect(sig && sig.length > 10).toBe(true);
      expect(log, 'a link signature').not.toContain(sig!);
    }
    // Every session token the pages were opened with travelled in the address (`token=`) or a header.
    expect(log).not.toMatch(/token=(?!%5BREDACTED%5D|\[REDACTED\])[\w-]{10,}/);
    expect(log).not.toMatch(/[Bb]earer [\w-]{10,}/);
  });
});
