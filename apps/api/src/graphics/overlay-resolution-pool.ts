import { join } from 'node:path';
import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { ApiConfig } from '../platform/config/api-config';
import { WorkerThreadPool } from '../platform/threads/worker-thread-pool';
import type { OverlayResolutionOutcome, OverlayResolutionTask } from './overlay-resolution-task';

/** Requests that may wait for a thread, per thread; beyond that the request is refused (server-busy). */
const WAITING_PER_THREAD = 8;
/** Heap of one overlay thread: far above one full-size heatmap, far below the API's own. */
const THREAD_HEAP_MB = 512;

/** The API's overlay threads, shared by the public and the console overlay routes. */
@Injectable()
export class OverlayResolutionPool implements OnModuleDestroy {
  readonly pool: WorkerThreadPool<OverlayResolutionTask, OverlayResolutionOutcome>;

  constructor(config: ApiConfig) {
    this.pool = new WorkerThreadPool({
      modulePath: join(__dirname, 'overlay-resolution.thread'),
      threads: config.env.OVERLAY_THREADS,
      queueLimit: config.env.OVERLAY_THREADS * WAITING_PER_THREAD,
      resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB },
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool.close();
  }
}
