import type { Page } from 'playwright-core';
import type { RunningServer } from './server.ts';

/**
 * Signs the demo administrator in to the back office and waits for its first page (the complaint queue).
 * By the form's input types, so it works whatever the browser's language.
 */
export async function signInAsAdmin(page: Page, server: RunningServer) {
  await page.goto(`${server.baseURL}/admin/login`);
  await page.locator('input[type="email"]').fill('admin@kredito.test');
  await page.locator('input[type="password"]').fill('Admin!2345');
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(/\/admin\/complaints/);
}
