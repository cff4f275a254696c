import { Worker } from 'bullmq';
import { redisOptionsFromUrl, type QueueName } from '@caddie/jobs';
import type { ApiHarness } from './api-harness';

/**
 * A BullMQ worker of the API harness's queue that is connected (so the API sees a live consumer)
 * but never takes a job. Close it when done.
 */
export async function idleConsumer(api: ApiHarness, queue: QueueName): Promise<Worker> {
  const worker = new Worker(queue, async () => undefined, {
    connection: { ...redisOptionsFromUrl(api.config.env.REDIS_URL), maxRetriesPerRequest: null },
    prefix: api.config.env.REDIS_PREFIX,
    autorun: false,
  });
  await worker.waitUntilReady();
  return worker;
}
