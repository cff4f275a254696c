import { randomBytes } from 'node:crypto';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { Queue } from 'bullmq';
import { S3ArtifactStore } from '@caddie/artifacts';
import { startS3rverBucket, type S3rverBucket } from '../support/s3rver';
import { SCORECARD_SWEEP_SCHEDULER_ID, redisOptionsFromUrl } from '@caddie/jobs';
import { RETENTION_SWEEP_INTERVAL_MS, retentionUntil, scorecardArtifactFolder } from '@caddie/scorecards';
import { ArtifactRetention } from '../../apps/scorecard-worker/src/artifact-retention';
import { TEST_REDIS_URL } from '../support/api-harness';

describe('scorecard artifact retention on S3 (s3rver) and its cluster schedule', () => {
  let s3: S3rverBucket;
  let store: S3ArtifactStore;

  beforeAll(async () => {
    s3 = await startS3rverBucket('caddie-retention');
    store = s3.store;
  });
  afterAll(() => s3.close());

  const keysInBucket = async () =>
    ((await store.client.send(new ListObjectsV2Command({ Bucket: 'caddie-retention' }))).Contents ?? []).map((o) => o.Key!).sort();

  it('deletes the objects under the bucket prefix after their retentionUntil and nothing younger', async () => {
    const created = ['2025-03-10T08:00:00Z', '2025-03-10T22:00:00Z', '2025-03-11T09:30:00Z'].map((iso) => new Date(iso));
    const written: string[][] = [];
    for (const [i, at] of created.entries()) {
      const folder = `${scorecardArtifactFolder(at)}request-${i}/`;
      const keys = [`${folder}page-1-normalized.png`, `${folder}page-1-markers.jpg`];
      for (const key of keys)
        await store.put(key, Buffer.from(key), key.endsWith('.png') ? 'image/png' : 'image/jpeg', { retentionUntil: retentionUntil(at).toISOString() });
      written.push(keys);
    }
    await store.put('graphics/ab/hole.webp', Buffer.from('webp'), 'image/webp');
    let clock = Date.parse('2025-03-11T23:59:59Z');
    const retention = new ArtifactRetention(store, () => clock);

    expect(await retention.sweep()).toMatchObject({ deletedObjects: 0, keptFolders: 2 });
    expect(await keysInBucket()).toHaveLength(7);

    clock = Date.parse('2025-03-12T00:00:00Z');
    expect(await retention.sweep()).toEqual({ deletedFolders: ['scorecards/expires-2025-03-12/'], deletedObjects: 4, keptFolders: 1 });
    expect(await keysInBucket()).toEqual(['graphics/ab/hole.webp', ...written[2]].sort());
    for (const key of written[0]) expect(await store.head(key)).toBeNull();

    clock = Date.parse('2025-03-13T00:00:00Z');
    expect((await retention.sweep()).deletedObjects).toBe(2);
    expect(await keysInBucket()).toEqual(['graphics/ab/hole.webp']);
  });

  it('schedules one sweep for the whole cluster however many workers start', async () => {
    const prefix = `test-${randomBytes(6).toString('hex')}`;
    const queues = [0, 1].map(() => new Queue('scorecard', { connection: redisOptionsFromUrl(TEST_REDIS_URL), prefix }));
    try {
      await Promise.all(queues.map((q) => ArtifactRetention.schedule(q)));
      await ArtifactRetention.schedule(queues[0]);
      const schedulers = await queues[0].getJobSchedulers();
      expect(schedulers).toEqual([
        expect.objectContaining({ key: SCORECARD_SWEEP_SCHEDULER_ID, name: 'scorecard.sweep-artifacts', every: RETENTION_SWEEP_INTERVAL_MS }),
      ]);
      const pending = await queues[0].getJobs(['delayed', 'waiting']);
      expect(pending.map((j) => j.name)).toEqual(['scorecard.sweep-artifacts']);
    } finally {
      await queues[0].obliterate({ force: true });
      await Promise.all(queues.map((q) => q.close()));
    }
  });
});
