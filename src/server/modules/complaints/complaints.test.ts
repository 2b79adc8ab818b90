import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPLAINT_BASE } from '../../../shared/contract/constants.ts';
import { complaintImages, complaints } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { hugePngHeader, multipart, photo, photoWithExif } from '../../test/images.ts';

let t: TestApp;
let india: string;
let indonesia: string;
beforeAll(async () => {
  t = await createTestApp();
  india = await t.signIn('IN');
  indonesia = await t.signIn('ID');
});
afterAll(async () => {
  await t.close();
});

const post = (path: string, token: string, payload: object = {}, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `${COMPLAINT_BASE}/${path}`,
    payload,
    headers: { ...t.auth(token), ...headers },
  });

async function upload(token: string, body: Buffer, filename = 'photo.jpg', type = 'image/jpeg') {
  const form = multipart('problemImage', filename, type, body);
  return t.app.inject({
    method: 'POST',
    url: `${COMPLAINT_BASE}/upload-problem-img`,
    payload: form.payload,
    headers: { ...t.auth(token), ...form.headers },
  });
}

/** Order numbers of the seeded demo orders: the due one allows collection, the one under review does not. */
const DUE_IN = 'IN20261101001';
const REVIEW_IN = 'IN20261120003';
const DUE_ID = 'ID20261101001';

const valid = {
  problemType: 2,
  problemSonType: 0,
  problemDetail: 'My payment is not showing.',
  problemImage: '',
  orderNo: DUE_IN,
};

describe('problem-init', () => {
  it('gives types, collection sub-types, the order cards and counts', async () => {
    const res = await post('problem-init', india);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.problemType.map((o: { value: number }) => o.value)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(data.problemType[0].title).toBe('Collection');
    expect(data.problemSonType.map((o: { value: number }) => o.value)).toEqual([11, 12, 13, 14]);
    // The demo borrower has an order in every state (seed-support.ts).
    expect(data.orderList).toHaveLength(7);
    const due = data.orderList.find((o: { orderNo: string }) => o.orderNo === DUE_IN);
    expect(due).toMatchObject({
      isShow: 1,
      status: 'Repayment due',
      statusCode: 174,
      productName: 'Kredito Flex',
    });
    expect(due.rows[0]).toEqual({ title: 'Loan amount', value: '₹15,000' });
    expect(data.problemStatus).toEqual({ processing: 1, processed: 2, ratingDue: 1 });
  });

  it('answers in Indonesian for an Indonesian borrower, with rupiah', async () => {
    const { data } = (await post('problem-init', indonesia, { orderNo: DUE_ID })).json();
    expect(data.problemType[0].title).toBe('Penagihan');
    expect(data.orderDetail.orderNo).toBe(DUE_ID);
    expect(data.orderDetail.rows[0]).toEqual({ title: 'Jumlah pinjaman', value: 'Rp\u00a03.000.000' });
  });

  it("treats another borrower's order as not found", async () => {
    const res = await post('problem-init', india, { orderNo: DUE_ID });
    expect(res.statusCode).toBe(404);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: `${COMPLAINT_BASE}/problem-init`, payload: {} });
    expect(res.statusCode).toBe(401);
  });
});

describe('upload-problem-img', () => {
  it('accepts JPEG, PNG and WebP by content and answers "Upload succeeded!"', async () => {
    for (const format of ['jpeg', 'png', 'webp'] as const) {
      const res = await upload(india, await photo(64, 48, format), `p.${format}`, `image/${format}`);
      expect(res.statusCode, format).toBe(200);
      expect(res.json().message).toBe('Upload succeeded!');
      expect(res.json().data.url).toMatch(
        /^\/h5-api\/v3\/user-problem\/image\/[A-Za-z0-9_-]{22}\?exp=\d+&sig=/,
      );
    }
  });

  it('judges by content: a PNG named .txt is fine, a text file named .jpg is refused', async () => {
    expect((await upload(india, await photo(10, 10, 'png'), 'notes.txt', 'text/plain')).statusCode).toBe(200);
    const fake = await upload(
      india,
      Buffer.from('just some text, not an image at all'),
      'photo.jpg',
      'image/jpeg',
    );
    expect(fake.statusCode).toBe(415);
    expect(fake.json()).toEqual({
      code: '400',
      data: null,
      message: 'Only JPEG, PNG or WebP images can be uploaded.',
    });
  });

  it('refuses a 20000×20000 PNG before decoding it', async () => {
    const res = await upload(india, hugePngHeader(), 'bomb.png', 'image/png');
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('This image is too large. Please choose a smaller one.');
  });

  it('refuses a file over 5 MB', async () => {
    const big = Buffer.concat([await photo(), Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload(india, big);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Each image can be at most 5 MB.');
  });

  it('strips EXIF and anything appended to the image (a polyglot)', async () => {
    const script = Buffer.from('<script>alert(document.cookie)</script>');
    const withExif = Buffer.concat([await photoWithExif(), script]);
    const res = await upload(india, withExif);
    expect(res.statusCode).toBe(200);
    const served = await t.app.inject(res.json().data.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('borrower-secret-location'))).toBe(false);
    expect(served.rawPayload.includes(script)).toBe(false);
  });

  it('ignores the client file name, even a ../ path', async () => {
    const res = await upload(india, await photo(), '../../../etc/passwd.jpg');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.url).not.toContain('passwd');
  });

  it('serves an image only with a valid, unexpired signature', async () => {
    const { url } = (await upload(india, await photo())).json().data as { url: string };
    expect((await t.app.inject(url)).statusCode).toBe(200);
    expect((await t.app.inject(url.replace(/sig=.{4}/, 'sig=AAAA'))).statusCode).toBe(404);
    expect((await t.app.inject(url.replace(/exp=\d+/, 'exp=1700000000'))).statusCode).toBe(404);
    expect((await t.app.inject(url.split('?')[0]!)).statusCode).toBe(400);
  });
});

describe('problem-save', () => {
  it('stores a complaint with images and a 3-weekday deadline', async () => {
    const urls = await Promise.all(
      [1, 2].map(async () => (await upload(india, await photo())).json().data.url),
    );
    const res = await post('problem-save', india, {
      problemType: 1,
      problemSonType: 12,
      problemDetail: '  They called my sister about my loan.  ',
      problemImage: urls.join(','),
      orderNo: DUE_IN,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Successfully Sent');
    const { problemId, deadline } = res.json().data;
    const detail = (await post('problem-detail', india, { problemId })).json().data;
    expect(detail).toMatchObject({
      type: 'Collection',
      sonType: 'Calls to my contacts',
      content: 'They called my sister about my loan.',
      status: 'processing',
      isScore: 0,
      disposeDetail: '',
      disposeImages: [],
    });
    expect(detail.images).toHaveLength(2);
    for (const url of detail.images) expect((await t.app.inject(url)).statusCode).toBe(200);
    const days = (new Date(deadline).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(2);
    expect(days).toBeLessThan(6);
  });

  const refusals: Array<[string, object, string]> = [
    ['empty text', { problemDetail: '   ' }, 'Please fill in your comments and suggestions.'],
    ['201 characters', { problemDetail: 'x'.repeat(201) }, 'Your comments can be at most 200 characters.'],
    ['an unknown type', { problemType: 9 }, 'Please choose a question type.'],
    [
      'collection without a sub-type',
      { problemType: 1, problemSonType: 0 },
      'Please choose a question sub-type.',
    ],
    [
      'a sub-type of another type',
      { problemType: 2, problemSonType: 11 },
      'Please choose a question sub-type.',
    ],
    [
      'collection on an order that does not allow it',
      { problemType: 1, problemSonType: 11, orderNo: REVIEW_IN },
      'The selected order does not support sending collection types.',
    ],
  ];
  for (const [name, change, message] of refusals) {
    it(`refuses ${name}, writing nothing`, async () => {
      const before = (await t.database.db.select().from(complaints)).length;
      const res = await post('problem-save', india, { ...valid, ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
      expect((await t.database.db.select().from(complaints)).length).toBe(before);
    });
  }

  it('refuses a 10th image and keeps the 9 unused', async () => {
    const urls: string[] = [];
    for (let i = 0; i < 10; i++) urls.push((await upload(indonesia, await photo(8, 8))).json().data.url);
    const ten = await post('problem-save', indonesia, {
      ...valid,
      orderNo: DUE_ID,
      problemImage: urls.join(','),
    });
    expect(ten.statusCode).toBe(400);
    expect(ten.json().message).toBe('Anda dapat menambahkan paling banyak 9 gambar.');
    const nine = await post('problem-save', indonesia, {
      ...valid,
      orderNo: DUE_ID,
      problemImage: urls.slice(0, 9).join(','),
    });
    expect(nine.statusCode).toBe(200);
  });

  it("refuses another borrower's order or image as not found", async () => {
    expect((await post('problem-save', india, { ...valid, orderNo: DUE_ID })).statusCode).toBe(404);
    const theirs = (await upload(indonesia, await photo())).json().data.url;
    const res = await post('problem-save', india, { ...valid, problemImage: theirs });
    expect(res.statusCode).toBe(404);
  });

  it('limits saves per borrower', async () => {
    const someone = await t.newBorrower('ID');
    const codes = [];
    for (let i = 0; i < 21; i++)
      codes.push((await post('problem-save', someone, { ...valid, orderNo: DUE_ID })).statusCode);
    expect(codes.slice(0, 20)).toEqual(Array(20).fill(404));
    expect(codes[20]).toBe(429);
  });

  it('uses an image for one complaint only', async () => {
    const url = (await upload(india, await photo())).json().data.url;
    expect((await post('problem-save', india, { ...valid, problemImage: url })).statusCode).toBe(200);
    expect((await post('problem-save', india, { ...valid, problemImage: url })).statusCode).toBe(404);
    const rows = await t.database.db.select().from(complaintImages);
    expect(new Set(rows.map((r) => r.uploadId)).size).toBe(rows.length);
  });

  it('refuses fields the borrower may not set (status, borrowerId)', async () => {
    const res = await post('problem-save', india, { ...valid, status: 'processed', borrowerId: 2 });
    expect(res.statusCode).toBe(400);
  });

  it('never answers a generated body with a 500', async () => {
    const someone = await t.newBorrower('IN');
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            problemType: fc.oneof(fc.integer(), fc.string(), fc.constant(null)),
            problemSonType: fc.oneof(fc.integer(), fc.string()),
            problemDetail: fc.oneof(fc.string({ maxLength: 300 }), fc.integer()),
            problemImage: fc.oneof(
              fc.string(),
              fc.array(fc.string()).map((a) => a.join(',')),
            ),
            orderNo: fc.oneof(fc.constantFrom(DUE_IN, REVIEW_IN, DUE_ID), fc.string()),
            extra: fc.anything(),
          },
          { requiredKeys: [] },
        ),
        async (body) => {
          const res = await post('problem-save', someone, body);
          expect(res.statusCode).toBeLessThan(500);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('problem-list, problem-detail and save-score', () => {
  it('lists complaints in two tabs with their counts, one tab a page', async () => {
    const { data } = (await post('problem-list', indonesia)).json();
    expect(data.tabs).toEqual([
      { status: 'processing', title: 'Sedang diproses', count: expect.any(Number) },
      { status: 'processed', title: 'Selesai diproses', count: 2 },
    ]);
    expect(data.status).toBe('processing');
    expect(data.tabs[0].count).toBeGreaterThan(0);
    expect(data.list).toHaveLength(data.tabs[0].count);
    expect(data.nextCursor).toBeNull();
    const processed = (await post('problem-list', indonesia, { status: 'processed' })).json().data;
    expect(processed.list).toHaveLength(2);
    expect(processed.list.some((i: { isScore: number }) => i.isScore === 1)).toBe(true);
  });

  it('answers a well-formed cursor past every integer range with a page, not an error', async () => {
    const res = await post('problem-list', indonesia, { cursor: '99999999999999999-9999999999' });
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.json().data.list)).toBe(true);
  });

  it("an empty page still carries both tabs' counts", async () => {
    // A cursor at the start of time: nothing is older.
    const { data } = (await post('problem-list', indonesia, { cursor: '1-1' })).json();
    expect(data.list).toEqual([]);
    expect(data.nextCursor).toBeNull();
    expect(data.tabs[0].count).toBeGreaterThan(0);
    expect(data.tabs[1].count).toBe(2);
  });

  it('refuses a cursor it did not hand out and a limit past the maximum', async () => {
    for (const body of [{ cursor: "1' or 1=1" }, { cursor: '1-2-3' }, { limit: 51 }, { limit: 0 }]) {
      expect((await post('problem-list', indonesia, body)).statusCode).toBe(400);
    }
  });

  it('shows the handler reply and its image, and takes one rating when one is due', async () => {
    const list = (await post('problem-list', india, { status: 'processed' })).json().data;
    const due = list.list.find((i: { isScore: number }) => i.isScore === 1);
    const detail = (await post('problem-detail', india, { problemId: due.id })).json().data;
    expect(detail.isScore).toBe(1);
    expect(detail.disposeDetail).toContain('late fee has been removed');
    expect(detail.disposeImages).toHaveLength(1);
    expect((await t.app.inject(detail.disposeImages[0])).statusCode).toBe(200);

    const noStar = await post('save-score', india, { problemId: due.id, score: 0 });
    expect(noStar.statusCode).toBe(400);
    expect(noStar.json().message).toBe('Please choose a rating.');
    const first = await post('save-score', india, { problemId: due.id, score: 5 });
    expect(first.json()).toMatchObject({ code: 0, message: 'Thank you for rating our service!' });
    const second = await post('save-score', india, { problemId: due.id, score: 1 });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('This complaint is not waiting for a rating.');
    const after = (await post('problem-detail', india, { problemId: due.id })).json().data;
    expect(after).toMatchObject({ isScore: 0, score: 5 });
  });

  it('refuses a rating the server did not ask for', async () => {
    const list = (await post('problem-list', india)).json().data;
    const processing = list.list[0];
    const res = await post('save-score', india, { problemId: processing.id, score: 4 });
    expect(res.statusCode).toBe(409);
  });

  it("treats another borrower's complaint as not found, for reading and rating", async () => {
    const theirs = (await post('problem-list', indonesia, { status: 'processed' })).json().data.list[0];
    expect((await post('problem-detail', india, { problemId: theirs.id })).statusCode).toBe(404);
    expect((await post('save-score', india, { problemId: theirs.id, score: 3 })).statusCode).toBe(404);
  });
});

describe('contact-kf-info', () => {
  it("gives the market's customer-service e-mail and phone", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v3/personal-center/contact-kf-info',
      payload: { overall: 30 },
      headers: t.auth(indonesia),
    });
    expect(res.json()).toEqual({
      code: 0,
      data: { email: 'cs@kredito.co.id', smWa: '+62 21 5098 7700' },
      message: 'success',
    });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/v3/personal-center/contact-kf-info',
      payload: { overall: 1 },
      headers: t.auth(indonesia),
    });
    expect(wrong.statusCode).toBe(400);
  });
});
