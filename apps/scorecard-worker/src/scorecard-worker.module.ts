import { type DynamicModule, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { BullModule, type WorkerHost } from '@nestjs/bullmq';
import { createArtifactStore } from '@caddie/artifacts';
import type { WorkerEnv } from '@caddie/config';
import { closeWorkerConnection, type RedisClient, workerBullOptions } from '@caddie/jobs';
import { scorecardProcessorClass } from './scorecard.processor';
import { SCORECARD_ARTIFACT_STORE, SCORECARD_PROCESSOR, WORKER_ENV } from './worker-env.token';

const BULL_CONNECTION = Symbol('BULL_CONNECTION');

/**
 * Nest runs this module's shutdown hooks before BullModule's: the BullMQ worker is closed here
 * first (a second close by BullModule is a no-op), then the shared client BullMQ does not own.
 */
@Injectable()
class WorkerConnections implements OnApplicationShutdown {
  constructor(
    @Inject(BULL_CONNECTION) private readonly bull: RedisClient,
    @Inject(SCORECARD_PROCESSOR) private readonly processor: { host: WorkerHost },
  ) {}
  async onApplicationShutdown(): Promise<void> {
    let worker;
    try {
      worker = this.processor.host.worker;
    } catch {
      worker = undefined; // never created (a failed boot)
    }
    await closeWorkerConnection(worker, this.bull);
  }
}

@Module({})
export class ScorecardWorkerModule {
  static forRoot(env: WorkerEnv): DynamicModule {
    const processor = scorecardProcessorClass(env);
    const bull = workerBullOptions(env);
    return {
      module: ScorecardWorkerModule,
      imports: [BullModule.forRoot(bull.root), BullModule.registerQueue({ name: 'scorecard' })],
      providers: [
        { provide: WORKER_ENV, useValue: env },
        { provide: SCORECARD_ARTIFACT_STORE, useFactory: () => createArtifactStore(env) },
        processor,
        { provide: SCORECARD_PROCESSOR, useFactory: (host: WorkerHost) => ({ host }), inject: [processor] },
        { provide: BULL_CONNECTION, useValue: bull.client },
        WorkerConnections,
      ],
    };
  }
}
