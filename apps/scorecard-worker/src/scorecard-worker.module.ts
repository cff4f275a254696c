import { type DynamicModule, Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { createArtifactStore } from '@caddie/artifacts';
import type { WorkerEnv } from '@caddie/config';
import { workerBullOptions } from '@caddie/jobs';
import { ScorecardProcessor } from './scorecard.processor';
import { SCORECARD_ARTIFACT_STORE, WORKER_ENV } from './worker-env.token';

@Module({})
export class ScorecardWorkerModule {
  static forRoot(env: WorkerEnv): DynamicModule {
    return {
      module: ScorecardWorkerModule,
      imports: [BullModule.forRoot(workerBullOptions(env)), BullModule.registerQueue({ name: 'scorecard' })],
      providers: [
        { provide: WORKER_ENV, useValue: env },
        { provide: SCORECARD_ARTIFACT_STORE, useFactory: () => createArtifactStore(env) },
        ScorecardProcessor,
      ],
    };
  }
}
