/**
 * Map tile delivery against a baseline in the same run: throughput of
 * GET /v1/courses/{id}/maps/tiles/{z}/{x}/{y} (auth, rate limit, revision check, archive
 * directory lookup, one ranged read of the archive) against a plain static file server
 * (node:http + fs) serving the same tile bytes as files z/x/y.webp. Requests cycle through every
 * tile of the deepest zooms. nginx is not installed here, so the baseline is the Node server.
 * Starts the built API and one render worker on loopback.
 *   npm run build && node dist/bench/tiles.bench.js
 */
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { createReadStream, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { ApiKeyRegistry } from '@caddie/access';
import { courseRevision, generateDemoCourses, type Course } from '@caddie/catalog';
import { CourseStore, openDatabase } from '@caddie/persistence';
import { freePort, removeRedisPrefix, throughput } from './support/load';

const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const REQUESTS = Number(process.argv[2] ?? 4000);
const CONCURRENCY = 32;
const DIST = join(__dirname, '..');


/** Two holes of a demo course: an archive of a few hundred tiles builds in well under a minute. */
function benchCourse(): Course {
  const demo = generateDemoCourses()[1];
  const keep = new Set(demo.holes.slice(0, 2).map((h) => h.number));
  return { ...demo, id: 'bench-maps', holes: demo.holes.filter((h) => keep.has(h.number)), features: demo.features.filter((f) => f.properties.holeNumbers.some((n) => keep.has(n))) };
}


async function main(): Promise<void> {
  const prefix = `bench-${randomBytes(4).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'caddie-bench-tiles-'));
  const port = await freePort();
  const env = { ...process.env, DATA_DIR: dataDir, REDIS_URL, REDIS_PREFIX: prefix, LOG_LEVEL: 'error', PORT: String(port), RATE_LIMIT_PER_MINUTE: '100000000', RENDER_WAIT_MS: '120000' };
  const children: ChildProcess[] = [spawn(process.execPath, [join(DIST, 'apps/api/src/main.js')], { env, stdio: 'ignore' })];
  const origin = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; i < 300 && !(await fetch(`${origin}/health`).then((r) => r.ok).catch(() => false)); i++) await new Promise((r) => setTimeout(r, 200));
    const db = await openDatabase({ dataDir });
    const course = benchCourse();
    await new CourseStore(db).upsert(course, courseRevision(course));
    const key = (await new ApiKeyRegistry(db, 'caddie').create({ name: 'bench', kind: 'live', scopes: ['course-maps:read'] })).key;
    await db.destroy();
    children.push(spawn(process.execPath, [join(DIST, 'apps/render-worker/src/main.js')], { env: { ...env, WORKER_CONCURRENCY: '1' }, stdio: 'ignore' }));
    const headers = { 'x-api-key': key };
    const plan = (await (await fetch(`${origin}/v1/courses/${course.id}/maps/tiles`, { headers })).json()) as {
      revision: string; maxzoom: number; coverage: { tileCount: number }; tileRanges: { zoom: number; minX: number; maxX: number; minY: number; maxY: number }[];
    };
    const built = Date.now();
    const archive = await fetch(`${origin}/v1/courses/${course.id}/maps/archive.pmtiles`, { headers }); // waits for the build
    console.log(`archive: ${plan.coverage.tileCount} tiles, ${(await archive.arrayBuffer()).byteLength} bytes, ready after ${((Date.now() - built) / 1000).toFixed(1)} s`);

    // every tile of the two deepest zooms, as API paths and as files of the same bytes
    const tilesDir = join(dataDir, 'static-tiles');
    const apiPaths: string[] = [];
    const filePaths: string[] = [];
    for (const r of plan.tileRanges.filter((t) => t.zoom >= plan.maxzoom - 1)) {
      for (let y = r.minY; y <= r.maxY; y++) for (let x = r.minX; x <= r.maxX; x++) {
        const path = `/v1/courses/${course.id}/maps/tiles/${r.zoom}/${x}/${y}?revision=${plan.revision}`;
        const bytes = Buffer.from(await (await fetch(`${origin}${path}`, { headers })).arrayBuffer());
        const file = join(tilesDir, `${r.zoom}/${x}/${y}.webp`);
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, bytes);
        apiPaths.push(path);
        filePaths.push(`/${r.zoom}/${x}/${y}.webp`);
      }
    }
    const staticPort = await freePort();
    const staticServer: Server = createServer((req, res) => {
      const file = join(tilesDir, (req.url ?? '/').split('?')[0]);
      const stream = createReadStream(file);
      stream.on('error', () => res.writeHead(404).end());
      stream.on('open', () => {
        res.writeHead(200, { 'content-type': 'image/webp' });
        stream.pipe(res);
      });
    }).listen(staticPort, '127.0.0.1');
    const api = await throughput(origin, apiPaths, headers, REQUESTS, CONCURRENCY);
    const plain = await throughput(`http://127.0.0.1:${staticPort}`, filePaths, {}, REQUESTS, CONCURRENCY);
    staticServer.close();
    console.log(`tile throughput: API ${api.toFixed(0)} req/s, static file server ${plain.toFixed(0)} req/s, ratio ${(api / plain).toFixed(2)}x  (${REQUESTS} requests over ${apiPaths.length} tiles, ${CONCURRENCY} concurrent)`);
    await removeRedisPrefix(REDIS_URL, prefix);
  } finally {
    for (const child of children) child.kill('SIGTERM');
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
