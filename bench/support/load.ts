import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { cpus } from 'node:os';
import Redis from 'ioredis';
import { Pool } from 'undici';

export { freePort } from '../../apps/api/src/cli/embedded-redis';

/** Requests `throughput` sends before its clock starts; the server serves them too. */
export const THROUGHPUT_WARMUP = 200;

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
  for (let i = 0; i < THROUGHPUT_WARMUP; i++) await (await pool.request({ method: 'GET', path: paths[i % paths.length], headers })).body.arrayBuffer();
  const started = process.hrtime.bigint();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  await pool.close();
  return requests / seconds;
}

/** Fields of /proc/<pid>/stat after the command name, which may itself hold spaces and parentheses. */
function statFields(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null; // gone, or no /proc
  }
}

let ticks: number | null | undefined;

/**
 * Clock ticks per second of the CPU times in /proc/<pid>/stat (getconf CLK_TCK, asked once), or
 * null where /proc cannot be read (not Linux): callers then leave CPU figures out.
 */
export function clockTicks(): number | null {
  if (ticks === undefined) {
    const tck = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim());
    ticks = statFields(process.pid) ? (tck > 0 ? tck : 100) : null;
  }
  return ticks;
}

/**
 * `pid` and all its descendants, found by parent pid in /proc/<pid>/stat: nginx's workers are
 * children of its master. Just `[pid]` without /proc.
 */
export function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  let entries: string[] = [];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    // not Linux
  }
  for (const entry of entries) {
    const parent = Number(statFields(Number(entry))?.[1]);
    if (parent) children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]) ?? []));
  return tree;
}

/**
 * CPU seconds (user + system, fields 14 and 15 of /proc/<pid>/stat, all threads) the processes
 * `pids` have used so far; exited ones count 0, so take the pids once and read them before and
 * after a measurement. NaN without /proc.
 */
export function processCpuSeconds(pids: number[]): number {
  const perSecond = clockTicks();
  if (!perSecond) return NaN;
  let total = 0;
  for (const pid of pids) {
    const fields = statFields(pid);
    if (fields) total += Number(fields[11]) + Number(fields[12]);
  }
  return total / perSecond;
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

/** Waits until the API at `origin` answers /health (at most a minute). */
export async function waitForHealth(origin: string): Promise<void> {
  for (
    let i = 0;
    i < 300 &&
    !(await fetch(`${origin}/health`)
      .then((r) => r.ok)
      .catch(() => false));
    i++
  )
    await new Promise((r) => setTimeout(r, 200));
}
