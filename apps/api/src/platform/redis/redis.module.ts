import { type BeforeApplicationShutdown, Global, Inject, Injectable, Logger, Module, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { BullModule, InjectQueue } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import Redis from 'ioredis';
import { closeWithin, QUEUE_NAMES } from '@caddie/jobs';
import { ApiConfig } from '../config/api-config';
import { apiRedisOptions } from './api-redis-options';
import { QueueConsumers } from './queue-consumers';
import { QueueWaiters } from './queue-waiters';

export const REDIS = Symbol('REDIS');

/** Closes the shared client when the app shuts down. */
@Injectable()
class RedisLifecycle implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}
  async onApplicationShutdown(): Promise<void> {
    await closeWithin(() => this.redis.quit(), () => this.redis.disconnect());
  }
}

/**
 * Queue lifecycle the module itself does not handle: a queue without an 'error' listener would
 * crash the process on a Redis outage, and closing a queue whose Redis is unreachable would hang
 * shutdown forever, so it gets a bounded close before the module's own.
 */
@Injectable()
class QueueLifecycle implements OnModuleInit, BeforeApplicationShutdown {
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

  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all([this.render, this.scorecard].map((queue) => closeWithin(() => queue.close(), () => queue.disconnect())));
  }
}

/**
 * One Redis client for request-path work (rate limits, idempotency) and the BullMQ producers.
 * Producers fail fast: every command has a timeout (apiRedisOptions), so a request never hangs on a Redis outage. Auto-pipelining sends the
 * commands of one event-loop tick in one write (order kept), so under load the per-request rate
 * limit costs a share of a syscall instead of one each.
 */
@Global()
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [ApiConfig],
      useFactory: (config: ApiConfig) => ({
        // BullMQ's queue init sends INFO before the socket is up, so the offline queue must stay on;
        // requests bound their own waits with deadlines instead.
        connection: apiRedisOptions(config.env.REDIS_URL),
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
        const redis = new Redis({ ...apiRedisOptions(config.env.REDIS_URL), enableAutoPipelining: true });
        redis.on('error', () => undefined); // reconnects by itself; /ready and the rate limiter report outages
        return redis;
      },
    },
    RedisLifecycle,
    QueueLifecycle,
    QueueWaiters,
    QueueConsumers,
  ],
  exports: [REDIS, BullModule, QueueWaiters, QueueConsumers],
})
export class RedisModule {}
