import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { loadEnv, workerEnvSchema } from '@caddie/config';
import { RenderWorkerModule } from '../../apps/render-worker/src/render-worker.module';
import type { ApiHarness } from './api-harness';

/** A render worker in this process, sharing the API harness's Redis prefix, database and artifact folder. */
export async function startRenderWorker(api: ApiHarness, extraEnv: Record<string, string> = {}): Promise<INestApplicationContext> {
  const env = loadEnv(workerEnvSchema, {
    DATA_DIR: api.config.env.DATA_DIR,
    REDIS_URL: api.config.env.REDIS_URL,
    REDIS_PREFIX: api.config.env.REDIS_PREFIX,
    ...(api.config.env.DATABASE_URL ? { DATABASE_URL: api.config.env.DATABASE_URL } : {}),
    ...(api.config.env.DATABASE_SCHEMA ? { DATABASE_SCHEMA: api.config.env.DATABASE_SCHEMA } : {}),
    WORKER_CONCURRENCY: '1',
    ...extraEnv,
  });
  const worker = await NestFactory.createApplicationContext(RenderWorkerModule.forRoot(env), { logger: false, abortOnError: false });
  await worker.init();
  return worker;
}
