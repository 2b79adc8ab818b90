import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { type SiteCopy, siteCopy } from '../../../shared/i18n/site.ts';
import { LANGS, type Lang, localeOf } from '../../../shared/markets.ts';
import { AboutPage } from '../../features/site/about-page.tsx';
import { ContactPage } from '../../features/site/contact-page.tsx';
import { HomePage } from '../../features/site/home-page.tsx';
import { LoanPage } from '../../features/site/loan-page.tsx';
import { NotFoundPage } from '../../features/site/not-found-page.tsx';
import { PolicyPage } from '../../features/site/policy-page.tsx';
import { PrivacyPolicyPage } from '../../features/site/privacy-policy-page.tsx';
import {
  type NavIndex,
  SiteLayout,
  type SitePageProps,
  type SiteValues,
} from '../../features/site/site-layout.tsx';
import { VerifyPage } from '../../features/site/verify-page.tsx';

/**
 * Build-time rendering of the marketing site (product brief §1): one static HTML file per route and
 * language. The company details are left as tokens that the server fills per request
 * (src/server/plugins/web.ts), so operators' edits show without a rebuild.
 */
export const SITE_PLACEHOLDERS: SiteValues = {
  companyName: '%%companyName%%',
  phone: '%%phone%%',
  email: '%%email%%',
  address: '%%address%%',
  policyUrl: '%%policyUrl%%',
  appName: '%%appName%%',
  licence: '%%licence%%',
  storeUrl: '%%storeUrl%%',
};

type PageKey = keyof SiteCopy['meta'];

export interface SiteRoute {
  /** Browser path; `*` is the page served for any unknown path. */
  path: string;
  /** Output file name, without `.html`, under `site/<lang>/`. */
  file: string;
  navIndex?: NavIndex;
}

export const SITE_ROUTES: readonly SiteRoute[] = [
  { path: '/', file: 'index', navIndex: 0 },
  { path: '/About', file: 'About', navIndex: 1 },
  { path: '/Policy', file: 'Policy', navIndex: 2 },
  { path: '/Loan', file: 'Loan', navIndex: 3 },
  { path: '/privacyPolicy', file: 'privacyPolicy' },
  { path: '/Contact', file: 'Contact' },
  { path: '/verify', file: 'verify' },
  { path: '*', file: '404' },
];

const PAGES: Record<string, { key: PageKey; component: ComponentType<SitePageProps> }> = {
  index: { key: 'home', component: HomePage },
  About: { key: 'about', component: AboutPage },
  Policy: { key: 'policy', component: PolicyPage },
  Loan: { key: 'loan', component: LoanPage },
  privacyPolicy: { key: 'privacyPolicy', component: PrivacyPolicyPage },
  Contact: { key: 'contact', component: ContactPage },
  verify: { key: 'verify', component: VerifyPage },
  '404': { key: 'notFound', component: NotFoundPage },
};

/**
 * The site's two browser entries (decision 018): `enhance` is a few hundred bytes of plain DOM code
 * (the carousel), `islands` hydrates React islands (the contact form). A page loads only what its
 * markup asks for, so pages without a form never download React, and pages with neither load no script.
 */
export type SiteScript = 'enhance' | 'islands';

export interface SiteAssets {
  /** Linked by every page. */
  styles: string[];
  /** Per entry, as built: the entry's file first, then the chunks it imports (preloaded in parallel). */
  scripts: Record<SiteScript, string[]>;
}

/**
 * Which entries a rendered page body needs. Every page runs `enhance`: any page may be opened by the app
 * with a session token in its address, which that script removes from the address bar (decision 025);
 * it also turns the carousel where there is one. Pages where React hydrates something add `islands`.
 * The two share no module, so the small one never pulls in a chunk of React's.
 */
export function scriptsFor(body: string): SiteScript[] {
  return body.includes('data-island') ? ['enhance', 'islands'] : ['enhance'];
}

/** Brand green, darkened until white text on it reads at 5.4:1 (src/web/ui/tokens.css `--brand-strong`). */
const THEME_COLOUR = '#087a50';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function routeOf(path: string): SiteRoute {
  return SITE_ROUTES.find((r) => r.path === path) ?? SITE_ROUTES.find((r) => r.file === '404')!;
}

/** A complete HTML document for one route in one language. Unknown paths give the 404 page. */
export function renderSitePage(
  path: string,
  lang: Lang,
  assets: SiteAssets,
  values: SiteValues = SITE_PLACEHOLDERS,
  year: number = new Date().getFullYear(),
): string {
  const route = routeOf(path);
  const page = PAGES[route.file]!;
  const meta = siteCopy(lang).meta[page.key];
  const Page = page.component;
  const body = renderToString(
    <SiteLayout lang={lang} values={values} navIndex={route.navIndex} year={year}>
      <Page lang={lang} values={values} />
    </SiteLayout>,
  );

  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(`${meta.title} | ${values.appName}`)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
    `<meta name="theme-color" content="${THEME_COLOUR}">`,
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    ...assets.styles.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
  ];
  if (route.file === '404') {
    head.push('<meta name="robots" content="noindex">');
  } else {
    // The server picks the language from `?lang=`, so each language version has its own address.
    for (const other of LANGS) {
      head.push(
        `<link rel="alternate" hreflang="${localeOf(other)}" href="${escapeHtml(`${route.path}?lang=${other}`)}">`,
      );
    }
    head.push(`<link rel="alternate" hreflang="x-default" href="${escapeHtml(route.path)}">`);
  }
  for (const script of scriptsFor(body)) {
    const [entry, ...imports] = assets.scripts[script];
    if (!entry) continue;
    head.push(`<script type="module" src="${escapeHtml(entry)}"></script>`);
    // Known now, so the browser need not parse the entry before it asks for them.
    head.push(...imports.map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`));
  }

  return `<!doctype html>
<html lang="${localeOf(lang)}">
<head>
${head.join('\n')}
</head>
<body>
${body}
</body>
</html>
`;
}

/** Every page in every language, for the build script to write to `site/<lang>/<file>.html`. */
export function renderAllSitePages(assets: SiteAssets): Array<{ lang: Lang; file: string; html: string }> {
  return LANGS.flatMap((lang) =>
    SITE_ROUTES.map((route) => ({ lang, file: route.file, html: renderSitePage(route.path, lang, assets) })),
  );
}
