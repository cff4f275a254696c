import { Global, Inject, Injectable, Logger, Module, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { BullModule, InjectQueue } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import Redis from 'ioredis';
import { QUEUE_NAMES, redisOptionsFromUrl } from '@caddie/jobs';
import { ApiConfig } from '../config/api-config';

export const REDIS = Symbol('REDIS');

/** Closes the shared client when the app shuts down. */
@Injectable()
class RedisLifecycle implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}
  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/** A queue without an 'error' listener would crash the process on a Redis outage; log instead. */
@Injectable()
class QueueErrorLogger implements OnModuleInit {
  private readonly logger = new Logger('Queues');
  private lastLog = 0;
  constructor(@InjectQueue('render') private readonly render: Queue, @InjectQueue('scorecard') private readonly scorecard: Queue) {}
  onModuleInit(): void {
    for (const queue of [this.render, this.scorecard]) {
      queue.on('error', (error) => {
        if (Date.now() - this.lastLog < 10_000) return;
        this.lastLog = Date.now();
        this.logger.warn(`queue ${queue.name}: ${error.message}`);
      });
    }
  }
}

/**
 * One Redis client for request-path work (rate limits, idempotency) and the BullMQ producers.
 * Producers fail fast: a request must not hang on a Redis outage.
 */
@Global()
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [ApiConfig],
      useFactory: (config: ApiConfig) => ({
        // BullMQ's queue init sends INFO before the socket is up, so the offline queue must stay on;
        // requests bound their own waits with deadlines instead.
        connection: { ...redisOptionsFromUrl(config.env.REDIS_URL), maxRetriesPerRequest: 1 },
        prefix: config.env.REDIS_PREFIX,
      }),
    }),
    BullModule.registerQueue(...QUEUE_NAMES.map((name) => ({ name }))),
  ],
  providers: [
    {
      provide: REDIS,
      inject: [ApiConfig],
      useFactory: (config: ApiConfig) => {
        const redis = new Redis({ ...redisOptionsFromUrl(config.env.REDIS_URL), maxRetriesPerRequest: 1, connectTimeout: 2000 });
        redis.on('error', () => undefined); // reconnects by itself; /ready and the rate limiter report outages
        return redis;
      },
    },
    RedisLifecycle,
    QueueErrorLogger,
  ],
  exports: [REDIS, BullModule],
})
export class RedisModule {}
