/**
 * Map archives on the render farm, measured against baselines in the same run:
 *  1. tile encodings on a sample of demo-pine-hollow's tiles (every BENCH_MAPS_SAMPLE-th, painted
 *     once, encoded each way): bytes per tile and encode time of lossless WebP (the default), lossy WebP
 *     and PNG, at 256 and 512 pixels;
 *  2. the baseline: painting and encoding those tiles one after another in this process (what the
 *     single build job did), extrapolated to the whole archive;
 *  3. the archive build (a BullMQ flow of tile blocks) with 1 render worker and with 2, from the
 *     first tile plan request to the archive being ready: seconds, tiles per second per worker,
 *     the speed-up of 2 workers and the 1-worker build against the baseline;
 *  4. time to first tile of a cold course: a never-seen copy of the course, its tile plan
 *     requested and then the 12 tiles around its centre at zoom 17 at once, as a map view does
 *     (target: the first tile within 1.5 s). Each cold course also starts its own archive build,
 *     so the later ones are measured on a farm busy building (the tiles are queued ahead of it).
 * Every build uses its own copy of the course (own id, own revision), so none finds another's archive.
 * Starts the built API and render workers (WORKER_CONCURRENCY=1 each) on loopback.
 *   npm run bench:maps   (BENCH_MAPS_SAMPLE=10, BENCH_MAPS_COLD=3)
 */
import 'reflect-metadata';
import { ApiKeyRegistry } from '@caddie/access';
import { courseRevision, generateDemoCourses, type Course } from '@caddie/catalog';
import { CourseStore, openDatabase } from '@caddie/persistence';
import { courseTileCoverage, coverageTiles, encodeMapImage, paintMapRegion } from '@caddie/renderer';
import { MAP_TILE_FORMATS } from '@caddie/styles';
import { processCpuSeconds } from './support/load';
import { startBenchFarm } from './support/farm';
import { median } from './support/timing';

const SAMPLE = Number(process.env.BENCH_MAPS_SAMPLE ?? 10);
const COLD_RUNS = Number(process.env.BENCH_MAPS_COLD ?? 3);
const FIRST_TILE_TARGET_MS = 1500;

interface Plan {
  revision: string;
  coverage: { tileCount: number };
  zoomTiles: { minX: number; maxX: number; minY: number; maxY: number };
  archive: { status: string; sizeBytes: number | null };
}

const copyOf = (course: Course, id: string): Course => ({ ...course, id });

/** Bytes per tile and encode milliseconds per tile of every format, and paint milliseconds, on a sample. */
async function measureEncodings(course: Course): Promise<{ sequentialMsPerTile: number; sequentialCpuMsPerTile: number }> {
  const coverage = courseTileCoverage(course);
  const sample = [...coverageTiles(coverage)].filter((_, i) => i % SAMPLE === 0);
  let sequentialMs = 0;
  /** CPU time (this process, libvips threads included) of painting and encoding the default format */
  let defaultCpuMs = 0;
  const cpuMs = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  for (const size of [256, 512] as const) {
    const bytes: Record<string, number> = {};
    const encodeMs: Record<string, number> = {};
    let paintMs = 0;
    for (const [z, x, y] of sample) {
      const painted = performance.now();
      const cpuBefore = cpuMs();
      const rgba = paintMapRegion(course, { zoom: z, tileSize: size, x: x * size, y: y * size, width: size, height: size });
      paintMs += performance.now() - painted;
      for (const format of MAP_TILE_FORMATS) {
        const started = performance.now();
        const encoded = await encodeMapImage(rgba, size, size, format);
        encodeMs[format] = (encodeMs[format] ?? 0) + performance.now() - started;
        bytes[format] = (bytes[format] ?? 0) + encoded.length;
        if (format === 'webp' && size === 256) defaultCpuMs += cpuMs() - cpuBefore;
      }
    }
    const n = sample.length;
    console.log(`${size}-pixel tiles (${n} of ${coverage.tileCount}, z${coverage.minZoom}-${coverage.maxZoom}): paint ${(paintMs / n).toFixed(1)} ms per tile`);
    for (const format of MAP_TILE_FORMATS) {
      console.log(
        `  ${format.padEnd(14)} ${String(Math.round(bytes[format] / n)).padStart(6)} bytes per tile (${(bytes[format] / bytes.webp).toFixed(2)}x lossless), encode ${(encodeMs[format] / n).toFixed(1)} ms`,
      );
    }
    if (size === 256) sequentialMs = (paintMs + encodeMs.webp) / n;
  }
  return { sequentialMsPerTile: sequentialMs, sequentialCpuMsPerTile: defaultCpuMs / sample.length };
}

async function main(): Promise<void> {
  const farm = await startBenchFarm('maps', { RENDER_WAIT_MS: '20000' });
  const { origin, dataDir, children, startWorker } = farm;
  try {
    const course = generateDemoCourses()[0];
    const copies = {
      one: copyOf(course, 'bench-maps-one-worker'),
      two: copyOf(course, 'bench-maps-two-workers'),
      cold: Array.from({ length: COLD_RUNS }, (_, i) => copyOf(course, `bench-maps-cold-${i + 1}`)),
    };
    const db = await openDatabase({ dataDir });
    for (const c of [copies.one, copies.two, ...copies.cold]) await new CourseStore(db).upsert(c, courseRevision(c));
    const key = (await new ApiKeyRegistry(db, 'caddie').create({ name: 'bench', kind: 'live', scopes: ['course-maps:read'] })).key;
    await db.destroy();
    const get = (path: string) => fetch(`${origin}${path}`, { headers: { 'x-api-key': key } });
    const plan = async (id: string) => (await (await get(`/v1/courses/${id}/maps/tiles?zoom=17`)).json()) as Plan;

    console.log(`course ${course.id}: encodings on every ${SAMPLE}th tile, painted and encoded in this process`);
    const { sequentialMsPerTile, sequentialCpuMsPerTile } = await measureEncodings(course);
    const workerPids = () => children.slice(1).map((c) => c.pid!);

    /** Seconds from the first plan request (which starts the build) to the archive being stored. */
    const build = async (c: Course) => {
      const started = Date.now();
      const cpuBefore = processCpuSeconds(workerPids());
      let p = await plan(c.id);
      while (p.archive.status !== 'ready') {
        await new Promise((r) => setTimeout(r, 250));
        p = await plan(c.id);
      }
      const cpuMsPerTile = ((processCpuSeconds(workerPids()) - cpuBefore) * 1000) / p.coverage.tileCount;
      return { seconds: (Date.now() - started) / 1000, tiles: p.coverage.tileCount, bytes: p.archive.sizeBytes ?? 0, cpuMsPerTile };
    };
    startWorker();
    await new Promise((r) => setTimeout(r, 3000));
    const one = await build(copies.one);
    const baseline = (one.tiles * sequentialMsPerTile) / 1000;
    console.log(
      `baseline: the ${one.tiles} tiles painted and encoded one after another in this process: ${baseline.toFixed(1)} s (${(1000 / sequentialMsPerTile).toFixed(1)} tiles/s), ${sequentialCpuMsPerTile.toFixed(1)} ms CPU per tile`,
    );
    // wall-clock time follows the machine's load; CPU time per tile (from /proc) shows the flow's own cost
    const cpu = (b: { cpuMsPerTile: number }) =>
      `${b.cpuMsPerTile.toFixed(1)} ms worker CPU per tile (${(b.cpuMsPerTile / sequentialCpuMsPerTile).toFixed(2)}x the baseline's)`;
    console.log(
      `archive build, 1 render worker: ${one.seconds.toFixed(1)} s, ${(one.tiles / one.seconds).toFixed(1)} tiles/s per worker, ${one.bytes} bytes (${Math.round(one.bytes / one.tiles)} per tile); ${(one.seconds / baseline).toFixed(2)}x the baseline's time; ${cpu(one)}`,
    );
    startWorker();
    await new Promise((r) => setTimeout(r, 3000));
    const two = await build(copies.two);
    console.log(
      `archive build, 2 render workers: ${two.seconds.toFixed(1)} s, ${(two.tiles / two.seconds / 2).toFixed(1)} tiles/s per worker; speed-up ${(one.seconds / two.seconds).toFixed(2)}x over 1 worker; ${cpu(two)}`,
    );

    const firsts: number[] = [];
    for (const c of copies.cold) {
      const started = performance.now();
      const p = await plan(c.id);
      const r = p.zoomTiles;
      const cx = Math.floor((r.minX + r.maxX) / 2);
      const cy = Math.floor((r.minY + r.maxY) / 2);
      const view: [number, number][] = [];
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 2; dx++) if (cx + dx >= r.minX && cx + dx <= r.maxX && cy + dy >= r.minY && cy + dy <= r.maxY) view.push([cx + dx, cy + dy]);
      let first = Infinity;
      const statuses = await Promise.all(
        view.map(async ([x, y]) => {
          const response = await get(`/v1/courses/${c.id}/maps/tiles/17/${x}/${y}?revision=${p.revision}`);
          await response.arrayBuffer();
          if (response.status === 200) first = Math.min(first, performance.now() - started);
          return response.status;
        }),
      );
      const all = performance.now() - started;
      firsts.push(first);
      const refused = statuses.filter((s) => s !== 200);
      console.log(
        `cold ${c.id} (archive ${p.archive.status}): first tile ${first.toFixed(0)} ms, all ${view.length} tiles of the view ${all.toFixed(0)} ms${refused.length ? `, not 200: ${refused.join(',')}` : ''}`,
      );
    }
    const typical = median(firsts);
    console.log(
      `time to first tile of a cold course: median ${typical.toFixed(0)} ms of ${firsts.length}; ${(typical / FIRST_TILE_TARGET_MS).toFixed(2)}x the ${FIRST_TILE_TARGET_MS} ms target`,
    );
  } finally {
    await farm.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
