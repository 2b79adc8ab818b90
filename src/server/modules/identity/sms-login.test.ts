import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { LOGIN_PATHS } from './sms-login.ts';

/** Signing in with an SMS code (issue 10), against the real database; codes read from the demo outbox. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let address = 0;
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers, remoteAddress: `10.9.${++address % 250}.1` });
const smsTo = async (phone: string) =>
  (await t.app.inject({ url: `/dev-api/sms/last?phone=${phone}` })).json().data as { text: string } | null;
const codeIn = (sms: { text: string } | null) => /\b(\d{6})\b/.exec(sms?.text ?? '')?.[1] ?? '';

describe('SMS sign-in', () => {
  it('sends a code to a registered number and opens a session with it; logout ends it at once', async () => {
    const sent = await post(LOGIN_PATHS.sendCode, { market: 'IN', phone: '+91 98765 43210' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().message).toBe('If this number has an account, a sign-in code is on its way.');
    const code = codeIn(await smsTo('9876543210'));
    expect(code).toMatch(/^\d{6}$/);
    const res = await post(LOGIN_PATHS.login, {
      market: 'IN',
      phone: '9876543210',
      smsCode: code,
      deviceId: 'd-1',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { token, market } = res.json().data;
    expect(market).toBe('IN');
    const me = await t.app.inject({ url: '/vdthg/v1/session/me', headers: t.auth(token) });
    expect(me.json().data.name).toBe('Priya Sharma');
    // Used once.
    expect(
      (await post(LOGIN_PATHS.login, { market: 'IN', phone: '9876543210', smsCode: code })).statusCode,
    ).toBe(400);
    await t.app.inject({ method: 'POST', url: '/vdthg/v1/session/logout', headers: t.auth(token) });
    expect((await t.app.inject({ url: '/vdthg/v1/session/me', headers: t.auth(token) })).statusCode).toBe(
      401,
    );
  });

  it('answers an unknown number exactly as a known one, and sends it nothing', async () => {
    const res = await post(LOGIN_PATHS.sendCode, { market: 'IN', phone: '9000000001' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('If this number has an account, a sign-in code is on its way.');
    expect(await smsTo('9000000001')).toBeNull();
  });

  it('refuses a second code within a minute with Retry-After, and locks after five wrong codes', async () => {
    const phone = '081234567890';
    expect((await post(LOGIN_PATHS.sendCode, { market: 'ID', phone })).statusCode).toBe(200);
    const again = await post(LOGIN_PATHS.sendCode, { market: 'ID', phone }, { 'x-lang': 'id' });
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    expect(again.json().message).toBe('Kode baru saja dikirim. Mohon jangan meminta kode lagi dulu.');
    const code = codeIn(await smsTo(phone));
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) await post(LOGIN_PATHS.login, { market: 'ID', phone, smsCode: wrong });
    const locked = await post(LOGIN_PATHS.login, { market: 'ID', phone, smsCode: code });
    expect(locked.statusCode).toBe(400);
    expect(locked.json().message).toBe('Too many wrong codes. Please request a new one.');
  });

  it('refuses another market number and hostile bodies with 400', async () => {
    const other = await post(LOGIN_PATHS.sendCode, { market: 'IN', phone: '081234567890' });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe('Please enter a valid 10-digit Indian mobile number.');
    for (const body of [
      { market: 'XX', phone: '9876543210' },
      { market: 'IN', phone: ['9876543210'] },
      { market: 'IN', phone: '98765\u000043210' },
      { market: 'IN', phone: '9876543210', extra: 1 },
    ]) {
      expect((await post(LOGIN_PATHS.sendCode, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});
