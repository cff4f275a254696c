import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import type { FlowProducer, Queue, QueueEvents } from 'bullmq';
import { closeBullWithin, openFlowProducer, openQueueEvents, PrintableFlowSubmitter, type PrintableFlowState, type PrintableJobBase } from '@caddie/jobs';
import { ApiConfig } from '../platform/config/api-config';
import { ApiProblem } from '../platform/problems/api-problem';
import { apiBullConnection, apiFlowConnection } from '../platform/redis/api-redis-options';

/** The render queue as printables use it: one flow per printable (see PrintableFlowSubmitter). */
@Injectable()
export class PrintableFlowsService implements OnModuleDestroy {
  private readonly events: QueueEvents;
  private readonly flows: FlowProducer;
  private readonly submitter: PrintableFlowSubmitter;

  constructor(@InjectQueue('render') queue: Queue, config: ApiConfig) {
    // the event subscription blocks (XREAD BLOCK) by design; the producer's commands are bounded
    // like every request-path command of the API, so a frozen Redis fails fast
    this.events = openQueueEvents('render', { connection: apiBullConnection(config.env, { blocking: true }), prefix: config.env.REDIS_PREFIX });
    this.events.on('error', () => undefined);
    this.flows = openFlowProducer({ connection: apiFlowConnection(config.env), prefix: config.env.REDIS_PREFIX });
    this.flows.on('error', () => undefined);
    this.submitter = new PrintableFlowSubmitter(this.flows, queue, this.events);
  }

  async onModuleDestroy(): Promise<void> {
    await closeBullWithin(this.events);
    await closeBullWithin(this.flows);
  }

  async submit(base: PrintableJobBase, pageCount: number): Promise<{ jobId: string; coalesced: boolean }> {
    try {
      return await this.submitter.submit(base, pageCount);
    } catch {
      // the Redis error text stays internal (issue 17: problem details never carry it)
      throw new ApiProblem('render-unavailable', 'The render queue is unavailable; retry later.');
    }
  }

  /** Stops the flow of a deleted printable (see PrintableFlowSubmitter.cancel). */
  cancel(base: Pick<PrintableJobBase, 'organizationId' | 'contentKey'>, jobId: string, pageCount: number): Promise<number> {
    return this.submitter.cancel(base, jobId, pageCount);
  }

  state(jobId: string): Promise<PrintableFlowState> {
    return this.submitter.state(jobId);
  }

  wait(jobId: string, timeoutMs: number): Promise<PrintableFlowState> {
    return this.submitter.wait(jobId, timeoutMs);
  }
}
