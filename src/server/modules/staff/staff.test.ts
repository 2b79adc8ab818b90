import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_BASE } from '../../../shared/contract/constants.ts';
import { auditLog } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

/** Staff sign-in against the attacks of issue 7 (decision 022). Admin flows are in admin.test.ts. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const LOGIN = `${ADMIN_BASE}/session/login`;
const HOST = 'admin.kredito.test';

// Sign-in is limited per address: every attempt here comes from its own.
let address = 1;
const nextAddress = () => `10.30.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;

const audit = () => t.database.db.select().from(auditLog).orderBy(auditLog.id);

function login(email: string, password: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: LOGIN,
    payload: { email, password },
    headers: { host: HOST, ...headers },
    remoteAddress: nextAddress(),
  });
}

describe('login CSRF', () => {
  it('refuses a sign-in posted from another site, and sets no cookie', async () => {
    const res = await login('admin@kredito.test', 'Admin!2345', { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.json()).toEqual({
      code: '403',
      data: null,
      message: 'Please sign in on the back-office sign-in page, not from another site.',
    });
  });

  it('refuses a sign-in the browser marks cross-site even without an Origin', async () => {
    const res = await login('admin@kredito.test', 'Admin!2345', { 'sec-fetch-site': 'cross-site' });
    expect(res.statusCode).toBe(403);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('signs in from our own page', async () => {
    const res = await login('admin@kredito.test', 'Admin!2345', {
      origin: `https://${HOST}`,
      'sec-fetch-site': 'same-origin',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/^staff_session=/);
  });

  it('refuses a form-encoded sign-in (what an HTML form on another site posts)', async () => {
    for (const [type, body] of [
      ['application/x-www-form-urlencoded', 'email=admin%40kredito.test&password=Admin%212345'],
      ['text/plain', '{"email":"admin@kredito.test","password":"Admin!2345"}'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: LOGIN,
        payload: body,
        headers: { host: HOST, 'content-type': type },
        remoteAddress: nextAddress(),
      });
      expect(res.statusCode, type).toBe(415);
      expect(res.headers['set-cookie'], type).toBeUndefined();
      expect(res.json().message, type).toMatch(/JSON request only/);
    }
  });
});

describe('lock-out', () => {
  it('counts parallel wrong passwords one by one: ten at once lock the account', async () => {
    const wrong = await Promise.all(
      Array.from({ length: 10 }, (_, i) => login('agent.in@kredito.test', `wrong-${i}`)),
    );
    expect(wrong.map((r) => r.statusCode)).toEqual(Array(10).fill(401));
    const right = await login('agent.in@kredito.test', 'Agent!2345');
    expect(right.statusCode).toBe(401);
    expect(right.headers['set-cookie']).toBeUndefined();
    // At most 5 passwords were tried against the account; the rest met the lock.
    const rows = await audit();
    const mine = rows.filter((r) => r.target === 'agent.in@kredito.test');
    expect(mine.filter((r) => r.action === 'login.failed')).toHaveLength(4);
    expect(mine.filter((r) => r.action === 'login.lockout')).toHaveLength(1);
    expect(mine.filter((r) => r.action === 'login.locked')).toHaveLength(6);
  });
});

describe('account enumeration', () => {
  it('answers an unknown e-mail, a wrong password and a locked account alike', async () => {
    const unknown = await login('nobody@kredito.test', 'Agent!2345');
    const wrong = await login('agent.id@kredito.test', 'nope');
    for (let i = 0; i < 4; i++) await login('agent.id@kredito.test', 'nope');
    const locked = await login('agent.id@kredito.test', 'Agent!2345');
    for (const res of [unknown, wrong, locked]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        code: '401',
        data: null,
        message:
          'The e-mail or password is not right. After 5 failed sign-ins an account is locked for 15 minutes.',
      });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    const rows = await audit();
    expect(rows.some((r) => r.action === 'login.locked' && r.target === 'agent.id@kredito.test')).toBe(true);
  });
});

describe('audit log', () => {
  it('keeps no trace of a password typed in the e-mail box', async () => {
    const typed = 'Sup3r-Secret!Pass';
    const res = await login(typed, typed);
    expect(res.statusCode).toBe(401);
    const rows = await audit();
    const last = rows.at(-1)!;
    expect(last).toMatchObject({ staffId: null, action: 'login.failed', target: 'unknown' });
    expect(JSON.stringify(rows).toLowerCase()).not.toContain(typed.toLowerCase());
    expect(t.logs.join('\n').toLowerCase()).not.toContain(typed.toLowerCase());
  });

  it('keeps a staff e-mail as the account has it', async () => {
    await login('  Admin@Kredito.TEST ', 'nope');
    const rows = await audit();
    expect(rows.at(-1)).toMatchObject({ action: 'login.failed', target: 'admin@kredito.test' });
    expect(rows.at(-1)!.staffId).toEqual(expect.any(Number));
  });
});
