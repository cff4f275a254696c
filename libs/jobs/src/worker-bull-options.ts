import type { WorkerEnv } from '@caddie/config';
import { redisOptionsFromUrl } from './redis-options';

/** BullMQ root options of a worker: blocking connections must never give up on a command. */
export function workerBullOptions(env: WorkerEnv) {
  return { connection: { ...redisOptionsFromUrl(env.REDIS_URL), maxRetriesPerRequest: null }, prefix: env.REDIS_PREFIX };
}
