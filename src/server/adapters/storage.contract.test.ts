import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { startS3, TEST_BUCKET } from '../test/s3.ts';
import { localFolderStorage, type ObjectStorage, openStorage, StorageUnavailable } from './storage.ts';

/** One store under test: how to make it, how to take its backing service away and give it back. */
interface Subject {
  storage: ObjectStorage;
  breakStore(): Promise<void>;
  mendStore(): Promise<void>;
  close(): Promise<void>;
}

const local = async (): Promise<Subject> => {
  const dir = mkdtempSync(path.join(tmpdir(), 'storage-'));
  const root = path.join(dir, 'root');
  const blocker = path.join(dir, 'blocker');
  let storage = localFolderStorage(root);
  return {
    get storage() {
      return storage;
    },
    async breakStore() {
      // A root that cannot be a folder: every write fails as a full or read-only disk would.
      writeFileSync(blocker, 'not a folder');
      storage = localFolderStorage(path.join(blocker, 'root'));
    },
    async mendStore() {
      storage = localFolderStorage(root);
    },
    async close() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
};

const bucket = async (): Promise<Subject> => {
  const s3 = await startS3();
  const storage = await openStorage({
    kind: 's3',
    bucket: TEST_BUCKET,
    prefix: 'contract/',
    endpoint: s3.endpoint,
    region: undefined,
    forcePathStyle: true,
  });
  return {
    storage,
    breakStore: s3.stop,
    mendStore: s3.start,
    async close() {
      storage.close();
      await s3.close();
    },
  };
};

const read = async (storage: ObjectStorage, name: string) => {
  const stream = await storage.get(name);
  return stream ? buffer(stream) : null;
};

const NAME = `${'a'.repeat(24)}.jpg`;
const OTHER = `${'b'.repeat(24)}.png`;

describe.each([
  ['the local folder', local],
  ['an S3-compatible bucket', bucket],
])('object storage contract: %s', (_label, make) => {
  let subject: Subject;
  afterAll(async () => {
    await subject?.close();
  });

  it('stores, streams back, replaces and deletes an object; a missing one is null', async () => {
    subject = await make();
    const { storage } = subject;
    expect(await read(storage, NAME)).toBeNull();
    await storage.put(NAME, Buffer.from('first image'));
    expect((await read(storage, NAME))?.toString()).toBe('first image');
    await storage.put(NAME, Buffer.from('second'));
    expect((await read(storage, NAME))?.toString()).toBe('second');
    await storage.put(OTHER, Buffer.alloc(300_000, 7));
    expect((await read(storage, OTHER))?.equals(Buffer.alloc(300_000, 7))).toBe(true);
    await storage.delete(NAME);
    expect(await read(storage, NAME)).toBeNull();
    // Another instance's clean-up got there first: no error.
    await expect(storage.delete(NAME)).resolves.toBeUndefined();
    expect(await storage.removeStaleTemp(new Date())).toBe(0);
    expect((await read(storage, OTHER))?.length).toBe(300_000);
  });

  it('refuses a name it did not make (a path, a control character) before touching the store', async () => {
    for (const bad of [
      '../../etc/passwd',
      `${'a'.repeat(24)}.jpg\u0000`,
      'short.jpg',
      `${'a'.repeat(24)}.svg`,
    ]) {
      await expect(subject.storage.put(bad, Buffer.from('x'))).rejects.toThrow('invalid object name');
      await expect(subject.storage.get(bad)).rejects.toThrow('invalid object name');
    }
  });

  it('turns a store that fails into StorageUnavailable (503), writes nothing, and works again after', async () => {
    await subject.breakStore();
    try {
      const failed = await subject.storage.put(NAME, Buffer.from('lost')).catch((err: unknown) => err);
      expect(failed).toBeInstanceOf(StorageUnavailable);
      expect((failed as StorageUnavailable).status).toBe(503);
      await expect(subject.storage.get(OTHER)).rejects.toBeInstanceOf(StorageUnavailable);
      await expect(subject.storage.delete(OTHER)).rejects.toBeInstanceOf(StorageUnavailable);
    } finally {
      await subject.mendStore();
    }
    expect(await read(subject.storage, NAME)).toBeNull();
    expect((await read(subject.storage, OTHER))?.length).toBe(300_000);
  });
});

describe('storage settings', () => {
  const base = { NODE_ENV: 'test', UPLOAD_DIR: '/srv/uploads' };
  it('keeps the local folder by default and reads a bucket, its prefix, endpoint and path style', async () => {
    const { loadConfig } = await import('../config.ts');
    expect(loadConfig(base).storage).toEqual({ kind: 'local', dir: '/srv/uploads' });
    expect(
      loadConfig({
        ...base,
        STORAGE_URL: 's3://loan-uploads/prod/images',
        STORAGE_ENDPOINT: 'http://minio:9000',
      }).storage,
    ).toEqual({
      kind: 's3',
      bucket: 'loan-uploads',
      prefix: 'prod/images/',
      endpoint: 'http://minio:9000',
      region: undefined,
      forcePathStyle: true,
    });
    // AWS itself: virtual-host style and the default chain's region unless told.
    expect(
      loadConfig({ ...base, STORAGE_URL: 's3://loan-uploads', STORAGE_REGION: 'ap-south-1' }).storage,
    ).toEqual({
      kind: 's3',
      bucket: 'loan-uploads',
      prefix: '',
      endpoint: undefined,
      region: 'ap-south-1',
      forcePathStyle: false,
    });
  });

  it('refuses a malformed bucket address, and bucket settings without one', async () => {
    const { ConfigError, loadConfig } = await import('../config.ts');
    for (const bad of ['https://bucket', 's3://UPPER', 's3://a', 's3://bucket/../x', 's3://bucket/a b']) {
      expect(() => loadConfig({ ...base, STORAGE_URL: bad }), bad).toThrow(/STORAGE_URL/);
    }
    expect(() => loadConfig({ ...base, STORAGE_ENDPOINT: 'http://minio:9000' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, STORAGE_ENDPOINT: 'http://minio:9000' })).toThrow(/STORAGE_URL/);
  });
});
