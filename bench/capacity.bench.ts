/**
 * The measured inputs of docs/capacity.md, in one run on this machine:
 *  - CPU seconds per graphic render by subject and size (render worker process), the artifact
 *    bytes, and the API's CPU per cold request;
 *  - Redis commands and bytes per graphic request (HIT and cold), per map tile, per scorecard
 *    normalization request (a private redis-server, so nobody else's traffic counts; the idle
 *    traffic of the same processes over the same time is subtracted);
 *  - CPU per tile of a map archive build, and per scorecard photo (12 MP);
 *  - Redis's own ceiling for simple commands here (redis-benchmark, when installed);
 *  - the check: a batch of distinct renders on 2 render workers, its time predicted from the
 *    per-render CPU above against the time measured.
 * Starts its own redis-server, the built API, render and scorecard workers on loopback.
 *   npm run bench:capacity       (prints a summary and one JSON line)
 */
import 'reflect-metadata';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { ApiKeyRegistry } from '@caddie/access';
import { courseRevision, generateDemoCourses, type Course } from '@caddie/catalog';
import { CourseStore, openDatabase } from '@caddie/persistence';
import { synthesizeScene } from '@caddie/synthesis';
import { freePort, processCpuSeconds, processTree, throughput, waitForHealth } from './support/load';
import { median } from './support/timing';

const DIST = join(__dirname, '..');
const RENDERS_PER_CASE = Number(process.env.BENCH_RENDERS ?? 3);
const HIT_REQUESTS = 2000;
const TILE_REQUESTS = 2000;
const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 3);
const CHECK_BATCH = Number(process.env.BENCH_CHECK_BATCH ?? 16);

/** Subjects and sizes measured: the default-ish screen sizes and a large one. */
const RENDER_CASES = [
  { subject: 'hole-5', width: 600, height: 1000 },
  { subject: 'hole-5', width: 1500, height: 2500 },
  { subject: 'green-3', width: 600, height: 600 },
  { subject: 'green-3', width: 1500, height: 1500 },
  { subject: 'course', width: 1200, height: 1200 },
  { subject: 'profile-elevation-5', width: 1200, height: 400 },
];

interface RedisCounters {
  commands: number;
  inBytes: number;
  outBytes: number;
}

async function redisCounters(redis: Redis): Promise<RedisCounters> {
  const [commandstats, stats] = await Promise.all([redis.info('commandstats'), redis.info('stats')]);
  let commands = 0;
  for (const match of commandstats.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)) if (match[1] !== 'info') commands += Number(match[2]);
  const field = (name: string) => Number(new RegExp(`^${name}:(\\d+)`, 'm').exec(stats)?.[1] ?? 0);
  return { commands, inBytes: field('total_net_input_bytes'), outBytes: field('total_net_output_bytes') };
}

/** Two maps course holes: an archive of a few hundred tiles (as bench:tiles). */
function mapsCourse(): Course {
  const demo = generateDemoCourses()[1];
  const keep = new Set(demo.holes.slice(0, 2).map((h) => h.number));
  return {
    ...demo,
    id: 'capacity-maps',
    holes: demo.holes.filter((h) => keep.has(h.number)),
    features: demo.features.filter((f) => f.properties.holeNumbers.some((n) => keep.has(n))),
  };
}

const round = (value: number, digits = 3) => Number(value.toFixed(digits));

async function main(): Promise<void> {
  const redisPort = await freePort();
  const redisServer = spawn('redis-server', ['--port', String(redisPort), '--save', '', '--appendonly', 'no', '--bind', '127.0.0.1'], { stdio: 'ignore' });
  const children: ChildProcess[] = [];
  const redisUrl = `redis://127.0.0.1:${redisPort}`;
  const redis = new Redis(redisUrl, { lazyConnect: true });
  // refused connections while redis-server starts are retried below
  redis.on('error', () => undefined);
  try {
    for (let i = 0; i < 50; i++) {
      try {
        await redis.connect();
        break;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    const dataDir = mkdtempSync(join(tmpdir(), 'caddie-bench-capacity-'));
    const port = await freePort();
    const env = {
      ...process.env,
      DATA_DIR: dataDir,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: 'capacity',
      LOG_LEVEL: 'error',
      PORT: String(port),
      RATE_LIMIT_PER_MINUTE: '100000000',
      RENDER_WAIT_MS: '120000',
      API_KEY_CACHE_SECONDS: '30',
    };
    const api = spawn(process.execPath, [join(DIST, 'apps/api/src/main.js')], { env, stdio: 'ignore' });
    children.push(api);
    const origin = `http://127.0.0.1:${port}`;
    await waitForHealth(origin);
    const db = await openDatabase({ dataDir });
    const course = generateDemoCourses()[0];
    const maps = mapsCourse();
    const store = new CourseStore(db);
    await store.upsert(course, courseRevision(course));
    await store.upsert(maps, courseRevision(maps));
    const registry = new ApiKeyRegistry(db, 'caddie');
    const key = (await registry.create({ name: 'capacity', kind: 'live', scopes: ['course-graphics:read', 'course-maps:read'] })).key;
    const scorecardKey = (await registry.create({ name: 'capacity-scorecards', kind: 'live', scopes: ['scorecards:process'] })).key;
    await db.destroy();
    const headers = { 'x-api-key': key };
    const worker = spawn(process.execPath, [join(DIST, 'apps/render-worker/src/main.js')], { env: { ...env, WORKER_CONCURRENCY: '1' }, stdio: 'ignore' });
    children.push(worker);
    // a first render: the worker is up, JIT and fonts are warm
    const warm = await fetch(`${origin}/v1/courses/${course.id}/graphics/images/hole-1/webp?width=400&height=600`, { headers });
    if (warm.status !== 200) throw new Error(`warm-up render answered ${warm.status}`);
    await warm.arrayBuffer();
    const apiPids = processTree(api.pid!);
    const workerPids = processTree(worker.pid!);

    // idle traffic of these processes (polls, heartbeats, lease renewals), per second
    const idleStart = await redisCounters(redis);
    const idleStarted = Date.now();
    await new Promise((r) => setTimeout(r, 3000));
    const idleEnd = await redisCounters(redis);
    const idleSeconds = (Date.now() - idleStarted) / 1000;
    const idle = {
      commands: (idleEnd.commands - idleStart.commands) / idleSeconds,
      inBytes: (idleEnd.inBytes - idleStart.inBytes) / idleSeconds,
      outBytes: (idleEnd.outBytes - idleStart.outBytes) / idleSeconds,
    };
    /** Redis counters of `work` per unit, the idle traffic over the same time taken off. */
    const measureRedis = async <T>(units: number, work: () => Promise<T>) => {
      const before = await redisCounters(redis);
      const started = Date.now();
      const cpu = { api: processCpuSeconds(apiPids), worker: processCpuSeconds(workerPids) };
      const result = await work();
      const seconds = (Date.now() - started) / 1000;
      const after = await redisCounters(redis);
      const per = (delta: number, idleRate: number) => Math.max(0, (delta - idleRate * seconds) / units);
      return {
        result,
        seconds,
        redis: {
          commands: per(after.commands - before.commands, idle.commands),
          bytes: per(after.inBytes - before.inBytes + after.outBytes - before.outBytes, idle.inBytes + idle.outBytes),
        },
        apiCpuSeconds: (processCpuSeconds(apiPids) - cpu.api) / units,
        workerCpuSeconds: (processCpuSeconds(workerPids) - cpu.worker) / units,
      };
    };

    // 1. cold renders, one at a time: worker CPU per render, artifact bytes, Redis per cold request
    const renders: Record<string, unknown>[] = [];
    let variant = 0;
    for (const c of RENDER_CASES) {
      const cpu: number[] = [];
      const apiCpu: number[] = [];
      const commands: number[] = [];
      const bytes: number[] = [];
      const sizes: number[] = [];
      const wall: number[] = [];
      for (let i = 0; i < RENDERS_PER_CASE; i++) {
        // a distinct request each time (one pixel taller), so each one renders
        const url = `${origin}/v1/courses/${course.id}/graphics/images/${c.subject}/webp?width=${c.width}&height=${c.height + ++variant}`;
        const m = await measureRedis(1, async () => {
          const response = await fetch(url, { headers });
          if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
          return Buffer.from(await response.arrayBuffer()).length;
        });
        cpu.push(m.workerCpuSeconds);
        apiCpu.push(m.apiCpuSeconds);
        commands.push(m.redis.commands);
        bytes.push(m.redis.bytes);
        sizes.push(m.result);
        wall.push(m.seconds);
      }
      renders.push({
        subject: c.subject,
        width: c.width,
        height: c.height,
        renderCpuSeconds: round(median(cpu)),
        wallSeconds: round(median(wall)),
        apiCpuSeconds: round(median(apiCpu), 4),
        artifactBytes: median(sizes),
        redisCommandsPerColdRequest: round(median(commands), 1),
        redisBytesPerColdRequest: Math.round(median(bytes)),
      });
    }

    // 2. HIT requests: what a stored graphic costs the API and Redis
    const hitPath = `/v1/courses/${course.id}/graphics/images/green-3/webp?width=600&height=601`;
    const hit = await measureRedis(HIT_REQUESTS + 200, () => throughput(origin, [hitPath], headers, HIT_REQUESTS, 32));

    // 3. map tiles: CPU per tile of an archive build (on the render worker), then Redis and API CPU per tile request
    const planResponse = await fetch(`${origin}/v1/courses/${maps.id}/maps/tiles`, { headers });
    const plan = (await planResponse.json()) as {
      revision: string;
      maxzoom: number;
      coverage: { tileCount: number };
      tileRanges: { zoom: number; minX: number; maxX: number; minY: number; maxY: number }[];
    };
    const build = await measureRedis(plan.coverage.tileCount, async () => {
      const archive = await fetch(`${origin}/v1/courses/${maps.id}/maps/archive.pmtiles`, { headers });
      return (await archive.arrayBuffer()).byteLength;
    });
    const tilePaths: string[] = [];
    for (const r of plan.tileRanges.filter((t) => t.zoom >= plan.maxzoom - 1)) {
      for (let y = r.minY; y <= r.maxY; y++)
        for (let x = r.minX; x <= r.maxX; x++) tilePaths.push(`/v1/courses/${maps.id}/maps/tiles/${r.zoom}/${x}/${y}?revision=${plan.revision}`);
    }
    await throughput(origin, tilePaths, headers, tilePaths.length * 2, 8);
    const tiles = await measureRedis(TILE_REQUESTS + 200, () => throughput(origin, tilePaths, headers, TILE_REQUESTS, 32));

    // 4. scorecard normalization of a 12 MP photo
    const scorecardWorker = spawn(process.execPath, [join(DIST, 'apps/scorecard-worker/src/main.js')], { env, stdio: 'ignore' });
    children.push(scorecardWorker);
    const scene = await synthesizeScene(2026, {
      course,
      width: 4000,
      height: 3000,
      pageCount: 1,
      captureIds: ['M9H1/front-nine-page'],
      occlusion: 'none',
      handwriting: true,
      maxTiltDegrees: 25,
      jpegQuality: 90,
    });
    const photo = scene.jpeg as Buffer;
    const normalizeOnce = async () => {
      const form = new FormData();
      form.append('image', new Blob([photo], { type: 'image/jpeg' }), 'card.jpg');
      const response = await fetch(`${origin}/v1/scorecards/normalize`, { method: 'POST', headers: { 'x-api-key': scorecardKey }, body: form });
      const body = (await response.json()) as { pages?: { artifacts?: Record<string, { sizeBytes?: number }> }[] };
      if (response.status !== 200) throw new Error(`normalize answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
      return body;
    };
    await normalizeOnce(); // worker warm-up (OpenCV, fonts)
    const scorecardPids = processTree(scorecardWorker.pid!);
    const scorecardCpuBefore = processCpuSeconds(scorecardPids);
    const scorecards = await measureRedis(PHOTOS, async () => {
      for (let i = 0; i < PHOTOS; i++) await normalizeOnce();
    });
    const scorecardCpu = (processCpuSeconds(scorecardPids) - scorecardCpuBefore) / PHOTOS;
    const artifactBytes = await storedScorecardBytes(dataDir);

    // 5. Redis's ceiling here for simple commands (GET/SET, 50 clients, no pipelining)
    const ceiling = redisCeiling(redisPort);

    // 6. the check: a batch of distinct renders on 2 render workers, predicted from the CPU per render
    const second = spawn(process.execPath, [join(DIST, 'apps/render-worker/src/main.js')], { env: { ...env, WORKER_CONCURRENCY: '1' }, stdio: 'ignore' });
    children.push(second);
    await new Promise((r) => setTimeout(r, 3000));
    const checkCase = RENDER_CASES[0];
    const single = renders[0] as { renderCpuSeconds: number; wallSeconds: number };
    const bothWorkers = [...workerPids, ...processTree(second.pid!)];
    const checkCpuBefore = processCpuSeconds(bothWorkers);
    const started = Date.now();
    // the same subject and size as the first case, each request distinct (one pixel taller)
    const answers = await Promise.all(
      Array.from({ length: CHECK_BATCH }, (_, i) =>
        fetch(`${origin}/v1/courses/${course.id}/graphics/images/${checkCase.subject}/webp?width=${checkCase.width}&height=${checkCase.height + 100 + i}`, {
          headers,
        }).then(async (r) => (await r.arrayBuffer(), r.status)),
      ),
    );
    const measuredSeconds = (Date.now() - started) / 1000;
    const measuredCpu = processCpuSeconds(bothWorkers) - checkCpuBefore;
    if (answers.some((s) => s !== 200)) throw new Error(`check batch answered ${answers.join(',')}`);
    // the model: each worker renders one job at a time, each job takes what one render took alone
    const predictedSeconds = (CHECK_BATCH * single.wallSeconds) / 2;
    const predictedCpu = CHECK_BATCH * single.renderCpuSeconds;

    const result = {
      machine: { cpus: (await import('node:os')).cpus().length, loadAverage: (await import('node:os')).loadavg().map((v) => round(v, 2)) },
      idleRedis: { commandsPerSecond: round(idle.commands, 1), bytesPerSecond: Math.round(idle.inBytes + idle.outBytes) },
      renders,
      graphicHit: {
        requestsPerSecond: Math.round(hit.result),
        apiCpuMicroseconds: Math.round(hit.apiCpuSeconds * 1e6),
        redisCommands: round(hit.redis.commands, 4),
        redisBytes: round(hit.redis.bytes, 1),
      },
      mapArchive: {
        tiles: plan.coverage.tileCount,
        archiveBytes: build.result,
        buildSeconds: round(build.seconds, 1),
        workerCpuSecondsPerTile: round(build.workerCpuSeconds, 4),
        redisCommandsPerTileBuilt: round(build.redis.commands, 2),
      },
      tileRequest: {
        requestsPerSecond: Math.round(tiles.result),
        apiCpuMicroseconds: Math.round(tiles.apiCpuSeconds * 1e6),
        redisCommands: round(tiles.redis.commands, 4),
        redisBytes: round(tiles.redis.bytes, 1),
      },
      scorecard: {
        photoBytes: photo.length,
        workerCpuSeconds: round(scorecardCpu),
        apiCpuSeconds: round(scorecards.apiCpuSeconds),
        wallSeconds: round(scorecards.seconds / PHOTOS),
        redisCommands: round(scorecards.redis.commands, 1),
        redisBytes: Math.round(scorecards.redis.bytes),
        storedArtifactBytes: artifactBytes,
      },
      redisCeiling: ceiling,
      check: {
        workers: 2,
        batch: CHECK_BATCH,
        subject: `${checkCase.subject} ${checkCase.width}x${checkCase.height}`,
        predictedCpuSeconds: round(predictedCpu, 2),
        measuredCpuSeconds: round(measuredCpu, 2),
        predictedSeconds: round(predictedSeconds, 2),
        measuredSeconds: round(measuredSeconds, 2),
        measuredOverPredicted: round(measuredSeconds / predictedSeconds, 2),
      },
    };
    console.log('renders (median of %d each): subject, size, render CPU s, artifact bytes, Redis commands / bytes per cold request', RENDERS_PER_CASE);
    for (const r of renders) console.log(`  ${JSON.stringify(r)}`);
    console.log(`graphic HIT: ${JSON.stringify(result.graphicHit)}`);
    console.log(`map archive build: ${JSON.stringify(result.mapArchive)}`);
    console.log(`tile request: ${JSON.stringify(result.tileRequest)}`);
    console.log(`scorecard normalize (12 MP): ${JSON.stringify(result.scorecard)}`);
    console.log(`Redis ceiling (redis-benchmark): ${JSON.stringify(ceiling)}`);
    console.log(
      `check with 2 render workers: ${CHECK_BATCH} renders; worker CPU predicted ${predictedCpu.toFixed(2)} s, measured ${measuredCpu.toFixed(2)} s; time predicted ${predictedSeconds.toFixed(2)} s, measured ${measuredSeconds.toFixed(2)} s (measured / predicted ${(measuredSeconds / predictedSeconds).toFixed(2)})`,
    );
    console.log(JSON.stringify(result));
  } finally {
    for (const child of children) child.kill('SIGTERM');
    redis.disconnect();
    redisServer.kill('SIGTERM');
  }
}

/** Bytes of the scorecard artifacts stored so far (normalized PNGs and diagnostic JPEGs), per photo. */
async function storedScorecardBytes(dataDir: string): Promise<{ files: number; bytesPerPhoto: number } | null> {
  const { readdirSync, statSync } = await import('node:fs');
  let files = 0;
  let bytes = 0;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/scorecard/.test(path) && /\.(png|jpe?g)$/.test(entry.name)) {
        files++;
        bytes += statSync(path).size;
      }
    }
  };
  try {
    walk(dataDir);
  } catch {
    return null;
  }
  return files ? { files, bytesPerPhoto: Math.round(bytes / (PHOTOS + 1)) } : null;
}

/** GET and SET per second of this Redis (redis-benchmark, 50 clients, no pipelining), or null without redis-benchmark. */
function redisCeiling(port: number): Record<string, number> | null {
  const run = spawnSync('redis-benchmark', ['-p', String(port), '-t', 'get,set', '-n', '100000', '-q'], { encoding: 'utf8', timeout: 120_000 });
  if (run.status !== 0) return null;
  const out: Record<string, number> = {};
  for (const match of run.stdout.matchAll(/(GET|SET): ([\d.]+) requests per second/g)) out[match[1]] = Math.round(Number(match[2]));
  return out;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
