import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPLAINT_BASE, LIST_PAGE } from '../../shared/contract/constants.ts';
import { complaints } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../test/helpers.ts';
import { API_COMPRESS_MIN_BYTES } from './compress-api.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.newBorrower('IN');
  const me = (await t.app.inject({ url: '/vdthg/v1/session/me', headers: t.auth(token) })).json().data;
  await t.database.db.insert(complaints).values(
    Array.from({ length: LIST_PAGE.max }, (_, i) => ({
      borrowerId: me.userId as number,
      market: 'IN',
      orderNo: 'IN-COMPRESS',
      typeValue: 2,
      detail: `My repayment of this month is not showing in the app yet, although the bank took it on the fifth and sent me a reference number for it (${i}).`,
      deadlineAt: new Date(),
    })),
  );
});
afterAll(async () => {
  await t.close();
});

const list = (acceptEncoding?: string, limit: number = LIST_PAGE.max) =>
  t.app.inject({
    method: 'POST',
    url: `${COMPLAINT_BASE}/problem-list`,
    payload: { limit },
    headers: { ...t.auth(token), ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
  });

describe('API reply compression', () => {
  it('compresses a large reply with brotli or gzip, as the client accepts', async () => {
    const plain = await list();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(API_COMPRESS_MIN_BYTES);

    const br = await list('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/Accept-Encoding/);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gz = await list('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it('leaves a reply that fits in the first round trip as it is', async () => {
    const res = await t.app.inject({ url: '/healthz', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ status: 'ok' });
    // A default page of complaints: a few KB, sent as it is.
    const page = await list('gzip, deflate, br', LIST_PAGE.default);
    expect(page.headers['content-encoding']).toBeUndefined();
    expect(page.rawPayload.length).toBeGreaterThan(1400);
    expect(page.rawPayload.length).toBeLessThan(API_COMPRESS_MIN_BYTES);
    expect(page.json().data.list).toHaveLength(LIST_PAGE.default);
  });
});
