import { SESSION_PARAM_KEYS, type SessionParamKey } from '../../shared/contract/identity.ts';
import { isMarket, type Lang, type Market, resolveLang } from '../../shared/markets.ts';

/**
 * The identity the native shell passes in the query string (product brief §2), captured once at boot
 * and kept for the page session. The secret ones are removed from the address bar right away so they
 * never leak through Referer, screenshots, a shared link, history or logs.
 */
export type SessionParams = Partial<Record<SessionParamKey, string>>;

/**
 * Launch params that are credentials: whoever has them acts as the borrower. The rest (device, market,
 * app version, the order a page is about) stay visible: they are not secret, every API call carries the
 * device identity as query params anyway, and a page may read its own params from the address.
 */
export const ADDRESS_BAR_SECRETS = ['token', 'sessionId'] as const satisfies readonly SessionParamKey[];

const STORAGE_KEY = 'session-params';
let captured: SessionParams | null = null;

function readStored(): SessionParams {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as SessionParams) : {};
  } catch {
    return {};
  }
}

/**
 * Reads the launch params (a launch replaces, other URLs add to what this tab kept), keeps them for the
 * page session, then takes the secret ones out of the address bar without a reload, keeping the route,
 * the other params and the hash. A reload finds them in the page session's storage.
 */
export function captureSessionParams(
  loc: Location = window.location,
  hist: History = window.history,
): SessionParams {
  const url = new URL(loc.href);
  const fromQuery: SessionParams = {};
  for (const key of SESSION_PARAM_KEYS) {
    const value = url.searchParams.get(key);
    if (value !== null) fromQuery[key] = value;
  }
  // A URL with a token is a new launch by the shell: it starts a new identity rather than mixing with
  // what this tab kept (an earlier launch's isNeedPop or orderId must not leak into this one).
  captured = fromQuery.token ? fromQuery : { ...readStored(), ...fromQuery };
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(captured));
  } catch {
    // Private mode without storage: the params live in memory for this page only.
  }
  const secrets = ADDRESS_BAR_SECRETS.filter((key) => url.searchParams.has(key));
  if (secrets.length > 0) {
    for (const key of secrets) url.searchParams.delete(key);
    hist.replaceState(hist.state, '', `${url.pathname}${url.search}${url.hash}`);
  }
  return captured;
}

export function sessionParams(): SessionParams {
  if (!captured) captured = readStored();
  return captured;
}

/** Replaces the page session's identity (the simulator's demo sign-in, tests). */
export function setSessionParams(params: SessionParams): void {
  captured = { ...params };
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(captured));
  } catch {
    // see captureSessionParams
  }
}

export function sessionMarket(): Market {
  const m = sessionParams().market?.toUpperCase();
  return isMarket(m) ? m : 'IN';
}

export function sessionLang(): Lang {
  const p = sessionParams();
  return resolveLang(
    isMarket(p.market?.toUpperCase()) ? (p.market!.toUpperCase() as Market) : undefined,
    p.isNeedPop,
  );
}

/**
 * Launch params that belong to one page (the order or product it is about), not to the borrower: a
 * link to another page names its own, and this page's must not ride along.
 */
const PAGE_PARAMS = ['productId', 'orderId'] as const satisfies readonly SessionParamKey[];

/**
 * `url` with the page session's identity added as query params (a product partner's page, or one of our
 * screens opened from a link), the way the native shell opens pages (product brief §2). Never the
 * credentials (`ADDRESS_BAR_SECRETS`): a partner's page and an address bar are no place for them. A param
 * the URL already has is kept as it is. Works on absolute URLs and on our own paths alike.
 */
export function withSessionParams(url: string): string {
  const hashAt = url.indexOf('#');
  const hash = hashAt >= 0 ? url.slice(hashAt) : '';
  const beforeHash = hashAt >= 0 ? url.slice(0, hashAt) : url;
  const queryAt = beforeHash.indexOf('?');
  const base = queryAt >= 0 ? beforeHash.slice(0, queryAt) : beforeHash;
  const query = new URLSearchParams(queryAt >= 0 ? beforeHash.slice(queryAt + 1) : '');
  const skip = new Set<string>([...ADDRESS_BAR_SECRETS, ...PAGE_PARAMS]);
  const session = sessionParams();
  for (const key of SESSION_PARAM_KEYS) {
    const value = session[key];
    if (value && !skip.has(key) && !query.has(key)) query.set(key, value);
  }
  const qs = query.toString();
  return `${base}${qs ? `?${qs}` : ''}${hash}`;
}
