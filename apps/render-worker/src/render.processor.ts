import { hostname } from 'node:os';
import { Logger, type Type } from '@nestjs/common';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import type { WorkerEnv } from '@caddie/config';
import { JobDispatcher, pingHandler } from '@caddie/jobs';
import { GraphicRenderHandler } from './graphic-render.handler';
import { MapArchiveHandler } from './map-archive.handler';
import { PrintableRenderHandler } from './printable-render.handler';

/** BullMQ worker options of a render queue consumer; fixed when the worker is created, so built per process from the parsed environment. */
function workerOptions(env: WorkerEnv, concurrency: number) {
  return {
    // recorded on each job as processedBy, so operations can tell which worker holds it
    name: `${hostname()}:${process.pid}`,
    concurrency,
    lockDuration: env.WORKER_LOCK_DURATION_MS,
    stalledInterval: env.WORKER_STALLED_INTERVAL_MS,
  };
}

/** The render queue consumer: graphics, tiles on demand, printables. */
export function renderProcessorClass(env: WorkerEnv): Type<WorkerHost> {
  @Processor('render', workerOptions(env, env.WORKER_CONCURRENCY))
  class RenderProcessor extends WorkerHost {
    private readonly dispatcher: JobDispatcher<'render'>;

    constructor(graphics: GraphicRenderHandler, maps: MapArchiveHandler, printables: PrintableRenderHandler) {
      super();
      this.dispatcher = new JobDispatcher('render', {
        'worker.ping': pingHandler('render'),
        'render.graphic': (payload) => graphics.handle(payload),
        'render.map-tile': (payload) => maps.renderOne(payload),
        'render.printable-page': (payload) => printables.renderPage(payload),
        'render.printable-assemble': (payload) => printables.assemble(payload),
      });
      new Logger('RenderWorker').log(`consuming queue render with concurrency ${env.WORKER_CONCURRENCY}`);
    }

    process(job: Job): Promise<unknown> {
      return this.dispatcher.dispatch(job);
    }
  }
  return RenderProcessor;
}

/** The render-batch queue consumer: map archive builds (blocks of tiles, assembly), in few slots (WORKER_BATCH_CONCURRENCY). */
export function renderBatchProcessorClass(env: WorkerEnv): Type<WorkerHost> {
  @Processor('render-batch', workerOptions(env, env.WORKER_BATCH_CONCURRENCY))
  class RenderBatchProcessor extends WorkerHost {
    private readonly dispatcher: JobDispatcher<'render-batch'>;

    constructor(maps: MapArchiveHandler) {
      super();
      this.dispatcher = new JobDispatcher('render-batch', {
        'worker.ping': pingHandler('render-batch'),
        'render.map-archive': (payload) => maps.assemble(payload),
        'render.map-tiles': (payload) => maps.renderBlock(payload),
      });
      new Logger('RenderWorker').log(`consuming queue render-batch with concurrency ${env.WORKER_BATCH_CONCURRENCY}`);
    }

    process(job: Job): Promise<unknown> {
      return this.dispatcher.dispatch(job);
    }
  }
  return RenderBatchProcessor;
}
