import { type DynamicModule, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import Redis from 'ioredis';
import type { DataSource } from 'typeorm';
import { createArtifactStore } from '@caddie/artifacts';
import type { WorkerEnv } from '@caddie/config';
import { redisOptionsFromUrl, workerBullOptions } from '@caddie/jobs';
import { CourseStore, openDatabase } from '@caddie/persistence';
import { GraphicRenderHandler } from './graphic-render.handler';
import { MapArchiveHandler } from './map-archive.handler';
import { printablesLibraryEngine } from './printable-engine';
import { PrintableRenderHandler } from './printable-render.handler';
import { renderProcessorClass } from './render.processor';

const DATABASE = Symbol('DATABASE');
const REDIS = Symbol('REDIS');

/** Closes the worker's own connections after BullMQ has closed the worker. */
@Injectable()
class WorkerConnections implements OnApplicationShutdown {
  constructor(@Inject(DATABASE) private readonly db: DataSource, @Inject(REDIS) private readonly redis: Redis) {}
  async onApplicationShutdown(): Promise<void> {
    await this.db.destroy().catch(() => undefined);
    this.redis.disconnect();
  }
}

@Module({})
export class RenderWorkerModule {
  static forRoot(env: WorkerEnv): DynamicModule {
    return {
      module: RenderWorkerModule,
      imports: [BullModule.forRoot(workerBullOptions(env)), BullModule.registerQueue({ name: 'render' })],
      providers: [
        // workers read the catalog; the API owns migrations
        { provide: DATABASE, useFactory: () => openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, schema: env.DATABASE_SCHEMA }, { migrate: false }) },
        { provide: REDIS, useFactory: () => new Redis({ ...redisOptionsFromUrl(env.REDIS_URL), maxRetriesPerRequest: 1 }) },
        {
          provide: GraphicRenderHandler,
          inject: [DATABASE, REDIS],
          useFactory: (db: DataSource, redis: Redis) => new GraphicRenderHandler(new CourseStore(db), createArtifactStore(env), redis, env.REDIS_PREFIX),
        },
        { provide: MapArchiveHandler, inject: [DATABASE], useFactory: (db: DataSource) => new MapArchiveHandler(new CourseStore(db), createArtifactStore(env)) },
        {
          provide: PrintableRenderHandler,
          inject: [DATABASE],
          useFactory: (db: DataSource) => new PrintableRenderHandler(new CourseStore(db), createArtifactStore(env), printablesLibraryEngine),
        },
        WorkerConnections,
        renderProcessorClass(env),
      ],
    };
  }
}
