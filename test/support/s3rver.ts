import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { S3ArtifactStore } from '@caddie/artifacts';
// s3rver ships no types
// eslint-disable-next-line @typescript-eslint/no-require-imports
const S3rver = require('s3rver');

export interface S3rverBucket {
  store: S3ArtifactStore;
  close(): Promise<void>;
}

/** s3rver on a free loopback port, in a fresh folder, with one bucket and a store on it. */
export async function startS3rverBucket(bucket: string): Promise<S3rverBucket> {
  const server: { run(): Promise<AddressInfo>; close(): Promise<void> } = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: mkdtempSync(join(tmpdir(), 's3rver-')),
  });
  const { port } = await server.run();
  const store = new S3ArtifactStore({
    bucket,
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
  await store.client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    store,
    async close() {
      store.client.destroy();
      await server.close();
    },
  };
}
