import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complaintImages, complaints } from '../src/server/db/schema.ts';
import { LIST_PAGE } from '../src/shared/contract/constants.ts';
import { type Browser, expectAccessible, openBrowser } from './support/browser.ts';
import { openAsBorrower } from './support/h5.ts';
import { type RunningServer, startServer } from './support/server.ts';

let server: RunningServer;
let borrower: Browser;
let operator: Browser;

beforeAll(async () => {
  server = await startServer();
  borrower = await openBrowser();
  operator = await openBrowser({ viewport: { width: 1280, height: 900 } });
});
afterAll(async () => {
  await borrower?.close();
  await operator?.close();
  await server?.close();
});

const photo = (colour: string) =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

let complaintId = 0;

describe('a complaint, from the borrower to the operator and back', () => {
  it('the borrower files a collection complaint with 2 real images', async () => {
    const { page } = borrower;
    await openAsBorrower(page, server, 'IN', '/complainNewPage?orderNo=IN20261101001');
    await page.getByRole('button', { name: 'Collection' }).click();
    await page.getByRole('button', { name: 'Calls to my contacts' }).click();
    await page.waitForURL(/\/complainPageNext\?.*problemType=1.*problemSonType=12/);
    await expectAccessible(page, 'complaint form');

    await page
      .getByLabel('Your comments and suggestions')
      .fill('An agent called my brother twice about my loan.');
    const files = [
      { name: 'call-log.jpg', mimeType: 'image/jpeg', buffer: await photo('#336699') },
      { name: 'message.jpg', mimeType: 'image/jpeg', buffer: await photo('#996633') },
    ];
    await page.locator('input[type="file"]').setInputFiles(files);
    await expect
      .poll(() => page.locator('[aria-label^="Remove image"]').count(), { timeout: 15_000 })
      .toBe(2);
    await expect
      .poll(() => page.locator('[aria-label^="Uploading image"]').count(), { timeout: 15_000 })
      .toBe(0);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText('Your complaint has been sent.').first().waitFor();
    // 1.5 s later the form gives way to the entry again.
    await page.waitForURL(/\/complainNewPage\?orderNo=IN20261101001/, { timeout: 5_000 });

    const [row] = await server.database.db
      .select()
      .from(complaints)
      .where(eq(complaints.detail, 'An agent called my brother twice about my loan.'));
    expect(row).toMatchObject({
      typeValue: 1,
      subTypeValue: 12,
      status: 'processing',
      orderNo: 'IN20261101001',
    });
    const images = await server.database.db
      .select()
      .from(complaintImages)
      .where(eq(complaintImages.complaintId, row!.id));
    expect(images).toHaveLength(2);
    complaintId = row!.id;
  });

  it('an operator replies with an image in /admin and marks it processed', async () => {
    const { page } = operator;
    await page.goto(`${server.baseURL}/admin/login`);
    await page.getByLabel('E-mail').fill('agent.in@kredito.test');
    await page.getByLabel('Password').fill('Agent!2345');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('link', { name: `Open complaint ${complaintId}` }).click();
    await page.waitForURL(new RegExp(`/admin/complaints/${complaintId}`));
    await page.getByText('An agent called my brother twice about my loan.').first().waitFor();
    await expectAccessible(page, 'admin complaint');

    await page
      .getByLabel('Reply', { exact: true })
      .fill('We spoke to the agency; they will not call your family again.');
    await page.locator('input[type="file"]').setInputFiles({
      name: 'note.png',
      mimeType: 'image/png',
      buffer: await sharp({ create: { width: 200, height: 120, channels: 3, background: '#0dcc86' } })
        .png()
        .toBuffer(),
    });
    await expect
      .poll(() => page.locator('[aria-label^="Remove image"]').count(), { timeout: 15_000 })
      .toBe(1);
    await expect
      .poll(() => page.locator('[aria-label^="Uploading image"]').count(), { timeout: 15_000 })
      .toBe(0);
    await page.getByLabel('Mark as processed').check();
    await page.getByRole('button', { name: 'Send reply' }).click();
    await page.getByText('Reply saved.').first().waitFor();

    const [row] = await server.database.db.select().from(complaints).where(eq(complaints.id, complaintId));
    expect(row).toMatchObject({ status: 'processed', ratingDue: true });
    const images = await server.database.db
      .select()
      .from(complaintImages)
      .where(eq(complaintImages.complaintId, complaintId));
    expect(images.filter((i) => i.role === 'reply')).toHaveLength(1);
  });

  it('the borrower sees the Process Result, is asked to rate after 3 s, and rates', async () => {
    const { page } = borrower;
    await openAsBorrower(page, server, 'IN', `/complainDetails?problemId=${complaintId}`);
    await page.getByText('Process Result').first().waitFor();
    await page.getByText('We spoke to the agency; they will not call your family again.').waitFor();
    expect(await page.locator('img[src*="/h5-api/v3/user-problem/image/"]').count()).toBe(3);
    const dialog = page.getByRole('dialog', { name: 'Please rate this service' });
    await dialog.waitFor({ timeout: 6_000 });
    await page.waitForTimeout(600);
    await expectAccessible(page, 'complaint details with rating');
    await dialog.getByRole('radio', { name: /^4 stars/ }).click();
    await dialog.getByText('Send', { exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    const [row] = await server.database.db.select().from(complaints).where(eq(complaints.id, complaintId));
    expect(row).toMatchObject({ score: 4, ratingDue: false });
  });
});

describe('the complaint list, paged', () => {
  it('shows the counts in the tabs and loads the next page as the borrower scrolls to the end', async () => {
    const { page } = borrower;
    const [mine] = await server.database.db.select().from(complaints).where(eq(complaints.id, complaintId));
    // More than two pages of complaints in progress, straight into the database: the save
    // endpoint allows 20 per 10 minutes, and this is about the list, not the form.
    const now = Date.now();
    await server.database.db.insert(complaints).values(
      Array.from({ length: 25 }, (_, i) => ({
        borrowerId: mine!.borrowerId,
        market: 'IN',
        orderNo: mine!.orderNo,
        typeValue: 5,
        detail: `Paged complaint ${i + 1}.`,
        status: 'processing',
        createdAt: new Date(now - (i + 1) * 60_000),
        deadlineAt: new Date(now + 3 * 86_400_000),
      })),
    );
    const processing = (
      await server.database.db
        .select({ id: complaints.id })
        .from(complaints)
        .where(and(eq(complaints.borrowerId, mine!.borrowerId), eq(complaints.status, 'processing')))
    ).length;
    expect(processing).toBeGreaterThan(2 * LIST_PAGE.default);

    await openAsBorrower(page, server, 'IN', '/complaintList');
    await page.getByRole('tab', { name: `Processing (${processing})` }).waitFor();
    const items = page.locator('.complaint-list-items a[href^="/complainDetails"]');
    // The first page, and the next while the end of the list is still near the screen's bottom.
    await expect.poll(() => items.count()).toBeGreaterThanOrEqual(LIST_PAGE.default);
    expect(await items.count()).toBeLessThan(processing);
    // Scrolling to the end, page after page, brings the rest, each once, and then the end line.
    const end = page.getByText('You have seen all your complaints here.');
    for (let i = 0; i < 10 && !(await end.isVisible()); i++) {
      await page.mouse.wheel(0, 20_000);
      await page.waitForTimeout(300);
    }
    await end.waitFor();
    await expect.poll(() => items.count()).toBe(processing);
    const hrefs = await items.evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(new Set(hrefs).size).toBe(processing);
    await expectAccessible(page, 'complaint list, paged');
  });
});

describe('what the borrower sees on a narrow phone', () => {
  const FORM = '/complainPageNext?problemType=1&problemSonType=12&orderNo=IN20261101001';
  const textbox = (page: Browser['page']) =>
    page.getByRole('textbox', { name: 'Your comments and suggestions' });
  const savedWith = async (detail: string) =>
    server.database.db.select().from(complaints).where(eq(complaints.detail, detail));

  it('a failed upload holds Send until the image is removed, or tried again', async () => {
    const { page } = borrower;
    await openAsBorrower(page, server, 'IN', FORM);
    await textbox(page).fill('The receipt did not upload the first time.');
    // A text file renamed .png: the browser takes it, the server refuses it by its content.
    await page
      .locator('input[type="file"]')
      .setInputFiles([
        { name: 'receipt.png', mimeType: 'image/png', buffer: Buffer.from('this is not a picture') },
      ]);
    const failed = page.locator('[data-status="failed"]');
    await failed.getByText('Upload failed').waitFor({ timeout: 15_000 });
    await page.getByText(/^Image 1 was not uploaded: /).waitFor();
    await expectAccessible(page, 'complaint form with a failed image');

    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'An image could not be uploaded. Try it again or remove it before you send.' })
      .waitFor();
    await page.waitForTimeout(500);
    expect(await savedWith('The receipt did not upload the first time.')).toHaveLength(0);

    // Tried again it fails again (same bytes); removed, Send goes through without it.
    await failed.getByRole('button', { name: 'Try again: image 1' }).click();
    await failed.getByText('Upload failed').waitFor({ timeout: 15_000 });
    await failed.getByRole('button', { name: 'Remove image 1' }).click();
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText('Your complaint has been sent.').first().waitFor();
    const [row] = await savedWith('The receipt did not upload the first time.');
    const images = await server.database.db
      .select()
      .from(complaintImages)
      .where(eq(complaintImages.complaintId, row!.id));
    expect(images).toHaveLength(0);
  });

  it('a failed upload tried again once the network is back is sent with the complaint', async () => {
    const { page, context } = borrower;
    await openAsBorrower(page, server, 'IN', FORM);
    await textbox(page).fill('Sent after the network came back.');
    const failed = page.locator('[data-status="failed"]');
    await context.setOffline(true);
    try {
      await page
        .locator('input[type="file"]')
        .setInputFiles([{ name: 'call-log.jpg', mimeType: 'image/jpeg', buffer: await photo('#225588') }]);
      await failed.getByText('Upload failed').waitFor({ timeout: 15_000 });
      await page.getByText('Image 1 was not uploaded: Network error.', { exact: false }).waitFor();
    } finally {
      // The next journeys need the network whatever happened here.
      await context.setOffline(false);
    }
    await failed.getByRole('button', { name: 'Try again: image 1' }).click();
    await page.locator('[data-status="done"]').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText('Your complaint has been sent.').first().waitFor();
    const [row] = await savedWith('Sent after the network came back.');
    const images = await server.database.db
      .select()
      .from(complaintImages)
      .where(eq(complaintImages.complaintId, row!.id));
    expect(images).toHaveLength(1);
  });

  it('a draft survives a reload: text, chosen sub-type and uploaded image', async () => {
    const { page } = borrower;
    // Opened without a sub-type: the form asks for one itself.
    await openAsBorrower(
      page,
      server,
      'IN',
      '/complainPageNext?problemType=1&problemSonType=0&orderNo=IN20261101001',
    );
    await page.getByRole('radio', { name: 'Calls to my contacts' }).check();
    await textbox(page).fill('Written before the reload.');
    await page
      .locator('input[type="file"]')
      .setInputFiles([{ name: 'screen.jpg', mimeType: 'image/jpeg', buffer: await photo('#663399') }]);
    await page.locator('[data-status="done"]').waitFor({ timeout: 15_000 });

    await page.reload();
    await expect
      .poll(() => textbox(page).inputValue(), { timeout: 10_000 })
      .toBe('Written before the reload.');
    expect(await page.getByRole('radio', { name: 'Calls to my contacts' }).isChecked()).toBe(true);
    await page.locator('[data-status="done"]').waitFor();
    expect(await page.getByText('1/9').count()).toBe(1);

    // Another order's form does not get it.
    await page.goto(page.url().replace('orderNo=IN20261101001', 'orderNo=IN20260801002'));
    await textbox(page).waitFor();
    expect(await textbox(page).inputValue()).toBe('');
    await page.goBack();
    await expect
      .poll(() => textbox(page).inputValue(), { timeout: 10_000 })
      .toBe('Written before the reload.');

    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText('Your complaint has been sent.').first().waitFor();
    const [row] = await savedWith('Written before the reload.');
    expect(row).toMatchObject({ typeValue: 1, subTypeValue: 12 });
    const images = await server.database.db
      .select()
      .from(complaintImages)
      .where(eq(complaintImages.complaintId, row!.id));
    expect(images).toHaveLength(1);
    // Sent, the draft is gone: the same form opens empty.
    await openAsBorrower(
      page,
      server,
      'IN',
      '/complainPageNext?problemType=1&problemSonType=0&orderNo=IN20261101001',
    );
    await textbox(page).waitFor();
    expect(await textbox(page).inputValue()).toBe('');
  });

  it('Indonesian fits 390 px: entry counts and chevron, list tabs, nothing past the edge', async () => {
    const indonesian = await openBrowser({ locale: 'id-ID' });
    try {
      const { page } = indonesian;
      const overflowing = () =>
        page.evaluate(() =>
          Array.from(document.querySelectorAll<HTMLElement>('main *'))
            .filter((e) => {
              const r = e.getBoundingClientRect();
              return r.width > 0 && (r.right > window.innerWidth + 0.5 || r.left < -0.5);
            })
            .map((e) => `${e.tagName.toLowerCase()}.${e.className} "${e.textContent?.slice(0, 30)}"`)
            .filter((e) => !e.includes('visually-hidden')),
        );
      // At the default text size and at the larger one many phones are set to.
      for (const size of ['16px', '20px']) {
        await openAsBorrower(page, server, 'ID', '/complainNewPage?orderNo=ID20261101001');
        await page.getByText('perlu dinilai').first().waitFor();
        await page.addStyleTag({
          content: `body { font-size: ${size}; } .complaint-entry-link { font-size: 1em; }`,
        });
        expect(await overflowing(), `entry at ${size}`).toEqual([]);
        await openAsBorrower(page, server, 'ID', '/complaintList?tab=processed');
        await page.getByRole('tab', { name: /Selesai diproses/ }).waitFor();
        await page.locator('.complaint-list-item').first().waitFor();
        await page.addStyleTag({ content: `html { font-size: ${size}; }` });
        expect(await overflowing(), `list at ${size}`).toEqual([]);
        const tabList = page.locator('.adm-tabs-tab-list');
        expect(await tabList.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
      }
      await expectAccessible(page, 'complaint list in Indonesian');
    } finally {
      await indonesian.close();
    }
  });
});
