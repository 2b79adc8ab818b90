import { describe, expect, it, vi } from 'vitest';
import { isMarket, resolveLang } from '../../../shared/markets.ts';
import { IN_APP_CLASS, launchLang, startSitePage } from './site-session.ts';

/** A page at `href` served in `lang`, with the history and location calls recorded. */
function open(href: string, lang: 'en-IN' | 'id-ID') {
  const url = new URL(href);
  const loc = {
    href,
    pathname: url.pathname,
    search: url.search,
    hash: url.hash,
    replace: vi.fn(),
  } as unknown as Location & { replace: ReturnType<typeof vi.fn> };
  const hist = { state: null, replaceState: vi.fn() } as unknown as History & {
    replaceState: ReturnType<typeof vi.fn>;
  };
  const root = document.createElement('html');
  root.lang = lang;
  startSitePage(loc, hist, root);
  return { loc, hist, root };
}

describe('startSitePage', () => {
  it('takes the token and the other launch params out of the address bar, without a reload', () => {
    const { loc, hist, root } = open(
      'https://kredito.test/privacyPolicy?token=SECRET123&market=ID&deviceId=d1&gid=g&isNeedPop=1#rights',
      'id-ID',
    );
    expect(loc.replace).not.toHaveBeenCalled();
    expect(hist.replaceState).toHaveBeenCalledOnce();
    const next = String(hist.replaceState.mock.calls[0]![2]);
    expect(next).toBe('/privacyPolicy?inApp=1#rights');
    expect(next).not.toContain('SECRET123');
    // Opened from the app: the plain in-app layout.
    expect(root.classList.contains(IN_APP_CLASS)).toBe(true);
  });

  it('opens the page again in the borrower’s language when it came in the other one', () => {
    // Indonesian borrower, but the server answered in English (no cookie, an English web view).
    const { loc, hist } = open('https://kredito.test/privacyPolicy?token=SECRET123&market=ID', 'en-IN');
    expect(hist.replaceState).not.toHaveBeenCalled();
    expect(loc.replace).toHaveBeenCalledWith('/privacyPolicy?inApp=1&lang=id');
  });

  it('lets isNeedPop choose the language over the market (product brief §2)', () => {
    const { loc } = open('https://kredito.test/privacyPolicy?market=ID&isNeedPop=0', 'id-ID');
    expect(loc.replace).toHaveBeenCalledWith('/privacyPolicy?inApp=1&lang=en');
  });

  it('keeps the in-app layout on a reload of the cleaned address', () => {
    const { loc, hist, root } = open('https://kredito.test/Loan?inApp=1&lang=id', 'id-ID');
    expect(root.classList.contains(IN_APP_CLASS)).toBe(true);
    expect(loc.replace).not.toHaveBeenCalled();
    expect(hist.replaceState).not.toHaveBeenCalled();
  });

  it('picks the language exactly as the app does from market and isNeedPop', () => {
    for (const market of [null, 'IN', 'ID', 'id', 'XX']) {
      for (const isNeedPop of [null, '', '0', '1', '2']) {
        const query = new URLSearchParams();
        if (market !== null) query.set('market', market);
        if (isNeedPop !== null) query.set('isNeedPop', isNeedPop);
        const m = market?.toUpperCase();
        const known = isMarket(m) || (isNeedPop !== null && isNeedPop !== '');
        const expected = known ? resolveLang(isMarket(m) ? m : undefined, isNeedPop) : null;
        expect(launchLang(query), query.toString()).toBe(expected);
      }
    }
  });

  it('leaves a visitor’s page alone: the site layout, the address unchanged', () => {
    const { loc, hist, root } = open('https://kredito.test/Loan?lang=id', 'id-ID');
    expect(root.classList.contains(IN_APP_CLASS)).toBe(false);
    expect(loc.replace).not.toHaveBeenCalled();
    expect(hist.replaceState).not.toHaveBeenCalled();
  });
});
