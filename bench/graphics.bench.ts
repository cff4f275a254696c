/**
 * Graphics delivery, measured against baselines in the same run:
 *  1. HIT throughput of GET /v1/courses/{id}/graphics/images/... against a plain static file
 *     server (node:http + fs) serving the same bytes;
 *  2. 100 concurrent identical cold requests against one cold request (coalescing means the
 *     100 should cost about one render).
 * Starts the built API and two render workers on loopback. Run: npm run bench:graphics
 */
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { createReadStream, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { ApiKeyRegistry } from '@caddie/access';
import { courseRevision, generateDemoCourses } from '@caddie/catalog';
import { CourseStore, openDatabase } from '@caddie/persistence';
import { freePort, removeRedisPrefix, throughput, waitForHealth } from './support/load';

const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const REQUESTS = 3000;
const CONCURRENCY = 32;
const DIST = join(__dirname, '..');



async function main(): Promise<void> {
  const prefix = `bench-${randomBytes(4).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'caddie-bench-graphics-'));
  const port = await freePort();
  const env = { ...process.env, DATA_DIR: dataDir, REDIS_URL, REDIS_PREFIX: prefix, LOG_LEVEL: 'error', PORT: String(port), RATE_LIMIT_PER_MINUTE: '100000000', RENDER_WAIT_MS: '120000' };
  const children: ChildProcess[] = [spawn(process.execPath, [join(DIST, 'apps/api/src/main.js')], { env, stdio: 'ignore' })];
  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(origin);
    const db = await openDatabase({ dataDir });
    const course = generateDemoCourses()[0];
    await new CourseStore(db).upsert(course, courseRevision(course));
    const key = (await new ApiKeyRegistry(db, 'caddie').create({ name: 'bench', kind: 'live', scopes: ['course-graphics:read'] })).key;
    await db.destroy();
    for (let i = 0; i < 2; i++) children.push(spawn(process.execPath, [join(DIST, 'apps/render-worker/src/main.js')], { env: { ...env, WORKER_CONCURRENCY: '1' }, stdio: 'ignore' }));
    const headers = { 'x-api-key': key };
    const path = `/v1/courses/${course.id}/graphics/images/green-3/webp?width=600&height=600`;
    const first = await fetch(`${origin}${path}`, { headers });
    const bytes = Buffer.from(await first.arrayBuffer());
    console.log(`graphic: ${bytes.length} bytes (${first.headers.get('x-caddie-cache-state')})`);

    const file = join(dataDir, 'same-bytes.webp');
    writeFileSync(file, bytes);
    const staticPort = await freePort();
    const staticServer: Server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'image/webp', 'content-length': bytes.length });
      createReadStream(file).pipe(res);
    }).listen(staticPort, '127.0.0.1');
    const api = await throughput(origin, [path], headers, REQUESTS, CONCURRENCY);
    const plain = await throughput(`http://127.0.0.1:${staticPort}`, ['/g.webp'], {}, REQUESTS, CONCURRENCY);
    staticServer.close();
    console.log(`HIT throughput: API ${api.toFixed(0)} req/s, static file server ${plain.toFixed(0)} req/s, ratio ${(api / plain).toFixed(2)}x  (${REQUESTS} requests, ${CONCURRENCY} concurrent)`);

    const cold = async (width: number, count: number) => {
      const started = Date.now();
      const responses = await Promise.all(Array.from({ length: count }, () => fetch(`${origin}/v1/courses/${course.id}/graphics/images/hole-5/webp?width=${width}&height=${Math.round(width * 5 / 3)}`, { headers }).then(async (r) => ({ status: r.status, state: r.headers.get('x-caddie-cache-state'), body: await r.arrayBuffer() }))));
      if (responses.some((r) => r.status !== 200)) throw new Error(`cold request failed: ${responses.map((r) => r.status).join(',')}`);
      return { ms: Date.now() - started, states: responses.reduce<Record<string, number>>((acc, r) => ((acc[r.state ?? '?'] = (acc[r.state ?? '?'] ?? 0) + 1), acc), {}) };
    };
    const one = await cold(1200, 1);
    const hundred = await cold(1201, 100);
    console.log(`cold: 1 request ${one.ms} ms; 100 concurrent identical ${hundred.ms} ms ${JSON.stringify(hundred.states)}; ratio ${(hundred.ms / one.ms).toFixed(2)}x`);
    await removeRedisPrefix(REDIS_URL, prefix);
  } finally {
    for (const child of children) child.kill('SIGTERM');
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
