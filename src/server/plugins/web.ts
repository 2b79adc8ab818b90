import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SiteConfig } from '../../shared/contract/site.ts';
import { isLang, type Lang, type Market } from '../../shared/markets.ts';
import { SHELL_ROUTES, type Shell } from '../../shared/routes.ts';

export interface WebOptions {
  webDist: string;
  demo: boolean;
  privacyAliasRoute: string;
  siteConfig: (market: Market) => Promise<SiteConfig>;
}

const SITE_MARKET: Record<Lang, Market> = { en: 'IN', id: 'ID' };
/** Operator edits to company details show on the site within this long, without a query per page view. */
const SITE_CACHE_MS = 30_000;

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Site pages are pre-rendered with placeholders for the company details operators can change. */
export function fillPlaceholders(html: string, config: SiteConfig): string {
  const values: Record<string, string> = {
    companyName: config.companyName,
    phone: config.phone,
    email: config.email,
    address: config.address,
    appName: config.appName,
    // Only an https page may be framed; anything else falls back to our own policy.
    policyUrl: /^https:\/\//.test(config.policyUrl) ? config.policyUrl : '/privacyPolicy',
  };
  return html.replace(/%%(\w+)%%/g, (whole, key: string) =>
    key in values ? escapeHtml(values[key]!) : whole,
  );
}

function readCookie(req: FastifyRequest, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return undefined;
}

/** Site language: `?lang=` (remembered in a cookie), then the cookie, then Accept-Language. */
function siteLang(req: FastifyRequest, reply: FastifyReply): Lang {
  const q = (req.query as Record<string, unknown>).lang;
  if (isLang(q)) {
    reply.header('set-cookie', `lang=${q}; Path=/; Max-Age=31536000; SameSite=Lax`);
    return q;
  }
  const c = readCookie(req, 'lang');
  if (isLang(c)) return c;
  const accept = req.headers['accept-language'];
  return typeof accept === 'string' && /^\s*id\b/i.test(accept) ? 'id' : 'en';
}

/**
 * Serves the built web app: hashed assets, the pre-rendered marketing pages (filled with the company
 * details of the page's market) and the single-page shells. Without a build it says how to make one.
 */
export async function webRoutes(app: FastifyInstance, opts: WebOptions) {
  const dist = opts.webDist;
  const built = existsSync(path.join(dist, 'h5.html'));
  const shellHtml = new Map<Shell, string>();
  const sitePages = new Map<string, Record<Lang, string>>();

  if (built) {
    for (const shell of ['h5', 'promo', 'admin', 'dev'] as const) {
      const file = path.join(dist, `${shell}.html`);
      if (existsSync(file)) shellHtml.set(shell, readFileSync(file, 'utf8'));
    }
    const siteDir = path.join(dist, 'site');
    if (existsSync(path.join(siteDir, 'en'))) {
      for (const file of readdirSync(path.join(siteDir, 'en'))) {
        if (!file.endsWith('.html')) continue;
        const name = file.slice(0, -'.html'.length);
        sitePages.set(name, {
          en: readFileSync(path.join(siteDir, 'en', file), 'utf8'),
          id: readFileSync(path.join(siteDir, 'id', file), 'utf8'),
        });
      }
    }
    await app.register(fastifyStatic, { root: dist, serve: false });
  }

  const filled = new Map<string, { html: string; at: number }>();
  async function sitePage(name: string, lang: Lang): Promise<string | null> {
    const page = sitePages.get(name);
    if (!page) return null;
    const key = `${name}:${lang}`;
    const hit = filled.get(key);
    if (hit && Date.now() - hit.at < SITE_CACHE_MS) return hit.html;
    const html = fillPlaceholders(page[lang], await opts.siteConfig(SITE_MARKET[lang]));
    filled.set(key, { html, at: Date.now() });
    return html;
  }

  function notBuilt(reply: FastifyReply) {
    return reply
      .code(503)
      .type('text/plain; charset=utf-8')
      .send('The web app is not built yet. Run `npm run build` (or `npm start`, which builds first).');
  }

  async function sendSitePage(req: FastifyRequest, reply: FastifyReply, name: string, status = 200) {
    if (!built) return notBuilt(reply);
    const lang = siteLang(req, reply);
    const html = await sitePage(name, lang);
    if (html === null) return reply.code(404).type('text/plain').send('Not found');
    return reply
      .code(status)
      .header('vary', 'Accept-Language, Cookie')
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);
  }

  app.get('/assets/*', { config: { access: 'public' }, logLevel: 'warn' }, (req, reply) => {
    if (!built) return notBuilt(reply);
    const rel = (req.params as { '*': string })['*'];
    return reply.sendFile(path.posix.join('assets', rel), { immutable: true, maxAge: '365d' });
  });
  for (const file of ['favicon.svg', 'robots.txt']) {
    app.get(`/${file}`, { config: { access: 'public' }, logLevel: 'warn' }, (_req, reply) =>
      built ? reply.sendFile(file, { maxAge: '1d' }) : notBuilt(reply),
    );
  }

  const sitePaths: Array<[string, string]> = [
    ['/', 'index'],
    ['/About', 'About'],
    ['/Policy', 'Policy'],
    ['/Loan', 'Loan'],
    ['/privacyPolicy', 'privacyPolicy'],
    [opts.privacyAliasRoute, 'privacyPolicy'],
    ['/Contact', 'Contact'],
  ];
  for (const [url, name] of sitePaths) {
    app.get(url, { config: { access: 'public' } }, (req, reply) => sendSitePage(req, reply, name));
  }
  // `/User` was an empty page in the original; it has nothing to show, so it goes home.
  app.get('/User', { config: { access: 'public' } }, (_req, reply) => reply.redirect('/', 302));

  function sendShell(shell: Shell) {
    return (_req: FastifyRequest, reply: FastifyReply) => {
      const html = shellHtml.get(shell);
      if (!html) return notBuilt(reply);
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    };
  }
  for (const r of SHELL_ROUTES) {
    if (r.demoOnly && !opts.demo) continue;
    app.get(r.path, { config: { access: 'public' } }, sendShell(r.shell));
    if (r.prefix) app.get(`${r.path}/*`, { config: { access: 'public' } }, sendShell(r.shell));
  }

  return {
    sendNotFoundPage: (req: FastifyRequest, reply: FastifyReply) => sendSitePage(req, reply, '404', 404),
  };
}
