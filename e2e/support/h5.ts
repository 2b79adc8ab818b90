import type { Page } from 'playwright-core';
import type { RunningServer } from './server.ts';

/** Signs in the market's demo borrower and opens an H5 path the way the native shell would. */
export async function openAsBorrower(
  page: Page,
  server: RunningServer,
  market: 'IN' | 'ID',
  path: string,
  /** Which demo borrower (1-based); the first by default. */
  borrower?: number,
) {
  const res = await fetch(`${server.baseURL}/dev-api/demo-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(borrower ? { market, borrower } : { market }),
  });
  const { token, deviceId } = (await res.json()).data as { token: string; deviceId: string };
  const sep = path.includes('?') ? '&' : '?';
  const lang = market === 'ID' ? '&isNeedPop=1' : '';
  await page.goto(
    `${server.baseURL}${path}${sep}market=${market}&deviceId=${deviceId}&version=1&token=${token}${lang}`,
  );
  return token;
}

/** Stands in for the Android shell: every bridge message the page sends lands in `window.__bridge`. */
export async function captureBridge(page: Page) {
  await page.addInitScript(() => {
    const sink: unknown[] = [];
    Object.assign(window, {
      __bridge: sink,
      AppBridge: { postMessage: (json: string) => sink.push(JSON.parse(json)) },
    });
  });
  return () => page.evaluate(() => (window as unknown as { __bridge: Array<{ type: string }> }).__bridge);
}
