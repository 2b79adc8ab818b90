import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from './db/seed.ts';
import { securityHeaders } from './plugins/security.ts';
import { createTestApp, type TestApp } from './test/helpers.ts';

const SECRET = 'test-secret-test-secret-test-secret-0123';

const paths = (res: { json(): unknown }) => Object.keys((res.json() as { paths: object }).paths);

describe('/api-docs outside demo mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ DEMO: '0', URL_SIGNING_SECRET: SECRET });
    // Staff accounts to sign in with (the demo ones; demo mode itself stays off for this app).
    await seed(t.database.db, null, { demo: true });
  });
  afterAll(async () => {
    await t.close();
  });

  it('publishes the borrower and public API to everyone, and the staff API only to signed-in staff', async () => {
    const anonymous = await t.app.inject('/api-docs/json');
    expect(anonymous.statusCode).toBe(200);
    expect(paths(anonymous)).toContain('/h5-api/v3/user-problem/problem-list');
    expect(paths(anonymous).filter((p) => p.startsWith('/admin-api/'))).toEqual([]);
    const yaml = await t.app.inject('/api-docs/yaml');
    expect(yaml.body).not.toContain('/admin-api/');
    // A forged or stale staff cookie is no better than none.
    const forged = await t.app.inject({ url: '/api-docs/json', headers: { cookie: 'staff_session=forged' } });
    expect(paths(forged).some((p) => p.startsWith('/admin-api/'))).toBe(false);

    const login = await t.app.inject({
      method: 'POST',
      url: '/admin-api/session/login',
      payload: { email: 'admin@kredito.test', password: 'Admin!2345' },
    });
    expect(login.statusCode, login.body).toBe(200);
    const cookie = String(login.headers['set-cookie']).split(';')[0]!;
    const staff = await t.app.inject({ url: '/api-docs/json', headers: { cookie } });
    expect(paths(staff).some((p) => p.startsWith('/admin-api/'))).toBe(true);
    expect(paths(staff)).toContain('/h5-api/v3/user-problem/problem-list');
  });

  it('serves the documentation page with the same security headers as the rest of the app', async () => {
    const expected = securityHeaders();
    for (const url of ['/api-docs', '/api-docs/', '/api-docs/json', '/api-docs/static/swagger-ui.css']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBeLessThan(400);
      for (const [name, value] of Object.entries(expected))
        expect(res.headers[name], `${url} ${name}`).toBe(value);
    }
    const csp = expected['content-security-policy']!;
    expect(csp).toContain("base-uri 'none'");
    // The page loads only same-origin scripts, so the app's script-src 'self' fits it.
    const page = (await t.app.inject('/api-docs/')).body;
    expect(page).not.toMatch(/<script>(?!\s*<\/script>)|<script(?![^>]*\bsrc=)[^>]*>\s*\S/);
  });
});

describe('/api-docs in demo mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the staff API too', async () => {
    expect(paths(await t.app.inject('/api-docs/json')).some((p) => p.startsWith('/admin-api/'))).toBe(true);
  });
});
