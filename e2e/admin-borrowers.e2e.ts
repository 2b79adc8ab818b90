import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bankAccounts, borrowers, verificationSteps } from '../src/server/db/schema.ts';
import { signInAsAdmin } from './support/admin.ts';
import { type Browser, expectAccessible, openBrowser } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

/**
 * The back office's borrower view and verification review queue in the browser (decision 068): an
 * administrator finds the Indian demo borrower by phone, reveals their account number with a reason (it is
 * audited), and approves the step a check held for review; both pages at 1280 and 390 px, in both languages.
 */
const SHOTS = path.resolve(import.meta.dirname, '../.tmp/screens');
let server: RunningServer;
let operator: Browser;

beforeAll(async () => {
  server = await startServer();
  operator = await openBrowser({ viewport: { width: 1280, height: 900 } });
});
afterAll(async () => {
  await operator?.close();
  await server?.close();
});

describe('the borrower view and the verification review queue', () => {
  it('finds a borrower, reveals one number with a reason, and decides a step in review', async () => {
    const { page } = operator;
    const db = server.database.db;
    const [demo] = await db.select().from(borrowers).where(eq(borrowers.phone, '9876543210'));
    // As a check leaves it: the base step held for review.
    await db
      .update(verificationSteps)
      .set({ status: 'review', reason: 'nameMismatch' })
      .where(and(eq(verificationSteps.borrowerId, demo!.id), eq(verificationSteps.step, 'base')));

    await signInAsAdmin(page, server);
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Borrowers' })
      .click();
    await page.getByLabel('Phone, borrower number or order number').fill('+91 98765 43210');
    await page.getByRole('button', { name: 'Find' }).click();
    await page.getByRole('link', { name: `Open borrower ${demo!.id}` }).click();
    await page.getByRole('heading', { level: 2, name: 'Bank accounts' }).waitFor();
    expect(await page.content()).not.toContain('9876543210');
    await expectAccessible(page, 'borrower view');

    const [account] = await db.select().from(bankAccounts).where(eq(bankAccounts.borrowerId, demo!.id));
    const masked = `**** ${account!.accountLast4}`;
    await page.getByRole('button', { name: `Reveal account ${masked}` }).click();
    await page.getByLabel('Reason').fill('Complaint about a payout to this account');
    await page.getByRole('button', { name: 'Reveal and record' }).click();
    await page.getByText(/^Shown for \d+ s$/).waitFor();
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, 'borrower.reveal'));
    expect(JSON.parse(audit!.detail)).toMatchObject({ reason: 'Complaint about a payout to this account' });

    for (const lang of ['en', 'id'] as const) {
      if (lang === 'id') await page.getByLabel('Language').selectOption('id');
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({
          path: path.join(SHOTS, `admin-borrower-${lang}-${width}.png`),
          fullPage: true,
        });
        // Nothing widens the page past the window (a revealed number and its countdown wrap).
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      }
      await page.setViewportSize({ width: 1280, height: 900 });
    }
    await page.getByLabel('Bahasa').selectOption('en');

    await page.goto(`${server.baseURL}/admin/verification`);
    const approve = page.getByRole('button', { name: `Approve Basic details of borrower ${demo!.id}` });
    await approve.waitFor();
    await expectAccessible(page, 'verification review queue');
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: path.join(SHOTS, `admin-verification-en-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await approve.click();
    await page.getByText(`Approved: Basic details of borrower ${demo!.id}.`).first().waitFor();
    const [step] = await db
      .select()
      .from(verificationSteps)
      .where(and(eq(verificationSteps.borrowerId, demo!.id), eq(verificationSteps.step, 'base')));
    expect(step!.status).toBe('done');
    await page.getByLabel('Language').selectOption('id');
    await page.getByText('Tidak ada yang menunggu tinjauan.').waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'admin-verification-id-empty-1280.png'), fullPage: true });
  });
});
