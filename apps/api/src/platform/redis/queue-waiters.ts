import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { QueueEvents } from 'bullmq';
import { closeBullWithin, JobWaiter, openQueueEvents, type QueueName } from '@caddie/jobs';
import { ApiConfig } from '../config/api-config';
import { QUEUES, type ApiQueues } from './api-queues';
import { apiBullConnection } from './api-redis-options';

/**
 * The API process's one QueueEvents subscription per queue, opened on first use, and the
 * JobWaiter that fans its events out to every waiting request of that queue.
 */
@Injectable()
export class QueueWaiters implements OnApplicationShutdown {
  private readonly logger = new Logger('QueueWaiters');
  private readonly open = new Map<QueueName, { events: QueueEvents; waiter: JobWaiter }>();
  private lastLog = 0;

  constructor(
    @Inject(QUEUES) private readonly queues: ApiQueues,
    private readonly config: ApiConfig,
  ) {}

  of(name: QueueName): JobWaiter {
    const existing = this.open.get(name);
    if (existing) return existing.waiter;
    // the subscription blocks on XREAD, so it has no command timeout and never gives up
    const events = openQueueEvents(name, {
      connection: apiBullConnection(this.config.env, { blocking: true }),
      prefix: this.config.env.REDIS_PREFIX,
    });
    events.on('error', (error) => {
      if (Date.now() - this.lastLog < 10_000) return;
      this.lastLog = Date.now();
      this.logger.warn(`queue events ${name}: ${error.message}`);
    });
    const waiter = new JobWaiter(this.queues[name], events);
    this.open.set(name, { events, waiter });
    return waiter;
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.open.values()].map(({ events }) => closeBullWithin(events)));
  }
}
