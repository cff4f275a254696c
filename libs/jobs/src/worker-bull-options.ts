import type { ConnectionOptions } from 'bullmq';
import Redis, { type RedisOptions } from 'ioredis';
import type { WorkerEnv } from '@caddie/config';
import { closeWithin } from './close-quietly';
import { redisOptionsFromUrl } from './redis-options';

/**
 * Longest a worker's non-blocking Redis command (moveToActive, moveToFinished, lock renewal,
 * artifact bookkeeping) may take. Longer than the API's 1 s: no client waits on a worker's
 * command, the bound only turns a frozen Redis into an error BullMQ retries instead of a worker
 * parked forever on a reply that never comes.
 */
export const WORKER_REDIS_COMMAND_TIMEOUT_MS = 5_000;
export const WORKER_REDIS_CONNECT_TIMEOUT_MS = 5_000;

/**
 * The worker's main BullMQ client: every command bounded by WORKER_REDIS_COMMAND_TIMEOUT_MS.
 * BullMQ makes the Worker's blocking connection (BZPOPMIN on the marker key, up to drainDelay
 * = 5 s, longer while delayed jobs wait) with `duplicate()` of this client, and ioredis's
 * commandTimeout applies to blocking commands too (it would abort every idle BZPOPMIN), so a
 * duplicate drops it: the blocking connection is bounded by the command's own timeout and by
 * BullMQ's watchdog instead, which reconnects when a BZPOPMIN is not answered within its block
 * time + 1 s (bullmq 5.x Worker.waitForJob). `maxRetriesPerRequest: null` on both, as BullMQ
 * requires of worker connections.
 */
export class WorkerRedis extends Redis {
  override duplicate(override?: Partial<RedisOptions>): Redis {
    return new Redis({ ...this.options, ...override, commandTimeout: undefined, maxRetriesPerRequest: null });
  }
}

export function workerRedisOptions(url: string): RedisOptions {
  return {
    ...redisOptionsFromUrl(url),
    maxRetriesPerRequest: null,
    commandTimeout: WORKER_REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: WORKER_REDIS_CONNECT_TIMEOUT_MS,
  };
}

/**
 * BullMQ root options of a worker process. The connection is one shared client (see WorkerRedis):
 * BullMQ does not close a client it was given, so the process closes it with
 * closeWorkerConnection once its workers are closed.
 */
export function workerBullOptions(env: WorkerEnv): { root: { connection: ConnectionOptions; prefix: string }; client: WorkerRedis } {
  const client = new WorkerRedis(workerRedisOptions(env.REDIS_URL));
  // errors surface through BullMQ's own listeners; an unhandled 'error' event must not crash the process
  client.on('error', () => undefined);
  // bullmq types clients with its own (nested) copy of ioredis; it takes any ioredis-shaped client
  return { root: { connection: client as unknown as ConnectionOptions, prefix: env.REDIS_PREFIX }, client };
}

/** Closes the workers first (their active jobs finish or return to the queue), then their shared client. */
export async function closeWorkerConnection(
  workers: { close(): Promise<void> } | undefined | readonly ({ close(): Promise<void> } | undefined)[],
  connection: Redis,
): Promise<void> {
  const closing = (Array.isArray(workers) ? workers : [workers]) as readonly ({ close(): Promise<void> } | undefined)[];
  await Promise.all(
    closing.map(
      (worker) =>
        worker &&
        closeWithin(
          () => worker.close(),
          () => undefined,
          30_000,
        ),
    ),
  );
  await closeWithin(
    () => connection.quit(),
    () => connection.disconnect(),
  );
}
