import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { uploads } from '../db/schema.ts';
import { uploadsCleanup } from '../modules/uploads/uploads.cleanup.ts';
import { uploadsRepository } from '../modules/uploads/uploads.repository.ts';
import { createTestApp, type TestApp } from '../test/helpers.ts';
import { multipart, photo } from '../test/images.ts';
import { startS3, TEST_BUCKET } from '../test/s3.ts';
import { openStorage } from './storage.ts';

const HOUR = 3600_000;
const UPLOAD = '/h5-api/v3/user-problem/upload-problem-img';

/**
 * Images in a shared bucket (decision 072), through the API, against an S3-compatible server on a real
 * port: what one instance stores, another configured with the same bucket serves.
 */
describe('uploads in an S3-compatible bucket', () => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  let t: TestApp;
  let env: Record<string, string>;
  beforeAll(async () => {
    s3 = await startS3();
    env = {
      STORAGE_URL: `s3://${TEST_BUCKET}/images`,
      STORAGE_ENDPOINT: s3.endpoint,
      // Every instance signs image links with the same key.
      URL_SIGNING_SECRET: randomBytes(32).toString('base64url'),
    };
    t = await createTestApp(env);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  async function upload(token: string, image: Buffer) {
    const form = multipart('problemImage', 'a.jpg', 'image/jpeg', image);
    return t.app.inject({
      method: 'POST',
      url: UPLOAD,
      headers: { ...t.auth(token), ...form.headers },
      payload: form.payload,
    });
  }
  const storedNameOf = async (url: string) => {
    const id = url.split('/').pop()!.split('?')[0]!;
    const [row] = await t.database.db.select().from(uploads).where(eq(uploads.id, id));
    return row?.storedName;
  };

  it('stores an upload in the bucket (nothing in the local folder), and its signed link serves it', async () => {
    const token = await t.signIn('IN');
    const res = await upload(token, await photo(80, 60));
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().data.url as string;
    const storedName = await storedNameOf(url);
    expect(await s3.keys()).toContain(`images/${storedName}`);
    expect(readdirSync(t.config.uploadDir)).toEqual([]);

    const served = await t.app.inject({ url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(served.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    // A wrong signature still opens nothing.
    expect((await t.app.inject({ url: url.replace(/sig=./, 'sig=A') })).statusCode).toBe(404);
  });

  it('a second instance on the same database and bucket serves the image over HTTP, byte for byte', async () => {
    const token = await t.signIn('IN');
    const res = await upload(token, await photo(90, 70, 'png'));
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().data.url as string;
    const first = (await t.app.inject({ url })).rawPayload;

    // Its own (empty) local folder: if the image reached it, it came from the bucket.
    const ownDir = mkdtempSync(path.join(tmpdir(), 'uploads-'));
    const config = loadConfig({
      ...env,
      NODE_ENV: 'test',
      WEB_DIST: '/nonexistent-web-dist',
      UPLOAD_DIR: ownDir,
      DATA_KEY: t.config.dataKey!,
    });
    const other = await buildApp({ config, database: t.database, logger: false });
    try {
      await other.listen({ port: 0, host: '127.0.0.1' });
      const { port } = other.server.address() as { port: number };
      const served = await fetch(`http://127.0.0.1:${port}${url}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await served.arrayBuffer()).equals(first)).toBe(true);
    } finally {
      await other.close();
      rmSync(ownDir, { recursive: true, force: true });
    }
  });

  it('the clean-up deletes an expired never-attached upload from the bucket and keeps an attached one', async () => {
    const token = await t.signIn('IN');
    const loose = (await upload(token, await photo())).json().data.url as string;
    const kept = (await upload(token, await photo())).json().data.url as string;
    const save = await t.app.inject({
      method: 'POST',
      url: '/h5-api/v3/user-problem/problem-save',
      headers: t.auth(token),
      payload: {
        problemType: 2,
        problemDetail: 'My payment is not shown.',
        problemImage: kept,
        orderNo: 'IN20261101001',
      },
    });
    expect(save.statusCode, save.body).toBe(200);
    const looseKey = `images/${await storedNameOf(loose)}`;
    const keptKey = `images/${await storedNameOf(kept)}`;
    expect(await s3.keys()).toEqual(expect.arrayContaining([looseKey, keptKey]));

    const storage = await openStorage(t.config.storage);
    try {
      const cleanUp = uploadsCleanup(uploadsRepository(t.database.db), storage, {
        unattachedMs: 24 * HOUR,
        tempMs: HOUR,
      });
      const result = await cleanUp(new Date(Date.now() + 25 * HOUR));
      expect(result.uploads).toBeGreaterThanOrEqual(1);
      const keys = await s3.keys();
      expect(keys).not.toContain(looseKey);
      expect(keys).toContain(keptKey);
      expect((await t.app.inject({ url: loose })).statusCode).toBe(404);
      expect((await t.app.inject({ url: kept })).statusCode).toBe(200);
    } finally {
      storage.close();
    }
  });

  it('with the store down: 503 in the borrower language, no row written, the app stays up, and recovers', async () => {
    const en = await t.signIn('IN');
    const id = await t.signIn('ID');
    const before = await upload(en, await photo());
    const url = before.json().data.url as string;
    const rows = async () => (await t.database.db.select({ n: count() }).from(uploads))[0]!.n;
    const rowsBefore = await rows();

    await s3.stop();
    try {
      const refused = await upload(en, await photo());
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({
        code: '503',
        data: null,
        message: 'The service is busy. Please try again in a moment.',
      });
      const ditolak = await upload(id, await photo());
      expect(ditolak.statusCode).toBe(503);
      expect(ditolak.json().message).toBe('Layanan sedang sibuk. Silakan coba lagi sebentar lagi.');
      expect((await t.app.inject({ url })).statusCode).toBe(503);
      expect(await rows()).toBe(rowsBefore);
      expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
      expect(t.logs.join('\n')).toContain('dependency unavailable');
    } finally {
      await s3.start();
    }
    expect((await t.app.inject({ url })).statusCode).toBe(200);
    expect((await upload(en, await photo())).statusCode).toBe(200);
  });
});
