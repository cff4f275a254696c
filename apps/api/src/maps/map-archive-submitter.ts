import { randomUUID } from 'node:crypto';
import { Job, type Queue } from 'bullmq';
import { JOB_RETENTION, type JobWaiter, mapArchiveKey, type RenderMapArchivePayload, type RenderMapArchiveResult } from '@caddie/jobs';

export type MapArchiveWait =
  | { state: 'done'; result: RenderMapArchiveResult }
  | { state: 'pending' }
  | { state: 'gone' }
  | { state: 'failed'; reason: string };

/** Object key of an archive in the artifact store, also the coalescing id of its build. */
export const mapArchiveKeyOf = (p: RenderMapArchivePayload) => mapArchiveKey(p.courseId, p.courseRevision, p.tileSize, p.format);

/**
 * Submits map archive builds so identical ones coalesce through BullMQ deduplication on the
 * archive's object key: one build serves every concurrent caller in the cluster (tile, plan and
 * archive requests on first demand, and `npm run prewarm -- --maps`). Plain class, no NestJS, so
 * the prewarm CLI uses the very same submission as the API.
 */
export class MapArchiveSubmitter {
  constructor(
    private readonly queue: Queue,
    private readonly waiter: JobWaiter,
  ) {}

  /**
   * Adds the build unless an identical one is queued or running. Each call offers its own job
   * id; getting another id back means an identical build already existed (coalesced).
   */
  async submit(payload: RenderMapArchivePayload): Promise<{ jobId: string; coalesced: boolean }> {
    const offeredId = `m-${randomUUID()}`;
    const job = await this.queue.add('render.map-archive', payload, {
      jobId: offeredId,
      deduplication: { id: mapArchiveKeyOf(payload) },
      attempts: 2,
      backoff: { type: 'exponential', delay: 1000 },
      removeOnComplete: { age: JOB_RETENTION.completedAgeSeconds, count: JOB_RETENTION.completedCount },
      removeOnFail: { age: JOB_RETENTION.failedAgeSeconds },
    });
    return { jobId: job.id!, coalesced: job.id !== offeredId };
  }

  /** Waits for a build until the deadline: done, still pending, failed (BullMQ's reason), or gone. */
  wait(jobId: string, timeoutMs: number): Promise<MapArchiveWait> {
    return this.waiter.wait<RenderMapArchiveResult>(jobId, timeoutMs);
  }

  /** Progress of a build (the worker reports { done, total } tiles when it does), or null. */
  async progress(jobId: string): Promise<{ state: string; progress: unknown } | null> {
    const job = await Job.fromId(this.queue, jobId);
    if (!job) return null;
    return { state: await job.getState(), progress: job.progress };
  }
}
