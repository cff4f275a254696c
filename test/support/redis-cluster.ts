import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis, { Cluster } from 'ioredis';
import { exited, waitFor } from './processes';

/** One redis-server of the test cluster. */
export interface ClusterNodeProcess {
  port: number;
  child: ChildProcess;
  /** a direct (non-cluster) client of this node, for CLUSTER commands */
  client: Redis;
}

/** A Redis Cluster on loopback made of `redis-server` processes: masters, each with its replicas. */
export interface TestRedisCluster {
  nodes: ClusterNodeProcess[];
  /** REDIS_CLUSTER_NODES for the processes under test */
  seeds: string;
  /** the node process that serves `slot` as master now */
  masterOf(slot: number): Promise<ClusterNodeProcess>;
  /** Moves a slot and its keys to another master, as `redis-cli --cluster reshard` does, and returns the new owner. */
  migrateSlot(slot: number, to: ClusterNodeProcess): Promise<void>;
  /** Kills a node with SIGKILL (a crash: no failover handshake, its replica takes over after the node timeout). */
  kill(node: ClusterNodeProcess): Promise<void>;
  stop(): Promise<void>;
}

export function redisClusterSupported(): boolean {
  return spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0 && spawnSync('redis-cli', ['--version'], { stdio: 'ignore' }).status === 0;
}

const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/** `count` consecutive ports whose cluster bus ports (+10000) are free too, from a random start in 20000-29999. */
async function freePortRun(count: number): Promise<number[]> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const start = 20_000 + Math.floor(Math.random() * (10_000 - count));
    const ports = Array.from({ length: count }, (_, i) => start + i);
    const free = await Promise.all(ports.flatMap((port) => [portFree(port), portFree(port + 10_000)]));
    if (free.every(Boolean)) return ports;
  }
  throw new Error('no free run of loopback ports for the Redis Cluster');
}

/** Node id of the node a client talks to. */
const myId = async (client: Redis) => String(await client.call('CLUSTER', 'MYID'));

/**
 * Starts `masters` masters with `replicasPerMaster` replicas each (no persistence, 1.5 s node
 * timeout so a failover happens within seconds) and joins them with `redis-cli --cluster create`.
 */
export async function startRedisCluster({ masters = 3, replicasPerMaster = 1 } = {}): Promise<TestRedisCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'caddie-redis-cluster-'));
  const ports = await freePortRun(masters * (1 + replicasPerMaster));
  const nodes: ClusterNodeProcess[] = ports.map((port) => {
    const child = spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--cluster-enabled',
        'yes',
        '--cluster-config-file',
        join(dir, `nodes-${port}.conf`),
        '--cluster-node-timeout',
        '1500',
        '--dir',
        dir,
        '--save',
        '',
        '--appendonly',
        'no',
        '--daemonize',
        'no',
        '--loglevel',
        'warning',
      ],
      { stdio: 'ignore' },
    );
    const client = new Redis({ host: '127.0.0.1', port, lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => 200 });
    client.on('error', () => undefined);
    return { port, child, client };
  });
  await waitFor(
    async () =>
      (
        await Promise.all(
          nodes.map((n) =>
            n.client.ping().then(
              () => true,
              () => false,
            ),
          ),
        )
      ).every(Boolean),
    15_000,
    'the redis-server nodes',
  );
  const created = spawnSync(
    'redis-cli',
    ['--cluster', 'create', ...ports.map((p) => `127.0.0.1:${p}`), '--cluster-replicas', String(replicasPerMaster), '--cluster-yes'],
    { encoding: 'utf8', timeout: 60_000 },
  );
  if (created.status !== 0) throw new Error(`redis-cli --cluster create failed: ${created.stdout}\n${created.stderr}`);
  const clusterOk = async (n: ClusterNodeProcess) => /cluster_state:ok/.test(String(await n.client.call('CLUSTER', 'INFO')));
  await waitFor(async () => (await Promise.all(nodes.map(clusterOk))).every(Boolean), 30_000, 'cluster_state:ok on every node');

  const alive = () => nodes.filter((n) => n.child.exitCode === null && n.child.signalCode === null);
  const masterOf = async (slot: number): Promise<ClusterNodeProcess> => {
    for (const node of alive()) {
      const slots = (await node.client.call('CLUSTER', 'SLOTS')) as [number, number, [string, number, string]][];
      const range = slots.find(([from, to]) => from <= slot && slot <= to);
      const owner = range && nodes.find((n) => n.port === Number(range[2][1]));
      if (owner) return owner;
    }
    throw new Error(`no live node knows the master of slot ${slot}`);
  };

  return {
    nodes,
    seeds: ports
      .slice(0, masters)
      .map((p) => `127.0.0.1:${p}`)
      .join(','),
    masterOf,
    async migrateSlot(slot, to) {
      const from = await masterOf(slot);
      const [fromId, toId] = await Promise.all([myId(from.client), myId(to.client)]);
      await to.client.call('CLUSTER', 'SETSLOT', slot, 'IMPORTING', fromId);
      await from.client.call('CLUSTER', 'SETSLOT', slot, 'MIGRATING', toId);
      for (;;) {
        const keys = (await from.client.call('CLUSTER', 'GETKEYSINSLOT', slot, 100)) as string[];
        if (keys.length === 0) break;
        await from.client.call('MIGRATE', '127.0.0.1', to.port, '', 0, 10_000, 'REPLACE', 'KEYS', ...keys);
      }
      // the new owner first, then the old one, then every other master learns it (as redis-cli does)
      await to.client.call('CLUSTER', 'SETSLOT', slot, 'NODE', toId);
      await from.client.call('CLUSTER', 'SETSLOT', slot, 'NODE', toId);
      for (const node of alive()) if (node !== to && node !== from) await node.client.call('CLUSTER', 'SETSLOT', slot, 'NODE', toId).catch(() => undefined);
    },
    async kill(node) {
      node.client.disconnect();
      node.child.kill('SIGKILL');
      await exited(node.child, 10_000);
    },
    async stop() {
      for (const node of nodes) {
        node.client.disconnect();
        if (node.child.exitCode === null && node.child.signalCode === null) node.child.kill('SIGTERM');
      }
      await Promise.all(nodes.map((n) => exited(n.child, 10_000).catch(() => n.child.kill('SIGKILL'))));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A cluster client of the test's own (to read what the processes under test wrote). */
export function clusterClient(seeds: string): Cluster {
  const client = new Cluster(
    seeds.split(',').map((s) => ({ host: s.split(':')[0], port: Number(s.split(':')[1]) })),
    { retryDelayOnMoved: 0, retryDelayOnFailover: 200, retryDelayOnClusterDown: 200, redisOptions: { maxRetriesPerRequest: 3 } },
  );
  client.on('error', () => undefined);
  return client;
}
