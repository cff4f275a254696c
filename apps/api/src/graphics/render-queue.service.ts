import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import type { Queue, QueueEvents } from 'bullmq';
import { closeWithin, openQueueEvents, redisOptionsFromUrl, RenderSubmitter, type RenderGraphicPayload, type RenderWait } from '@caddie/jobs';
import { ApiConfig } from '../platform/config/api-config';
import { ApiProblem } from '../platform/problems/api-problem';

/** The render queue as the API uses it (see RenderSubmitter for coalescing). */
@Injectable()
export class RenderQueueService implements OnModuleDestroy {
  private readonly events: QueueEvents;
  private readonly submitter: RenderSubmitter;

  constructor(@InjectQueue('render') queue: Queue, config: ApiConfig) {
    this.events = openQueueEvents('render', { connection: redisOptionsFromUrl(config.env.REDIS_URL), prefix: config.env.REDIS_PREFIX });
    this.events.on('error', () => undefined);
    this.submitter = new RenderSubmitter(queue, this.events);
  }

  async onModuleDestroy(): Promise<void> {
    await closeWithin(() => this.events.close(), () => this.events.disconnect());
  }

  async submit(payload: RenderGraphicPayload): Promise<{ jobId: string; coalesced: boolean }> {
    try {
      return await this.submitter.submit(payload);
    } catch (error) {
      throw new ApiProblem('render-unavailable', `The render queue is unavailable: ${(error as Error).message.slice(0, 120)}`);
    }
  }

  wait(jobId: string, timeoutMs: number): Promise<RenderWait> {
    return this.submitter.wait(jobId, timeoutMs);
  }

  pendingJobFor(artifactKey: string): Promise<string | null> {
    return this.submitter.pendingJobFor(artifactKey);
  }
}
