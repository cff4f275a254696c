import { type OnApplicationBootstrap, Inject, Logger } from '@nestjs/common';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import type { WorkerEnv } from '@caddie/config';
import { JobDispatcher, pingHandler } from '@caddie/jobs';
import { WORKER_ENV } from './worker-env.token';

/** Consumes the scorecard queue: marker detection, normalization and handwriting reading under request deadlines. */
@Processor('scorecard')
export class ScorecardProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly logger = new Logger('ScorecardWorker');
  private readonly dispatcher = new JobDispatcher('scorecard', {
    'worker.ping': pingHandler('scorecard'),
  });

  constructor(@Inject(WORKER_ENV) private readonly env: WorkerEnv) {
    super();
  }

  onApplicationBootstrap(): void {
    this.worker.concurrency = this.env.WORKER_CONCURRENCY;
    this.logger.log(`consuming queue scorecard with concurrency ${this.env.WORKER_CONCURRENCY}`);
  }

  process(job: Job): Promise<unknown> {
    return this.dispatcher.dispatch(job);
  }
}
