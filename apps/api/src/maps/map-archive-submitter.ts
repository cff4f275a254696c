import { randomUUID } from 'node:crypto';
import { type FlowProducer, Job, type Queue } from 'bullmq';
import {
  flowFailureReason,
  JOB_RETENTION,
  mapArchiveKey,
  mapTileBlocks,
  mapTileKey,
  type AssembleMapArchivePayload,
  type JobWaiter,
  type MapTileBlock,
  type RenderMapArchivePayload,
  type RenderMapArchiveResult,
  type RenderMapTilePayload,
  type RenderMapTileResult,
  type RenderMapTilesPayload,
} from '@caddie/jobs';

export type MapJobWait<T> = { state: 'done'; result: T } | { state: 'pending' } | { state: 'gone' } | { state: 'failed'; reason: string };
export type MapArchiveWait = MapJobWait<RenderMapArchiveResult>;

/** Object key of an archive in the artifact store, also the coalescing id of its build. */
export const mapArchiveKeyOf = (p: RenderMapArchivePayload) => mapArchiveKey(p.courseId, p.courseRevision, p.tileSize, p.format);

/**
 * BullMQ priorities of an archive build's jobs on the render-batch queue (a lower number goes
 * first): a parent whose blocks are done goes ahead of other builds' blocks, so an archive is
 * assembled as soon as it can be.
 */
export const MAP_ARCHIVE_PRIORITY = { assemble: 5, block: 10 } as const;

const retention = {
  removeOnComplete: { age: JOB_RETENTION.completedAgeSeconds, count: JOB_RETENTION.completedCount },
  removeOnFail: { age: JOB_RETENTION.failedAgeSeconds },
};
const retry = { attempts: 2, backoff: { type: 'exponential', delay: 1000 } };

/**
 * Submits map archive builds as BullMQ flows on the render-batch queue: one `render.map-tiles`
 * child per block of tiles (MAP_TILE_BLOCK_SIDE square, per zoom), taken by any render worker,
 * under a `render.map-archive` parent that assembles the archive once every block is stored.
 * Identical builds coalesce through deduplication on the parent (the archive's object key): the
 * offered flow is then not created at all. Also submits single tiles on demand to the render
 * queue, coalesced per tile: a build never holds the slots those need.
 * Plain class, no NestJS, so the prewarm CLI uses the very same submission as the API.
 */
export class MapArchiveSubmitter {
  constructor(
    private readonly flows: FlowProducer,
    /** render: tiles on demand */
    private readonly tileQueue: Queue,
    private readonly tileWaiter: JobWaiter,
    /** render-batch: archive builds */
    private readonly archiveQueue: Queue,
    private readonly archiveWaiter: JobWaiter,
  ) {}

  /**
   * Adds the build of the archive covering `ranges` (one per zoom) unless an identical one is
   * queued or running. Getting another id back than the one offered means it was (coalesced).
   */
  async submit(payload: RenderMapArchivePayload, ranges: readonly MapTileBlock[]): Promise<{ jobId: string; coalesced: boolean; blocks: number }> {
    const offeredId = `m-${randomUUID()}`;
    const base: RenderMapArchivePayload = {
      courseId: payload.courseId,
      courseRevision: payload.courseRevision,
      tileSize: payload.tileSize,
      format: payload.format,
    };
    const blocks = mapTileBlocks(ranges);
    const node = await this.flows.add({
      name: 'render.map-archive',
      queueName: this.archiveQueue.name,
      data: { ...base, blocks } satisfies AssembleMapArchivePayload,
      opts: { jobId: offeredId, deduplication: { id: mapArchiveKeyOf(base) }, priority: MAP_ARCHIVE_PRIORITY.assemble, ...retry, ...retention },
      children: blocks.map((block, index) => ({
        name: 'render.map-tiles',
        queueName: this.archiveQueue.name,
        data: { ...base, block } satisfies RenderMapTilesPayload,
        opts: { jobId: `${offeredId}-block-${index}`, failParentOnFailure: true, priority: MAP_ARCHIVE_PRIORITY.block, ...retry, ...retention },
      })),
    });
    return { jobId: node.job.id!, coalesced: node.job.id !== offeredId, blocks: blocks.length };
  }

  /** Renders one tile on demand into the store (mapTileKey), coalesced per tile across the cluster. */
  async submitTile(payload: RenderMapTilePayload): Promise<string> {
    const job = await this.tileQueue.add('render.map-tile', payload, {
      jobId: `t-${randomUUID()}`,
      deduplication: { id: mapTileKey(payload, payload.z, payload.x, payload.y) },
      ...retry,
      ...retention,
    });
    return job.id!;
  }

  /** Waits for a build until the deadline: done, still pending, failed (the failing block's reason), or gone. */
  async wait(jobId: string, timeoutMs: number): Promise<MapArchiveWait> {
    const outcome = await this.archiveWaiter.wait<RenderMapArchiveResult>(jobId, timeoutMs);
    return outcome.state === 'failed' ? { state: 'failed', reason: await flowFailureReason(this.archiveQueue, outcome.reason) } : outcome;
  }

  waitTile(jobId: string, timeoutMs: number): Promise<MapJobWait<RenderMapTileResult>> {
    return this.tileWaiter.wait<RenderMapTileResult>(jobId, timeoutMs);
  }

  /** Progress of a build: its state and { done, total } blocks while children render, or null. */
  async progress(jobId: string): Promise<{ state: string; progress: { done: number; total: number } | null } | null> {
    const job = await Job.fromId<AssembleMapArchivePayload>(this.archiveQueue, jobId);
    if (!job) return null;
    const state = await job.getState();
    if (state !== 'waiting-children') return { state, progress: null };
    const counts = await job.getDependenciesCount({ processed: true });
    return { state, progress: { done: counts.processed ?? 0, total: job.data.blocks.length } };
  }
}
