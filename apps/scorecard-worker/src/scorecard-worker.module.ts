import { type DynamicModule, Module } from '@nestjs/common';
import { BullModule, type WorkerHost } from '@nestjs/bullmq';
import { createArtifactStore } from '@caddie/artifacts';
import type { WorkerEnv } from '@caddie/config';
import { workerBullOptions } from '@caddie/jobs';
import { scorecardProcessorClass } from './scorecard.processor';
import { SCORECARD_ARTIFACT_STORE, SCORECARD_PROCESSOR, WORKER_ENV } from './worker-env.token';

@Module({})
export class ScorecardWorkerModule {
  static forRoot(env: WorkerEnv): DynamicModule {
    const processor = scorecardProcessorClass(env);
    return {
      module: ScorecardWorkerModule,
      imports: [BullModule.forRoot(workerBullOptions(env)), BullModule.registerQueue({ name: 'scorecard' })],
      providers: [
        { provide: WORKER_ENV, useValue: env },
        { provide: SCORECARD_ARTIFACT_STORE, useFactory: () => createArtifactStore(env) },
        processor,
        { provide: SCORECARD_PROCESSOR, useFactory: (host: WorkerHost) => ({ host }), inject: [processor] },
      ],
    };
  }
}
