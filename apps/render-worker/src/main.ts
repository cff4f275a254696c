import 'reflect-metadata';
import { ConsoleLogger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { loadEnvOrExit, workerEnvSchema } from '@caddie/config';
import { RenderWorkerModule } from './render-worker.module';

async function main(): Promise<void> {
  const env = loadEnvOrExit(workerEnvSchema);
  const app = await NestFactory.createApplicationContext(RenderWorkerModule.forRoot(env), {
    logger: new ConsoleLogger({ json: true, logLevels: ['log', 'error', 'warn'] }),
    abortOnError: false,
  });
  // SIGTERM/SIGINT close the BullMQ worker: the active job finishes or returns to the queue.
  app.enableShutdownHooks();
  await app.init();
}

void main();
