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
 * A flow producer's add is one MULTI of every child job (a map archive has dozens of blocks, a
 * book one job per page): under a loaded event loop it overran the 1 s bound and a build was
 * reported "render queue unavailable" (503 map-unavailable) while Redis was healthy.
 */
export const REDIS_FLOW_COMMAND_TIMEOUT_MS = 5_000;

/**
 * ioredis options of the API's clients. Request-path clients get the command timeout and one
 * retry; the blocking subscription of QueueEvents gets neither (XREAD BLOCK waits by design) and
 * is never on a request's critical path: waits recheck the job by their own bounded look-ups.
 */
export function apiRedisOptions(
  url: string,
  { blocking = false, commandTimeoutMs = REDIS_COMMAND_TIMEOUT_MS }: { blocking?: boolean; commandTimeoutMs?: number } = {},
): RedisOptions {
  const base = { ...redisOptionsFromUrl(url), connectTimeout: REDIS_CONNECT_TIMEOUT_MS };
  return blocking ? { ...base, maxRetriesPerRequest: null } : { ...base, maxRetriesPerRequest: 1, commandTimeout: commandTimeoutMs };
}

/** The `connection` of one API BullMQ object (its own client; a Cluster on REDIS_CLUSTER_NODES), with apiRedisOptions' bounds. */
export function apiBullConnection(env: RedisEndpoint, options: { blocking?: boolean; commandTimeoutMs?: number } = {}): ConnectionOptions {
  return bullConnection(env, apiRedisOptions(env.REDIS_URL, options));
}

/** The `connection` of an API flow producer: the request-path bounds, with REDIS_FLOW_COMMAND_TIMEOUT_MS for its transactions. */
export function apiFlowConnection(env: RedisEndpoint): ConnectionOptions {
  return apiBullConnection(env, { commandTimeoutMs: REDIS_FLOW_COMMAND_TIMEOUT_MS });
}
