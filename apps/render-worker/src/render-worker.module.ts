import { type DynamicModule, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { BullModule, type WorkerHost } from '@nestjs/bullmq';
import type { DataSource } from 'typeorm';
import { createArtifactStore } from '@caddie/artifacts';
import type { WorkerEnv } from '@caddie/config';
import { closeWorkerConnection, openRedis, printableDeletedKey, type RedisClient, workerBullOptions, workerRedisOptions } from '@caddie/jobs';
import { CourseStore, openDatabase } from '@caddie/persistence';
import { GraphicRenderHandler } from './graphic-render.handler';
import { MapArchiveHandler } from './map-archive.handler';
import { printablesLibraryEngine } from './printable-engine';
import { PrintableRenderHandler } from './printable-render.handler';
import { renderBatchProcessorClass, renderProcessorClass } from './render.processor';

const DATABASE = Symbol('DATABASE');
const REDIS = Symbol('REDIS');
const BULL_CONNECTION = Symbol('BULL_CONNECTION');
const PROCESSORS = Symbol('PROCESSORS');

/**
 * Closes the worker's connections on shutdown. Nest runs this module's hooks before BullModule's,
 * so the BullMQ workers (render and render-batch) are closed here first (their active jobs finish
 * or return to the queue; a second close by BullModule is a no-op), then the shared BullMQ
 * client, the database and Redis.
 */
@Injectable()
class WorkerConnections implements OnApplicationShutdown {
  constructor(
    @Inject(DATABASE) private readonly db: DataSource,
    @Inject(REDIS) private readonly redis: RedisClient,
    @Inject(BULL_CONNECTION) private readonly bull: RedisClient,
    @Inject(PROCESSORS) private readonly processors: { hosts: WorkerHost[] },
  ) {}
  async onApplicationShutdown(): Promise<void> {
    await closeWorkerConnection(this.processors.hosts.map(workerOf), this.bull);
    await this.db.destroy().catch(() => undefined);
    this.redis.disconnect();
  }
}

/** The host's BullMQ worker, or none when it was never created (a failed boot). */
function workerOf(host: WorkerHost) {
  try {
    return host.worker;
  } catch {
    return undefined;
  }
}

@Module({})
export class RenderWorkerModule {
  static forRoot(env: WorkerEnv): DynamicModule {
    const bull = workerBullOptions(env);
    const processor = renderProcessorClass(env);
    const batchProcessor = renderBatchProcessorClass(env);
    return {
      module: RenderWorkerModule,
      imports: [BullModule.forRoot(bull.root), BullModule.registerQueue({ name: 'render' }, { name: 'render-batch' })],
      providers: [
        // workers read the catalog; the API owns migrations
        {
          provide: DATABASE,
          useFactory: () => openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, schema: env.DATABASE_SCHEMA }, { migrate: false }),
        },
        // graphics' coalescing bookkeeping: bounded commands, one retry
        { provide: REDIS, useFactory: () => openRedis(env, { ...workerRedisOptions(env.REDIS_URL), maxRetriesPerRequest: 1 }) },
        { provide: BULL_CONNECTION, useValue: bull.client },
        {
          provide: GraphicRenderHandler,
          inject: [DATABASE, REDIS],
          useFactory: (db: DataSource, redis: RedisClient) => new GraphicRenderHandler(new CourseStore(db), createArtifactStore(env), redis, env.REDIS_PREFIX),
        },
        {
          provide: MapArchiveHandler,
          inject: [DATABASE],
          useFactory: (db: DataSource) => new MapArchiveHandler(new CourseStore(db), createArtifactStore(env)),
        },
        {
          provide: PrintableRenderHandler,
          inject: [DATABASE, REDIS],
          useFactory: (db: DataSource, redis: RedisClient) =>
            new PrintableRenderHandler(
              new CourseStore(db),
              createArtifactStore(env),
              printablesLibraryEngine,
              async (base) => (await redis.exists(printableDeletedKey(env.REDIS_PREFIX, base.organizationId, base.contentKey))) > 0,
            ),
        },
        processor,
        batchProcessor,
        { provide: PROCESSORS, useFactory: (...hosts: WorkerHost[]) => ({ hosts }), inject: [processor, batchProcessor] },
        WorkerConnections,
      ],
    };
  }
}
