import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin } from '../src/shared/i18n/admin.ts';
import type { Lang } from '../src/shared/markets.ts';
import { signInAsAdmin } from './support/admin.ts';
import { type Browser, expectAccessible, openBrowser } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

/**
 * The back office's Scheduled jobs page (issue 31, decision 073) on a phone-sized screen in both
 * languages: the server's own jobs listed, a run now by an administrator and its recorded run, no sideways
 * scrolling. Screenshots go to .tmp/screens for a look.
 */
const SHOTS = path.resolve(import.meta.dirname, '../.tmp/screens');

let server: RunningServer;
const browsers: Browser[] = [];
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startServer();
});
afterAll(async () => {
  for (const b of browsers) await b.close();
  await server?.close();
});

describe('Scheduled jobs in the back office', () => {
  for (const lang of ['en', 'id'] as const satisfies Lang[]) {
    it(`lists the jobs and runs one now (${lang})`, async () => {
      const a = admin[lang];
      const browser = await openBrowser({ locale: lang === 'id' ? 'id-ID' : 'en-IN' });
      browsers.push(browser);
      const { page } = browser;
      await signInAsAdmin(page, server);
      await page.goto(`${server.baseURL}/admin/jobs`);
      await page.getByRole('heading', { level: 1, name: a.jobs.title }).waitFor();
      // Run the credit sweep now, then read the page again until its run is recorded as done.
      const name = a.jobs.names.creditSweep;
      await page.getByRole('button', { name: a.jobs.runJob.replace('{{job}}', name) }).click();
      await page.getByText(a.jobs.started.replace('{{job}}', name)).first().waitFor();
      const sweep = page.getByRole('row').filter({ hasText: name });
      await expect
        .poll(
          async () => {
            await page.reload();
            await page.getByRole('heading', { level: 1, name: a.jobs.title }).waitFor();
            return sweep.textContent();
          },
          { timeout: 20_000 },
        )
        .toContain(a.jobs.outcomes.succeeded);
      const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(wide).toBe(false);
      await page.screenshot({ path: path.join(SHOTS, `admin-jobs-${lang}.png`), fullPage: true });
      await expectAccessible(page, `admin jobs ${lang}`);
    }, 60_000);
  }
});
