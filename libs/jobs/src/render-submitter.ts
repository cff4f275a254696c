import { randomUUID } from 'node:crypto';
import type { Queue } from 'bullmq';
import type { JobWaiter } from './job-waiter';
import { JOB_RETENTION } from './queues';
import type { RenderGraphicPayload, RenderGraphicResult } from './render-jobs';

export type RenderWait = { state: 'done'; result: RenderGraphicResult } | { state: 'pending' } | { state: 'failed'; reason: string };

/** Attempts for transient faults (a worker crash, a store hiccup); bad input fails at once (UnrecoverableError). */
export const RENDER_ATTEMPTS = 3;

/**
 * Submits graphic renders so identical ones coalesce through BullMQ deduplication on the
 * artifact key: one job serves every concurrent caller in the cluster (API requests, prewarming).
 */
export class RenderSubmitter {
  constructor(
    private readonly queue: Queue,
    private readonly waiter: JobWaiter,
  ) {}

  /**
   * Adds the render unless an identical one is queued or running. Each call offers its own job
   * id; getting another id back means an identical job already existed (coalesced).
   */
  async submit(payload: RenderGraphicPayload): Promise<{ jobId: string; coalesced: boolean }> {
    const offeredId = `g-${randomUUID()}`;
    const job = await this.queue.add('render.graphic', payload, {
      jobId: offeredId,
      deduplication: { id: payload.artifactKey },
      attempts: RENDER_ATTEMPTS,
      backoff: { type: 'exponential', delay: 500 },
      removeOnComplete: { age: JOB_RETENTION.completedAgeSeconds, count: JOB_RETENTION.completedCount },
      removeOnFail: { age: JOB_RETENTION.failedAgeSeconds },
    });
    return { jobId: job.id!, coalesced: job.id !== offeredId };
  }

  /** Waits for a job until the deadline; completed jobs are kept at least as long as any wait. */
  async wait(jobId: string, timeoutMs: number): Promise<RenderWait> {
    const outcome = await this.waiter.wait<RenderGraphicResult>(jobId, timeoutMs);
    if (outcome.state === 'gone') return { state: 'failed', reason: JSON.stringify({ code: 'render-not-found', detail: 'The render job is gone.' }) };
    return outcome;
  }

  /** The job currently rendering this artifact, if any. */
  pendingJobFor(artifactKey: string): Promise<string | null> {
    return this.queue.getDeduplicationJobId(artifactKey);
  }
}
