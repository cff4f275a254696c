import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FlowProducer, Job, Queue, UnrecoverableError, Worker } from 'bullmq';
import { LocalDiskArtifactStore } from '@caddie/artifacts';
import { courseRevision } from '@caddie/catalog';
import {
  closeWithin,
  JobWaiter,
  mapArchiveKey,
  mapTileBlockKey,
  mapTileBlocks,
  openQueueEvents,
  redisOptionsFromUrl,
  type RenderMapArchivePayload,
} from '@caddie/jobs';
import type { CourseStore } from '@caddie/persistence';
import { courseTileCoverage, renderTile } from '@caddie/renderer';
import { MAP_ARCHIVE_PRIORITY, MapArchiveSubmitter } from '../../apps/api/src/maps/map-archive-submitter';
import { MapArchiveHandler } from '../../apps/render-worker/src/map-archive.handler';
import { referenceReader } from '../../libs/pmtiles/src/testing/reference-reader';
import { smallOsmCourse } from './small-course';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const connection = redisOptionsFromUrl(REDIS_URL);
const course = smallOsmCourse('demo-maps-flow');
const revision = courseRevision(course);
const catalog = { document: async () => ({ revision, course }) } as unknown as CourseStore;
const coverage = courseTileCoverage(course);

describe('map archive flows on the render queues (real Redis, real tile renderer)', () => {
  const prefix = `test-mapflow-${randomBytes(5).toString('hex')}`;
  const store = new LocalDiskArtifactStore(mkdtempSync(join(tmpdir(), 'caddie-mapflow-')));
  const queue = new Queue('render', { connection, prefix });
  const batchQueue = new Queue('render-batch', { connection, prefix });
  const flows = new FlowProducer({ connection, prefix });
  const events = openQueueEvents('render', { connection, prefix });
  const batchEvents = openQueueEvents('render-batch', { connection, prefix });
  const submitter = new MapArchiveSubmitter(flows, queue, new JobWaiter(queue, events), batchQueue, new JobWaiter(batchQueue, batchEvents));
  const workers: Worker[] = [];
  const blocksBy: Record<string, number> = {};
  const payload = (format: RenderMapArchivePayload['format']): RenderMapArchivePayload => ({
    courseId: course.id,
    courseRevision: revision,
    tileSize: 256,
    format,
  });

  beforeAll(async () => {
    await Promise.all([events.waitUntilReady(), batchEvents.waitUntilReady()]);
  });

  afterAll(async () => {
    await Promise.all(workers.map((w) => w.close()));
    for (const subscription of [events, batchEvents])
      await closeWithin(
        () => subscription.close(),
        () => subscription.disconnect(),
      );
    await flows.close();
    await queue.obliterate({ force: true });
    await batchQueue.obliterate({ force: true });
    await queue.close();
    await batchQueue.close();
  });

  it('submits a build as one flow on the batch queue (a child per block), coalesces an identical build, and queues tiles on demand on the render queue', async () => {
    const first = await submitter.submit(payload('png'), coverage.ranges);
    const again = await submitter.submit(payload('png'), coverage.ranges);
    const blocks = mapTileBlocks(coverage.ranges);
    expect(first).toEqual({ jobId: expect.stringMatching(/^m-/), coalesced: false, blocks: blocks.length });
    expect(again).toEqual({ jobId: first.jobId, coalesced: true, blocks: blocks.length });
    const parent = (await Job.fromId(batchQueue, first.jobId))!;
    expect([await parent.getState(), parent.opts.priority, parent.data.blocks]).toEqual(['waiting-children', MAP_ARCHIVE_PRIORITY.assemble, blocks]);
    expect((await parent.getDependenciesCount()).unprocessed).toBe(blocks.length);
    // only the first offer created children, all on the batch queue
    expect(await batchQueue.getPrioritizedCount()).toBe(blocks.length);
    expect(await queue.count()).toBe(0);
    const tile = { ...payload('png'), z: coverage.maxZoom, x: coverage.ranges.at(-1)!.minX, y: coverage.ranges.at(-1)!.minY };
    const tileJob = await submitter.submitTile(tile);
    expect(await submitter.submitTile(tile)).toBe(tileJob);
    // the tile waits on the render queue, where no block can hold the slots
    expect([await queue.getWaitingCount(), await batchQueue.getWaitingCount()]).toEqual([1, 0]);
    expect(await submitter.progress(first.jobId)).toEqual({ state: 'waiting-children', progress: { done: 0, total: blocks.length } });
    await queue.obliterate({ force: true });
    await batchQueue.obliterate({ force: true });
  });

  it("fails the build with the failing block's own reason, read from the batch queue", async () => {
    const failing = new Worker(
      'render-batch',
      async () => {
        throw new UnrecoverableError('the block could not be drawn');
      },
      { connection: { ...connection, maxRetriesPerRequest: null }, prefix, concurrency: 1 },
    );
    try {
      // another format than the test before (its deduplication key outlives the obliterated queue)
      const { jobId } = await submitter.submit(payload('webp-lossy'), coverage.ranges);
      expect(await submitter.wait(jobId, 60_000)).toEqual({ state: 'failed', reason: 'the block could not be drawn' });
    } finally {
      await failing.close();
      await queue.obliterate({ force: true });
      await batchQueue.obliterate({ force: true });
    }
  }, 90_000);

  it('spreads the blocks over every worker and assembles the archive from them: every tile as renderTile draws it', async () => {
    const handler = new MapArchiveHandler(catalog, store);
    const options = { connection: { ...connection, maxRetriesPerRequest: null }, prefix, concurrency: 1 };
    for (const name of ['worker-a', 'worker-b']) {
      workers.push(
        new Worker('render', async (job: Job) => handler.renderOne(job.data), options),
        new Worker(
          'render-batch',
          async (job: Job) => {
            if (job.name === 'render.map-archive') return handler.assemble(job.data);
            blocksBy[name] = (blocksBy[name] ?? 0) + 1;
            return handler.renderBlock(job.data);
          },
          options,
        ),
      );
    }
    const p = payload('webp');
    const { jobId } = await submitter.submit(p, coverage.ranges);
    const outcome = await submitter.wait(jobId, 240_000);
    expect(outcome).toMatchObject({ state: 'done', result: { objectKey: mapArchiveKey(course.id, revision, 256, 'webp'), tileCount: coverage.tileCount } });
    expect(Object.keys(blocksBy).sort()).toEqual(['worker-a', 'worker-b']);
    const archive = (await store.get(mapArchiveKey(course.id, revision, 256, 'webp')))!.body;
    const reader = referenceReader(archive);
    expect((await reader.getHeader()).numAddressedTiles).toBe(coverage.tileCount);
    const deepest = coverage.ranges.at(-1)!;
    const stored = await reader.getZxy(deepest.zoom, deepest.maxX, deepest.maxY);
    expect(Buffer.from(stored!.data).equals(await renderTile(course, deepest.zoom, deepest.maxX, deepest.maxY, 256, 'webp'))).toBe(true);
    // the bundles handed from the children to the parent are gone
    const left = await Promise.all(mapTileBlocks(coverage.ranges).map((b) => store.head(mapTileBlockKey(p, b))));
    expect(left.filter(Boolean)).toEqual([]);
  }, 300_000);
});
