/**
 * Map tile delivery against nginx in the same run: throughput of
 * GET /v1/courses/{id}/maps/tiles/{z}/{x}/{y} (auth, rate limit, revision check, archive
 * directory lookup, tile bytes) against nginx (the Debian package) serving the same tile bytes as
 * static files z/x/y.webp. Requests cycle through every tile of the two deepest zooms; both sides
 * get the same keep-alive client, request count and concurrency, and the rounds alternate so
 * drift on a shared machine hits both. Target: the API at least 0.8x of nginx.
 *
 * Each round also reports the server's CPU time per request (user + system of its processes from
 * /proc, nginx's master and workers included, over the request count): on a small machine the
 * client on its own core often limits nginx and throughput is noisy, while CPU per request is
 * stable and shows how much work each server does per request. Linux only; left out elsewhere.
 *
 * Fairness: the API is one Node process, so nginx runs one worker process (BENCH_NGINX_WORKERS
 * to change it) with sendfile, keep-alive and an open-file cache, and no access log (the API does
 * not log requests at LOG_LEVEL=error either). Each server under test runs on the last CPU core
 * alone (taskset), the client (this process) and the render worker on the other cores, so both
 * servers get exactly one core and neither competes with the client; BENCH_PIN=0 turns that off.
 * Without nginx the baseline falls back to a plain Node static server (node:http + fs) in this
 * process, with a printed note.
 *
 * A third server, Fastify alone serving the same bytes from memory on the same core, is measured
 * in the same rounds as a reference: the ceiling of a Node HTTP server here, so the report shows
 * how much of the gap to nginx is the API's own work and how much is Node's HTTP stack.
 *
 * Starts the built API and one render worker on loopback.
 *   npm run bench:tiles [-- requests-per-round]   (BENCH_ROUNDS=9 rounds by default)
 * Profiling the API under this load: BENCH_API_NODE_ARGS=--prof BENCH_API_CWD=/tmp/prof (then
 * node --prof-process on the isolate log written there).
 */
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { createReadStream, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { ApiKeyRegistry } from '@caddie/access';
import { courseRevision, generateDemoCourses, type Course } from '@caddie/catalog';
import { CourseStore, openDatabase } from '@caddie/persistence';
import {
  clockTicks,
  cpuPlan,
  freePort,
  pinThisProcess,
  processCpuSeconds,
  processTree,
  removeRedisPrefix,
  THROUGHPUT_WARMUP,
  throughput,
  waitForHealth,
} from './support/load';
import { startStaticNginx } from './support/nginx';
import { median } from './support/timing';

const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const REQUESTS = Number(process.argv[2] ?? 20000);
/** Rounds per server (BENCH_ROUNDS): on a shared 2-core VM single rounds swing by +-20%, so the report takes medians of many. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const CONCURRENCY = 32;
const NGINX_WORKERS = Number(process.env.BENCH_NGINX_WORKERS ?? 1);
const DIST = join(__dirname, '..');

/** Two holes of a demo course: an archive of a few hundred tiles builds in well under a minute. */
function benchCourse(): Course {
  const demo = generateDemoCourses()[1];
  const keep = new Set(demo.holes.slice(0, 2).map((h) => h.number));
  return {
    ...demo,
    id: 'bench-maps',
    holes: demo.holes.filter((h) => keep.has(h.number)),
    features: demo.features.filter((f) => f.properties.holeNumbers.some((n) => keep.has(n))),
  };
}

/** The fallback baseline: node:http streaming the file, in this process. */
async function startNodeStatic(root: string): Promise<{ origin: string; label: string; stop(): Promise<void> }> {
  const port = await freePort();
  const server = createServer((req, res) => {
    const stream = createReadStream(join(root, (req.url ?? '/').split('?')[0]));
    stream.on('error', () => res.writeHead(404).end());
    stream.on('open', () => {
      res.writeHead(200, { 'content-type': 'image/webp' });
      stream.pipe(res);
    });
  }).listen(port, '127.0.0.1');
  return { origin: `http://127.0.0.1:${port}`, label: 'Node static server', stop: () => new Promise((r) => server.close(() => r())) };
}

/** The reference server (support/fastify-static-server) as a child on the server core. */
async function startReference(root: string, launch: (c: string, a: string[]) => [string, string[]]): Promise<{ origin: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(...launch(process.execPath, [join(__dirname, 'support/fastify-static-server.js'), root, String(port)]), {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d) => String(d).includes('ready') && resolve());
    child.once('exit', (code) => reject(new Error(`reference server exited with ${code}`)));
  });
  return { origin: `http://127.0.0.1:${port}`, child };
}

/**
 * One throughput run against a server plus the CPU microseconds per request its processes (`pid`
 * and descendants) used meanwhile, warm-up requests included. Null CPU without a pid (the
 * fallback baseline runs in this process, next to the client) or without /proc.
 */
async function measure(pid: number | undefined, run: () => Promise<number>): Promise<{ rate: number; cpuUs: number | null }> {
  const pids = pid && clockTicks() ? processTree(pid) : null;
  const before = pids ? processCpuSeconds(pids) : 0;
  const rate = await run();
  const cpuUs = pids ? ((processCpuSeconds(pids) - before) / (REQUESTS + THROUGHPUT_WARMUP)) * 1e6 : null;
  return { rate, cpuUs };
}

/** `18000 req/s (52 us CPU/req, ...)` for a round's line; no CPU part when it was not measured. */
function rateNote(rate: number, cpuUs: number | null, ...extra: string[]): string {
  const notes = [...(cpuUs === null ? [] : [`${cpuUs.toFixed(0)} us CPU/req`]), ...extra];
  return `${rate.toFixed(0)} req/s${notes.length ? ` (${notes.join(', ')})` : ''}`;
}

async function main(): Promise<void> {
  const prefix = `bench-${randomBytes(4).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'caddie-bench-tiles-'));
  const staticDir = mkdtempSync(join(tmpdir(), 'caddie-bench-nginx-'));
  const port = await freePort();
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    REDIS_URL,
    REDIS_PREFIX: prefix,
    LOG_LEVEL: 'error',
    PORT: String(port),
    RATE_LIMIT_PER_MINUTE: '100000000',
    RENDER_WAIT_MS: '120000',
  };
  const nodeArgs = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const plan = cpuPlan();
  const onServerCore = plan?.onServerCore ?? ((c: string, a: string[]): [string, string[]] => [c, a]);
  const onClientCores = plan?.onClientCores ?? ((c: string, a: string[]): [string, string[]] => [c, a]);
  if (plan) pinThisProcess(plan);
  const children: ChildProcess[] = [
    spawn(...onServerCore(process.execPath, [...nodeArgs, join(DIST, 'apps/api/src/main.js')]), { env, stdio: 'ignore', cwd: process.env.BENCH_API_CWD }),
  ];
  const origin = `http://127.0.0.1:${port}`;
  let baseline: { origin: string; label: string; stop(): Promise<void> } | null = null;
  try {
    await waitForHealth(origin);
    const db = await openDatabase({ dataDir });
    const course = benchCourse();
    await new CourseStore(db).upsert(course, courseRevision(course));
    const key = (await new ApiKeyRegistry(db, 'caddie').create({ name: 'bench', kind: 'live', scopes: ['course-maps:read'] })).key;
    await db.destroy();
    children.push(
      spawn(...onClientCores(process.execPath, [join(DIST, 'apps/render-worker/src/main.js')]), { env: { ...env, WORKER_CONCURRENCY: '1' }, stdio: 'ignore' }),
    );
    const headers = { 'x-api-key': key };
    const tilePlan = (await (await fetch(`${origin}/v1/courses/${course.id}/maps/tiles`, { headers })).json()) as {
      revision: string;
      maxzoom: number;
      coverage: { tileCount: number };
      tileRanges: { zoom: number; minX: number; maxX: number; minY: number; maxY: number }[];
    };
    const built = Date.now();
    const archive = await fetch(`${origin}/v1/courses/${course.id}/maps/archive.pmtiles`, { headers }); // waits for the build
    console.log(
      `archive: ${tilePlan.coverage.tileCount} tiles, ${(await archive.arrayBuffer()).byteLength} bytes, ready after ${((Date.now() - built) / 1000).toFixed(1)} s`,
    );

    // every tile of the two deepest zooms, as API paths and as files of the same bytes
    const tilesDir = join(staticDir, 'tiles');
    const apiPaths: string[] = [];
    const filePaths: string[] = [];
    let tileBytes = 0;
    for (const r of tilePlan.tileRanges.filter((t) => t.zoom >= tilePlan.maxzoom - 1)) {
      for (let y = r.minY; y <= r.maxY; y++)
        for (let x = r.minX; x <= r.maxX; x++) {
          const path = `/v1/courses/${course.id}/maps/tiles/${r.zoom}/${x}/${y}?revision=${tilePlan.revision}`;
          const bytes = Buffer.from(await (await fetch(`${origin}${path}`, { headers })).arrayBuffer());
          const file = join(tilesDir, `${r.zoom}/${x}/${y}.webp`);
          mkdirSync(dirname(file), { recursive: true });
          writeFileSync(file, bytes);
          tileBytes += bytes.length;
          apiPaths.push(path);
          filePaths.push(`/${r.zoom}/${x}/${y}.webp`);
        }
    }
    console.log(`tiles: ${apiPaths.length}, mean ${(tileBytes / apiPaths.length / 1024).toFixed(1)} KiB`);

    const nginx = await startStaticNginx({
      root: tilesDir,
      workDir: staticDir,
      port: await freePort(),
      workers: NGINX_WORKERS,
      contentType: { webp: 'image/webp' },
      launch: onServerCore,
    });
    if (nginx) {
      baseline = {
        origin: nginx.origin,
        label: `${nginx.version} (${nginx.workers} worker${nginx.workers === 1 ? '' : 's'}, sendfile, keep-alive)`,
        stop: nginx.stop,
      };
    } else {
      console.log('note: nginx is not installed (apt-get install nginx); the baseline is a Node static file server in the bench process instead');
      baseline = await startNodeStatic(tilesDir);
    }
    const reference = await startReference(tilesDir, onServerCore);
    children.push(reference.child);
    if (!clockTicks()) console.log('note: /proc is not readable (not Linux), so the report leaves out server CPU time per request');
    // the same bytes on every side
    const probe = Buffer.from(await (await fetch(`${baseline.origin}${filePaths[0]}`)).arrayBuffer());
    const served = Buffer.from(await (await fetch(`${origin}${apiPaths[0]}`, { headers })).arrayBuffer());
    if (!probe.equals(served)) throw new Error('the baseline serves other bytes than the API');
    if (!probe.equals(Buffer.from(await (await fetch(`${reference.origin}${filePaths[0]}`)).arrayBuffer())))
      throw new Error('the reference serves other bytes');

    // unreported passes over every tile on both sides: JIT, the API's tile cache, nginx's open-file cache
    await throughput(origin, apiPaths, headers, Math.max(REQUESTS / 2, apiPaths.length * 2), CONCURRENCY);
    await throughput(baseline.origin, filePaths, {}, Math.max(REQUESTS / 2, filePaths.length * 2), CONCURRENCY);
    await throughput(reference.origin, filePaths, {}, Math.max(REQUESTS / 2, filePaths.length * 2), CONCURRENCY);
    const ratios: number[] = [];
    const referenceRatios: number[] = [];
    const apiRates: number[] = [];
    const baseRates: number[] = [];
    const baseOrigin = baseline.origin;
    const cpu = { api: [] as number[], base: [] as number[], bare: [] as number[], efficiency: [] as number[] };
    for (let round = 1; round <= ROUNDS; round++) {
      const { rate: api, cpuUs: apiCpu } = await measure(children[0].pid, () => throughput(origin, apiPaths, headers, REQUESTS, CONCURRENCY));
      const { rate: base, cpuUs: baseCpu } = await measure(nginx?.pid, () => throughput(baseOrigin, filePaths, {}, REQUESTS, CONCURRENCY));
      const { rate: bare, cpuUs: bareCpu } = await measure(reference.child.pid, () => throughput(reference.origin, filePaths, {}, REQUESTS, CONCURRENCY));
      apiRates.push(api);
      baseRates.push(base);
      ratios.push(api / base);
      referenceRatios.push(bare / base);
      if (apiCpu !== null) cpu.api.push(apiCpu);
      if (baseCpu !== null) cpu.base.push(baseCpu);
      if (bareCpu !== null) cpu.bare.push(bareCpu);
      if (apiCpu && baseCpu !== null) cpu.efficiency.push(baseCpu / apiCpu);
      console.log(
        `round ${round}: API ${rateNote(api, apiCpu)}, ${baseline.label} ${rateNote(base, baseCpu)}, ratio ${(api / base).toFixed(2)}x; ` +
          `reference Fastify alone ${rateNote(bare, bareCpu, `${(bare / base).toFixed(2)}x`)}`,
      );
    }
    const ratio = median(ratios);
    console.log(
      `tile throughput: API ${median(apiRates).toFixed(0)} req/s, ${baseline.label} ${median(baseRates).toFixed(0)} req/s (medians of ${ROUNDS} alternating rounds), ` +
        `ratio ${ratio.toFixed(2)}x, target >= 0.80x: ${ratio >= 0.8 ? 'met' : 'NOT met'}  ` +
        `(${REQUESTS} requests per round over ${apiPaths.length} tiles, ${CONCURRENCY} concurrent keep-alive connections; load average ${loadavg()[0].toFixed(2)} on ${cpus().length} cores; ` +
        `${plan ? `servers on CPU ${plan.server}, client in this process on CPU ${plan.client}` : 'not pinned to cores, client in this process'})`,
    );
    console.log(
      `reference: Fastify alone serving the same bytes from memory (no auth, rate limit, logs, metrics or CORS) on the same core: ${median(referenceRatios).toFixed(2)}x of ${baseline.label}, ` +
        `the ceiling of a Node HTTP server in this setup; the API reaches ${(ratio / median(referenceRatios)).toFixed(2)} of it`,
    );
    if (cpu.api.length) {
      console.log(
        `server CPU per request (medians): API ${median(cpu.api).toFixed(1)} us` +
          (cpu.base.length ? `, nginx ${median(cpu.base).toFixed(1)} us` : '') +
          `, reference Fastify ${median(cpu.bare).toFixed(1)} us` +
          (cpu.efficiency.length
            ? `; CPU efficiency of the API relative to nginx (nginx CPU / API CPU, median of rounds) ${median(cpu.efficiency).toFixed(2)}x`
            : ''),
      );
    }
    await removeRedisPrefix(REDIS_URL, prefix);
  } finally {
    await baseline?.stop();
    for (const child of children) child.kill('SIGTERM');
    rmSync(staticDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
