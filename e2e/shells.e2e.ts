import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKETS } from '../src/shared/markets.ts';
import { SHELL_ROUTES } from '../src/shared/shell-routes.ts';
import { type Browser, expectAccessible, openBrowser } from './support/browser.ts';
import { captureBridge, openAsBorrower } from './support/h5.ts';
import { type RunningServer, startServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function demoToken(market: 'IN' | 'ID'): Promise<string> {
  const res = await fetch(`${server.baseURL}/dev-api/demo-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ market }),
  });
  return (await res.json()).data.token;
}

/** The Indonesian complaint form the offline journeys send. */
const ID_FORM = '/complainPageNext?problemType=1&problemSonType=0&orderNo=ID20261101001';
const ID_COMMENT = 'Saya ditelepon malam hari berulang kali.';

/** Fills the Indonesian form, drops the connection and taps "Kirim". */
async function sendFormOffline({ page, context }: Browser): Promise<void> {
  await page.getByRole('radio', { name: 'Telepon kasar atau mengancam' }).check();
  await page.getByLabel('Komentar dan saran Anda').fill(ID_COMMENT);
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Kirim', exact: true }).click();
}

describe('H5 shell and developer tools at 390×844', () => {
  it('takes the token out of the address bar and never logs it', async () => {
    const { page } = browser;
    const token = await demoToken('IN');
    await page.goto(
      `${server.baseURL}/bridgeTest?deviceId=e2e-device&market=IN&version=1&token=${token}&gid=g1`,
    );
    await page.getByTestId('signed-in').waitFor();
    expect(await page.getByTestId('signed-in').innerText()).toContain('Priya Sharma');
    const search = await page.evaluate(() => window.location.search);
    expect(search).not.toContain('token');
    expect(search).toContain('deviceId=e2e-device');
    const logs = server.logs.join('\n');
    expect(logs).toContain('/vdthg/v1/session/me');
    expect(logs).not.toContain(token);
    await expectAccessible(page, 'bridge test');
  });

  it('keeps the route and the other params, drops the secrets, and still works after a reload', async () => {
    const { page } = browser;
    const token = await demoToken('IN');
    await page.goto(
      `${server.baseURL}/complaintList?tab=processed&deviceId=e2e-device&market=IN&token=${token}&sessionId=sess-7&gid=g1`,
    );
    await page.getByRole('heading', { level: 1 }).waitFor();
    const clean = `${server.baseURL}/complaintList?tab=processed&deviceId=e2e-device&market=IN&gid=g1`;
    await expect.poll(() => page.url()).toBe(clean);
    const listCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/problem-list')) listCalls.push(r.headers().authorization ?? '');
    });
    await page.reload();
    await page
      .getByRole('tab', { name: /processed/i })
      .first()
      .waitFor();
    expect(page.url()).toBe(clean);
    await expect.poll(() => listCalls.length).toBeGreaterThan(0);
    // The reloaded page still calls as the borrower: the page session kept the token.
    expect(listCalls[0]).toBe(`Bearer ${token}`);
    expect(await page.getByTestId('session-ended').count()).toBe(0);
    expect(server.logs.join('\n')).not.toContain(token);
  });

  it('an expired or unknown session asks the app for its sign-in once, instead of a retry loop', async () => {
    // A browser of its own: the stand-in Android bridge must not reach the simulator's frame later.
    const own = await openBrowser();
    try {
      const { page } = own;
      const bridge = await captureBridge(page);
      const apiCalls: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/h5-api/')) apiCalls.push(r.url());
      });
      const dead = 'x'.repeat(43);
      await page.goto(
        `${server.baseURL}/complaintList?market=IN&deviceId=e2e-device&version=1&token=${dead}`,
      );
      const ended = page.getByTestId('session-ended');
      await ended.waitFor();
      expect(await ended.innerText()).toContain('Your session has ended. Please sign in again.');
      expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
      await page.waitForTimeout(500);
      expect((await bridge()).map((m) => m.type)).toEqual(['returnToLogin']);
      // The dead token reached the server once: no automatic retry, no loop.
      expect(apiCalls).toHaveLength(1);
      await expectAccessible(page, 'session ended');
      // The borrower may ask for the sign-in again.
      await page.getByRole('button', { name: 'Sign in again' }).click();
      expect((await bridge()).map((m) => m.type)).toEqual(['returnToLogin', 'returnToLogin']);
    } finally {
      await own.close();
    }
  });

  it('says so in Indonesian too', async () => {
    const own = await openBrowser({ locale: 'id-ID' });
    try {
      const { page } = own;
      const bridge = await captureBridge(page);
      await page.goto(
        `${server.baseURL}/intelligentCustomerService?market=ID&isNeedPop=1&deviceId=e2e-device&token=${'y'.repeat(43)}`,
      );
      const ended = page.getByTestId('session-ended');
      await ended.waitFor();
      expect(await ended.innerText()).toContain('Sesi Anda telah berakhir. Silakan masuk kembali.');
      expect(await page.getByRole('button', { name: 'Coba lagi' }).count()).toBe(0);
      expect((await bridge()).map((m) => m.type)).toEqual(['returnToLogin']);
    } finally {
      await own.close();
    }
  });

  it('shows the H5 page in Indonesian when the shell asks for it', async () => {
    const { page } = browser;
    const token = await demoToken('ID');
    await page.goto(`${server.baseURL}/bridgeTest?market=ID&isNeedPop=1&token=${token}`);
    await page.getByTestId('signed-in').waitFor();
    expect(await page.getByRole('button', { name: 'Beri nilai aplikasi' }).count()).toBe(1);
    expect(await page.locator('html').getAttribute('lang')).toBe('id');
    await expectAccessible(page, 'bridge test (id)');
  });

  it('/testPreview links carry every value of the form', async () => {
    const { page } = browser;
    await page.goto(`${server.baseURL}/testPreview`);
    await expect
      .poll(() => page.getByTestId('tp-session').innerText(), { timeout: 10_000 })
      .toMatch(/Priya Sharma/);
    const values: Record<string, string> = {
      'App version': '3.2.1',
      'Device name': 'Pixel 8',
      'Device id': 'dev-42',
      'OS version': 'Android 15',
      'Session id': 'sess-7',
      'Ad id': 'ad-9',
      'Product id': '101',
      'Order id': 'ORD-555',
    };
    for (const [label, value] of Object.entries(values))
      await page.getByLabel(label, { exact: true }).fill(value);
    const keys = [
      'loanConfirm',
      'loanDetails',
      'repayment',
      'extension',
      'bindBank',
      'aboutUs',
      'complaint',
      'customerService',
      'privacyPolicy',
      'repaymentInstruction',
    ];
    for (const key of keys) {
      const href = await page.getByTestId(`preview-link-${key}`).getAttribute('href');
      const url = new URL(href!, server.baseURL);
      expect(Object.fromEntries(url.searchParams)).toMatchObject({
        appVersion: '3.2.1',
        deviceName: 'Pixel 8',
        deviceId: 'dev-42',
        osVersion: 'Android 15',
        sessionId: 'sess-7',
        adId: 'ad-9',
        productId: '101',
        orderId: 'ORD-555',
        market: 'IN',
      });
      expect(url.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
    expect(await page.locator('input[type="file"][accept^="image"]').count()).toBe(1);
    expect(await page.getByRole('button', { name: /locate/i }).count()).toBe(1);
    await expectAccessible(page, 'test preview');
  });

  it('the simulator hosts an H5 page and logs the bridge messages it sends', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.baseURL}/simulator?route=/bridgeTest&market=IN&autologin=1`);
    const frame = page.frameLocator('iframe[title="H5 app in the simulated web view"]');
    await frame.getByTestId('signed-in').waitFor({ timeout: 15_000 });
    await frame.getByRole('button', { name: 'Rate the app' }).click();
    await frame.getByRole('button', { name: 'Call customer service' }).click();
    const entries = page.getByTestId('bridge-log-entry');
    await expect.poll(() => entries.count()).toBe(2);
    const types = () => page.locator('[data-testid="bridge-log-entry"] .sim-log-type').allInnerTexts();
    expect(await types()).toEqual(['callTel', 'goRate']);
    expect(await frame.getByTestId('last-transport').innerText()).toMatch(/simulator/);
    // A shell reacts to `to` by opening the page in the web view.
    await frame.getByRole('button', { name: 'Open the privacy policy' }).click();
    await expect.poll(types).toEqual(['to', 'callTel', 'goRate']);
    expect(await entries.first().innerText()).toContain('/privacyPolicy');
    await expect
      .poll(() => page.locator('iframe[title="H5 app in the simulated web view"]').getAttribute('src'))
      .toMatch(/\/privacyPolicy/);
    await expectAccessible(page, 'simulator');
    await page.setViewportSize({ width: 390, height: 844 });
  });

  it('has no demo pages in production', async () => {
    const production = await startServer({
      NODE_ENV: 'production',
      URL_SIGNING_SECRET: 'test-secret-test-secret-test-secret-0123',
      DATA_KEY: Buffer.alloc(32, 7).toString('base64'),
    });
    try {
      for (const path of ['/simulator', '/testPreview', '/bridgeTest']) {
        const res = await fetch(`${production.baseURL}${path}`, { headers: { accept: 'text/html' } });
        expect(res.status, path).toBe(404);
      }
      const login = await fetch(`${production.baseURL}/dev-api/demo-login`, { method: 'POST' });
      expect(login.status).toBe(404);
    } finally {
      await production.close();
    }
  });

  it("loads antd-mobile's overlays at the borrower's first touch, so a message shown offline then still appears", async () => {
    // A fresh profile: nothing cached from the journeys before.
    const fresh = await openBrowser();
    try {
      const { page, context } = fresh;
      const fetched: string[] = [];
      page.on('request', (r) => {
        if (/\/assets\/antd-overlays-[\w-]+\.js$/.test(r.url())) fetched.push(r.url());
      });
      await openAsBorrower(page, server, 'ID', ID_FORM);
      await page.waitForLoadState('load');
      // Decision 061: a borrower who only reads never fetches them; idle time does not either.
      await page.waitForTimeout(2500);
      expect(fetched).toEqual([]);
      const overlays = page.waitForResponse((r) => /\/assets\/antd-overlays-[\w-]+\.js$/.test(r.url()));
      await page.getByRole('radio', { name: 'Telepon kasar atau mengancam' }).check();
      await overlays;
      expect(fetched).toHaveLength(1);

      await sendFormOffline(fresh);
      const message = page.getByText('Jaringan bermasalah. Periksa koneksi Anda lalu coba lagi.');
      await message.waitFor();
      // antd-mobile's own toast, not the plain line drawn when its code never arrived.
      expect(await page.locator('.adm-toast-main').filter({ hasText: 'Jaringan bermasalah' }).count()).toBe(
        1,
      );
      await context.setOffline(false);
    } finally {
      await fresh.close();
    }
  });

  it("still shows the message when the connection drops before antd-mobile's overlays ever arrived", async () => {
    const fresh = await openBrowser();
    try {
      const { page, context } = fresh;
      // The overlays chunk never arrives, as on a connection lost right after the screen loaded.
      await page.route(/\/assets\/antd-overlays-[\w-]+\.js$/, (route) => route.abort('internetdisconnected'));
      await openAsBorrower(page, server, 'ID', ID_FORM);
      await sendFormOffline(fresh);
      const line = page
        .getByRole('status')
        .filter({ hasText: 'Jaringan bermasalah. Periksa koneksi Anda lalu coba lagi.' });
      await line.waitFor();
      expect(await line.getAttribute('class')).toBe('plain-toast');
      // What was typed is still there to send again.
      expect(await page.getByLabel('Komentar dan saran Anda').inputValue()).toBe(ID_COMMENT);
      await context.setOffline(false);
    } finally {
      await fresh.close();
    }
  });
});

/** Each element of the page with every computed style it has, the code not run: one line per element. */
async function drawn(url: string, withStylesheet: boolean): Promise<string[]> {
  const page = await browser.context.newPage();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.route('**/assets/*.js', (route) => route.abort());
  if (!withStylesheet) await page.route('**/assets/*.css', (route) => route.abort());
  await page.goto(url, { waitUntil: 'load' });
  const styles = await page.evaluate(() => {
    // An SVG's own animations (a loading spinner) ignore reduced motion: both pictures are taken at time 0.
    for (const svg of document.querySelectorAll('svg')) {
      svg.pauseAnimations();
      svg.setCurrentTime(0);
    }
    return [...document.querySelectorAll('html, body, #root *')].map((el) => {
      const cs = getComputedStyle(el);
      // Sorted: custom properties come in the order the rules that set them were read.
      const props = [...cs]
        .map((name) => `${name}: ${cs.getPropertyValue(name)}`)
        .sort()
        .join('; ');
      return `${el.tagName.toLowerCase()}.${el.getAttribute('class') ?? ''} { ${props} }`;
    });
  });
  await page.close();
  return styles;
}

/** The declarations of `a` that `b` has otherwise. */
function declarationsApart(a: string, b: string): string {
  const theirs = new Set(b.split('; '));
  return a
    .split('; ')
    .filter((d) => !theirs.has(d))
    .join('; ');
}

// Decision 043: a framed page paints before its stylesheet arrives, with only the rules the build copied
// into it. Those must draw the frame exactly as the whole stylesheet does, or the borrower sees the screen
// jump (or in the wrong colours) when the stylesheet lands.
describe('framed H5 pages at 390×844 draw their frame with the inlined styles as with the whole stylesheet', () => {
  const framed = SHELL_ROUTES.filter((r) => r.shell === 'h5' && r.module);
  it('are all checked', () => {
    expect(framed.length).toBeGreaterThan(15);
  });
  for (const route of framed) {
    it(`${route.path}, in both languages`, async () => {
      for (const market of MARKETS) {
        const url = `${server.baseURL}${route.path}?market=${market}`;
        const whole = await drawn(url, true);
        const inlined = await drawn(url, false);
        expect(whole.length, url).toBeGreaterThan(5);
        expect(inlined.length, url).toBe(whole.length);
        const apart = whole.flatMap((line, i) =>
          line === inlined[i]
            ? []
            : [
                `${market} ${line.slice(0, line.indexOf(' {'))}: ${declarationsApart(line, inlined[i]!)} / inlined: ${declarationsApart(inlined[i]!, line)}`,
              ],
        );
        expect(apart.slice(0, 5)).toEqual([]);
      }
    });
  }
});
