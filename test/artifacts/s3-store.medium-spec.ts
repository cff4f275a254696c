import { S3ArtifactStore } from '@caddie/artifacts';
import { startS3rverBucket, type S3rverBucket } from '../support/s3rver';

describe('S3ArtifactStore against s3rver on loopback', () => {
  let s3: S3rverBucket;
  let store: S3ArtifactStore;

  beforeAll(async () => {
    s3 = await startS3rverBucket('caddie-test');
    store = s3.store;
  });
  afterAll(() => s3.close());

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
