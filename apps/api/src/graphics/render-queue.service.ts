import { randomUUID } from 'node:crypto';
import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import { Job, type Queue, QueueEvents } from 'bullmq';
import { JOB_RETENTION, redisOptionsFromUrl, type RenderGraphicPayload, type RenderGraphicResult } from '@caddie/jobs';
import { ApiConfig } from '../platform/config/api-config';
import { ApiProblem } from '../platform/problems/api-problem';

export type RenderWait =
  | { state: 'done'; result: RenderGraphicResult }
  | { state: 'pending' }
  | { state: 'failed'; reason: string };

/** Attempts for transient faults (a worker crash, a store hiccup); bad input fails at once (UnrecoverableError). */
const RENDER_ATTEMPTS = 3;

/**
 * The render queue as the API uses it: identical renders coalesce through BullMQ deduplication
 * on the artifact key, so one job serves every concurrent caller in the cluster.
 */
@Injectable()
export class RenderQueueService implements OnModuleDestroy {
  private readonly events: QueueEvents;

  constructor(
    @InjectQueue('render') private readonly queue: Queue,
    config: ApiConfig,
  ) {
    this.events = new QueueEvents('render', { connection: redisOptionsFromUrl(config.env.REDIS_URL), prefix: config.env.REDIS_PREFIX });
    this.events.on('error', () => undefined);
  }

  async onModuleDestroy(): Promise<void> {
    await this.events.close();
  }

  /**
   * Adds the render unless an identical one is queued or running. Each call offers its own job
   * id; getting another id back means an identical job already existed (coalesced).
   */
  async submit(payload: RenderGraphicPayload): Promise<{ jobId: string; coalesced: boolean }> {
    const offeredId = `g-${randomUUID()}`;
    try {
      const job = await this.queue.add('render.graphic', payload, {
        jobId: offeredId,
        deduplication: { id: payload.artifactKey },
        attempts: RENDER_ATTEMPTS,
        backoff: { type: 'exponential', delay: 500 },
        removeOnComplete: { age: JOB_RETENTION.completedAgeSeconds, count: JOB_RETENTION.completedCount },
        removeOnFail: { age: JOB_RETENTION.failedAgeSeconds },
      });
      return { jobId: job.id!, coalesced: job.id !== offeredId };
    } catch (error) {
      throw new ApiProblem('render-unavailable', `The render queue is unavailable: ${(error as Error).message.slice(0, 120)}`);
    }
  }

  /** Waits for a job until the deadline; completed jobs are kept at least as long as any wait. */
  async wait(jobId: string, timeoutMs: number): Promise<RenderWait> {
    const job = await Job.fromId<RenderGraphicPayload, RenderGraphicResult>(this.queue, jobId);
    if (!job) return { state: 'failed', reason: JSON.stringify({ code: 'render-not-found', detail: 'The render job is gone.' }) };
    try {
      const result = (await job.waitUntilFinished(this.events, timeoutMs)) as RenderGraphicResult;
      return { state: 'done', result };
    } catch (error) {
      const message = (error as Error).message ?? '';
      if (/timed out before finishing/i.test(message)) return { state: 'pending' };
      return { state: 'failed', reason: message };
    }
  }

  /** The job currently rendering this artifact, if any (for polling by render id). */
  async pendingJobFor(artifactKey: string): Promise<string | null> {
    return this.queue.getDeduplicationJobId(artifactKey);
  }
}
