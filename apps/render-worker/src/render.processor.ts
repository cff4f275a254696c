import { hostname } from 'node:os';
import { Logger, type Type } from '@nestjs/common';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import type { WorkerEnv } from '@caddie/config';
import { JobDispatcher, pingHandler } from '@caddie/jobs';
import { GraphicRenderHandler } from './graphic-render.handler';
import { MapArchiveHandler } from './map-archive.handler';
import { PrintableRenderHandler } from './printable-render.handler';

/**
 * The render queue consumer (graphics, map tiles, PMTiles archives). Built per process from the
 * parsed environment, because BullMQ worker options are fixed when the worker is created.
 */
export function renderProcessorClass(env: WorkerEnv): Type<WorkerHost> {
  @Processor('render', {
    // recorded on each job as processedBy, so operations can tell which worker holds it
    name: `${hostname()}:${process.pid}`,
    concurrency: env.WORKER_CONCURRENCY,
    lockDuration: env.WORKER_LOCK_DURATION_MS,
    stalledInterval: env.WORKER_STALLED_INTERVAL_MS,
  })
  class RenderProcessor extends WorkerHost {
    private readonly dispatcher: JobDispatcher<'render'>;

    constructor(graphics: GraphicRenderHandler, maps: MapArchiveHandler, printables: PrintableRenderHandler) {
      super();
      this.dispatcher = new JobDispatcher('render', {
        'worker.ping': pingHandler('render'),
        'render.graphic': (payload) => graphics.handle(payload),
        'render.map-archive': (payload) => maps.assemble(payload),
        'render.map-tiles': (payload) => maps.renderBlock(payload),
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
