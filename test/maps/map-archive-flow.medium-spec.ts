import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FlowProducer, Job, Queue, Worker } from 'bullmq';
import { LocalDiskArtifactStore } from '@caddie/artifacts';
import { courseRevision } from '@caddie/catalog';
import { closeWithin, JobWaiter, mapArchiveKey, mapTileBlockKey, mapTileBlocks, openQueueEvents, redisOptionsFromUrl, type RenderMapArchivePayload } from '@caddie/jobs';
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

describe('map archive flows on the render queue (real Redis, real tile renderer)', () => {
  const prefix = `test-mapflow-${randomBytes(5).toString('hex')}`;
  const store = new LocalDiskArtifactStore(mkdtempSync(join(tmpdir(), 'caddie-mapflow-')));
  const queue = new Queue('render', { connection, prefix });
  const flows = new FlowProducer({ connection, prefix });
  const events = openQueueEvents('render', { connection, prefix });
  const submitter = new MapArchiveSubmitter(flows, queue, new JobWaiter(queue, events));
  const workers: Worker[] = [];
  const blocksBy: Record<string, number> = {};
  const payload = (format: RenderMapArchivePayload['format']): RenderMapArchivePayload => ({ courseId: course.id, courseRevision: revision, tileSize: 256, format });

  beforeAll(async () => {
    await events.waitUntilReady();
  });

  afterAll(async () => {
    await Promise.all(workers.map((w) => w.close()));
    await closeWithin(() => events.close(), () => events.disconnect());
    await flows.close();
    await queue.obliterate({ force: true });
    await queue.close();
  });

  it('submits one child per block under a parent, coalesces an identical build, and queues tiles on demand ahead of it', async () => {
    const first = await submitter.submit(payload('png'), coverage.ranges);
    const again = await submitter.submit(payload('png'), coverage.ranges);
    const blocks = mapTileBlocks(coverage.ranges);
    expect(first).toEqual({ jobId: expect.stringMatching(/^m-/), coalesced: false, blocks: blocks.length });
    expect(again).toEqual({ jobId: first.jobId, coalesced: true, blocks: blocks.length });
    const parent = (await Job.fromId(queue, first.jobId))!;
    expect([await parent.getState(), parent.opts.priority, parent.data.blocks]).toEqual(['waiting-children', MAP_ARCHIVE_PRIORITY.assemble, blocks]);
    expect((await parent.getDependenciesCount()).unprocessed).toBe(blocks.length);
    // only the first offer created children
    expect(await queue.getPrioritizedCount()).toBe(blocks.length);
    const tile = { ...payload('png'), z: coverage.maxZoom, x: coverage.ranges.at(-1)!.minX, y: coverage.ranges.at(-1)!.minY };
    const tileJob = await submitter.submitTile(tile);
    expect(await submitter.submitTile(tile)).toBe(tileJob);
    expect(await queue.getWaitingCount()).toBe(1);
    expect(await submitter.progress(first.jobId)).toEqual({ state: 'waiting-children', progress: { done: 0, total: blocks.length } });
    await queue.obliterate({ force: true });
  });

  it('spreads the blocks over every worker and assembles the archive from them: every tile as renderTile draws it', async () => {
    const handler = new MapArchiveHandler(catalog, store);
    for (const name of ['worker-a', 'worker-b']) {
      workers.push(
        new Worker(
          'render',
          async (job: Job) => {
            if (job.name !== 'render.map-tiles') return job.name === 'render.map-archive' ? handler.assemble(job.data) : handler.renderOne(job.data);
            blocksBy[name] = (blocksBy[name] ?? 0) + 1;
            return handler.renderBlock(job.data);
          },
          { connection: { ...connection, maxRetriesPerRequest: null }, prefix, concurrency: 1 },
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
