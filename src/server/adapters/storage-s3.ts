import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { checkedName, type ObjectStorage, type StorageSettings, storeCall } from './storage.ts';

/** A bucket call that waits longer than this is failed (503), so a hung store never holds a request. */
const REQUEST_TIMEOUT_MS = 10_000;
const CONNECT_TIMEOUT_MS = 2_000;

const CONTENT_TYPES = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;

/**
 * Images in an S3-compatible bucket that every instance shares (decision 072). Credentials come from
 * AWS's default chain (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, a profile, the machine's role), never
 * from our own settings. The bucket stays private: the app serves images through its own signed links.
 */
export function s3Storage(settings: Extract<StorageSettings, { kind: 's3' }>): ObjectStorage {
  const client = new S3Client({
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    // An S3-compatible service answers in any region name; AWS itself takes the default chain's.
    ...(settings.region ? { region: settings.region } : settings.endpoint ? { region: 'us-east-1' } : {}),
    forcePathStyle: settings.forcePathStyle,
    // One retry: a borrower waits for the answer, and an unreachable store is better told as 503 soon.
    maxAttempts: 2,
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
  });
  const Bucket = settings.bucket;
  const keyOf = (name: string) => `${settings.prefix}${checkedName(name)}`;
  return {
    async put(name, body) {
      const Key = keyOf(name);
      const ext = name.slice(name.lastIndexOf('.') + 1) as keyof typeof CONTENT_TYPES;
      // A single PutObject is atomic: the object appears whole under its key or not at all, so there is
      // no temp object to rename and none to sweep.
      await storeCall(() =>
        client.send(new PutObjectCommand({ Bucket, Key, Body: body, ContentType: CONTENT_TYPES[ext] })),
      );
    },
    async get(name) {
      const Key = keyOf(name);
      return storeCall(async () => {
        try {
          const object = await client.send(new GetObjectCommand({ Bucket, Key }));
          // On Node the SDK's body is a Readable (its documented stream mixin over the HTTP response).
          return (object.Body as Readable | undefined) ?? null;
        } catch (err) {
          if (err instanceof NoSuchKey) return null;
          throw err;
        }
      });
    },
    async delete(name) {
      const Key = keyOf(name);
      // Deleting a missing key succeeds in S3: another instance's clean-up may have got there first.
      await storeCall(() => client.send(new DeleteObjectCommand({ Bucket, Key })));
    },
    async removeStaleTemp() {
      return 0;
    },
    close() {
      client.destroy();
    },
  };
}
