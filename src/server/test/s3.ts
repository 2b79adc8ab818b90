import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

export const TEST_BUCKET = 'loan-uploads';

/**
 * An S3-compatible server on a real port (s3rver, over a temp folder) for the bucket adapter's tests. The
 * adapter takes its credentials from AWS's default chain, as in production: here the environment's.
 */
export async function startS3(): Promise<{
  endpoint: string;
  /** The keys in the bucket, as the store itself lists them. */
  keys(): Promise<string[]>;
  /** Stops the server (the store is down) and starts it again on the same port and folder. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}> {
  process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
  process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
  const directory = mkdtempSync(path.join(tmpdir(), 's3-'));
  const make = (port: number) =>
    new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: TEST_BUCKET, configs: [] }],
    });
  let server: S3rver | null = make(0);
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true });
  return {
    endpoint,
    async keys() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: TEST_BUCKET }));
      return (listed.Contents ?? []).map((o) => o.Key!).sort();
    },
    async stop() {
      await server?.close();
      server = null;
    },
    async start() {
      server = make(port);
      await server.run();
    },
    async close() {
      client.destroy();
      await server?.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
