import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_BASE, COMPLAINT_BASE } from '../shared/contract/constants.ts';
import {
  auditLog,
  complaintImages,
  complaints,
  contactMessages,
  problemTypes,
  qaItems,
  qaRecords,
} from './db/schema.ts';
import type { Statement } from './db/statement.ts';
import { createTestApp, type TestApp } from './test/helpers.ts';
import { multipart, photo } from './test/images.ts';

let t: TestApp;
let india: string;
let indonesia: string;
let staff: { cookie: string; csrf: string };
/** Ids of real rows, so that a refused request would otherwise have reached the database. */
let ownComplaint: number;
let queueComplaint: number;
let qaNode: number;
let complaintType: number;

const DUE_IN = 'IN20261101001';
const DUE_ID = 'ID20261101001';
const validSave = {
  problemType: 2,
  problemSonType: 0,
  problemDetail: 'My payment is not showing.',
  problemImage: '',
  orderNo: DUE_IN,
};
const VALIDATION = {
  en: 'Some of the information is not valid. Please check and try again.',
  id: 'Ada informasi yang tidak valid. Silakan periksa dan coba lagi.',
};

let address = 1;
/** Each public or sign-in call from its own address: their per-address limits have their own tests. */
const nextAddress = () => `10.77.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;

const post = (path: string, token: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `${COMPLAINT_BASE}/${path}`,
    payload: JSON.stringify(payload),
    headers: { ...t.auth(token), 'content-type': 'application/json' },
  });
const get = (path: string, token: string) =>
  t.app.inject({ url: `${COMPLAINT_BASE}/${path}`, headers: t.auth(token) });
const asStaff = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `${ADMIN_BASE}${url}`,
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    headers: {
      cookie: staff.cookie,
      ...(method === 'GET' ? {} : { 'x-csrf-token': staff.csrf }),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
  });
const contactForm = (payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/vdthg/v1/site/contact-message',
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'application/json' },
    remoteAddress: nextAddress(),
  });
const staffSignIn = (payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `${ADMIN_BASE}/session/login`,
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'application/json' },
    remoteAddress: nextAddress(),
  });

/** The 400 envelope in the caller's language, never a 500. */
function expectRefused(res: LightMyRequestResponse, what: string, lang: 'en' | 'id' = 'en') {
  expect(res.statusCode, `${what} → ${res.body}`).toBe(400);
  expect(res.json(), what).toEqual({ code: '400', data: null, message: VALIDATION[lang] });
}

/** Everything the attacked routes could write, as one comparable snapshot. */
async function written() {
  const { db } = t.database;
  return {
    complaints: await db.select().from(complaints),
    images: await db.select().from(complaintImages),
    records: await db.select().from(qaRecords),
    messages: await db.select().from(contactMessages),
    qa: await db.select().from(qaItems),
    types: await db.select().from(problemTypes),
    audit: (await db.select().from(auditLog)).length,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  india = await t.signIn('IN');
  indonesia = await t.signIn('ID');
  const login = await staffSignIn({ email: 'admin@kredito.test', password: 'Admin!2345' });
  expect(login.statusCode, login.body).toBe(200);
  staff = { cookie: String(login.headers['set-cookie']).split(';')[0]!, csrf: login.json().data.csrfToken };

  ownComplaint = (await post('problem-list', india, {})).json().data.list[0].id;
  queueComplaint = (await asStaff('GET', '/complaints?market=IN')).json().data.items[0].id;
  qaNode = (await asStaff('GET', '/qa?market=IN'))
    .json()
    .data.items.find((i: { kind: string }) => i.kind === 'question').id;
  complaintType = (await asStaff('GET', '/complaint-types?market=IN')).json().data.items[0].id;
});
afterAll(async () => {
  await t.close();
});

describe('control characters in text', () => {
  const NUL = 'a\u0000b';
  /** Every borrower-, public- and staff-supplied text field of the attacked routes. */
  const cases: Array<[string, (text: string) => Promise<LightMyRequestResponse>]> = [
    ['problem-save problemDetail', (s) => post('problem-save', india, { ...validSave, problemDetail: s })],
    ['problem-save orderNo', (s) => post('problem-save', india, { ...validSave, orderNo: s })],
    ['problem-save problemImage', (s) => post('problem-save', india, { ...validSave, problemImage: s })],
    ['problem-init orderNo', (s) => post('problem-init', india, { orderNo: s })],
    ['qa-record value', (s) => post('qa-record', india, { type: 4, value: s })],
    ['qa-record orderNo', (s) => post('qa-record', india, { type: 1, orderNo: s })],
    ['get-qa-list orderNo', (s) => get(`get-qa-list?pid=0&orderNo=${encodeURIComponent(s)}`, india)],
    ...(['name', 'telephone', 'suggestion', 'email'] as const).map(
      (field): [string, (s: string) => Promise<LightMyRequestResponse>] => [
        `contact-message ${field}`,
        (s) =>
          contactForm({
            market: 'IN',
            name: 'Asha',
            telephone: '9876500000',
            suggestion: 'Please call me.',
            email: 'asha@example.com',
            [field]: s,
          }),
      ],
    ),
    ['staff sign-in email', (s) => staffSignIn({ email: `admin${s}@kredito.test`, password: 'Admin!2345' })],
    ['staff sign-in password', (s) => staffSignIn({ email: 'admin@kredito.test', password: s })],
    ['staff reply text', (s) => asStaff('POST', `/complaints/${queueComplaint}/reply`, { replyText: s })],
    [
      'staff reply images',
      (s) => asStaff('POST', `/complaints/${queueComplaint}/reply`, { replyText: 'Done.', replyImages: s }),
    ],
    [
      'chatbot content create',
      (s) =>
        asStaff('POST', '/qa', {
          market: 'IN',
          parentId: 0,
          kind: 'category',
          titleEn: s,
          titleId: 'Kategori',
        }),
    ],
    [
      'chatbot content create alias',
      (s) =>
        asStaff('POST', '/qa', {
          market: 'IN',
          parentId: 0,
          kind: 'category',
          titleEn: 'Category',
          titleId: 'Kategori',
          aliasEn: s,
        }),
    ],
    [
      'chatbot content update',
      (s) =>
        asStaff('PUT', `/qa/${qaNode}`, {
          market: 'IN',
          parentId: 0,
          kind: 'question',
          titleEn: 'Question',
          titleId: s,
        }),
    ],
    [
      'complaint type update',
      (s) =>
        asStaff('PUT', `/complaint-types/${complaintType}`, {
          titleEn: s,
          titleId: 'x',
          sort: 1,
          active: true,
        }),
    ],
  ];

  for (const [name, call] of cases) {
    it(`refuses a NUL byte in ${name} with a 400, writing nothing`, async () => {
      const before = await written();
      expectRefused(await call(NUL), name);
      expect(await written()).toEqual(before);
    });
  }

  it('refuses other control characters in single-line fields, keeps line breaks in free text', async () => {
    for (const c of ['\u0001', '\u0008', '\u001B', '\u007F', '\u0085', '\u009F', '\n', '\t']) {
      expectRefused(await post('problem-init', india, { orderNo: `IN${c}1` }), JSON.stringify(c));
    }
    for (const c of ['\u0000', '\u0007', '\u000B', '\u000C', '\u001B', '\u007F', '\u0085']) {
      expectRefused(await post('qa-record', india, { type: 4, value: `repay${c}loan` }), JSON.stringify(c));
    }
    const lines = await post('qa-record', india, { type: 4, value: 'How do I\r\nrepay\tmy loan?' });
    expect(lines.statusCode, lines.body).toBe(200);
  });

  it('answers in the caller’s language', async () => {
    // A schema refusal comes before the session is read: the language is the one the call names (the
    // web's request helper always sends x-lang) or the Accept-Language.
    for (const header of [{ 'x-lang': 'id' }, { 'accept-language': 'id-ID,id;q=0.9' }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${COMPLAINT_BASE}/problem-save`,
        payload: { ...validSave, orderNo: DUE_ID, problemDetail: NUL },
        headers: { ...t.auth(indonesia), ...header },
      });
      expectRefused(res, JSON.stringify(header), 'id');
    }
    const form = await contactForm({
      market: 'ID',
      lang: 'id',
      name: NUL,
      telephone: '081234567890',
      suggestion: 'x',
    });
    expectRefused(form, 'contact form in Indonesian', 'id');
  });
});

describe('integers past int4 and ids of the wrong type', () => {
  /** Every id and numeric param of the borrower and back-office routes. */
  const cases: Array<[string, (v: unknown) => Promise<LightMyRequestResponse>]> = [
    ['problem-detail problemId', (v) => post('problem-detail', india, { problemId: v })],
    ['save-score problemId', (v) => post('save-score', india, { problemId: v, score: 5 })],
    ['save-score score', (v) => post('save-score', india, { problemId: ownComplaint, score: v })],
    ['problem-save problemType', (v) => post('problem-save', india, { ...validSave, problemType: v })],
    ['problem-save problemSonType', (v) => post('problem-save', india, { ...validSave, problemSonType: v })],
    ['problem-list limit', (v) => post('problem-list', india, { limit: v })],
    ['qa-record qaId', (v) => post('qa-record', india, { type: 2, value: '1', qaId: v })],
    ['qa-record type', (v) => post('qa-record', india, { type: v, value: '1' })],
    [
      'contact-kf-info overall',
      (v) =>
        t.app.inject({
          method: 'POST',
          url: '/v3/personal-center/contact-kf-info',
          payload: JSON.stringify({ overall: v }),
          headers: { ...t.auth(india), 'content-type': 'application/json' },
        }),
    ],
    [
      'chatbot content parentId',
      (v) =>
        asStaff('POST', '/qa', { market: 'IN', parentId: v, kind: 'question', titleEn: 'Q', titleId: 'Q' }),
    ],
    [
      'chatbot content sort',
      (v) =>
        asStaff('POST', '/qa', {
          market: 'IN',
          parentId: 0,
          kind: 'category',
          titleEn: 'C',
          titleId: 'C',
          sort: v,
        }),
    ],
    [
      'complaint type sort',
      (v) =>
        asStaff('PUT', `/complaint-types/${complaintType}`, {
          titleEn: 'T',
          titleId: 'T',
          sort: v,
          active: true,
        }),
    ],
  ];
  /** Ids and params that travel in a path or a query string (always text there). */
  const textual: Array<[string, (v: string) => Promise<LightMyRequestResponse>]> = [
    ['get-qa-list pid', (v) => get(`get-qa-list?pid=${encodeURIComponent(v)}`, india)],
    ['staff complaint id', (v) => asStaff('GET', `/complaints/${encodeURIComponent(v)}`)],
    [
      'staff reply id',
      (v) => asStaff('POST', `/complaints/${encodeURIComponent(v)}/reply`, { replyText: 'Done.' }),
    ],
    [
      'chatbot content update id',
      (v) =>
        asStaff('PUT', `/qa/${encodeURIComponent(v)}`, {
          market: 'IN',
          parentId: 0,
          kind: 'category',
          titleEn: 'C',
          titleId: 'C',
        }),
    ],
    ['chatbot content delete id', (v) => asStaff('DELETE', `/qa/${encodeURIComponent(v)}`)],
    [
      'complaint type id',
      (v) =>
        asStaff('PUT', `/complaint-types/${encodeURIComponent(v)}`, {
          titleEn: 'T',
          titleId: 'T',
          sort: 1,
          active: true,
        }),
    ],
    ['contact message id', (v) => asStaff('POST', `/contact-messages/${encodeURIComponent(v)}/handled`)],
    ['queue type filter', (v) => asStaff('GET', `/complaints?type=${encodeURIComponent(v)}`)],
    ['queue page', (v) => asStaff('GET', `/complaints?page=${encodeURIComponent(v)}`)],
    ['messages page', (v) => asStaff('GET', `/contact-messages?page=${encodeURIComponent(v)}`)],
    ['audit page', (v) => asStaff('GET', `/audit?page=${encodeURIComponent(v)}`)],
  ];
  const TOO_BIG = [2 ** 31, 99_999_999_999];
  const NOT_IDS = [
    [1],
    true,
    false,
    null,
    {},
    '1e3',
    ' 1',
    '1 ',
    '0x10',
    '',
    '-1',
    '1.5',
    1.5,
    -1,
    1e3 + 0.5,
  ];
  // (An empty value is a different path; the query's empty value is below.)
  const NOT_DIGITS = ['1e3', ' 1', '0x10', '-1', '1.5', 'abc', '１'];

  for (const [name, call] of cases) {
    it(`refuses ${name} past int4 or of the wrong type with a 400, writing nothing`, async () => {
      const before = await written();
      for (const v of [...TOO_BIG, ...TOO_BIG.map(String), ...NOT_IDS]) {
        expectRefused(await call(v), `${name} = ${JSON.stringify(v)}`);
      }
      expect(await written()).toEqual(before);
    });
  }

  for (const [name, call] of textual) {
    it(`refuses ${name} past int4 or not digits with a 400, writing nothing`, async () => {
      const before = await written();
      for (const v of [...TOO_BIG.map(String), ...NOT_DIGITS]) {
        expectRefused(await call(v), `${name} = ${JSON.stringify(v)}`);
      }
      expect(await written()).toEqual(before);
    });
  }

  it('refuses a repeated query param (an array) and an image link with a huge or odd expiry', async () => {
    expectRefused(await asStaff('GET', '/complaints?page=1&page=2'), 'page twice');
    expectRefused(await get('get-qa-list?pid=0&pid=1', india), 'pid twice');
    expectRefused(await get('get-qa-list?pid=', india), 'empty pid');
    expectRefused(await asStaff('GET', '/complaints?type='), 'empty type');
    const image = `${COMPLAINT_BASE}/image/${'A'.repeat(22)}`;
    for (const exp of ['99999999999999999999999', '1e3', '-1', '']) {
      expectRefused(await t.app.inject(`${image}?exp=${exp}&sig=x`), `exp=${exp}`);
    }
  });

  it('still takes ids as JSON numbers and as strings of digits (the form-encoded client)', async () => {
    expect((await post('problem-detail', india, { problemId: ownComplaint })).statusCode).toBe(200);
    expect((await post('problem-detail', india, { problemId: String(ownComplaint) })).statusCode).toBe(200);
    const form = await t.app.inject({
      method: 'POST',
      url: `${COMPLAINT_BASE}/problem-detail`,
      payload: `problemId=${ownComplaint}`,
      headers: { ...t.auth(india), 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json().data.problemId).toBe(ownComplaint);
    expect((await asStaff('GET', `/complaints/${queueComplaint}`)).statusCode).toBe(200);
    expect((await post('problem-list', india, { limit: '2' })).json().data.list.length).toBeLessThanOrEqual(
      2,
    );
    // The largest int4 is a valid id that simply does not exist.
    expect((await post('problem-detail', india, { problemId: 2 ** 31 - 1 })).statusCode).toBe(404);
    expect((await asStaff('GET', `/complaints/${2 ** 31 - 1}`)).statusCode).toBe(404);
  });
});

describe('a complaint made of invisible characters', () => {
  const INVISIBLE = ' \u200B\u200C\u200D\u2060\uFEFF\u00AD \u00A0\n\u200B ';
  const cases: Array<[string, () => string, string, string]> = [
    ['in English', () => india, DUE_IN, 'Please fill in your comments and suggestions.'],
    ['in Indonesian', () => indonesia, DUE_ID, 'Silakan isi komentar dan saran Anda.'],
  ];
  for (const [name, token, orderNo, text] of cases) {
    it(`is refused as empty ${name}, writing nothing`, async () => {
      const before = await written();
      const res = await post('problem-save', token(), { ...validSave, orderNo, problemDetail: INVISIBLE });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ code: '400', data: null, message: text });
      expect(await written()).toEqual(before);
    });
  }

  it('is refused as empty free text by the chatbot too', async () => {
    const before = await written();
    const res = await post('qa-record', indonesia, { type: 4, value: '\u200B\u2060\uFEFF' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Silakan ketik pertanyaan Anda.');
    expect(await written()).toEqual(before);
  });

  it('keeps a complaint with a zero-width character inside real text', async () => {
    const res = await post('problem-save', india, { ...validSave, problemDetail: 'Pay\u200Bment missing' });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('two saves racing for one image', () => {
  /**
   * Its own app, over a database whose complaint insert waits for a second one (at most 2 s): both saves
   * have then passed the "unused image" check before either inserts, as two saves on two connections
   * can. Without it PGlite, which runs one query at a time in this process, would finish the first save
   * before the second one got to its check.
   */
  let race: Awaited<ReturnType<typeof appWithInsertBarrier>>;
  beforeAll(async () => {
    race = await appWithInsertBarrier();
  });
  afterAll(async () => {
    await race.close();
  });

  const cases: Array<['IN' | 'ID', string, string]> = [
    ['IN', DUE_IN, 'This was just saved by another request. Please refresh and check before trying again.'],
    [
      'ID',
      DUE_ID,
      'Ini baru saja disimpan oleh permintaan lain. Muat ulang dan periksa sebelum mencoba lagi.',
    ],
  ];
  for (const [market, orderNo, text] of cases) {
    it(`gives one 200 and one 409 (${market}), and the image belongs to one complaint`, async () => {
      const { app, database } = race;
      const signedIn = await app.inject({ method: 'POST', url: '/dev-api/demo-login', payload: { market } });
      const headers = { authorization: `Bearer ${signedIn.json().data.token}` };
      const form = multipart('problemImage', 'p.jpg', 'image/jpeg', await photo(16, 16));
      const uploaded = await app.inject({
        method: 'POST',
        url: `${COMPLAINT_BASE}/upload-problem-img`,
        payload: form.payload,
        headers: { ...headers, ...form.headers },
      });
      expect(uploaded.statusCode).toBe(200);
      const { id: uploadId, url } = uploaded.json().data as { id: string; url: string };
      const before = (await database.db.select().from(complaints)).length;

      const body = { ...validSave, orderNo, problemDetail: 'Sent twice by a double tap.', problemImage: url };
      const save = () =>
        app.inject({ method: 'POST', url: `${COMPLAINT_BASE}/problem-save`, payload: body, headers });
      const replies = await Promise.all([save(), save()]);
      expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const loser = replies.find((r) => r.statusCode === 409)!;
      expect(loser.json()).toEqual({ code: '409', data: null, message: text });

      const rows = await database.db
        .select()
        .from(complaintImages)
        .where(eq(complaintImages.uploadId, uploadId));
      expect(rows).toHaveLength(1);
      expect((await database.db.select().from(complaints)).length).toBe(before + 1);
      const winner = replies.find((r) => r.statusCode === 200)!.json().data.problemId;
      expect(rows[0]!.complaintId).toBe(winner);
      // Logged by constraint name, without the row values PostgreSQL puts in its detail.
      const logged = race.logs.filter((l) => l.includes('unique key conflict'));
      expect(logged.length).toBeGreaterThan(0);
      expect(logged.join('\n')).toContain('complaint_images_upload_uq');
      expect(logged.join('\n')).not.toContain(uploadId);
    });
  }
});

/** The test app over a database whose complaint insert waits for a second one (at most 2 s). */
function appWithInsertBarrier() {
  let held: Array<() => void> = [];
  return createTestApp({}, (database) => ({
    ...database,
    run: <Row>(statement: Statement<Row>, params: readonly unknown[]): Promise<Row[]> => {
      if (statement.name !== 'complaint_insert_for_order') return database.run(statement, params);
      return new Promise<Row[]>((resolve, reject) => {
        const go = () => {
          held = held.filter((g) => g !== go);
          database.run(statement, params).then(resolve, reject);
        };
        held.push(go);
        if (held.length >= 2) for (const g of [...held]) g();
        else setTimeout(() => held.includes(go) && go(), 2_000);
      });
    },
  }));
}

describe('chatbot record with an order number', () => {
  it("treats another borrower's order as not found, writing nothing", async () => {
    const before = await written();
    for (const orderNo of [DUE_ID, 'IN00000000000']) {
      const res = await post('qa-record', india, { type: 1, orderNo });
      expect(res.statusCode, orderNo).toBe(404);
      expect(res.json().message).toBe('We could not find what you were looking for.');
    }
    expect(await written()).toEqual(before);
  });

  it('stores a record with the borrower’s own order or with none', async () => {
    const before = (await t.database.db.select().from(qaRecords)).length;
    expect((await post('qa-record', india, { type: 1, orderNo: DUE_IN })).statusCode).toBe(200);
    expect((await post('qa-record', india, { type: 1, orderNo: '' })).statusCode).toBe(200);
    expect((await post('qa-record', india, { type: 1 })).statusCode).toBe(200);
    const rows = await t.database.db.select().from(qaRecords);
    expect(rows.length).toBe(before + 3);
    expect(rows.filter((r) => r.orderNo === DUE_IN)).toHaveLength(1);
  });
});

describe('who is asking, before what is asked', () => {
  it("refuses a bad body in the signed-in borrower's language, with no language header", async () => {
    const res = await post('problem-detail', indonesia, { problemId: [1] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(VALIDATION.id);
  });

  it('answers a stranger 401 before judging the body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${COMPLAINT_BASE}/problem-detail`,
      payload: { problemId: 'not a number' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('what the router refuses before any route', () => {
  it('answers a path parameter past its length and a broken percent-encoding in the envelope, in the caller’s language', async () => {
    const long = await t.app.inject({
      method: 'GET',
      url: `${ADMIN_BASE}/orders/${'A'.repeat(150)}`,
      headers: { 'x-lang': 'id' },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({
      code: '400',
      data: null,
      message: 'Ada informasi yang tidak valid. Silakan periksa dan coba lagi.',
    });
    expect(long.headers['x-content-type-options']).toBe('nosniff');
    const broken = await t.app.inject({ method: 'GET', url: `${ADMIN_BASE}/orders/%E0%A4%A` });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ code: '400', data: null });
    // A JSON envelope, so the JSON header set: never cached, never framed.
    expect(broken.headers['cache-control']).toBe('no-store');
    expect(broken.headers['x-frame-options']).toBe('DENY');
    expect(broken.headers['x-content-type-options']).toBe('nosniff');
    expect((await t.app.inject('/healthz')).statusCode).toBe(200);
  });
});
