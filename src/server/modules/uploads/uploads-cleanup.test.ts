import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localFolderStorage } from '../../adapters/storage.ts';
import { uploads } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { multipart, photo } from '../../test/images.ts';
import { uploadsCleanup } from './uploads.cleanup.ts';
import { uploadsRepository } from './uploads.repository.ts';

const HOUR = 3600_000;

describe('upload clean-up', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function upload(token: string): Promise<string> {
    const form = multipart('problemImage', 'a.jpg', 'image/jpeg', await photo());
    const res = await t.app.inject({
      method: 'POST',
      url: '/h5-api/v3/user-problem/upload-problem-img',
      headers: { ...t.auth(token), ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(200);
    return res.json().data.url as string;
  }

  it('removes stale temp files and old never-attached uploads, keeps the rest, and is safe to run twice at once', async () => {
    const uploadDir = t.config.uploadDir;
    const storage = localFolderStorage(uploadDir);
    const repo = uploadsRepository(t.database.db);
    const token = await t.signIn('IN');
    const unattachedUrl = await upload(token);
    const attachedUrl = await upload(token);
    const save = await t.app.inject({
      method: 'POST',
      url: '/h5-api/v3/user-problem/problem-save',
      headers: t.auth(token),
      payload: {
        problemType: 2,
        problemDetail: 'My payment is not shown.',
        problemImage: attachedUrl,
        orderNo: 'IN20261101001',
      },
    });
    expect(save.statusCode, save.body).toBe(200);
    const idOf = (url: string) => url.split('/').pop()!.split('?')[0]!;
    const [unattached] = await t.database.db
      .select()
      .from(uploads)
      .where(eq(uploads.id, idOf(unattachedUrl)));
    const [attached] = await t.database.db
      .select()
      .from(uploads)
      .where(eq(uploads.id, idOf(attachedUrl)));

    // What kill -9 during a write leaves: a temp file next to the real names. One old, one being written.
    const shard = path.join(uploadDir, 'zz');
    mkdirSync(shard, { recursive: true });
    const staleTemp = path.join(shard, `zz${'a'.repeat(22)}.jpg.4242.tmp`);
    const freshTemp = path.join(shard, `zz${'b'.repeat(22)}.jpg.4243.tmp`);
    writeFileSync(staleTemp, 'half an image');
    writeFileSync(freshTemp, 'being written');
    const now = new Date(Date.now() + 25 * HOUR);
    utimesSync(staleTemp, new Date(now.getTime() - 2 * HOUR), new Date(now.getTime() - 2 * HOUR));
    utimesSync(freshTemp, now, now);

    const cleanUp = uploadsCleanup(repo, storage, { unattachedMs: 24 * HOUR, tempMs: HOUR, batch: 1 });
    // An hour after the uploads, nothing of theirs is old enough.
    expect(await cleanUp(new Date(Date.now() + HOUR))).toMatchObject({ uploads: 0 });
    expect(await storage.get(unattached!.storedName)).not.toBeNull();

    // Two instances at once: each old unattached upload is deleted by exactly one of them.
    const [a, b] = await Promise.all([cleanUp(now), cleanUp(now)]);
    expect(a.uploads + b.uploads).toBe(1);
    expect(a.tempFiles + b.tempFiles).toBe(1);

    expect(await repo.find(unattached!.id)).toBeNull();
    expect(await storage.get(unattached!.storedName)).toBeNull();
    expect(await repo.find(attached!.id)).not.toBeNull();
    expect(await storage.get(attached!.storedName)).not.toBeNull();
    expect(readdirSync(shard)).toEqual([path.basename(freshTemp)]);
    // The complaint's image still serves; the deleted upload's URL is a plain 404.
    expect((await t.app.inject(attachedUrl)).statusCode).toBe(200);
    expect((await t.app.inject(unattachedUrl)).statusCode).toBe(404);
    // The demo reply images (attached to seeded complaints) survive too.
    expect(await cleanUp(now)).toEqual({ tempFiles: 0, uploads: 0 });
  });

  it('deletes an object that is already gone without complaint (another instance got there first)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'storage-'));
    try {
      const storage = localFolderStorage(dir);
      const name = `${'c'.repeat(24)}.png`;
      await storage.put(name, Buffer.from('x'));
      await storage.delete(name);
      await expect(storage.delete(name)).resolves.toBeUndefined();
      expect(await storage.removeStaleTemp(new Date())).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
