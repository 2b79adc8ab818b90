import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers on every reply (security baseline 3.4.x, 14.2.1). Frames: our own shells may frame
 * each other (the shell simulator hosts the H5 app); the policy page frames the configured https page.
 */
export const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // antd-mobile positions popups with inline style attributes.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      frameSrc: ["'self'", 'https:'],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'self'"],
    },
  },
  referrerPolicy: { policy: 'no-referrer' },
  crossOriginEmbedderPolicy: false,
  // Images the app shows may come from our own storage origin later; keep resources same-site.
  crossOriginResourcePolicy: { policy: 'same-site' },
};

/**
 * The headers helmet would set, computed once: they do not depend on the request, and building them per
 * request cost about a sixth of the cheapest route (decision 020). Helmet itself still decides them, so
 * they stay exactly what its options say.
 */
export function securityHeaders(options: HelmetOptions = HELMET_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * The headers of a JSON reply: any route whose contract declares its reply (`schema.response`), and that
 * route's errors (decision 041). A JSON reply is never a page, so the page policy shrinks to "load and
 * run nothing, be framed by no one" (the baseline's `object-src`, `base-uri` and `frame-ancestors` stay
 * spelled out), and it carries a borrower's or an operator's data, so no cache may keep it (ASVS 8.2.1;
 * until now API replies had no Cache-Control at all). Seven headers instead of twelve: the page-only
 * ones (opener and agent-cluster isolation, DNS prefetch, the download and Flash policies, the old XSS
 * filter) do nothing on JSON, and writing them cost about 8% of a database read (measured, decision 041).
 */
export function apiHeaders(page: Record<string, string> = securityHeaders()): Record<string, string> {
  return {
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none';object-src 'none';base-uri 'none';frame-ancestors 'none'",
    'cross-origin-resource-policy': page['cross-origin-resource-policy']!,
    'referrer-policy': page['referrer-policy']!,
    'strict-transport-security': page['strict-transport-security']!,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
}

/** Both sets, computed once at start. */
const PAGE_HEADERS = securityHeaders();
export const JSON_HEADERS = apiHeaders(PAGE_HEADERS);
const PAGE_ONLY = Object.keys(PAGE_HEADERS).filter((name) => !(name in JSON_HEADERS));

/**
 * For a JSON reply from a handler that has no route contract (the envelope for an unknown API path):
 * the JSON set in place of the page set the request started with.
 */
export function applyJsonHeaders(reply: FastifyReply): void {
  for (const name of PAGE_ONLY) reply.removeHeader(name);
  reply.headers(JSON_HEADERS);
}

export const securityPlugin = fp(async (app: FastifyInstance) => {
  // Pages, assets, files (images, PDFs, the captcha), health checks and the not-found page keep the
  // whole set: their routes declare no JSON reply. The not-found handler's JSON envelope switches to the
  // JSON set itself (applyJsonHeaders).
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(req.routeOptions.schema?.response ? JSON_HEADERS : PAGE_HEADERS);
    done();
  });
});
