import { type BeforeApplicationShutdown, Global, Inject, Injectable, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { closeBullWithin, closeWithin, openQueue, openRedis, QUEUE_NAMES, type RedisClient } from '@caddie/jobs';
import { ApiConfig } from '../config/api-config';
import { QUEUES, type ApiQueues } from './api-queues';
import { apiBullConnection, apiRedisOptions } from './api-redis-options';
import { QueueConsumers } from './queue-consumers';
import { QueueWaiters } from './queue-waiters';

export const REDIS = Symbol('REDIS');

/** Closes the shared client when the app shuts down. */
@Injectable()
class RedisLifecycle implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: RedisClient) {}
  async onApplicationShutdown(): Promise<void> {
    await closeWithin(
      () => this.redis.quit(),
      () => this.redis.disconnect(),
    );
  }
}

/**
 * The producer queues of the API, created here rather than by BullModule.registerQueue: that
 * module closes each queue again at shutdown and fails the whole shutdown when the close failed
 * (a QUIT flushed with MaxRetriesPerRequestError behind commands left by a Redis outage), and its
 * queues' disconnect() hangs while Redis is away. Each queue gets an 'error' listener as it is
 * created (without one an outage would crash the process) and one bounded close at shutdown.
 */
@Injectable()
class QueueLifecycle implements BeforeApplicationShutdown {
  constructor(@Inject(QUEUES) private readonly queues: ApiQueues) {}

  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all(Object.values(this.queues).map((queue) => closeBullWithin(queue)));
  }
}

/** The render and scorecard producer queues: bounded commands (apiRedisOptions), prefix from the config. */
const queueProviders = QUEUE_NAMES.map((name) => ({
  provide: getQueueToken(name),
  inject: [ApiConfig],
  // BullMQ's queue init sends INFO before the socket is up, so the offline queue must stay on;
  // requests bound their own waits with deadlines instead.
  useFactory: (config: ApiConfig): Queue => {
    const queue = openQueue(name, { connection: apiBullConnection(config.env), prefix: config.env.REDIS_PREFIX });
    const logger = new Logger('Queues');
    let lastLog = 0;
    queue.on('error', (error) => {
      if (Date.now() - lastLog < 10_000) return;
      lastLog = Date.now();
      logger.warn(`queue ${name}: ${error.message}`);
    });
    return queue;
  },
}));

/**
 * One Redis client (a Cluster on REDIS_CLUSTER_NODES) for request-path work (rate limits, idempotency) and the BullMQ producers.
 * Producers fail fast: every command has a timeout (apiRedisOptions), so a request never hangs on a Redis outage. Auto-pipelining sends the
 * commands of one event-loop tick in one write (order kept), so under load the per-request rate
 * limit costs a share of a syscall instead of one each.
 */
@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [ApiConfig],
      useFactory: (config: ApiConfig) => {
        const redis = openRedis(config.env, { ...apiRedisOptions(config.env.REDIS_URL), enableAutoPipelining: true });
        redis.on('error', () => undefined); // reconnects by itself; /ready and the rate limiter report outages
        return redis;
      },
    },
    ...queueProviders,
    {
      provide: QUEUES,
      inject: QUEUE_NAMES.map((name) => getQueueToken(name)),
      useFactory: (...queues: Queue[]): ApiQueues => Object.fromEntries(QUEUE_NAMES.map((name, i) => [name, queues[i]])) as ApiQueues,
    },
    RedisLifecycle,
    QueueLifecycle,
    QueueWaiters,
    QueueConsumers,
  ],
  exports: [REDIS, QUEUES, ...queueProviders.map(({ provide }) => provide), QueueWaiters, QueueConsumers],
})
export class RedisModule {}
