import type { ConnectionOptions } from 'bullmq';
import Redis, { Cluster, type ClusterNode, type ClusterOptions, type RedisOptions } from 'ioredis';
import { redisOptionsFromUrl } from './redis-options';

/** Where the deployment's Redis is: one server (REDIS_URL) or a cluster (REDIS_CLUSTER_NODES, with REDIS_URL's credentials). */
export interface RedisEndpoint {
  REDIS_URL: string;
  REDIS_CLUSTER_NODES?: readonly { host: string; port: number }[];
}

/** Either kind of client; both speak the same commands, a Cluster routes each key to its slot's master. */
export type RedisClient = Redis | Cluster;

/** Options that belong to the client as a whole, not to each node's connection, on a Cluster. */
type ClientWideOptions = Pick<RedisOptions, 'enableAutoPipelining' | 'enableOfflineQueue' | 'lazyConnect'>;

export function isClusterEndpoint(endpoint: RedisEndpoint): boolean {
  return (endpoint.REDIS_CLUSTER_NODES?.length ?? 0) > 0;
}

/**
 * The Cluster options for per-node `options`. A MOVED reply (slot migrated) is followed and the
 * slot map refreshed; during a failover (CLUSTERDOWN, TRYAGAIN, a master gone) commands wait and
 * retry a few times rather than fail at once. Reads go to masters: the project reads what it has
 * just written (locks, coalescing, idempotency) and a replica may lag.
 */
export function clusterOptions(endpoint: RedisEndpoint, options: RedisOptions): ClusterOptions {
  // the address and database of a single-server option set (REDIS_URL's) mean nothing per node
  const { enableAutoPipelining, enableOfflineQueue, lazyConnect, host, port, path, db, ...perNode } = options as RedisOptions & ClientWideOptions;
  // REDIS_URL lends its credentials and TLS; a cluster has one database and no SELECT
  const { username, password, tls } = redisOptionsFromUrl(endpoint.REDIS_URL);
  return {
    enableAutoPipelining,
    enableOfflineQueue,
    lazyConnect,
    scaleReads: 'master',
    maxRedirections: 16,
    retryDelayOnMoved: 0,
    retryDelayOnFailover: 200,
    retryDelayOnClusterDown: 200,
    retryDelayOnTryAgain: 200,
    slotsRefreshTimeout: 2_000,
    slotsRefreshInterval: 5_000,
    clusterRetryStrategy: (times) => Math.min(100 * times, 2_000),
    redisOptions: { ...(username ? { username } : {}), ...(password ? { password } : {}), ...(tls ? { tls } : {}), ...perNode },
  };
}

/** A client of the deployment's Redis with `options`: a Redis on REDIS_URL, or a Cluster on REDIS_CLUSTER_NODES. */
export function openRedis(endpoint: RedisEndpoint, options: RedisOptions = {}): RedisClient {
  if (!isClusterEndpoint(endpoint)) return new Redis({ ...redisOptionsFromUrl(endpoint.REDIS_URL), ...options });
  return new Cluster([...endpoint.REDIS_CLUSTER_NODES!], clusterOptions(endpoint, options));
}

/**
 * The `connection` of one BullMQ Queue, QueueEvents or FlowProducer: the options themselves for
 * one server (BullMQ makes and owns its client), or a lazily connecting Cluster, since BullMQ
 * takes a cluster only as a client. Call it once per BullMQ object: each needs its own client,
 * which the object's DroppableRedisConnection owns and closes (QueueEvents duplicates it and
 * owns the duplicate; the lazy original never connects).
 */
export function bullConnection(endpoint: RedisEndpoint, options: RedisOptions): ConnectionOptions {
  if (!isClusterEndpoint(endpoint)) return { ...redisOptionsFromUrl(endpoint.REDIS_URL), ...options } as ConnectionOptions;
  // bullmq types clients with its own (nested) copy of ioredis; it takes any ioredis-shaped client
  return new PatientCluster([...endpoint.REDIS_CLUSTER_NODES!], clusterOptions(endpoint, { ...options, lazyConnect: true })) as unknown as ConnectionOptions;
}

/**
 * A lazily connecting Cluster whose first connect() waits out a failure. BullMQ connects a lazy
 * client once, at its object's start, and keeps that promise: had the first attempt failed (no
 * node answered the slots query in time, as on a loaded host), the queue would refuse every
 * command for good. ioredis itself retries (clusterRetryStrategy), so connect() resolves with the
 * 'ready' that follows, and fails only when the client ends. Its duplicates (QueueEvents' own
 * connection) are patient too.
 */
export class PatientCluster extends Cluster {
  constructor(
    private readonly seeds: ClusterNode[],
    options: ClusterOptions,
  ) {
    super(seeds, options);
  }

  override async connect(): Promise<void> {
    try {
      await super.connect();
    } catch (error) {
      if (this.status === 'end' || this.status === 'ready') throw error;
      await new Promise<void>((resolve, reject) => {
        const ready = () => {
          this.off('end', ended);
          resolve();
        };
        const ended = () => {
          this.off('ready', ready);
          reject(error as Error);
        };
        this.once('ready', ready);
        this.once('end', ended);
      });
    }
  }

  override duplicate(startupNodes?: ClusterNode[], override: ClusterOptions = {}): Cluster {
    return new PatientCluster(startupNodes?.length ? startupNodes : [...this.seeds], { ...this.options, ...override });
  }
}

/**
 * The key readiness writes to: it hashes to the prefix's slot when the prefix holds a `{tag}`
 * (as on a cluster it always does), so a write answered proves that slot's master serves.
 */
export function prefixProbeKey(prefix: string): string {
  return `${prefix}:ready-probe`;
}
