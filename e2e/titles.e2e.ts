import { asc, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelTemplates, products } from '../src/server/db/schema.ts';
import { admin } from '../src/shared/i18n/admin.ts';
import { bindBank } from '../src/shared/i18n/bind-bank.ts';
import { borrowersAdmin } from '../src/shared/i18n/borrowers-admin.ts';
import { channelsAdmin } from '../src/shared/i18n/channels-admin.ts';
import { chatbot } from '../src/shared/i18n/chatbot.ts';
import { complaints as complaintCopy } from '../src/shared/i18n/complaints.ts';
import { dataRights } from '../src/shared/i18n/data-rights.ts';
import { dataRightsAdmin } from '../src/shared/i18n/data-rights-admin.ts';
import { documentViewer } from '../src/shared/i18n/document-viewer.ts';
import { documents } from '../src/shared/i18n/documents.ts';
import { loanConfirm } from '../src/shared/i18n/loan-confirm.ts';
import { loanDetails } from '../src/shared/i18n/loan-details.ts';
import { myLoans } from '../src/shared/i18n/my-loans.ts';
import { products as productCopy } from '../src/shared/i18n/products.ts';
import { promotion } from '../src/shared/i18n/promotion.ts';
import { repaymentCard } from '../src/shared/i18n/repayment-card.ts';
import { repaymentInstruction } from '../src/shared/i18n/repayment-instruction.ts';
import { repaymentPay } from '../src/shared/i18n/repayment-pay.ts';
import { repaymentPlan } from '../src/shared/i18n/repayment-plan.ts';
import { shell } from '../src/shared/i18n/shell.ts';
import { support } from '../src/shared/i18n/support.ts';
import { verificationProgress } from '../src/shared/i18n/verification-progress.ts';
import type { Lang, Market } from '../src/shared/markets.ts';
import { type Browser, openBrowser } from './support/browser.ts';
import { openAsBorrower } from './support/h5.ts';
import { type RunningServer, startServer } from './support/server.ts';

/**
 * Every screen's title reaches the browser tab (issue 28). React 19 moves a `<title>` a screen renders
 * into the document's head (decision 050); a runtime that leaves it in the page keeps the shell's static
 * title ("Instant loan", "Back office") on every screen reached inside the app. So each tour opens one page in
 * full, then reaches every other screen in the app itself: by its links where the screens have them, else
 * through the router (a history entry and its `popstate`, as Back and Forward do). A mark set on the first
 * page proves the document never loaded again. The expected titles come from the copy.
 */
let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

/** `{{name}}` placeholders filled as the translator fills them. */
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => String(values[k]));

interface Stop {
  /** Where to go: a path with its query. */
  to: string;
  /** The tab's title, or how to read it from the address reached (a row picked from a list). */
  title: string | ((url: URL) => string);
  /** A link on the screen before, clicked to get here (else the router is asked). */
  link?: string;
  /** Where the screen settles, when it sends the borrower on (an Indonesian bill with no way to pay). */
  lands?: string | RegExp;
}

const IN_APP = '__sameDocument';

/** Marks the document, so a full load (which would clear the mark) is noticed. */
const markDocument = (page: Page) => page.evaluate((k) => Object.assign(window, { [k]: true }), IN_APP);

/** Asks the app's router to go to `to`, the way Back and Forward reach it: no document load. */
async function routerGo(page: Page, to: string) {
  await page.evaluate((path) => {
    const idx = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    history.pushState({ usr: null, key: `t${idx}`, idx }, '', path);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, to);
}

/** What the tab shows, and what the document holds, once the screen at `stop` has drawn. */
async function expectTitle(page: Page, stop: Stop) {
  const lands = stop.lands ?? new URL(stop.to, server.baseURL).pathname;
  await page.waitForURL((url) =>
    typeof lands === 'string' ? url.pathname === lands : lands.test(url.pathname),
  );
  const title = typeof stop.title === 'string' ? stop.title : stop.title(new URL(page.url()));
  await expect.poll(() => page.title(), { message: `title at ${stop.to}`, timeout: 15_000 }).toBe(title);
  const state = await page.evaluate(
    (k) => ({
      sameDocument: (window as unknown as Record<string, unknown>)[k] === true,
      // One title, in the head; none left in the page (an SVG's own <title> is a tooltip, not the tab's).
      inHead: document.head.querySelectorAll(':scope > title').length,
      inBody: [...document.body.querySelectorAll('title')].filter((t) => !t.closest('svg')).length,
    }),
    IN_APP,
  );
  expect(state, `document at ${stop.to}`).toEqual({ sameDocument: true, inHead: 1, inBody: 0 });
}

async function tour(page: Page, stops: Stop[]) {
  for (const stop of stops) {
    if (stop.link) await page.locator(stop.link).first().click();
    else await routerGo(page, stop.to);
    await expectTitle(page, stop);
  }
}

const LANG: Record<Market, Lang> = { IN: 'en', ID: 'id' };

/** Every H5 screen (src/shared/shell-routes.ts) in the market's language. */
async function h5Stops(market: Market): Promise<Stop[]> {
  const lang = LANG[market];
  const due = `${market}20261101001`;
  const settled = `${market}20260801002`;
  const c = complaintCopy[lang].screens;
  const [product] = await server.database.db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.market, market))
    .orderBy(asc(products.id))
    .limit(1);
  const bill = `orderId=${due}&amount=1&display=0`;
  return [
    { to: '/customerService', link: 'a[href^="/customerService"]', title: support[lang].title },
    {
      to: '/intelligentCustomerService',
      link: 'a[href^="/intelligentCustomerService"]',
      title: chatbot[lang].screen.title,
    },
    { to: `/complainNewPage?orderNo=${due}`, title: c.entry.title },
    { to: '/complaintList', link: 'a[href^="/complaintList"]', title: c.list.title },
    { to: '/complainDetails', link: 'a[href^="/complainDetails"]', title: c.details.title },
    { to: `/complainPageNext?problemType=1&problemSonType=0&orderNo=${due}`, title: c.form.title },
    { to: '/myData', title: dataRights[lang].screen.title },
    { to: '/relevant', title: productCopy[lang].relevant.title },
    { to: '/jointLoginFail', title: productCopy[lang].jointLoginFail.title },
    { to: `/loanConfirm?productId=${product!.id}`, title: loanConfirm[lang].title },
    { to: `/loanAgreement?productId=${product!.id}`, title: loanConfirm[lang].agreementPage.title },
    { to: `/loanDetails?orderId=${due}`, title: loanDetails[lang].title },
    { to: `/installment?orderId=${due}`, title: repaymentPlan[lang].title },
    { to: `/repaymentDelay?orderId=${due}`, title: repaymentPlan[lang].title },
    { to: `/individual?${bill}`, title: repaymentPay[lang].title },
    // Indonesia pays the way chosen on the page before: with none chosen, the chooser opens instead.
    {
      to: `/that?${bill}`,
      title: repaymentPay[lang].title,
      lands: market === 'ID' ? '/individual' : '/that',
    },
    { to: `/receipts?orderId=${settled}`, title: documents[lang].screen.title },
    { to: `/repayment?orderId=${due}`, title: repaymentCard[lang].title },
    { to: `/repaymentInstruction?orderId=${due}`, title: repaymentInstruction[lang].title },
    { to: '/bindBank', title: bindBank[lang].title },
    { to: '/myLoans', title: myLoans[lang].title },
    { to: '/verification', title: verificationProgress[lang].title },
    // Reached without a document (a stale entry): it says so under its own title.
    { to: '/viewDocument', title: documentViewer[lang].title.none },
    { to: '/bridgeTest', title: shell[lang].bridgeTest.title },
    { to: '/aboutUs', title: productCopy[lang].about.title },
  ];
}

describe.each(['IN', 'ID'] as const)('H5 screens in %s, reached inside the app', (market) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('show their own title in the tab', async () => {
    const { page } = browser;
    const lang = LANG[market];
    await openAsBorrower(page, server, market, '/aboutUs');
    await markDocument(page);
    await expectTitle(page, { to: '/aboutUs', title: productCopy[lang].about.title });
    await tour(page, await h5Stops(market));
  });
});

/** Every back-office page, in the operator's language (an administrator sees every page). */
async function adminStops(lang: Lang): Promise<Stop[]> {
  const a = admin[lang];
  const ch = channelsAdmin[lang];
  const dr = dataRightsAdmin[lang];
  const ba = borrowersAdmin[lang];
  const page = (title: string) => `${title} · ${a.app.title}`;
  const [product] = await server.database.db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(eq(products.market, 'IN'))
    .orderBy(asc(products.id))
    .limit(1);
  return [
    {
      to: '/admin/complaints/:id',
      link: 'main a[href^="/admin/complaints/"]',
      lands: /^\/admin\/complaints\/\d+$/,
      title: (url) => page(fill(a.complaint.title, { id: url.pathname.split('/').pop()! })),
    },
    { to: '/admin/orders', link: 'nav a[href="/admin/orders"]', title: page(a.orderSearch.title) },
    { to: '/admin/orders/IN20261101001', title: page(fill(a.order.title, { orderNo: 'IN20261101001' })) },
    { to: '/admin/payments', link: 'nav a[href="/admin/payments"]', title: page(a.payments.title) },
    {
      to: '/admin/ledger-check',
      link: 'nav a[href="/admin/ledger-check"]',
      title: page(a.ledgerCheck.title),
    },
    { to: '/admin/jobs', link: 'nav a[href="/admin/jobs"]', title: page(a.jobs.title) },
    { to: '/admin/products', link: 'nav a[href="/admin/products"]', title: page(a.products.title) },
    {
      to: `/admin/products/${product!.id}`,
      title: page(fill(a.productEditor.title, { name: product!.name })),
    },
    { to: '/admin/products/new', title: page(a.productEditor.newTitle) },
    {
      to: '/admin/channels',
      link: 'nav a[href="/admin/channels"]',
      title: `${ch.list.title} · ${a.app.title}`,
    },
    { to: '/admin/channels/new', title: `${ch.editor.newTitle} · ${a.app.title}` },
    {
      to: '/admin/channels/funnel?market=IN',
      title: `${fill(ch.funnel.marketTitle, { market: a.markets.IN })} · ${a.app.title}`,
    },
    { to: '/admin/chatbot', link: 'nav a[href="/admin/chatbot"]', title: page(a.chatbot.title) },
    {
      to: '/admin/complaint-types',
      link: 'nav a[href="/admin/complaint-types"]',
      title: page(a.complaintTypes.title),
    },
    { to: '/admin/messages', link: 'nav a[href="/admin/messages"]', title: page(a.messages.title) },
    {
      to: '/admin/data-rights',
      link: 'nav a[href="/admin/data-rights"]',
      title: `${dr.title} · ${a.app.title}`,
    },
    { to: '/admin/data-rights/1', title: `${fill(dr.detail.title, { id: 1 })} · ${a.app.title}` },
    { to: '/admin/borrowers', link: 'nav a[href="/admin/borrowers"]', title: page(ba.search.title) },
    { to: '/admin/borrowers/1', title: page(fill(ba.title, { id: 1 })) },
    { to: '/admin/verification', link: 'nav a[href="/admin/verification"]', title: page(ba.queue.title) },
    { to: '/admin/audit', link: 'nav a[href="/admin/audit"]', title: page(a.audit.title) },
    { to: '/admin/complaints', link: 'nav a[href="/admin/complaints"]', title: page(a.queue.title) },
  ];
}

describe('the back office, reached inside the app', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser({ viewport: { width: 1280, height: 900 } });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows each page’s title in the tab, in English and, once switched, in Indonesian', async () => {
    const { page } = browser;
    await page.goto(`${server.baseURL}/admin/login`);
    await markDocument(page);
    const en = admin.en;
    await expectTitle(page, { to: '/admin/login', title: `${en.login.title} · ${en.app.title}` });
    await page.getByLabel('E-mail').fill('admin@kredito.test');
    await page.getByLabel('Password').fill('Admin!2345');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectTitle(page, { to: '/admin/complaints', title: `${en.queue.title} · ${en.app.title}` });
    await tour(page, await adminStops('en'));

    // The language switch retitles the page on screen at once, and every page after it.
    await page.getByLabel(en.header.language).selectOption('id');
    const id = admin.id;
    await expectTitle(page, { to: '/admin/complaints', title: `${id.queue.title} · ${id.app.title}` });
    await tour(page, await adminStops('id'));
  });
});

describe('the promotion landing, reached inside its page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const [id, market] of [
    [1, 'IN'],
    [2, 'ID'],
  ] as const) {
    it(`shows the channel's headline, the agreement's and the download page's titles (${market})`, async () => {
      const { page } = browser;
      const [template] = await server.database.db
        .select({ headline: channelTemplates.headline, appName: channelTemplates.appName })
        .from(channelTemplates)
        .where(eq(channelTemplates.id, id));
      const copy = promotion[LANG[market]];
      await page.goto(`${server.baseURL}/promotion?id=${id}`);
      await markDocument(page);
      const landing = { to: '/promotion', title: template!.headline || template!.appName };
      await expectTitle(page, landing);
      await page.locator('#promo-agreement-link').click();
      await expectTitle(page, { to: '/promotion', title: copy.agreementPage.title });
      await page.goBack();
      await expectTitle(page, landing);
      // The hash router's own navigation, as the registration's outcome reaches it.
      await page.evaluate(() => {
        window.location.hash = '#/downloadTemplate';
      });
      await expectTitle(page, {
        to: '/promotion',
        title: fill(copy.download.title, { appName: template!.appName }),
      });
    });
  }
});

describe('the developer pages, reached inside their shell', () => {
  it('show their own title in the tab', async () => {
    const browser = await openBrowser();
    try {
      const { page } = browser;
      await page.goto(`${server.baseURL}/testPreview`);
      await markDocument(page);
      await expectTitle(page, { to: '/testPreview', title: 'Test preview' });
      await tour(page, [
        { to: '/simulator', title: 'Native shell simulator' },
        { to: '/testPreview', title: 'Test preview' },
      ]);
    } finally {
      await browser.close();
    }
  });
});
