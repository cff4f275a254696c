import { Inject, Injectable } from '@nestjs/common';
import type { QueueName } from '@caddie/jobs';
import { QUEUES, type ApiQueues } from './api-queues';

/** How long one answer about a queue's consumers is reused (one CLIENT LIST per queue per second at most). */
export const CONSUMER_CHECK_CACHE_MS = 1_000;
const CONSUMER_CHECK_TIMEOUT_MS = 1_000;

/** Whether a queue has a live consumer: `true`/`false`, or `undefined` when Redis cannot tell (no answer, CLIENT LIST refused). */
export type ConsumerPresence = boolean | undefined;

/**
 * Live consumers of each queue, from BullMQ's worker registry (each worker's Redis connection
 * carries the queue's client name; a killed worker's connection, and so its entry, disappears).
 */
@Injectable()
export class QueueConsumers {
  private readonly recent = new Map<QueueName, { at: number; answer: Promise<ConsumerPresence> }>();

  constructor(@Inject(QUEUES) private readonly queues: ApiQueues) {}

  present(name: QueueName): Promise<ConsumerPresence> {
    const cached = this.recent.get(name);
    if (cached && Date.now() - cached.at < CONSUMER_CHECK_CACHE_MS) return cached.answer;
    const queue = this.queues[name];
    let timer: NodeJS.Timeout | undefined;
    const answer = Promise.race([
      queue.getWorkersCount().then((count) => count > 0),
      new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), CONSUMER_CHECK_TIMEOUT_MS))),
    ])
      .catch(() => undefined)
      .finally(() => clearTimeout(timer));
    this.recent.set(name, { at: Date.now(), answer });
    return answer;
  }
}
