import { type DynamicModule, Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import type { WorkerEnv } from '@caddie/config';
import { workerBullOptions } from '@caddie/jobs';
import { ScorecardProcessor } from './scorecard.processor';
import { WORKER_ENV } from './worker-env.token';

@Module({})
export class ScorecardWorkerModule {
  static forRoot(env: WorkerEnv): DynamicModule {
    return {
      module: ScorecardWorkerModule,
      imports: [BullModule.forRoot(workerBullOptions(env)), BullModule.registerQueue({ name: 'scorecard' })],
      providers: [{ provide: WORKER_ENV, useValue: env }, ScorecardProcessor],
    };
  }
}
