import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import { FlowProducer, type Queue, type QueueEvents } from 'bullmq';
import { closeWithin, openQueueEvents, PrintableFlowSubmitter, redisOptionsFromUrl, type PrintableFlowState, type PrintableJobBase } from '@caddie/jobs';
import { ApiConfig } from '../platform/config/api-config';
import { ApiProblem } from '../platform/problems/api-problem';

/** The render queue as printables use it: one flow per printable (see PrintableFlowSubmitter). */
@Injectable()
export class PrintableFlowsService implements OnModuleDestroy {
  private readonly events: QueueEvents;
  private readonly flows: FlowProducer;
  private readonly submitter: PrintableFlowSubmitter;

  constructor(@InjectQueue('render') queue: Queue, config: ApiConfig) {
    const connection = redisOptionsFromUrl(config.env.REDIS_URL);
    this.events = openQueueEvents('render', { connection, prefix: config.env.REDIS_PREFIX });
    this.events.on('error', () => undefined);
    // producers fail fast rather than queue commands while Redis is away
    this.flows = new FlowProducer({ connection: { ...connection, maxRetriesPerRequest: 1 }, prefix: config.env.REDIS_PREFIX });
    this.flows.on('error', () => undefined);
    this.submitter = new PrintableFlowSubmitter(this.flows, queue, this.events);
  }

  async onModuleDestroy(): Promise<void> {
    await closeWithin(() => this.events.close(), () => this.events.disconnect());
    await closeWithin(() => this.flows.close(), () => this.flows.disconnect());
  }

  async submit(base: PrintableJobBase, pageCount: number): Promise<{ jobId: string; coalesced: boolean }> {
    try {
      return await this.submitter.submit(base, pageCount);
    } catch (error) {
      throw new ApiProblem('render-unavailable', `The render queue is unavailable: ${(error as Error).message.slice(0, 120)}`);
    }
  }

  state(jobId: string): Promise<PrintableFlowState> {
    return this.submitter.state(jobId);
  }

  wait(jobId: string, timeoutMs: number): Promise<PrintableFlowState> {
    return this.submitter.wait(jobId, timeoutMs);
  }
}
