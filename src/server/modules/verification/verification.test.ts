import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CERTIFY_PATHS, CONSENT_TEXT_VERSION, LOAN_PATHS } from '../../../shared/contract/constants.ts';
import { VERIFY_ERROR_CODE } from '../../../shared/contract/reply-codes.ts';
import { marketDay } from '../../../shared/domain/time.ts';
import type { Market } from '../../../shared/markets.ts';
import { sealer } from '../../crypto/sealed.ts';
import { borrowers, consents, verificationEvents, verificationSteps } from '../../db/schema.ts';
import { createTestApp, loggedText, type TestApp } from '../../test/helpers.ts';
import { passIdentity } from './identity.testing.ts';

/** The verification steps (issue 30, decision 064): every field per market, sealing, masking, gating. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** English unless asked (an Indonesian borrower's default is Indonesian). */
const post = (url: string, token: string, payload: unknown = {}, lang = 'en') =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...t.auth(token), 'x-lang': lang },
    payload: payload as object,
  });

/** A new borrower with no step done, as one who just registered. */
const fresh = (market: Market) => t.newBorrower(market, { verified: false });

async function idOf(token: string): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: '/vdthg/v1/session/me', headers: t.auth(token) });
  return res.json().data.userId as number;
}

/** Today in the market, moved by `years` and `days` (the birth date that makes an age). */
function yearsAgo(market: Market, years: number, days = 0): string {
  const today = marketDay(t.clock.now(), market);
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A NIK of Jakarta Selatan for the birth date and gender (day + 40 for women). */
function nikFor(birthDate: string, gender: 'male' | 'female', serial = '0001'): string {
  const [y, m, d] = birthDate.split('-');
  return `317405${String(Number(d) + (gender === 'female' ? 40 : 0)).padStart(2, '0')}${m}${y!.slice(2)}${serial}`;
}

// Every personal number the tests send: none may appear in a log line, a refusal or a stored column.
const PAN = 'ABCPK4321Z';
const NIK = nikFor('1992-04-09', 'female', '0007');
const CONTACT_IN = '9123456780';
const CONTACT_ID = '081377712345';
const SENT: string[] = [PAN, NIK, CONTACT_IN, CONTACT_ID];

const baseIN = (over: Record<string, unknown> = {}) => ({
  fullName: 'Rahul Verma',
  birthDate: '1990-05-17',
  gender: 'male',
  email: 'rahul@example.com',
  pan: PAN,
  ...over,
});
const baseID = (over: Record<string, unknown> = {}) => ({
  fullName: 'Sri Wahyuni',
  birthDate: '1992-04-09',
  gender: 'female',
  email: 'sri@example.co.id',
  nik: NIK,
  ...over,
});
const personal = (market: Market, over: Record<string, unknown> = {}) => ({
  address: market === 'IN' ? '221 Linking Road, Bandra West' : 'Jl. Kebon Jeruk No. 5',
  city: market === 'IN' ? 'MH-MUMBAI' : '32-KOTABANDUNG',
  education: 'bachelor',
  maritalStatus: 'married',
  ...over,
});
const job = (market: Market, over: Record<string, unknown> = {}) => ({
  employmentType: 'salaried',
  employer: market === 'IN' ? 'Tata Consultancy Services' : 'PT Sinar Abadi',
  income: market === 'IN' ? 2_500_000 : 7_000_000_000,
  ...over,
});
const extra = (market: Market, over: Record<string, unknown> = {}) => ({
  purpose: 'medical',
  contacts: [{ name: 'Anita Verma', relation: 'spouse', phone: market === 'IN' ? CONTACT_IN : CONTACT_ID }],
  ...over,
});

/** Saves and expects a refusal of exactly these fields; answers the field messages. */
async function refusedFields(url: string, token: string, body: unknown, lang?: string) {
  const res = await post(url, token, body, lang);
  expect(res.statusCode, res.body).toBe(400);
  const reply = res.json();
  expect(reply.code).toBe(VERIFY_ERROR_CODE.FIELDS);
  for (const n of SENT) expect(res.body).not.toContain(n);
  return reply.data.fields as Record<string, string>;
}

async function saved(url: string, token: string, body: unknown) {
  const res = await post(url, token, body);
  expect(res.statusCode, res.body).toBe(200);
  for (const n of SENT) expect(res.body).not.toContain(n);
  return res.json().data;
}

describe('base: name, birth date, gender, e-mail and the market’s identity number', () => {
  it('India: a person’s PAN, masked to its last 4 in the reply', async () => {
    const me = await fresh('IN');
    const data = await saved(CERTIFY_PATHS.base, me, baseIN({ pan: 'abcpk 4321z' }));
    expect(data.saved).toMatchObject({
      step: 'base',
      status: 'done',
      version: 1,
      masked: { pan: '******321Z' },
    });
    expect(data.saved.data).toEqual({
      fullName: 'Rahul Verma',
      birthDate: '1990-05-17',
      gender: 'male',
      email: 'rahul@example.com',
    });
    expect(data.next).toBe('identity');
  });

  it('India: refuses a malformed PAN, a company’s PAN, and a NIK, each with its own message', async () => {
    const me = await fresh('IN');
    expect(await refusedFields(CERTIFY_PATHS.base, me, baseIN({ pan: 'ABCP1234FF' }))).toEqual({
      pan: 'Enter your PAN as 10 characters: 5 letters, 4 digits, 1 letter (ABCDE1234F).',
    });
    expect(await refusedFields(CERTIFY_PATHS.base, me, baseIN({ pan: 'ABCCK4321Z' }), 'id')).toEqual({
      pan: 'PAN ini bukan PAN perorangan (huruf ke-4 harus P).',
    });
    expect(await refusedFields(CERTIFY_PATHS.base, me, baseIN({ nik: NIK }))).toEqual({
      nik: 'This field is not used in your country.',
    });
  });

  it('Indonesia: a NIK that agrees with the birth date and gender, masked', async () => {
    const me = await fresh('ID');
    const data = await saved(CERTIFY_PATHS.base, me, baseID());
    expect(data.saved.masked).toEqual({ nik: `************${NIK.slice(-4)}` });
  });

  it('Indonesia: refuses a NIK of another birth date, of the other gender, of no province, or malformed', async () => {
    const me = await fresh('ID');
    const wrongDay = nikFor('1992-04-10', 'female');
    expect(await refusedFields(CERTIFY_PATHS.base, me, baseID({ nik: wrongDay }))).toEqual({
      nik: 'This NIK does not match your date of birth.',
    });
    // A man's day (no +40) for a woman: the gender disagrees.
    expect(
      await refusedFields(CERTIFY_PATHS.base, me, baseID({ nik: nikFor('1992-04-09', 'male') }), 'id'),
    ).toEqual({
      nik: 'NIK ini tidak sesuai dengan jenis kelamin Anda.',
    });
    expect(await refusedFields(CERTIFY_PATHS.base, me, baseID({ nik: `99${NIK.slice(2)}` }))).toEqual({
      nik: 'This NIK does not start with a province code.',
    });
    expect(await refusedFields(CERTIFY_PATHS.base, me, baseID({ nik: '12345' }))).toEqual({
      nik: 'Enter your NIK: the 16 digits on your KTP.',
    });
    expect(await refusedFields(CERTIFY_PATHS.base, me, baseID({ pan: PAN }))).toEqual({
      pan: 'This field is not used in your country.',
    });
  });

  it('takes an 18th birthday today and refuses the day before it, in both languages', async () => {
    const me = await fresh('IN');
    const minor = yearsAgo('IN', 18, 1);
    expect(await refusedFields(CERTIFY_PATHS.base, me, baseIN({ birthDate: minor }))).toEqual({
      birthDate: 'You must be 18 or older to borrow.',
    });
    expect(await refusedFields(CERTIFY_PATHS.base, me, baseIN({ birthDate: minor }), 'id')).toEqual({
      birthDate: 'Anda harus berusia minimal 18 tahun untuk meminjam.',
    });
    await saved(CERTIFY_PATHS.base, me, baseIN({ birthDate: yearsAgo('IN', 18) }));
    // Indonesia: the NIK carries the same date.
    const other = await fresh('ID');
    const adult = yearsAgo('ID', 18);
    await saved(CERTIFY_PATHS.base, other, baseID({ birthDate: adult, nik: nikFor(adult, 'female') }));
  });

  it('answers every missing or wrong field at once, each with its message', async () => {
    const me = await fresh('IN');
    expect(await refusedFields(CERTIFY_PATHS.base, me, {})).toEqual({
      fullName: 'Please fill this in.',
      birthDate: 'Please fill this in.',
      gender: 'Please fill this in.',
      email: 'Please fill this in.',
      pan: 'Please fill this in.',
    });
    expect(
      await refusedFields(CERTIFY_PATHS.base, me, {
        fullName: '1',
        birthDate: '1990-02-30',
        gender: 'other',
        email: 'not-an-email',
        pan: PAN,
      }),
    ).toEqual({
      fullName: 'Enter your full name as on your ID (letters, at least 2).',
      birthDate: 'Enter your date of birth as YYYY-MM-DD.',
      gender: 'Choose male or female.',
      email: 'Enter a valid e-mail address.',
    });
  });
});

describe('personal: address and a city of the market’s list', () => {
  it('lists India’s states and Indonesia’s provinces with their cities', async () => {
    const india = (await post(CERTIFY_PATHS.cityList, await fresh('IN'))).json().data.regions;
    const karnataka = india.find((r: { code: string }) => r.code === 'KA');
    expect(karnataka.cities.map((c: { name: string }) => c.name)).toContain('Bengaluru');
    const indonesia = (await post(CERTIFY_PATHS.cityList, await fresh('ID'))).json().data.regions;
    expect(indonesia.find((r: { code: string }) => r.code === '31').name).toBe('DKI Jakarta');
  });

  it('takes a city of the list and refuses one of the other market or unknown', async () => {
    const me = await fresh('IN');
    const data = await saved(CERTIFY_PATHS.personal, me, personal('IN'));
    expect(data.saved.data).toMatchObject({
      city: 'MH-MUMBAI',
      cityName: 'Mumbai',
      regionName: 'Maharashtra',
    });
    expect(
      await refusedFields(CERTIFY_PATHS.personal, me, personal('IN', { city: '32-KOTABANDUNG' })),
    ).toEqual({
      city: 'Choose your city from the list.',
    });
    expect(
      await refusedFields(
        CERTIFY_PATHS.personal,
        me,
        personal('IN', { education: 'phd', maritalStatus: 'complicated', address: 'x' }),
        'id',
      ),
    ).toEqual({
      address: 'Masukkan alamat Anda (minimal 5 karakter).',
      education: 'Pilih pendidikan Anda dari daftar.',
      maritalStatus: 'Pilih status perkawinan Anda dari daftar.',
    });
  });
});

describe('job: the income floor of each market', () => {
  it('India: ₹12,000 a month is enough, ₹11,999.99 is refused', async () => {
    const me = await fresh('IN');
    expect(await refusedFields(CERTIFY_PATHS.job, me, job('IN', { income: 1_199_999 }))).toEqual({
      income: 'Your monthly salary must be at least ₹12,000 to borrow.',
    });
    const data = await saved(CERTIFY_PATHS.job, me, job('IN', { income: 1_200_000 }));
    expect(data.saved.data).toMatchObject({ income: 1_200_000, incomePer: 'month' });
  });

  it('Indonesia: Rp 5,000,000 a year is enough, one rupiah less is refused (in Indonesian)', async () => {
    const me = await fresh('ID');
    const fields = await refusedFields(CERTIFY_PATHS.job, me, job('ID', { income: 499_999_900 }), 'id');
    expect(fields.income).toMatch(
      /^Penghasilan tahunan Anda minimal Rp\s?5\.000\.000 untuk dapat meminjam\.$/,
    );
    const data = await saved(CERTIFY_PATHS.job, me, job('ID', { income: 500_000_000 }));
    expect(data.saved.data).toMatchObject({ income: 500_000_000, incomePer: 'year' });
  });

  it('keeps an income past int32 exactly, and refuses what is not a whole number', async () => {
    const me = await fresh('ID');
    const big = 2 ** 31 + 7;
    expect((await saved(CERTIFY_PATHS.job, me, job('ID', { income: big }))).saved.data.income).toBe(big);
    for (const income of [1e16, -1, 1.5, '12e5', [1_200_000], null]) {
      const res = await post(CERTIFY_PATHS.job, me, job('ID', { income }));
      expect(res.statusCode, String(income)).toBe(400);
    }
  });
});

describe('extra: loan purpose and 1-3 emergency contacts typed by the borrower', () => {
  it('seals the contacts’ phones and masks them in the reply', async () => {
    const me = await fresh('IN');
    const data = await saved(CERTIFY_PATHS.extra, me, extra('IN'));
    expect(data.saved.data).toEqual({
      purpose: 'medical',
      contacts: [{ name: 'Anita Verma', relation: 'spouse' }],
    });
    expect(data.saved.masked).toEqual({ contacts: ['******6780'] });
  });

  it('refuses no contact, four, a phone of the other market, a repeated one and the borrower’s own', async () => {
    const me = await fresh('ID');
    expect(await refusedFields(CERTIFY_PATHS.extra, me, extra('ID', { contacts: [] }))).toEqual({
      contacts: 'Add 1 to 3 emergency contacts.',
    });
    const c = (phone: string) => ({ name: 'Ayu Lestari', relation: 'friend', phone });
    const four = ['081300000001', '081300000002', '081300000003', '081300000004'].map(c);
    expect(await refusedFields(CERTIFY_PATHS.extra, me, extra('ID', { contacts: four }))).toEqual({
      contacts: 'Add 1 to 3 emergency contacts.',
    });
    expect(
      await refusedFields(CERTIFY_PATHS.extra, me, extra('ID', { contacts: [c(CONTACT_IN)] }), 'id'),
    ).toEqual({ 'contacts.0.phone': 'Masukkan nomor ponsel yang valid di negara Anda.' });
    expect(
      await refusedFields(
        CERTIFY_PATHS.extra,
        me,
        extra('ID', { contacts: [c(CONTACT_ID), c(`+62${CONTACT_ID.slice(1)}`)] }),
      ),
    ).toEqual({ 'contacts.1.phone': 'Each contact needs a different number.' });
    expect(
      await refusedFields(CERTIFY_PATHS.extra, me, {
        purpose: 'gambling',
        contacts: [{ name: '', relation: 'boss', phone: CONTACT_ID }],
      }),
    ).toEqual({
      purpose: 'Choose the purpose of the loan from the list.',
      'contacts.0.name': 'Please fill this in.',
      'contacts.0.relation': 'Choose how you know this contact.',
    });
    const [own] = await t.database.db
      .select({ phone: borrowers.phone })
      .from(borrowers)
      .where(eq(borrowers.id, await idOf(me)));
    expect(await refusedFields(CERTIFY_PATHS.extra, me, extra('ID', { contacts: [c(own!.phone)] }))).toEqual({
      'contacts.0.phone': 'An emergency contact must be someone else: not your own number.',
    });
    // Nothing was stored by any refusal.
    const rows = await t.database.db
      .select()
      .from(verificationSteps)
      .where(eq(verificationSteps.borrowerId, await idOf(me)));
    expect(rows).toEqual([]);
  });
});

describe('at rest and in replies', () => {
  it('seals PAN, NIK and contacts’ phones: the row holds none of them, the key opens them', async () => {
    const india = await fresh('IN');
    await saved(CERTIFY_PATHS.base, india, baseIN());
    await saved(CERTIFY_PATHS.extra, india, extra('IN'));
    const indonesia = await fresh('ID');
    await saved(CERTIFY_PATHS.base, indonesia, baseID());
    await saved(CERTIFY_PATHS.extra, indonesia, extra('ID'));
    const rows = [
      ...(await t.database.db
        .select()
        .from(verificationSteps)
        .where(eq(verificationSteps.borrowerId, await idOf(india)))),
      ...(await t.database.db
        .select()
        .from(verificationSteps)
        .where(eq(verificationSteps.borrowerId, await idOf(indonesia)))),
    ];
    const events = await t.database.db.select().from(verificationEvents);
    const stored = JSON.stringify([rows, events]);
    for (const n of SENT) expect(stored).not.toContain(n);
    const key = sealer(t.config.dataKey!);
    const open = (step: string, market: Market) =>
      JSON.parse(
        key.open(`verification:${step}`, rows.find((r) => r.step === step && r.market === market)!.sealed!),
      );
    expect(open('base', 'IN')).toEqual({ pan: PAN });
    expect(open('base', 'ID')).toEqual({ nik: NIK });
    expect(open('extra', 'IN')).toEqual({ phones: [CONTACT_IN] });
    expect(open('extra', 'ID')).toEqual({ phones: [CONTACT_ID] });
  });

  it('the steps call shows masked numbers only, and another borrower sees none of them', async () => {
    const me = await fresh('IN');
    await saved(CERTIFY_PATHS.base, me, baseIN());
    const res = await post(CERTIFY_PATHS.steps, me);
    expect(res.statusCode).toBe(200);
    for (const n of SENT) expect(res.body).not.toContain(n);
    const data = res.json().data;
    expect(data).toMatchObject({ next: 'identity', level: 1, required: 5 });
    expect(data.steps.map((s: { step: string; status: string }) => [s.step, s.status])).toEqual([
      ['base', 'done'],
      ['identity', 'missing'],
      ['personal', 'missing'],
      ['job', 'missing'],
      ['extra', 'missing'],
    ]);
    expect(data.steps[0]).toMatchObject({ title: 'Basic details', masked: { pan: '******321Z' } });
    const other = await post(CERTIFY_PATHS.steps, await fresh('IN'), {}, 'id');
    expect(other.json().data).toMatchObject({ next: 'base', level: 0 });
    expect(other.body).not.toContain('321Z');
    expect(other.body).not.toContain('Rahul');
    expect(other.json().data.steps[0].title).toBe('Data dasar');
  });
});

describe('corrections and races', () => {
  it('a done step is corrected: new data, version + 1, one history row per save', async () => {
    const me = await fresh('IN');
    await saved(CERTIFY_PATHS.job, me, job('IN'));
    const second = await saved(CERTIFY_PATHS.job, me, job('IN', { employer: 'Wipro' }));
    expect(second.saved).toMatchObject({ version: 2, data: { employer: 'Wipro' } });
    const events = await t.database.db
      .select()
      .from(verificationEvents)
      .where(eq(verificationEvents.borrowerId, await idOf(me)));
    expect(events.map((e) => [e.step, e.status, e.actor, e.detail.version])).toEqual([
      ['job', 'done', 'borrower', 1],
      ['job', 'done', 'borrower', 2],
    ]);
  });

  it('the same save twice at once: both taken in turn, one row at version 2, two history rows', async () => {
    const me = await fresh('ID');
    const [a, b] = await Promise.all([
      post(CERTIFY_PATHS.personal, me, personal('ID')),
      post(CERTIFY_PATHS.personal, me, personal('ID')),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const id = await idOf(me);
    const rows = await t.database.db
      .select()
      .from(verificationSteps)
      .where(eq(verificationSteps.borrowerId, id));
    expect(rows.map((r) => [r.step, r.version])).toEqual([['personal', 2]]);
    const events = await t.database.db
      .select()
      .from(verificationEvents)
      .where(eq(verificationEvents.borrowerId, id));
    expect(events).toHaveLength(2);
  });

  it('refuses a correction while a loan is pending or live (the demo borrower has one)', async () => {
    const demo = await t.signIn('IN');
    const res = await post(CERTIFY_PATHS.job, demo, job('IN', { employer: 'Someone Else Ltd' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Your details cannot be changed while you have a loan in progress.');
  });

  it('refuses NUL bytes, arrays for strings, unknown fields and numbers for strings with a 400', async () => {
    const me = await fresh('IN');
    for (const body of [
      baseIN({ fullName: 'Rahul\u0000Verma' }),
      baseIN({ pan: [PAN] }),
      baseIN({ email: { $gt: '' } }),
      baseIN({ gender: 1 }),
      baseIN({ isAdmin: true }),
      extra('IN', { contacts: 'all' }),
    ]) {
      const res = await post(CERTIFY_PATHS.base, me, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().data).toBeNull();
      for (const n of SENT) expect(res.body).not.toContain(n);
    }
  });
});

describe('contacts and the consented data', () => {
  it('never takes an address book: a clear refusal in the borrower’s language, nothing kept or logged', async () => {
    const me = await fresh('ID');
    const book = { contacts: [{ name: 'Ibu', phone: '081399988877' }], callLog: [], sms: [] };
    const en = await post(CERTIFY_PATHS.contacts, me, book);
    expect(en.statusCode).toBe(403);
    expect(en.json().message).toBe(
      'We never read your address book, call log, messages or photos. Type your emergency contacts yourself instead.',
    );
    const id = await post(CERTIFY_PATHS.contacts, me, book, 'id');
    expect(id.json().message).toMatch(/^Kami tidak pernah membaca buku kontak/);
    expect(loggedText(t.logs)).not.toContain('081399988877');
  });

  it('refuses location or device data without the borrower’s consent', async () => {
    const me = await fresh('IN');
    const location = { latitude: 12.97, longitude: 77.59 };
    const none = await post(CERTIFY_PATHS.consentData, me, { location });
    expect(none.statusCode).toBe(403);
    expect(none.json().message).toBe('We need your consent before you send this data.');
    const no = await post(
      CERTIFY_PATHS.consentData,
      me,
      { consent: { purpose: 'location', textVersion: CONSENT_TEXT_VERSION, granted: false }, location },
      'id',
    );
    expect(no.statusCode).toBe(403);
    expect(no.json().message).toBe('Kami memerlukan persetujuan Anda sebelum Anda mengirim data ini.');
    const old = await post(CERTIFY_PATHS.consentData, me, {
      consent: { purpose: 'location', textVersion: '2020-01', granted: true },
      location,
    });
    expect(old.statusCode).toBe(409);
    const rows = await t.database.db
      .select()
      .from(consents)
      .where(eq(consents.borrowerId, await idOf(me)));
    expect(rows).toEqual([]);
  });

  it('keeps data sent with consent once, with its purpose, text version and time', async () => {
    const me = await fresh('IN');
    const consent = { purpose: 'location', textVersion: CONSENT_TEXT_VERSION, granted: true };
    const location = { latitude: 12.97, longitude: 77.59, accuracyMeters: 20 };
    // Data the consent is not for is refused.
    const wrong = await post(CERTIFY_PATHS.consentData, me, {
      consent,
      device: { model: 'Pixel 7', os: 'Android', osVersion: '14', appVersion: '3.2.0' },
    });
    expect(wrong.statusCode).toBe(400);
    const res = await post(CERTIFY_PATHS.consentData, me, { consent, location });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ purpose: 'location', textVersion: CONSENT_TEXT_VERSION });
    const again = await post(CERTIFY_PATHS.consentData, me, { consent, location });
    expect(again.statusCode).toBe(409);
    const rows = await t.database.db
      .select()
      .from(consents)
      .where(eq(consents.borrowerId, await idOf(me)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      purpose: 'location',
      textVersion: CONSENT_TEXT_VERSION,
      granted: true,
      data: location,
    });
    // The device has a consent of its own.
    const device = await post(CERTIFY_PATHS.consentData, me, {
      consent: { ...consent, purpose: 'device' },
      device: { model: 'Pixel 7', os: 'Android', osVersion: '14', appVersion: '3.2.0', imei: '123' },
    });
    expect(device.statusCode).toBe(400);
  });
});

describe('applying and confirming need every required step', () => {
  async function firstProduct(token: string): Promise<number> {
    const res = await post(LOAN_PATHS.recommendList, token);
    return res.json().data[0].id as number;
  }

  const MISSING = {
    base: {
      en: 'Complete your basic details before you apply.',
      id: 'Lengkapi data dasar Anda sebelum mengajukan pinjaman.',
    },
    identity: {
      en: 'Complete the identity check before you apply.',
      id: 'Selesaikan verifikasi identitas sebelum mengajukan pinjaman.',
    },
    personal: {
      en: 'Complete your personal details before you apply.',
      id: 'Lengkapi data pribadi Anda sebelum mengajukan pinjaman.',
    },
    job: {
      en: 'Complete your work and income details before you apply.',
      id: 'Lengkapi data pekerjaan dan penghasilan Anda sebelum mengajukan pinjaman.',
    },
    extra: {
      en: 'Add the loan purpose and your emergency contacts before you apply.',
      id: 'Isi tujuan pinjaman dan kontak darurat Anda sebelum mengajukan pinjaman.',
    },
  };

  for (const market of ['IN', 'ID'] as const) {
    it(`${market}: apply and push are refused naming the first missing step, then taken`, async () => {
      const me = await fresh(market);
      const productId = await firstProduct(me);
      const confirm = (await post(LOAN_PATHS.confirmDetail, me, { productId })).json().data;
      const push = () =>
        post(LOAN_PATHS.push, me, {
          productId,
          amount: confirm.amount,
          periods: confirm.periods,
          termUnit: 'day',
          agreed: true,
          requestKey: `verify-gate-${market}-0001`,
          quoteId: confirm.quote.id,
        });
      const expectMissing = async (step: keyof typeof MISSING) => {
        for (const lang of ['en', 'id'] as const) {
          const apply = await post(LOAN_PATHS.apply, me, { product_id: productId, module_id: 300 }, lang);
          expect(apply.statusCode, apply.body).toBe(409);
          expect(apply.json()).toMatchObject({
            code: VERIFY_ERROR_CODE.STEP_MISSING,
            message: MISSING[step][lang],
          });
        }
        const pushed = await push();
        expect(pushed.statusCode).toBe(409);
        expect(pushed.json().message).toBe(MISSING[step].en);
      };
      await expectMissing('base');
      await saved(CERTIFY_PATHS.base, me, market === 'IN' ? baseIN() : baseID());
      await expectMissing('identity');
      const checked = await passIdentity(t.app, { ...t.auth(me), 'x-lang': 'en' }, market);
      expect(checked.statusCode, checked.body).toBe(200);
      expect(checked.json().data.saved.status).toBe('done');
      await expectMissing('personal');
      await saved(CERTIFY_PATHS.personal, me, personal(market));
      await saved(CERTIFY_PATHS.extra, me, extra(market));
      // Out of order: job is the one left.
      await expectMissing('job');
      await saved(CERTIFY_PATHS.job, me, job(market));
      const apply = await post(LOAN_PATHS.apply, me, { product_id: productId, module_id: 300 });
      expect(apply.statusCode, apply.body).toBe(200);
      const pushed = await push();
      expect(pushed.statusCode, pushed.body).toBe(200);
      expect((await post(CERTIFY_PATHS.steps, me)).json().data).toMatchObject({ next: null, level: 5 });
    });
  }
});

describe('the logs', () => {
  it('keeps identity numbers and phones out of every log line', async () => {
    // Last in the file: every request above, refused or taken, has been logged by now.
    expect(t.logs.length).toBeGreaterThan(50);
    const text = loggedText(t.logs);
    for (const n of SENT) expect(text).not.toContain(n);
    expect(text).not.toContain(PAN.toLowerCase());
  });
});
