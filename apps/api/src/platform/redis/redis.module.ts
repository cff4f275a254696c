import { Global, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
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
        connection: { ...redisOptionsFromUrl(config.env.REDIS_URL), enableOfflineQueue: false, maxRetriesPerRequest: 1 },
        prefix: config.env.REDIS_PREFIX,
      }),
    }),
    BullModule.registerQueue(...QUEUE_NAMES.map((name) => ({ name }))),
  ],
  providers: [
    {
      provide: REDIS,
      inject: [ApiConfig],
      useFactory: (config: ApiConfig) =>
        new Redis({ ...redisOptionsFromUrl(config.env.REDIS_URL), maxRetriesPerRequest: 1, connectTimeout: 2000 }),
    },
    RedisLifecycle,
  ],
  exports: [REDIS, BullModule],
})
export class RedisModule {}
