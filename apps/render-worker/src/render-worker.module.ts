import { type DynamicModule, Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import type { WorkerEnv } from '@caddie/config';
import { workerBullOptions } from '@caddie/jobs';
import { RenderProcessor } from './render.processor';
import { WORKER_ENV } from './worker-env.token';

@Module({})
export class RenderWorkerModule {
  static forRoot(env: WorkerEnv): DynamicModule {
    return {
      module: RenderWorkerModule,
      imports: [BullModule.forRoot(workerBullOptions(env)), BullModule.registerQueue({ name: 'render' })],
      providers: [{ provide: WORKER_ENV, useValue: env }, RenderProcessor],
    };
  }
}
