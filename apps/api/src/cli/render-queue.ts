import type { FlowProducer, Queue, QueueEvents } from 'bullmq';
import type { ApiEnv } from '@caddie/config';
import { bullConnection, closeBullWithin, openFlowProducer, openQueue, openQueueEvents } from '@caddie/jobs';

/** The render queues' clients as the operator CLIs submit to them, opened and closed the way the API does. */
export interface RenderQueueClients {
  queue: Queue;
  events: QueueEvents;
  /** render-batch: map archive builds */
  batchQueue: Queue;
  batchEvents: QueueEvents;
  flows: FlowProducer;
  /** Closes them all within a bound, safe while they are still connecting or Redis is away (closeBullWithin). */
  close(): Promise<void>;
}

export function openRenderQueue(env: ApiEnv): RenderQueueClients {
  // each BullMQ object its own connection (on a cluster, its own Cluster client)
  const options = () => ({ connection: bullConnection(env, {}), prefix: env.REDIS_PREFIX });
  const queue = openQueue('render', options());
  const batchQueue = openQueue('render-batch', options());
  const events = openQueueEvents('render', options());
  const batchEvents = openQueueEvents('render-batch', options());
  const flows = openFlowProducer(options());
  const all = [flows, events, batchEvents, queue, batchQueue];
  return { queue, events, batchQueue, batchEvents, flows, close: async () => void (await Promise.all(all.map((resource) => closeBullWithin(resource)))) };
}
