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
