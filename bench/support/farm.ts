import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, removeRedisPrefix, waitForHealth } from './load';

export const BENCH_REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const DIST = join(__dirname, '..', '..');

/** The built API and render workers of one benchmark: its own data folder and Redis prefix, on loopback. */
export interface BenchFarm {
  origin: string;
  dataDir: string;
  prefix: string;
  /** every process started, the API first */
  children: ChildProcess[];
  /** starts one more render worker (WORKER_CONCURRENCY=1) */
  startWorker(): ChildProcess;
  /** stops every process and removes the Redis keys of the prefix */
  stop(): Promise<void>;
}

/** Starts the API (no render worker yet) and waits until it answers /health. */
export async function startBenchFarm(name: string, env: Record<string, string> = {}): Promise<BenchFarm> {
  const prefix = `bench-${randomBytes(4).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), `caddie-bench-${name}-`));
  const port = await freePort();
  const fullEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    REDIS_URL: BENCH_REDIS_URL,
    REDIS_PREFIX: prefix,
    LOG_LEVEL: 'error',
    PORT: String(port),
    HOST: '127.0.0.1',
    RATE_LIMIT_PER_MINUTE: '100000000',
    ...env,
  };
  const children: ChildProcess[] = [spawn(process.execPath, [join(DIST, 'apps/api/src/main.js')], { env: fullEnv, stdio: 'ignore' })];
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    for (const child of children) child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await removeRedisPrefix(BENCH_REDIS_URL, prefix);
  };
  try {
    await waitForHealth(origin);
  } catch (error) {
    await stop();
    throw error;
  }
  const startWorker = () => {
    const worker = spawn(process.execPath, [join(DIST, 'apps/render-worker/src/main.js')], { env: { ...fullEnv, WORKER_CONCURRENCY: '1' }, stdio: 'ignore' });
    children.push(worker);
    return worker;
  };
  return { origin, dataDir, prefix, children, startWorker, stop };
}
