import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SiteConfig } from '../../shared/contract/site.ts';
import { isLang, isMarket, LANGS, type Lang, type Market, resolveLang } from '../../shared/markets.ts';
import { SHELL_ROUTES, type Shell, type ShellRoute } from '../../shared/shell-routes.ts';

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

/**
 * A download link of the pre-rendered pages (`data-store-link`, plain text inside): removed whole when no
 * store listing is configured, so a visitor never meets a link that goes nowhere.
 */
const STORE_LINK = /<a\b[^>]*\bdata-store-link\b[^>]*>[^<]*<\/a>/g;

/** Site pages are pre-rendered with placeholders for the company details operators can change. */
export function fillPlaceholders(html: string, config: SiteConfig): string {
  const https = (url: string) => /^https:\/\//.test(url);
  const values: Record<string, string> = {
    companyName: config.companyName,
    phone: config.phone,
    email: config.email,
    address: config.address,
    appName: config.appName,
    licence: config.licence,
    // Only an https page may be framed; anything else falls back to our own policy.
    policyUrl: https(config.policyUrl) ? config.policyUrl : '/privacyPolicy',
    // Only an https listing is linked (no javascript: or plain-http address from a typo).
    storeUrl: https(config.storeUrl) ? config.storeUrl : '',
  };
  const page = values.storeUrl ? html : html.replace(STORE_LINK, '');
  return page.replace(/%%(\w+)%%/g, (whole, key: string) =>
    key in values ? escapeHtml(values[key]!) : whole,
  );
}

/** Encodings we keep precompressed twins of, in order of preference (brotli is ~15% smaller). */
const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];
const TWIN_SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/** Content types of the text files served from memory; anything else goes through @fastify/static. */
const TEXT_TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
};

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The encoding to send for an Accept-Encoding header, among those we have: the highest q above 0,
 * brotli on a tie. No header (or only identity acceptable to us) means the bytes as they are.
 */
export function pickEncoding(header: string | undefined, available: Iterable<Encoding>): Encoding | null {
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name.trim(), Number.isFinite(value) ? value : 0);
  }
  let best: Encoding | null = null;
  let bestQ = 0;
  const have = new Set(available);
  for (const encoding of ENCODINGS) {
    if (!have.has(encoding)) continue;
    const value = q.get(encoding) ?? (encoding === 'gzip' ? q.get('x-gzip') : undefined) ?? q.get('*') ?? 0;
    if (value > bestQ) {
      best = encoding;
      bestQ = value;
    }
  }
  return best;
}

/** One text file in memory: its bytes and its precompressed twins, each with its own strong ETag. */
interface MemoryFile {
  type: string;
  lastModified: string;
  /** Whole seconds, as HTTP dates carry them. */
  mtime: number;
  identity: { body: Buffer; etag: string };
  encoded: Partial<Record<Encoding, { body: Buffer; etag: string }>>;
}

function loadMemoryFile(file: string): MemoryFile {
  const body = readFileSync(file);
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 22);
  const encoded: MemoryFile['encoded'] = {};
  for (const encoding of ENCODINGS) {
    const twin = file + TWIN_SUFFIX[encoding];
    if (existsSync(twin)) encoded[encoding] = { body: readFileSync(twin), etag: `"${hash}-${encoding}"` };
  }
  const mtime = statSync(file).mtime;
  return {
    type: TEXT_TYPES[path.extname(file)]!,
    lastModified: mtime.toUTCString(),
    mtime: Math.floor(mtime.getTime() / 1000),
    identity: { body, etag: `"${hash}"` },
    encoded,
  };
}

/** Every text file under a folder, keyed by its path relative to `base` with forward slashes. */
function loadMemoryFiles(dir: string, base: string, into: Map<string, MemoryFile>): void {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) loadMemoryFiles(full, base, into);
    else if (path.extname(entry.name) in TEXT_TYPES) {
      into.set(path.relative(base, full).split(path.sep).join('/'), loadMemoryFile(full));
    }
  }
}

/** Adds to the Vary header rather than replacing what an earlier step set. */
function vary(reply: FastifyReply, ...fields: string[]): void {
  const current = reply.getHeader('vary');
  const have = typeof current === 'string' && current ? current.split(/\s*,\s*/) : [];
  const missing = fields.filter((f) => !have.some((h) => h.toLowerCase() === f.toLowerCase()));
  reply.header('vary', [...have, ...missing].join(', '));
}

/** Whether the client's copy (If-None-Match, else If-Modified-Since) is still the one we would send. */
function notModified(req: FastifyRequest, etag: string, mtime: number): boolean {
  const match = req.headers['if-none-match'];
  if (typeof match === 'string') {
    return match
      .split(',')
      .map((t) => t.trim().replace(/^W\//, ''))
      .some((t) => t === '*' || t === etag);
  }
  const since = req.headers['if-modified-since'];
  if (typeof since !== 'string') return false;
  const at = Date.parse(since);
  return Number.isFinite(at) && mtime <= Math.floor(at / 1000);
}

/** Sends a file from memory in the best encoding the client accepts, or 304 when it has it already. */
function sendMemoryFile(req: FastifyRequest, reply: FastifyReply, file: MemoryFile, cacheControl: string) {
  const encoding = pickEncoding(
    req.headers['accept-encoding'] as string | undefined,
    Object.keys(file.encoded) as Encoding[],
  );
  const chosen = encoding ? file.encoded[encoding]! : file.identity;
  vary(reply, 'Accept-Encoding');
  reply
    .header('cache-control', cacheControl)
    .header('etag', chosen.etag)
    .header('last-modified', file.lastModified);
  if (notModified(req, chosen.etag, file.mtime)) return reply.code(304).send();
  if (encoding) reply.header('content-encoding', encoding);
  return reply.type(file.type).send(chosen.body);
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A filled site page with its compressed forms, made once per cache fill (never per request). */
interface FilledPage {
  identity: Buffer;
  encoded: Partial<Record<Encoding, Buffer>>;
}

async function compressPage(html: string): Promise<FilledPage> {
  const identity = Buffer.from(html, 'utf8');
  // zlib's async calls run on the thread pool: a fill never blocks other requests. Quality 11 takes
  // ~20 ms for a 6-10 KB page, once per page and language every 30 s, and is ~15% smaller than 5.
  const [br, gz] = await Promise.all([
    brotliAsync(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzipAsync(identity, { level: 9 }),
  ]);
  return { identity, encoded: { br, gzip: gz } };
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
  /**
   * Hashed assets, shell pages and public files, with their brotli and gzip twins, read once at start
   * (a build never changes under a running process): a request is a map lookup, no file system.
   */
  const memory = new Map<string, MemoryFile>();
  const shellHtml = new Map<Shell, MemoryFile>();
  const sitePages = new Map<string, Record<Lang, string>>();

  if (built) {
    loadMemoryFiles(path.join(dist, 'assets'), dist, memory);
    for (const file of ['favicon.svg', 'robots.txt']) {
      if (existsSync(path.join(dist, file))) memory.set(file, loadMemoryFile(path.join(dist, file)));
    }
    for (const shell of ['h5', 'promo', 'admin', 'dev'] as const) {
      const file = path.join(dist, `${shell}.html`);
      if (existsSync(file)) shellHtml.set(shell, loadMemoryFile(file));
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
    // Files other than text (images, fonts, if a build ever has them) are sent from disk.
    await app.register(fastifyStatic, { root: dist, serve: false });
  }

  const filled = new Map<string, { page: Promise<FilledPage>; at: number }>();
  function sitePage(name: string, lang: Lang): Promise<FilledPage> | null {
    const page = sitePages.get(name);
    if (!page) return null;
    const key = `${name}:${lang}`;
    const hit = filled.get(key);
    if (hit && Date.now() - hit.at < SITE_CACHE_MS) return hit.page;
    // Requests arriving while a fill runs share it: one query and one compression per fill.
    const fill = opts
      .siteConfig(SITE_MARKET[lang])
      .then((config) => compressPage(fillPlaceholders(page[lang], config)));
    filled.set(key, { page: fill, at: Date.now() });
    fill.catch(() => {
      if (filled.get(key)?.page === fill) filled.delete(key);
    });
    return fill;
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
    const pending = sitePage(name, lang);
    if (pending === null) return reply.code(404).type('text/plain').send('Not found');
    const page = await pending;
    const encoding = pickEncoding(req.headers['accept-encoding'] as string | undefined, ENCODINGS);
    if (encoding) reply.header('content-encoding', encoding);
    return reply
      .code(status)
      .header('vary', 'Accept-Language, Cookie, Accept-Encoding')
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(encoding ? page.encoded[encoding] : page.identity);
  }

  app.get('/assets/*', { config: { access: 'public' }, logLevel: 'warn' }, (req, reply) => {
    if (!built) return notBuilt(reply);
    const rel = (req.params as { '*': string })['*'];
    const file = memory.get(`assets/${rel}`);
    if (file) return sendMemoryFile(req, reply, file, IMMUTABLE);
    return reply.sendFile(path.posix.join('assets', rel), { immutable: true, maxAge: '365d' });
  });
  for (const name of ['favicon.svg', 'robots.txt']) {
    app.get(`/${name}`, { config: { access: 'public' }, logLevel: 'warn' }, (req, reply) => {
      const file = memory.get(name);
      if (file) return sendMemoryFile(req, reply, file, 'public, max-age=86400');
      return built ? reply.sendFile(name, { maxAge: '1d' }) : notBuilt(reply);
    });
  }

  const sitePaths: Array<[string, string]> = [
    ['/', 'index'],
    ['/About', 'About'],
    ['/Policy', 'Policy'],
    ['/Loan', 'Loan'],
    ['/privacyPolicy', 'privacyPolicy'],
    [opts.privacyAliasRoute, 'privacyPolicy'],
    ['/Contact', 'Contact'],
    ['/verify', 'verify'],
  ];
  for (const [url, name] of sitePaths) {
    app.get(url, { config: { access: 'public' } }, (req, reply) => sendSitePage(req, reply, name));
  }
  // `/User` was an empty page in the original; it has nothing to show, so it goes home.
  app.get('/User', { config: { access: 'public' } }, (_req, reply) => reply.redirect('/', 302));

  /**
   * A screen's own pages from the build (decision 027): `<path>.html` links the screen's code beside the
   * entry; `<path>.<lang>.html` also holds the screen's frame in that language. The language is the one
   * the app will pick from the launch parameters (`market`, `isNeedPop`); without them (a reload after the
   * app kept them for the tab) the page without a frame, so it never shows the wrong language.
   */
  function screenPages(r: ShellRoute) {
    if (!built || !r.module) return null;
    const base = path.join(dist, r.shell, r.path.slice(1));
    const load = (file: string) => (existsSync(file) ? loadMemoryFile(file) : undefined);
    const plain = load(`${base}.html`);
    if (!plain) return null;
    return { plain, framed: Object.fromEntries(LANGS.map((l) => [l, load(`${base}.${l}.html`)])) };
  }

  function sendShell(shell: Shell, pages: ReturnType<typeof screenPages> = null) {
    return (req: FastifyRequest, reply: FastifyReply) => {
      let file = shellHtml.get(shell);
      if (pages) {
        const q = req.query as Record<string, unknown>;
        const market = typeof q.market === 'string' ? q.market.toUpperCase() : undefined;
        const isNeedPop = typeof q.isNeedPop === 'string' ? q.isNeedPop : undefined;
        const known = isMarket(market) || (isNeedPop !== undefined && isNeedPop !== '');
        file =
          (known && pages.framed[resolveLang(isMarket(market) ? market : undefined, isNeedPop)]) ||
          pages.plain;
      }
      if (!file) return notBuilt(reply);
      return sendMemoryFile(req, reply, file, 'no-cache');
    };
  }
  for (const r of SHELL_ROUTES) {
    if (r.demoOnly && !opts.demo) continue;
    app.get(r.path, { config: { access: 'public' } }, sendShell(r.shell, screenPages(r)));
    if (r.prefix) app.get(`${r.path}/*`, { config: { access: 'public' } }, sendShell(r.shell));
  }

  return {
    sendNotFoundPage: (req: FastifyRequest, reply: FastifyReply) => sendSitePage(req, reply, '404', 404),
  };
}
