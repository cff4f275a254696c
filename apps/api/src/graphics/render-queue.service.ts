import { Injectable } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { RenderSubmitter, type RenderGraphicPayload, type RenderWait } from '@caddie/jobs';
import { ApiProblem } from '../platform/problems/api-problem';
import { QueueWaiters } from '../platform/redis/queue-waiters';

/** The render queue as the API uses it (see RenderSubmitter for coalescing). */
@Injectable()
export class RenderQueueService {
  private readonly submitter: RenderSubmitter;

  constructor(@InjectQueue('render') queue: Queue, waiters: QueueWaiters) {
    this.submitter = new RenderSubmitter(queue, waiters.of('render'));
  }

  async submit(payload: RenderGraphicPayload): Promise<{ jobId: string; coalesced: boolean }> {
    try {
      return await this.submitter.submit(payload);
    } catch {
      // the cause (a Redis error text) goes to no client
      throw new ApiProblem('render-unavailable', 'The render queue is unavailable; retry shortly.', { headers: { 'Retry-After': '5' } });
    }
  }

  wait(jobId: string, timeoutMs: number): Promise<RenderWait> {
    return this.submitter.wait(jobId, timeoutMs);
  }

  pendingJobFor(artifactKey: string): Promise<string | null> {
    return this.submitter.pendingJobFor(artifactKey);
  }
}
