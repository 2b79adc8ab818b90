import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROMO_CODE, PROMO_PATHS } from '../../../shared/contract/promotion.ts';
import { borrowerSignups, borrowers, captchas, promoEvents, smsCodes } from '../../db/schema.ts';
import { createTestApp, loggedText, type TestApp } from '../../test/helpers.ts';
import { CAPTCHA_MAX_DRAWS } from './promotion.service.ts';

/**
 * The promotion landing's calls (issue 10) against the real database: the template, the funnel, the
 * picture captcha, the SMS code and the registration, with their codes (spec §8) and limits. The
 * captcha's answer is read the way the demo tools read it (demo mode only), the SMS from the outbox.
 */
let t: TestApp;
const IN_TEMPLATE = 1;
const ID_TEMPLATE = 2;
let phoneSeq = 0;
const newIndianPhone = () => `98${String(10_000_000 + ++phoneSeq).padStart(8, '0')}`;

beforeAll(async () => {
  t = await createTestApp({ SMS_HOURLY_CAP: '40' });
});
afterAll(async () => {
  await t.close();
});

// Each test speaks from addresses of its own (the per-address limits are on, as in production).
let addressSeq = 0;
const nextAddress = () => `10.${Math.floor(++addressSeq / 250)}.${addressSeq % 250}.1`;
const get = (url: string, headers: Record<string, string> = {}, ip = nextAddress()) =>
  t.app.inject({ method: 'GET', url, headers, remoteAddress: ip });
const postForm = (
  url: string,
  body: Record<string, string | number>,
  headers: Record<string, string> = {},
  ip = nextAddress(),
) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString(),
    remoteAddress: ip,
  });

/** A captcha session with its picture drawn, and the answer the picture shows. */
async function captcha(templateId = IN_TEMPLATE, ip = nextAddress()) {
  const sid = (await get(`${PROMO_PATHS.sid}?templateId=${templateId}`, {}, ip)).json().data.sid as string;
  const image = await get(`${PROMO_PATHS.captcha}?sid=${sid}&a=${Date.now()}`);
  expect(image.statusCode).toBe(200);
  const answer = (await get(`/dev-api/captcha/last?sid=${sid}`)).json().data.answer as string;
  return { sid, answer, image };
}

const lastSmsCode = async (phone: string) => {
  const res = await get(`/dev-api/sms/last?phone=${phone}`);
  return /\b(\d{6})\b/.exec(res.json().data?.text ?? '')?.[1] ?? null;
};
const count = async (table: typeof smsCodes | typeof borrowers | typeof promoEvents) =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

describe('channel template and funnel', () => {
  it('gives an enabled template in its market language, and 404 for an unknown one', async () => {
    const res = await get(`${PROMO_PATHS.template}?templateId=${ID_TEMPLATE}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: 2, market: 'ID', lang: 'id', appName: 'Kredito' });
    const missing = await get(`${PROMO_PATHS.template}?templateId=999`, { 'x-lang': 'id' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Tautan penawaran ini sudah tidak berlaku.');
    for (const bad of ['0', '-1', '2147483648', 'x', '1e3', '']) {
      expect((await get(`${PROMO_PATHS.template}?templateId=${bad}`)).statusCode, bad).toBe(400);
    }
  });

  it('counts visits and clicks of a real template only', async () => {
    const before = await count(promoEvents);
    const q = 'page_id=1&user_from=fb&client_type=android&page_type=1&utm_tag=spring&app_from=ymgj';
    expect((await get(`${PROMO_PATHS.trackVisit}?${q}`)).statusCode).toBe(200);
    expect((await get(`${PROMO_PATHS.trackClick}?${q}&phone=9876543210`)).statusCode).toBe(200);
    expect((await get(`${PROMO_PATHS.trackVisit}?page_id=999`)).statusCode).toBe(200);
    expect(await count(promoEvents)).toBe(before + 2);
    expect((await get(`${PROMO_PATHS.trackVisit}?page_id=1&client_type=windows`)).statusCode).toBe(400);
  });
});

describe('picture captcha', () => {
  it('is a PNG drawn anew on each request, and stops after its draws or once used', async () => {
    const { sid, image } = await captcha();
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('no-store');
    expect((await sharp(image.rawPayload).metadata()).format).toBe('png');
    const again = await get(`${PROMO_PATHS.captcha}?sid=${sid}`);
    expect(again.rawPayload.equals(image.rawPayload)).toBe(false);
    for (let i = 2; i < CAPTCHA_MAX_DRAWS; i++) await get(`${PROMO_PATHS.captcha}?sid=${sid}`);
    expect((await get(`${PROMO_PATHS.captcha}?sid=${sid}`)).statusCode).toBe(404);
    expect((await get(`${PROMO_PATHS.captcha}?sid=nonexistent-session-id-0001`)).statusCode).toBe(404);
  });

  it('keeps only a hash of the answer', async () => {
    const { sid, answer } = await captcha();
    const [row] = await t.database.db.select().from(captchas).where(eq(captchas.sid, sid));
    expect(row!.answerHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(answer);
  });
});

describe('SMS code', () => {
  it('sends a code for a right captcha (case-insensitive), stored hashed', async () => {
    const phone = newIndianPhone();
    const { sid, answer } = await captcha();
    const res = await postForm(PROMO_PATHS.sms, {
      phone,
      capcode: answer.toLowerCase(),
      sid,
      appName: 'Kredito',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ code: 0, message: 'The code has been sent to your phone.' });
    const code = await lastSmsCode(phone);
    expect(code).toMatch(/^\d{6}$/);
    const rows = await t.database.db.select().from(smsCodes);
    expect(JSON.stringify(rows)).not.toContain(code!);
    expect(JSON.stringify(rows)).not.toContain(phone);
  });

  it('reads the code out in a call when asked (Indonesian here), and it registers like a typed one', async () => {
    const phone = `0812${String(70_000_000 + ++phoneSeq)}`;
    const { sid, answer } = await captcha(ID_TEMPLATE);
    const res = await postForm(
      PROMO_PATHS.sms,
      { phone, capcode: answer, sid, via: 'voice' },
      { 'x-lang': 'id' },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Kami sedang menelepon ponsel Anda untuk membacakan kode.');
    const call = (await get(`/dev-api/sms/last?phone=${phone}`)).json().data;
    expect(call.via).toBe('voice');
    expect(call.text).toMatch(/^Ini Kredito\. Kode pendaftaran Anda adalah \d(, \d){5}\. Sekali lagi/);
    // The same captcha sends nothing more, however it is asked.
    const again = await postForm(PROMO_PATHS.sms, { phone, capcode: answer, sid });
    expect(again.json().code).toBe(PROMO_CODE.SMS_BAD_CAPTCHA);
    const done = await postForm(PROMO_PATHS.register, {
      phone,
      capcode: answer,
      sid,
      smsCode: call.code,
      id: 2,
    });
    expect(done.json(), done.body).toMatchObject({ code: 0 });
    const bad = await postForm(PROMO_PATHS.sms, { phone, capcode: 'ABCD', sid, via: 'fax' });
    expect(bad.statusCode).toBe(400);
  });

  it('answers 101 to a wrong captcha and burns it, and to a reused one, sending nothing', async () => {
    const phone = newIndianPhone();
    const before = await count(smsCodes);
    const { sid, answer } = await captcha();
    const wrong = await postForm(PROMO_PATHS.sms, {
      phone,
      capcode: answer === 'AAAA' ? 'CCCC' : 'AAAA',
      sid,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe(PROMO_CODE.SMS_BAD_CAPTCHA);
    // The right answer after a wrong one: the captcha is gone.
    expect((await postForm(PROMO_PATHS.sms, { phone, capcode: answer, sid })).json().code).toBe('101');
    // A captcha that sent a code once sends no second one.
    const used = await captcha();
    expect((await postForm(PROMO_PATHS.sms, { phone, capcode: used.answer, sid: used.sid })).statusCode).toBe(
      200,
    );
    const reuse = await postForm(PROMO_PATHS.sms, {
      phone: newIndianPhone(),
      capcode: used.answer,
      sid: used.sid,
    });
    expect(reuse.json().code).toBe('101');
    expect(await count(smsCodes)).toBe(before + 1);
  });

  it('refuses another market number in its language and keeps the captcha', async () => {
    const { sid, answer } = await captcha(IN_TEMPLATE);
    const res = await postForm(
      PROMO_PATHS.sms,
      { phone: '081234567890', capcode: answer, sid },
      { 'x-lang': 'en' },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please enter a valid 10-digit Indian mobile number.');
    expect(
      (await postForm(PROMO_PATHS.sms, { phone: newIndianPhone(), capcode: answer, sid })).statusCode,
    ).toBe(200);
  });

  it('sends one code a minute per phone: a second within 60 s is 429 with Retry-After', async () => {
    const phone = newIndianPhone();
    const statuses: number[] = [];
    let retryAfter: string | undefined;
    for (let i = 0; i < 6; i++) {
      const { sid, answer } = await captcha();
      const res = await postForm(PROMO_PATHS.sms, { phone, capcode: answer, sid });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) retryAfter = String(res.headers['retry-after']);
    }
    expect(statuses).toEqual([200, 429, 429, 429, 429, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(Number(retryAfter)).toBeLessThanOrEqual(60);
  });

  it('holds the per-address limit whatever X-Forwarded-For says', async () => {
    let limited = 0;
    for (let i = 0; i < 12; i++) {
      const res = await postForm(
        PROMO_PATHS.sms,
        { phone: '9876543210', capcode: 'AAAA', sid: 'session-id-that-does-not-exist' },
        { 'x-forwarded-for': `192.0.2.${i}` },
        '198.51.100.77',
      );
      if (res.statusCode === 429) limited++;
    }
    // 10 a minute from one address: the forged header does not make each request a new address.
    expect(limited).toBeGreaterThanOrEqual(2);
  });

  it('refuses hostile bodies with 400 and stays up', async () => {
    for (const body of [
      { phone: '9876543210\u0000', capcode: 'AAAA', sid: 'x'.repeat(24) },
      { phone: '9876543210', capcode: 'AAAA'.repeat(5), sid: 'x'.repeat(24) },
      { phone: '9876543210', capcode: 'AAAA', sid: 'short' },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: PROMO_PATHS.sms,
        payload: body,
        remoteAddress: nextAddress(),
      });
      expect(res.statusCode).toBe(400);
    }
    expect((await get(`${PROMO_PATHS.template}?templateId=1`)).statusCode).toBe(200);
  });
});

describe('registration', () => {
  async function codeFor(phone: string, templateId = IN_TEMPLATE) {
    const c = await captcha(templateId);
    const sent = await postForm(PROMO_PATHS.sms, { phone, capcode: c.answer, sid: c.sid });
    expect(sent.statusCode, sent.body).toBe(200);
    return { ...c, code: (await lastSmsCode(phone))! };
  }
  const register = (body: Record<string, string | number>, lang = 'en') =>
    postForm(
      PROMO_PATHS.register,
      {
        merchantNumber: '0',
        appName: 'ymgj',
        userName: '',
        id: IN_TEMPLATE,
        user_from: 'fb',
        utm_tag: 'spring',
        ...body,
      },
      { 'x-lang': lang },
    );

  it('registers the phone with its code (0), keeps where it came from, and says 11 the second time', async () => {
    const phone = newIndianPhone();
    const { sid, answer, code } = await codeFor(phone);
    const res = await register({
      phone,
      capcode: answer,
      sid,
      smsCode: code,
      deviceId: 'dev-1',
      invite_code: 'FRIEND',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ code: 0, message: 'Registered successfully.' });
    const [b] = await t.database.db.select().from(borrowers).where(eq(borrowers.phone, phone));
    expect(b).toMatchObject({ market: 'IN' });
    const [signup] = await t.database.db
      .select()
      .from(borrowerSignups)
      .where(eq(borrowerSignups.borrowerId, b!.id));
    expect(signup).toMatchObject({
      templateId: 1,
      userFrom: 'fb',
      utmTag: 'spring',
      inviteCode: 'FRIEND',
      deviceId: 'dev-1',
    });

    // The same phone again, proved by a new code: already registered (11).
    t.clock.advance(61_000);
    const again = await codeFor(phone);
    const second = await register(
      { phone, capcode: again.answer, sid: again.sid, smsCode: again.code },
      'id',
    );
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      code: PROMO_CODE.ALREADY_REGISTERED,
      message: 'Nomor ini sudah terdaftar. Silakan unduh aplikasi dan masuk.',
    });
  });

  it('answers -1 to a wrong or reused captcha, and refuses a wrong code without registering', async () => {
    const phone = newIndianPhone();
    const { sid, answer, code } = await codeFor(phone);
    const before = await count(borrowers);
    expect((await register({ phone, capcode: 'ZZZZ', sid, smsCode: code })).json().code).toBe(
      PROMO_CODE.REGISTER_BAD_CAPTCHA,
    );
    // Another phone cannot ride on this captcha.
    expect(
      (await register({ phone: newIndianPhone(), capcode: answer, sid, smsCode: code })).json().code,
    ).toBe('-1');
    const wrong = await register({
      phone,
      capcode: answer,
      sid,
      smsCode: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('The SMS code is not correct. Please check it and try again.');
    expect(await count(borrowers)).toBe(before);
    expect((await register({ phone, capcode: answer, sid, smsCode: code })).statusCode).toBe(200);
    // Used once: the same captcha registers nothing more.
    expect((await register({ phone, capcode: answer, sid, smsCode: code })).json().code).toBe('-1');
  });

  it('refuses an expired code, and a sixth wrong try even with the right code', async () => {
    const phone = newIndianPhone();
    const first = await codeFor(phone);
    t.clock.advance(5 * 60_000 + 1000);
    const expired = await register({ phone, capcode: first.answer, sid: first.sid, smsCode: first.code });
    expect([400]).toContain(expired.statusCode);

    const phone2 = newIndianPhone();
    const c = await codeFor(phone2);
    for (let i = 0; i < 5; i++) {
      await register({
        phone: phone2,
        capcode: c.answer,
        sid: c.sid,
        smsCode: c.code === '123456' ? '654321' : '123456',
      });
    }
    const locked = await register({ phone: phone2, capcode: c.answer, sid: c.sid, smsCode: c.code });
    expect(locked.statusCode).toBe(400);
    expect(locked.json().message).toBe('Too many wrong codes. Please wait an hour, then request a new one.');
  });

  it('never logs a phone number or a code', async () => {
    const phone = newIndianPhone();
    const { code } = await codeFor(phone);
    expect(loggedText(t.logs)).not.toContain(phone);
    expect(loggedText(t.logs)).not.toContain(code);
  });
  // Last: it leaves India's sending paused for the hour.
  it('stops sending at the market hourly cap and logs an alert', async () => {
    let paused: { statusCode: number; body: string } | null = null;
    for (let i = 0; i < 60 && !paused; i++) {
      const phone = newIndianPhone();
      const c = await captcha();
      const res = await postForm(PROMO_PATHS.sms, { phone, capcode: c.answer, sid: c.sid });
      if (res.statusCode === 503) paused = res;
    }
    expect(paused, 'the cap of 40 an hour was never reached').not.toBeNull();
    expect(JSON.parse(paused!.body).message).toBe('We cannot send codes right now. Please try again later.');
    expect(t.logs.some((l) => l.includes('registration SMS cap reached'))).toBe(true);
  });
});
