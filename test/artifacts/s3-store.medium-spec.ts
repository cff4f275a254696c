import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { S3ArtifactStore } from '@caddie/artifacts';
// s3rver ships no types
// eslint-disable-next-line @typescript-eslint/no-require-imports
const S3rver = require('s3rver');

describe('S3ArtifactStore against s3rver on loopback', () => {
  let server: { run(): Promise<AddressInfo>; close(): Promise<void> };
  let store: S3ArtifactStore;

  beforeAll(async () => {
    server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: mkdtempSync(join(tmpdir(), 's3rver-')) });
    const { port } = await server.run();
    store = new S3ArtifactStore({
      bucket: 'caddie-test', region: 'us-east-1', endpoint: `http://127.0.0.1:${port}`,
      accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true,
    });
    await store.client.send(new CreateBucketCommand({ Bucket: 'caddie-test' }));
  });
  afterAll(async () => {
    store.client.destroy();
    await server.close();
  });

  it('puts, heads, gets, ranges and deletes objects with metadata', async () => {
    await expect(store.check()).resolves.toBeUndefined();
    await store.put('graphics/ab/x.webp', Buffer.from('0123456789'), 'image/webp', { sha256: 'sha256:1' });
    expect(await store.head('graphics/ab/x.webp')).toEqual({ size: 10, contentType: 'image/webp', metadata: { sha256: 'sha256:1' } });
    expect((await store.get('graphics/ab/x.webp'))!.body.toString()).toBe('0123456789');
    expect((await store.getRange('graphics/ab/x.webp', 3, 5))!.toString()).toBe('345');
    await store.delete('graphics/ab/x.webp');
    expect(await store.get('graphics/ab/x.webp')).toBeNull();
    expect(await store.head('graphics/ab/x.webp')).toBeNull();
  });

  it('hands out presigned URLs that fetch the object', async () => {
    await store.put('scorecards/p.png', Buffer.from('page'), 'image/png');
    const url = await store.presignedGetUrl('scorecards/p.png', 60);
    expect(url).toContain('X-Amz-Signature=');
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('page');
  });

  it('fails readiness for a missing bucket', async () => {
    const other = new S3ArtifactStore({ ...store.settings, bucket: 'no-such-bucket' });
    await expect(other.check()).rejects.toBeDefined();
    other.client.destroy();
  });
});
