import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CERTIFY_PATHS } from '../../../shared/contract/constants.ts';
import { DATA_RIGHTS_PATHS } from '../../../shared/contract/data-rights.ts';
import { VERIFY_ERROR_CODE } from '../../../shared/contract/reply-codes.ts';
import type { Market } from '../../../shared/markets.ts';
import { SANDBOX_OTHER_PERSON } from '../../adapters/kyc.ts';
import { uploads, verificationEvents, verificationSteps } from '../../db/schema.ts';
import { createTestApp, loggedText, type TestApp } from '../../test/helpers.ts';
import { uploadsRepository } from '../uploads/uploads.repository.ts';
import { OTP_TTL_MS } from './identity.service.ts';
import { aadhaarEnding, sendSelfie } from './identity.testing.ts';

/** The identity step (issue 30, decision 067): each sandbox answer, the OTP's life, the selfie, no number kept. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const headers = (token: string, lang = 'en') => ({ ...t.auth(token), 'x-lang': lang });
const post = (url: string, token: string, payload: unknown = {}, lang = 'en') =>
  t.app.inject({ method: 'POST', url, headers: headers(token, lang), payload: payload as object });

/** A NIK of Jakarta Selatan born 9 April 1992, a woman (day + 40), with the sandbox's serial. */
const nikWith = (serial: string) => `317405490492${serial}`;
// Every number sent here: none may be stored, replied or logged (the NIK only sealed, in the base step).
const SENT: string[] = [];
const aadhaar = (last4: string) => {
  const n = aadhaarEnding(last4, 23456789 + SENT.length * 1000);
  SENT.push(n);
  return n;
};

async function idOf(token: string): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: '/vdthg/v1/session/me', headers: t.auth(token) });
  return res.json().data.userId as number;
}

/** A borrower with the base step done (India: a PAN; Indonesia: the NIK with the sandbox's serial). */
async function withBase(market: Market, nikSerial = '0042') {
  const me = await t.newBorrower(market, { verified: false });
  const body =
    market === 'IN'
      ? {
          fullName: 'Rahul Verma',
          birthDate: '1990-05-17',
          gender: 'male',
          email: 'r@example.com',
          pan: 'ABCPK4321Z',
        }
      : {
          fullName: 'Sri Wahyuni',
          birthDate: '1992-04-09',
          gender: 'female',
          email: 's@example.co.id',
          nik: nikWith(nikSerial),
        };
  if (market === 'ID') SENT.push(body.nik!);
  const res = await post(CERTIFY_PATHS.base, me, body);
  expect(res.statusCode, res.body).toBe(200);
  return me;
}

async function otpFor(me: string, number: string) {
  const res = await post(CERTIFY_PATHS.identityOtp, me, { aadhaar: number });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { reference: string; expiresAt: string; aadhaar: string };
}

const selfie = async (me: string, size?: { width?: number; height?: number }) => {
  const res = await sendSelfie(t.app, headers(me), size);
  expect(res.statusCode, res.body).toBe(200);
};

/** India all the way: selfie, OTP for an Aadhaar ending in `last4`, confirm. */
async function india(last4: string, size?: { width?: number; height?: number }, lang = 'en') {
  const me = await withBase('IN');
  await selfie(me, size);
  const { reference } = await otpFor(me, aadhaar(last4));
  const res = await post(CERTIFY_PATHS.identity, me, { reference, otp: '123456' }, lang);
  return { me, res };
}

async function identityRows(me: string) {
  const id = await idOf(me);
  const steps = await t.database.db
    .select()
    .from(verificationSteps)
    .where(eq(verificationSteps.borrowerId, id));
  const events = await t.database.db
    .select()
    .from(verificationEvents)
    .where(eq(verificationEvents.borrowerId, id));
  return { id, step: steps.find((s) => s.step === 'identity'), steps, events };
}

function expectNoNumbers(text: string) {
  for (const n of SENT) expect(text).not.toContain(n);
}

describe('India: Aadhaar OTP and a selfie', () => {
  it('matches: done, only the last 4 and the reference kept, the verified name recorded', async () => {
    const { me, res } = await india('4321');
    expect(res.statusCode, res.body).toBe(200);
    expectNoNumbers(res.body);
    const reply = res.json();
    expect(reply.message).toBe('Your identity is verified.');
    expect(reply.data.saved).toMatchObject({
      step: 'identity',
      status: 'done',
      reason: '',
      masked: { aadhaar: '********4321' },
      data: { method: 'aadhaarOtp', aadhaarLast4: '4321', verifiedName: 'RAHUL VERMA' },
    });
    expect(reply.data.next).toBe('personal');
    const rows = await identityRows(me);
    expect(rows.step).toMatchObject({ status: 'done', sealed: null, reason: null });
    expect(rows.step!.data.reference).toMatch(/^UIDAI-SANDBOX-/);
    // Never the number: not in a step (sealed or not), not in the history.
    expectNoNumbers(JSON.stringify(rows.steps));
    expectNoNumbers(JSON.stringify(rows.events));
    expect(rows.events.map((e) => e.status)).toEqual(['done', 'selfie', 'otpSent', 'done']);
    const steps = (await post(CERTIFY_PATHS.steps, me)).json().data;
    expect(steps.steps[1]).toMatchObject({ step: 'identity', status: 'done' });
    // Done: no second check.
    const again = await post(CERTIFY_PATHS.identityOtp, me, { aadhaar: aadhaar('4322') });
    expect(again.statusCode).toBe(409);
  });

  it('another name on the UIDAI record: review, the reason in the borrower’s language', async () => {
    const { me, res } = await india('1111', undefined, 'id');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.saved).toMatchObject({
      status: 'review',
      reason: 'Nama Anda berbeda dengan data kependudukan. Kami sedang memeriksanya.',
      data: { verifiedName: SANDBOX_OTHER_PERSON, checks: { name: 'mismatch' } },
    });
    expect((await identityRows(me)).step!.reason).toBe('nameMismatch');
    const en = (await post(CERTIFY_PATHS.steps, me)).json().data;
    expect(en.steps[1].reason).toBe('Your name differs from the national register. We are checking it.');
    expect(en.next).toBe('identity');
  });

  it('another birth date: refused with the reason; the same reference may not be used again', async () => {
    const me = await withBase('IN');
    await selfie(me);
    const { reference } = await otpFor(me, aadhaar('2222'));
    const res = await post(CERTIFY_PATHS.identity, me, { reference, otp: '123456' });
    expect(res.json().data.saved).toMatchObject({
      status: 'refused',
      reason: 'Your date of birth does not match the national register.',
    });
    const reused = await post(CERTIFY_PATHS.identity, me, { reference, otp: '123456' });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toBe('This code was already used.');
  });

  it('unavailable when asking the OTP or confirming it: 503, no step, nothing kept', async () => {
    const me = await withBase('IN');
    await selfie(me);
    const down = await post(CERTIFY_PATHS.identityOtp, me, { aadhaar: aadhaar('9999') }, 'id');
    expect(down.statusCode).toBe(503);
    expect(down.json().message).toBe('Verifikasi identitas sedang tidak tersedia. Silakan coba lagi nanti.');
    const { reference } = await otpFor(me, aadhaar('8888'));
    const later = await post(CERTIFY_PATHS.identity, me, { reference, otp: '123456' });
    expect(later.statusCode).toBe(503);
    const rows = await identityRows(me);
    expect(rows.step).toBeUndefined();
    expect(rows.events.map((e) => e.status)).toEqual(['done', 'selfie', 'otpSent']);
  });

  it('a wrong OTP, an expired one, and another borrower’s reference are refused', async () => {
    const me = await withBase('IN');
    await selfie(me);
    const { reference } = await otpFor(me, aadhaar('4444'));
    const wrong = await post(CERTIFY_PATHS.identity, me, { reference, otp: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('The code is not right. Check it and try again.');
    const short = await post(CERTIFY_PATHS.identity, me, { reference, otp: '12345' });
    expect(short.json().data.fields).toEqual({ otp: 'Enter the 6-digit code we sent.' });
    const stranger = await withBase('IN');
    await selfie(stranger);
    const theirs = await post(CERTIFY_PATHS.identity, stranger, { reference, otp: '123456' });
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().message).toBe('Ask for a code first.');
    t.clock.advance(OTP_TTL_MS + 1000);
    const late = await post(CERTIFY_PATHS.identity, me, { reference, otp: '123456' });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe('This code has expired. Ask for a new one.');
    expect((await identityRows(me)).step).toBeUndefined();
  });

  it('the same confirmation twice at once: one result, one history row', async () => {
    const me = await withBase('IN');
    await selfie(me);
    const { reference } = await otpFor(me, aadhaar('5555'));
    const [a, b] = await Promise.all([
      post(CERTIFY_PATHS.identity, me, { reference, otp: '123456' }),
      post(CERTIFY_PATHS.identity, me, { reference, otp: '123456' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const rows = await identityRows(me);
    expect(rows.step!.version).toBe(1);
    expect(rows.events.filter((e) => e.step === 'identity' && e.status === 'done')).toHaveLength(1);
  });

  it('refuses a malformed Aadhaar or one with a wrong check digit, each with its message', async () => {
    const me = await withBase('IN');
    const good = aadhaar('6666');
    const bad = `${good.slice(0, 11)}${(Number(good[11]) + 1) % 10}`;
    SENT.push(bad);
    for (const [number, message] of [
      [bad, 'This Aadhaar number is not valid: check the digits.'],
      ['12345', 'Enter your Aadhaar: the 12 digits on your Aadhaar card.'],
    ] as const) {
      const res = await post(CERTIFY_PATHS.identityOtp, me, { aadhaar: number });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(VERIFY_ERROR_CODE.FIELDS);
      expect(res.json().data.fields).toEqual({ aadhaar: message });
      expectNoNumbers(res.body);
    }
  });
});

describe('the selfie', () => {
  it('liveness doubtful or a face unlike the ID photo: review; not live: refused', async () => {
    const doubtful = await india('7001', { width: 321 });
    expect(doubtful.res.json().data.saved).toMatchObject({
      status: 'review',
      reason: 'We could not be sure your selfie was taken live. We are checking it.',
    });
    const face = await india('7002', { height: 323 });
    expect(face.res.json().data.saved).toMatchObject({
      status: 'review',
      data: { checks: { face: 'mismatch' } },
    });
    expect((await identityRows(face.me)).step!.reason).toBe('faceMismatch');
    const spoof = await india('7003', { width: 322 });
    expect(spoof.res.json().data.saved).toMatchObject({
      status: 'refused',
      data: { checks: { liveness: 'notLive' } },
    });
  });

  it('is required before the check, judged by its content, and kept only while the step uses it', async () => {
    const me = await withBase('ID');
    const first = await post(CERTIFY_PATHS.identity, me);
    expect(first.statusCode).toBe(409);
    expect(first.json().message).toBe('Take your selfie first.');
    const form = (await import('../../test/images.ts')).multipart(
      'selfie',
      'me.jpg',
      'image/jpeg',
      Buffer.from('not an image at all'),
    );
    const fake = await t.app.inject({
      method: 'POST',
      url: CERTIFY_PATHS.identitySelfie,
      headers: { ...headers(me), ...form.headers },
      payload: form.payload,
    });
    expect(fake.statusCode).toBe(415);
  });
});

describe('Indonesia: Dukcapil match of NIK, name and birth date', () => {
  const check = async (serial: string) => {
    const me = await withBase('ID', serial);
    await selfie(me);
    return { me, res: await post(CERTIFY_PATHS.identity, me, {}, 'id') };
  };

  it('all "sesuai": done, the NIK masked, never stored by this step', async () => {
    const { me, res } = await check('0042');
    expect(res.statusCode, res.body).toBe(200);
    expectNoNumbers(res.body);
    expect(res.json().data.saved).toMatchObject({
      status: 'done',
      masked: { nik: '************0042' },
      data: { method: 'nikMatch', verifiedName: 'Sri Wahyuni' },
    });
    expect(res.json().message).toBe('Identitas Anda terverifikasi.');
    const rows = await identityRows(me);
    expect(rows.step!.sealed).toBeNull();
    expectNoNumbers(JSON.stringify(rows.step));
    expectNoNumbers(JSON.stringify(rows.events));
  });

  it('name "tidak sesuai": review; birth date: refused; no such NIK: refused; unavailable: 503', async () => {
    expect((await check('1111')).res.json().data.saved).toMatchObject({
      status: 'review',
      reason: 'Nama Anda berbeda dengan data kependudukan. Kami sedang memeriksanya.',
    });
    expect((await check('2222')).res.json().data.saved).toMatchObject({
      status: 'refused',
      reason: 'Tanggal lahir Anda tidak sesuai dengan data kependudukan.',
    });
    const missing = await check('3333');
    expect(missing.res.json().data.saved).toMatchObject({
      status: 'refused',
      reason: 'NIK Anda tidak ditemukan di data kependudukan (Dukcapil).',
      data: { checks: { number: 'mismatch', face: 'noPhoto' } },
    });
    const down = await check('9999');
    expect(down.res.statusCode).toBe(503);
    expect((await identityRows(down.me)).step).toBeUndefined();
    const steps = (await post(CERTIFY_PATHS.steps, down.me)).json().data;
    expect(steps.next).toBe('identity');
  });

  it('India’s OTP is not Indonesia’s', async () => {
    const me = await withBase('ID');
    const res = await post(CERTIFY_PATHS.identityOtp, me, { aadhaar: aadhaar('4321') });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields).toEqual({ aadhaar: 'This check is not used in your country.' });
  });
});

describe('order, locking and bad input', () => {
  it('needs the base step first (409 naming it)', async () => {
    const me = await t.newBorrower('IN', { verified: false });
    for (const [url, body] of [
      [CERTIFY_PATHS.identityOtp, { aadhaar: aadhaar('4321') }],
      [CERTIFY_PATHS.identity, { reference: 'x', otp: '123456' }],
    ] as const) {
      const res = await post(url, me, body);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Complete your basic details first: the identity check compares them.');
    }
    expect((await sendSelfie(t.app, headers(me))).statusCode).toBe(409);
  });

  it('a verified identity locks the base step’s name, birth date, gender and number; the e-mail may change', async () => {
    const { me } = await india('4321');
    const base = {
      fullName: 'Rahul Verma',
      birthDate: '1990-05-17',
      gender: 'male',
      email: 'new@example.com',
      pan: 'ABCPK4321Z',
    };
    expect((await post(CERTIFY_PATHS.base, me, base)).statusCode).toBe(200);
    for (const change of [{ fullName: 'Rohit Verma' }, { birthDate: '1990-05-18' }, { pan: 'ABCPK4321Y' }]) {
      const res = await post(CERTIFY_PATHS.base, me, { ...base, ...change });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/^Your identity is verified/);
    }
  });

  it('refuses NUL bytes, arrays, numbers past int32 and unknown fields with a plain 400', async () => {
    const me = await withBase('IN');
    for (const [url, body] of [
      [CERTIFY_PATHS.identityOtp, { aadhaar: `2345\u00006789` }],
      [CERTIFY_PATHS.identityOtp, { aadhaar: ['234567890124'] }],
      [CERTIFY_PATHS.identityOtp, { aadhaar: 2 ** 31 }],
      [CERTIFY_PATHS.identity, { reference: 'UIDAI', otp: 2 ** 31 }],
      [CERTIFY_PATHS.identity, { reference: ['a', 'b'], otp: '123456' }],
      [CERTIFY_PATHS.identity, { reference: 'a', otp: '123456', aadhaar: '234567890124' }],
    ] as const) {
      const res = await post(url, me, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().data).toBeNull();
    }
  });
});

describe('data rights', () => {
  it('the export holds the identity step masked; cancellation keeps it and deletes the selfie', async () => {
    const { me } = await india('4321');
    const link = await post(DATA_RIGHTS_PATHS.exportLink, me);
    expect(link.statusCode, link.body).toBe(200);
    const file = await t.app.inject({ url: link.json().data.url });
    expectNoNumbers(file.body);
    const identity = (file.json().verification as Array<Record<string, unknown>>).find(
      (s) => s.step === 'identity',
    );
    expect(identity).toMatchObject({
      status: 'done',
      masked: { aadhaar: '********4321' },
      data: { checks: { liveness: 'live' } },
    });
    const { id, step } = await identityRows(me);
    const selfieId = step!.data.selfieUpload as string;
    expect(await t.database.db.select().from(uploads).where(eq(uploads.id, selfieId))).toHaveLength(1);
    const closed = await post(DATA_RIGHTS_PATHS.cancelAccount, me, { confirm: true });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(await t.database.db.select().from(uploads).where(eq(uploads.id, selfieId))).toHaveLength(0);
    const kept = await t.database.db
      .select()
      .from(verificationSteps)
      .where(eq(verificationSteps.borrowerId, id));
    expect(kept.map((s) => s.step).sort()).toEqual(['base', 'identity']);
  });
});

describe('the unattached-uploads sweep', () => {
  it('keeps a selfie an identity step uses and sweeps one no result used', async () => {
    const { me } = await india('4321');
    const used = (await identityRows(me)).step!.data.selfieUpload as string;
    const other = await withBase('IN');
    await selfie(other);
    const [shot] = (await identityRows(other)).events.filter((e) => e.status === 'selfie');
    const unused = shot!.detail.upload as string;
    const repo = uploadsRepository(t.database.db);
    // Everything counts as old: only what something uses survives.
    await repo.deleteUnattached(new Date(Date.now() + 86_400_000), 10_000, async () => {});
    expect(await repo.find(used)).not.toBeNull();
    expect(await repo.find(unused)).toBeNull();
  });
});

describe('the logs', () => {
  it('hold no Aadhaar and no NIK', async () => {
    // Last in the file: every request above has been logged by now.
    expect(SENT.length).toBeGreaterThan(10);
    expectNoNumbers(loggedText(t.logs));
  });
});
