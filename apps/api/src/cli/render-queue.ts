import type { FlowProducer, Queue, QueueEvents } from 'bullmq';
import type { ApiEnv } from '@caddie/config';
import { closeBullWithin, openFlowProducer, openQueue, openQueueEvents, redisOptionsFromUrl } from '@caddie/jobs';

/** The render queue's clients as the operator CLIs submit to it, opened and closed the way the API does. */
export interface RenderQueueClients {
  queue: Queue;
  events: QueueEvents;
  flows: FlowProducer;
  /** Closes all three within a bound, safe while they are still connecting or Redis is away (closeBullWithin). */
  close(): Promise<void>;
}

export function openRenderQueue(env: ApiEnv): RenderQueueClients {
  const options = { connection: redisOptionsFromUrl(env.REDIS_URL), prefix: env.REDIS_PREFIX };
  const queue = openQueue('render', options);
  const events = openQueueEvents('render', options);
  const flows = openFlowProducer(options);
  return { queue, events, flows, close: async () => void (await Promise.all([flows, events, queue].map((resource) => closeBullWithin(resource)))) };
}
