import { spawnSync } from 'node:child_process';
import { cpus } from 'node:os';
import Redis from 'ioredis';
import { Pool } from 'undici';

export { freePort } from '../../apps/api/src/cli/embedded-redis';

/**
 * Requests per second for `requests` GETs cycling through `paths` with `concurrency` keep-alive
 * connections, after a short warm-up. Bounded: it stops after `requests`.
 */
export async function throughput(origin: string, paths: string[], headers: Record<string, string>, requests: number, concurrency: number): Promise<number> {
  const pool = new Pool(origin, { connections: concurrency, pipelining: 1 });
  let sent = 0;
  const worker = async () => {
    while (sent < requests) {
      const path = paths[sent++ % paths.length];
      const { statusCode, body } = await pool.request({ method: 'GET', path, headers });
      await body.arrayBuffer();
      if (statusCode !== 200) throw new Error(`status ${statusCode} for ${path}`);
    }
  };
  for (let i = 0; i < 200; i++) await (await pool.request({ method: 'GET', path: paths[i % paths.length], headers })).body.arrayBuffer();
  const started = process.hrtime.bigint();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  await pool.close();
  return requests / seconds;
}

/** Removes a benchmark's keys from Redis (each run uses its own prefix). */
export async function removeRedisPrefix(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url);
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
}

/**
 * Where a throughput benchmark runs what, so that servers compared with each other get the same
 * CPU: the server under test on the last core, the client (the benchmark process) and helpers on
 * the others. Null on one core, without taskset, or with BENCH_PIN=0.
 */
export interface CpuPlan {
  server: string;
  client: string;
  /** `command args` run under taskset on the server core */
  onServerCore(command: string, args: string[]): [string, string[]];
  onClientCores(command: string, args: string[]): [string, string[]];
}

export function cpuPlan(): CpuPlan | null {
  const count = cpus().length;
  if (process.env.BENCH_PIN === '0' || count < 2 || spawnSync('taskset', ['-V']).status !== 0) return null;
  const server = String(count - 1);
  const client = count === 2 ? '0' : `0-${count - 2}`;
  return {
    server,
    client,
    onServerCore: (command, args) => ['taskset', ['-c', server, command, ...args]],
    onClientCores: (command, args) => ['taskset', ['-c', client, command, ...args]],
  };
}

/** Moves every thread of this process onto the plan's client cores. */
export function pinThisProcess(plan: CpuPlan): void {
  const result = spawnSync('taskset', ['-a', '-p', '-c', plan.client, String(process.pid)], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`taskset failed: ${result.stderr}`);
}
