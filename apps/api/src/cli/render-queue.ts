import { Queue, type QueueEvents } from 'bullmq';
import type { ApiEnv } from '@caddie/config';
import { openQueueEvents, redisOptionsFromUrl } from '@caddie/jobs';

/** The render queue and its events, as the operator CLIs submit to it. */
export function openRenderQueue(env: ApiEnv): { queue: Queue; events: QueueEvents } {
  const connection = redisOptionsFromUrl(env.REDIS_URL);
  return { queue: new Queue('render', { connection, prefix: env.REDIS_PREFIX }), events: openQueueEvents('render', { connection, prefix: env.REDIS_PREFIX }) };
}
