import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { newDataKey } from './crypto/sealed.ts';
import { createTestApp, freshDatabase, type TestApp } from './test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('core server', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ready: true });
  });

  it('wraps unknown API paths in the envelope, in the caller language', async () => {
    const en = await t.app.inject('/vdthg/v1/nothing-here');
    expect(en.statusCode).toBe(404);
    expect(en.json()).toEqual({
      code: '404',
      data: null,
      message: 'We could not find what you were looking for.',
    });
    const id = await t.app.inject({
      url: '/vdthg/v1/nothing-here',
      headers: { 'accept-language': 'id-ID,id;q=0.9' },
    });
    expect(id.json().message).toBe('Data yang Anda cari tidak ditemukan.');
    // The JSON header set, as every other JSON reply: never cached, no page policy.
    for (const res of [en, id]) {
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-security-policy']).toBe(
        "default-src 'none';object-src 'none';base-uri 'none';frame-ancestors 'none'",
      );
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
    }
  });

  it('answers malformed JSON with a validation envelope and no internals', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/vdthg/v1/site/contact-message',
      headers: { 'content-type': 'application/json' },
      payload: '{"market": "IN", ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: '400',
      data: null,
      message: 'Some of the information is not valid. Please check and try again.',
    });
    expect(res.body).not.toMatch(/stack|at |\.ts|SyntaxError|node_modules/);
  });

  it('sets the security headers on every reply', async () => {
    const res = await t.app.inject('/healthz');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends the whole page header set on pages, health checks and the not-found page (computed once at start)', async () => {
    const expected = {
      'content-security-policy':
        "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;" +
        "font-src 'self' data:;connect-src 'self';frame-src 'self' https:;object-src 'none';base-uri 'none';" +
        "form-action 'self';frame-ancestors 'self'",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-site',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    for (const url of ['/healthz', '/no-such-api/x', '/api-docs']) {
      // An unknown path asked for as a page gets the not-found page (a JSON caller, the JSON envelope).
      const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.headers, url).toMatchObject(expected);
    }
  });

  it('sends JSON replies, errors included, the JSON header set: no caching, no page policy, never framed', async () => {
    const expected = {
      'cache-control': 'no-store',
      'content-security-policy':
        "default-src 'none';object-src 'none';base-uri 'none';frame-ancestors 'none'",
      'cross-origin-resource-policy': 'same-site',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    };
    for (const [url, status] of [
      ['/vdthg/v1/site/config?market=IN', 200],
      ['/vdthg/v1/site/config?market=XX', 400],
      ['/vdthg/v1/session/me', 401],
    ] as const) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(status);
      expect(res.headers, url).toMatchObject(expected);
      // The page-only headers are not sent on JSON.
      expect(res.headers['cross-origin-opener-policy'], url).toBeUndefined();
      expect(res.headers['x-xss-protection'], url).toBeUndefined();
    }
  });

  it('publishes OpenAPI generated from the contract', async () => {
    const res = await t.app.inject('/api-docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/vdthg/v1/site/contact-message',
        '/vdthg/v1/site/config',
        '/vdthg/v1/session/me',
      ]),
    );
    const body =
      doc.paths['/vdthg/v1/site/contact-message'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties)).toEqual(
      expect.arrayContaining(['name', 'telephone', 'suggestion', 'email']),
    );
  });

  it('refuses to register a route that does not declare who may call it', async () => {
    const database = await freshDatabase();
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', WEB_DIST: '/none' }),
      database,
      logger: false,
    });
    expect(() => app.get('/vdthg/v1/forgotten', async () => ({}))).toThrow(/must declare config.access/);
    await app.close();
    await database.close();
  });
});

describe('borrower sessions', () => {
  it('needs a token, accepts a live one and refuses it after logout', async () => {
    expect((await t.app.inject('/vdthg/v1/session/me')).statusCode).toBe(401);
    const token = await t.signIn('ID');
    const me = await t.app.inject({ url: '/vdthg/v1/session/me', headers: t.auth(token) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ code: 0, data: { market: 'ID', name: 'Siti Rahmawati' } });
    // A signed-in Indonesian borrower is answered in Indonesian by default.
    const out = await t.app.inject({
      method: 'POST',
      url: '/vdthg/v1/session/logout',
      headers: t.auth(token),
    });
    expect(out.json().code).toBe(0);
    const after = await t.app.inject({ url: '/vdthg/v1/session/me', headers: t.auth(token) });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({
      code: '401',
      data: null,
      message: 'Your session has ended. Please sign in again.',
    });
  });

  it('refuses a made-up token and a malformed header', async () => {
    const fake = await t.app.inject({
      url: '/vdthg/v1/session/me',
      headers: { authorization: `Bearer ${'a'.repeat(43)}` },
    });
    expect(fake.statusCode).toBe(401);
    const odd = await t.app.inject({ url: '/vdthg/v1/session/me', headers: { authorization: 'Basic abc' } });
    expect(odd.statusCode).toBe(401);
  });

  it('issues 256-bit tokens and stores only their hash', async () => {
    const token = await t.signIn('IN');
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const rows = await t.database.db.query.sessions.findMany();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.tokenHash).not.toBe(token);
    }
  });

  it('never writes the token or a phone number into the logs', async () => {
    const token = await t.signIn('IN');
    await t.app.inject({
      url: `/vdthg/v1/session/me?token=${token}&phone=9876543210`,
      headers: t.auth(token),
    });
    const all = t.logs.join('\n');
    expect(all).toContain('/vdthg/v1/session/me?token=%5BREDACTED%5D&phone=%5BREDACTED%5D');
    expect(all).not.toContain(token);
    expect(all).not.toContain('9876543210');
  });
});

describe('demo mode', () => {
  it('has no demo sign-in route in production', async () => {
    const database = await freshDatabase();
    const app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'production',
        WEB_DIST: '/none',
        URL_SIGNING_SECRET: 'test-secret-test-secret-test-secret-0123',
        DATA_KEY: newDataKey(),
      }),
      database,
      logger: false,
    });
    const res = await app.inject({ method: 'POST', url: '/dev-api/demo-login', payload: { market: 'IN' } });
    expect(res.statusCode).toBe(404);
    expect(app.printRoutes()).not.toContain('demo-login');
    await app.close();
    await database.close();
  });

  it('keeps the demo route in production only when DEMO=1', () => {
    expect(
      loadConfig({
        NODE_ENV: 'production',
        DEMO: '1',
        URL_SIGNING_SECRET: 'test-secret-test-secret-test-secret-0123',
      }).demo,
    ).toBe(true);
    expect(
      loadConfig({
        NODE_ENV: 'production',
        URL_SIGNING_SECRET: 'test-secret-test-secret-test-secret-0123',
        DATA_KEY: newDataKey(),
      }).demo,
    ).toBe(false);
    expect(loadConfig({}).demo).toBe(true);
  });
});

describe('database outage', () => {
  it('answers fast with 503 and /readyz false, without a stack', async () => {
    const local = await createTestApp();
    const token = await local.signIn('IN');
    await local.database.close();
    const ready = await local.app.inject('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ ready: false });
    const me = await local.app.inject({ url: '/vdthg/v1/session/me', headers: local.auth(token) });
    expect(me.statusCode).toBe(503);
    expect(
      z.object({ code: z.literal('503'), data: z.null(), message: z.string() }).parse(me.json()).message,
    ).toBe('The service is busy. Please try again in a moment.');
    await local.app.close();
  });
});

describe('graceful shutdown', () => {
  it('lets in-flight requests finish, closes their connections and refuses new ones', async () => {
    const database = await freshDatabase();
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', WEB_DIST: '/none' }),
      database,
      logger: false,
    });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    app.get('/slow', { config: { access: 'public' } }, async () => {
      await gate;
      return { done: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    // One keep-alive connection: a slow request in flight and a second one queued behind it, as a load
    // balancer's connection would carry them while this instance starts to shut down. The in-flight one
    // finishes and tells the client to close, so the queued one goes back to the balancer unanswered.
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString();
    });
    const ended = new Promise((resolve) => socket.on('close', resolve));
    socket.write('GET /slow HTTP/1.1\r\nHost: t\r\n\r\nGET /healthz HTTP/1.1\r\nHost: t\r\n\r\n');
    await new Promise((r) => setTimeout(r, 100));
    const closing = app.close();
    await new Promise((r) => setTimeout(r, 50));
    release();
    // Without the close header the busy keep-alive connection would hold close() open for its whole
    // idle timeout (72 s), and this test would time out.
    await closing;
    await ended;
    const statuses = [...received.matchAll(/^HTTP\/1\.1 (\d{3})/gm)].map((m) => m[1]);
    expect(statuses).toEqual(['200']);
    expect(received).toMatch(/^connection: close/im);
    expect(received).toContain('{"done":true}');
    // And the port no longer takes new connections.
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    await database.close();
  });
});
