import type { ConnectionOptions } from 'bullmq';
import Redis, { Cluster, type ClusterNode, type ClusterOptions, type RedisOptions } from 'ioredis';
import type { WorkerEnv } from '@caddie/config';
import { closeWithin } from './close-quietly';
import { clusterOptions, isClusterEndpoint, type RedisClient } from './redis-clients';
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

/** WorkerRedis on a Redis Cluster: BullMQ's blocking connection, duplicated from it, drops the command timeout likewise. */
export class WorkerCluster extends Cluster {
  constructor(
    private readonly seeds: ClusterNode[],
    options: ClusterOptions,
  ) {
    super(seeds, options);
  }

  override duplicate(startupNodes?: ClusterNode[], override: ClusterOptions = {}): Cluster {
    const redisOptions = { ...this.options.redisOptions, ...override.redisOptions, commandTimeout: undefined, maxRetriesPerRequest: null };
    return new Cluster(startupNodes?.length ? startupNodes : [...this.seeds], { ...this.options, ...override, redisOptions });
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
export function workerBullOptions(env: WorkerEnv): { root: { connection: ConnectionOptions; prefix: string }; client: WorkerRedis | WorkerCluster } {
  const options = workerRedisOptions(env.REDIS_URL);
  const client = isClusterEndpoint(env) ? new WorkerCluster([...env.REDIS_CLUSTER_NODES!], clusterOptions(env, options)) : new WorkerRedis(options);
  // errors surface through BullMQ's own listeners; an unhandled 'error' event must not crash the process
  client.on('error', () => undefined);
  // bullmq types clients with its own (nested) copy of ioredis; it takes any ioredis-shaped client
  return { root: { connection: client as unknown as ConnectionOptions, prefix: env.REDIS_PREFIX }, client };
}

/** Closes the workers first (their active jobs finish or return to the queue), then their shared client. */
export async function closeWorkerConnection(
  workers: { close(): Promise<void> } | undefined | readonly ({ close(): Promise<void> } | undefined)[],
  connection: RedisClient,
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
