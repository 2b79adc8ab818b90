/**
 * What every site page does first (decision 025). The app opens site pages such as /privacyPolicy with
 * its launch params (`token`, `market`, `isNeedPop`, device ids…, product brief §2). The site needs
 * none of them, and the token must not stay where Referer, screenshots and history can take it: they
 * leave the address bar at once, without a reload. The site's own params are `lang` and `inApp`; every
 * other param goes, so a launch param added later is covered too. A page that came with a `token` or a
 * `market`, or with `inApp=1`, is shown inside the app: it gets the in-app layout (no site header,
 * navigation or footer), and if it is not in the borrower's language it is opened again in that
 * language, the only case that reloads.
 *
 * This module imports nothing: the build would put a module shared with the app shells in a chunk of
 * its own, and the site's small script would become two requests.
 */

/** Marks a site page opened from the app; kept in the address so that a reload stays in the app layout. */
export const IN_APP_PARAM = 'inApp';
/** Class on `<html>` that switches a site page to the plain in-app layout. */
export const IN_APP_CLASS = 'in-app';
/** The only query params the site reads (the server picks the language from `lang`). */
const SITE_PARAMS = new Set(['lang', IN_APP_PARAM]);

type Lang = 'en' | 'id';

/**
 * The borrower's language from the launch params, as the app decides it (markets.ts `resolveLang`,
 * product brief §2): `isNeedPop` when present ('1' Indonesian, anything else English), else the market.
 * An explicit `lang` wins. Null when the address says nothing about it.
 */
export function launchLang(query: URLSearchParams): Lang | null {
  const lang = query.get('lang');
  if (lang === 'en' || lang === 'id') return lang;
  const isNeedPop = query.get('isNeedPop');
  if (isNeedPop) return isNeedPop === '1' ? 'id' : 'en';
  const market = query.get('market')?.toUpperCase();
  if (market === 'ID') return 'id';
  if (market === 'IN') return 'en';
  return null;
}

export function startSitePage(
  loc: Location = window.location,
  hist: History = window.history,
  root: HTMLElement = document.documentElement,
): void {
  const url = new URL(loc.href);
  const query = url.searchParams;
  const inApp = query.get(IN_APP_PARAM) === '1' || query.has('token') || query.has('market');
  const wanted = launchLang(query);
  for (const key of [...query.keys()]) if (!SITE_PARAMS.has(key)) query.delete(key);
  if (inApp) {
    query.set(IN_APP_PARAM, '1');
    root.classList.add(IN_APP_CLASS);
  }
  const pageLang: Lang = root.lang.toLowerCase().startsWith('id') ? 'id' : 'en';
  const reload = wanted !== null && wanted !== pageLang;
  if (reload) query.set('lang', wanted);
  const search = query.toString();
  const next = `${url.pathname}${search ? `?${search}` : ''}${url.hash}`;
  if (reload) {
    // The server picks the language from `?lang=`; `replace` keeps the token-bearing address out of history.
    loc.replace(next);
    return;
  }
  if (next !== `${loc.pathname}${loc.search}${loc.hash}`) hist.replaceState(hist.state, '', next);
}
