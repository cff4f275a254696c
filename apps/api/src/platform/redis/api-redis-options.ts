import type { ConnectionOptions } from 'bullmq';
import type { RedisOptions } from 'ioredis';
import { bullConnection, redisOptionsFromUrl, type RedisEndpoint } from '@caddie/jobs';

/**
 * Longest any request-path Redis command may take in the API. A frozen or unreachable Redis
 * turns into a fast error (answered 503) instead of a request that hangs as long as Redis does.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 1_000;
export const REDIS_CONNECT_TIMEOUT_MS = 2_000;

/**
 * ioredis options of the API's clients. Request-path clients get the command timeout and one
 * retry; the blocking subscription of QueueEvents gets neither (XREAD BLOCK waits by design) and
 * is never on a request's critical path: waits recheck the job by their own bounded look-ups.
 */
export function apiRedisOptions(url: string, { blocking = false }: { blocking?: boolean } = {}): RedisOptions {
  const base = { ...redisOptionsFromUrl(url), connectTimeout: REDIS_CONNECT_TIMEOUT_MS };
  return blocking ? { ...base, maxRetriesPerRequest: null } : { ...base, maxRetriesPerRequest: 1, commandTimeout: REDIS_COMMAND_TIMEOUT_MS };
}

/** The `connection` of one API BullMQ object (its own client; a Cluster on REDIS_CLUSTER_NODES), with apiRedisOptions' bounds. */
export function apiBullConnection(env: RedisEndpoint, { blocking = false }: { blocking?: boolean } = {}): ConnectionOptions {
  return bullConnection(env, apiRedisOptions(env.REDIS_URL, { blocking }));
}
