import { Cluster } from 'ioredis';
import { bullConnection, clusterOptions, isClusterEndpoint, openRedis, PatientCluster } from './redis-clients';

describe('Redis clients of a deployment', () => {
  const cluster = { REDIS_URL: 'rediss://ops:s%3Acret@ignored:6380/4', REDIS_CLUSTER_NODES: [{ host: 'r1', port: 7000 }] };

  it('makes a Cluster only when cluster nodes are configured', () => {
    expect(isClusterEndpoint({ REDIS_URL: 'redis://127.0.0.1:6379' })).toBe(false);
    expect(isClusterEndpoint({ REDIS_URL: 'redis://127.0.0.1:6379', REDIS_CLUSTER_NODES: [] })).toBe(false);
    expect(isClusterEndpoint(cluster)).toBe(true);
    const client = openRedis(cluster, { lazyConnect: true });
    expect(client).toBeInstanceOf(Cluster);
    client.disconnect();
    const single = openRedis({ REDIS_URL: 'redis://127.0.0.1:6390/2' }, { lazyConnect: true });
    expect(single).not.toBeInstanceOf(Cluster);
    expect(single.options).toMatchObject({ host: '127.0.0.1', port: 6390, db: 2 });
    single.disconnect();
  });

  it("gives each node REDIS_URL's credentials and TLS and the per-node options, never its address or database", () => {
    const options = clusterOptions(cluster, { host: 'x', port: 1, db: 3, commandTimeout: 1_000, maxRetriesPerRequest: 1, enableAutoPipelining: true });
    expect(options.redisOptions).toEqual({ username: 'ops', password: 's:cret', tls: {}, commandTimeout: 1_000, maxRetriesPerRequest: 1 });
    expect(options).toMatchObject({ enableAutoPipelining: true, scaleReads: 'master' });
  });

  it('hands BullMQ options for one server and a lazy Cluster of its own for a cluster', () => {
    expect(bullConnection({ REDIS_URL: 'redis://h:6379' }, { maxRetriesPerRequest: null })).toMatchObject({
      host: 'h',
      port: 6379,
      maxRetriesPerRequest: null,
    });
    const first = bullConnection(cluster, { maxRetriesPerRequest: null }) as unknown as Cluster;
    const second = bullConnection(cluster, { maxRetriesPerRequest: null }) as unknown as Cluster;
    expect(first).toBeInstanceOf(Cluster);
    expect(first).not.toBe(second);
    expect(first.status).toBe('wait');
    expect(first.options.redisOptions).toMatchObject({ maxRetriesPerRequest: null, password: 's:cret' });
    // QueueEvents connects a duplicate: patient and lazy too
    const duplicate = first.duplicate(undefined, { redisOptions: { connectionName: 'events' } });
    expect(duplicate).toBeInstanceOf(PatientCluster);
    expect([duplicate.status, duplicate.options.redisOptions?.connectionName]).toEqual(['wait', 'events']);
  });
});
