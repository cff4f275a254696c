import { type OnApplicationBootstrap, Inject, Logger } from '@nestjs/common';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import type { WorkerEnv } from '@caddie/config';
import { JobDispatcher, pingHandler } from '@caddie/jobs';
import { GraphicRenderHandler } from './graphic-render.handler';
import { WORKER_ENV } from './worker-env.token';

/** Consumes the render queue: graphics, map tiles and PMTiles archives. */
@Processor('render')
export class RenderProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly logger = new Logger('RenderWorker');
  private readonly dispatcher: JobDispatcher<'render'>;

  constructor(
    @Inject(WORKER_ENV) private readonly env: WorkerEnv,
    graphics: GraphicRenderHandler,
  ) {
    super();
    this.dispatcher = new JobDispatcher('render', {
      'worker.ping': pingHandler('render'),
      'render.graphic': (payload) => graphics.handle(payload),
    });
  }

  onApplicationBootstrap(): void {
    this.worker.concurrency = this.env.WORKER_CONCURRENCY;
    this.logger.log(`consuming queue render with concurrency ${this.env.WORKER_CONCURRENCY}`);
  }

  process(job: Job): Promise<unknown> {
    return this.dispatcher.dispatch(job);
  }
}
