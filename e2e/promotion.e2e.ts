import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { borrowerSignups, borrowers } from '../src/server/db/schema.ts';
import { type Browser, expectAccessible, openBrowser } from './support/browser.ts';
import { openLanding, REGISTER_COPY, registerWith } from './support/register.ts';
import { type RunningServer, startServer } from './support/server.ts';

/**
 * Registering from a promotion landing (issue 10), in both markets: the channel's page, the picture
 * captcha (its answer read the way demo mode tells it), the SMS code from the demo outbox, registered,
 * the download page; the same phone again is told it is registered and sent to the download page too.
 */
let server: RunningServer;
let visitor: Browser;

beforeAll(async () => {
  server = await startServer();
  visitor = await openBrowser();
});
afterAll(async () => {
  await visitor?.close();
  await server?.close();
});

describe('registering from a promotion landing', () => {
  it('India: registered, then the same phone again is told to download the app and sign in', async () => {
    const { page } = visitor;
    const query = 'id=1&user_from=e2e&app_from=ymgj&utm_tag=spring&links_id=7';
    const sid = await openLanding(page, server, query);
    await page.getByRole('heading', { name: 'Instant loans up to ₹80,000' }).waitFor();
    await expectAccessible(page, 'promotion landing (India)');
    await registerWith(page, server, REGISTER_COPY.en, '98123 45001', sid);
    await page.getByText('Registered successfully. Download the app to continue.').waitFor();
    expect(page.url()).toMatch(/user_from=e2e/);
    expect(page.url()).toMatch(/links_id=7/);
    const [b] = await server.database.db.select().from(borrowers).where(eq(borrowers.phone, '9812345001'));
    expect(b?.market).toBe('IN');
    const [signup] = await server.database.db
      .select()
      .from(borrowerSignups)
      .where(eq(borrowerSignups.borrowerId, b!.id));
    expect(signup).toMatchObject({ templateId: 1, userFrom: 'e2e', utmTag: 'spring' });

    // A day later (past the phone's one-code-a-minute limit) the same phone comes back.
    await fetch(`${server.baseURL}/dev-api/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ days: 1 }),
    });
    const again = await openLanding(page, server, query);
    await registerWith(page, server, REGISTER_COPY.en, '9812345001', again);
    await page.getByText('This number is already registered. Download the app and sign in.').waitFor();
  });

  it('Indonesia: the page in Indonesian, registered, on to the download page', async () => {
    const { page } = visitor;
    const sid = await openLanding(page, server, 'id=2&user_from=e2e&app_from=ymgj&down_id=3');
    await page.getByRole('heading', { name: /Pinjaman cepat/ }).waitFor();
    await expectAccessible(page, 'promotion landing (Indonesia)');
    await registerWith(page, server, REGISTER_COPY.id, '0812-9876-5001', sid);
    await page.getByText('Pendaftaran berhasil. Unduh aplikasi untuk melanjutkan.').waitFor();
    expect(page.url()).toMatch(/down_id=3/);
    const [b] = await server.database.db.select().from(borrowers).where(eq(borrowers.phone, '081298765001'));
    expect(b?.market).toBe('ID');
  });
});
