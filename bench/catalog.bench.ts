/**
 * The catalog at world scale: generated catalogs of 40,000 and 100,000 courses (BENCH_CATALOG_SIZES)
 * on SQLite and PostgreSQL, served by the built API in its own process on loopback.
 *  - GET /v1/courses/bulk-ids: the first call after a catalog change (the build), warm p50 with gzip,
 *    a 304 revalidation, and bytes on the wire as JSON, gzip and brotli;
 *  - a course summary's latency alone, and while 8 parallel callers fetch the directory;
 *  - the API's resident memory after the directory is built.
 * Baselines of the same run: the per-request read the directory did before (ORM whole rows,
 * mapped and serialised in the bench process) and the summary with no directory traffic.
 * Targets: p50 <= 50 ms warm and <= 1.5 MB gzip at 40,000; summaries under 8 directory callers <= 50 ms.
 *   npm run bench:catalog       (prints a summary and one JSON line per case)
 */
import 'reflect-metadata';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { Pool } from 'undici';
import { ApiKeyRegistry } from '@caddie/access';
import { CatalogStateEntity, CourseEntity, openDatabase, type DatabaseSettings } from '@caddie/persistence';
import { DIRECTORY_RECHECK_MS } from '../apps/api/src/courses/course-directory';
import { freePort, processCpuSeconds, processTree, removeRedisPrefix, waitForHealth } from './support/load';
import { median } from './support/timing';

const DIST = join(__dirname, '..');
const SIZES = (process.env.BENCH_CATALOG_SIZES ?? '40000,100000').split(',').map(Number);
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const WARM_REQUESTS = 30;
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 8);
const DIRECTORY_CALLERS = 8;

function lcg(seed: number) {
  return () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

const WORDS =
  'Oak Pine Cedar Maple Birch Willow Aspen Elm Heather Links Ridge Valley Lake River Creek Meadow Hills Dunes Forest Harbour Bay Point Glen Brook Stone Eagle Falcon Hawk Royal Old New North South East West Castle Manor Park Springs Crossing Hollow Heights Vista'.split(
    ' ',
  );
const KINDS = ['Golf Club', 'Golf Course', 'Country Club', 'Golf Links', 'Golf & Country Club', 'Golf Resort'];
const REGIONS =
  'Bavaria,Ontario,Queensland,Texas,Florida,California,Scotland,Andalusia,Hokkaido,Gauteng,Victoria,Normandy,Lombardy,Jutland,Uusimaa,Skane,Ohio,Georgia,Kent,Munster'.split(
    ',',
  );
const COUNTRIES = 'US,GB,DE,FR,ES,IT,SE,DK,FI,JP,AU,ZA,CA,IE,NZ,NL,BE,AT,CH,PT,CZ,PL,NO,KR,CN,AR,BR,MX,TH,MY'.split(',');

/** Summary rows of a generated catalog: unique ids, mixed names and places, 7-decimal positions. */
function catalogRows(count: number): CourseEntity[] {
  const random = lcg(count);
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
  return Array.from({ length: count }, (_, i) => ({
    id: `osm-way-${100_000_000 + i * 9973 + Math.floor(random() * 9000)}`,
    name: `${pick(WORDS)} ${pick(WORDS)} ${pick(KINDS)}`,
    city: `${pick(WORDS)}${pick(['ton', 'ville', 'burg', 'field', 'by', 'stad', ' Bay'])}`,
    region: pick(REGIONS),
    country: pick(COUNTRIES),
    longitude: Math.round((-170 + random() * 340) * 1e7) / 1e7,
    latitude: Math.round((-50 + random() * 110) * 1e7) / 1e7,
    holeCount: 18,
    holes: Array.from({ length: 18 }, (_, h) => ({ number: h + 1, available: true })),
    active: random() > 0.02,
    hasElevation: false,
    classification: null,
    revision: `sha256:${'0'.repeat(64)}`,
    updatedAt: '2026-01-01T00:00:00.000Z',
    catalogChange: i + 1,
  }));
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
const ms = (started: bigint) => Number(process.hrtime.bigint() - started) / 1e6;
const round = (value: number, digits = 1) => Number(value.toFixed(digits));

function rssMegabytes(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Math.round(Number(match[1]) / 1024) : NaN;
}

async function fill(db: DataSource, rows: CourseEntity[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await db.getRepository(CourseEntity).insert(rows.slice(i, i + 500));
  await db.getRepository(CatalogStateEntity).update({ id: 1 }, { lastChange: rows.length });
}

async function benchCase(database: 'SQLite' | 'PostgreSQL', count: number) {
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'caddie-bench-catalog-'));
  const settings: DatabaseSettings = database === 'SQLite' ? { dataDir } : { dataDir, databaseUrl: POSTGRES_URL, schema };
  const prefix = `bench-catalog-${randomBytes(4).toString('hex')}`;
  const db = await openDatabase(settings);
  const rows = catalogRows(count);
  let fillSeconds = Date.now();
  await fill(db, rows);
  if (settings.schema) await db.query(`ANALYZE "${settings.schema}"."courses"`);
  fillSeconds = (Date.now() - fillSeconds) / 1000;
  const key = (await new ApiKeyRegistry(db, 'caddie').create({ name: 'bench-catalog', kind: 'live', scopes: ['courses:read'] })).key;

  // baseline: what each directory request did before, measured here (ORM whole rows, mapped, serialised)
  const oldWay: number[] = [];
  for (let i = 0; i < 3; i++) {
    const started = process.hrtime.bigint();
    const all = await db.getRepository(CourseEntity).find({ where: { active: true }, order: { name: 'ASC', id: 'ASC' } });
    JSON.stringify({
      courses: all.map((c) => ({
        id: c.id,
        name: c.name,
        location: { city: c.city, region: c.region, country: c.country, longitude: c.longitude, latitude: c.latitude },
      })),
    });
    oldWay.push(ms(started));
  }
  await db.destroy();

  const port = await freePort();
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    REDIS_URL,
    REDIS_PREFIX: prefix,
    LOG_LEVEL: 'error',
    PORT: String(port),
    HOST: '127.0.0.1',
    RATE_LIMIT_PER_MINUTE: '100000000',
    API_KEY_CACHE_SECONDS: '30',
    ...(settings.databaseUrl ? { DATABASE_URL: settings.databaseUrl, DATABASE_SCHEMA: schema } : {}),
  };
  const api = spawn(process.execPath, [join(DIST, 'apps/api/src/main.js')], { env, stdio: 'ignore' });
  const origin = `http://127.0.0.1:${port}`;
  const pool = new Pool(origin, { connections: DIRECTORY_CALLERS + 2 });
  try {
    await waitForHealth(origin);
    const headers = { 'x-api-key': key };
    const get = async (path: string, extra: Record<string, string> = {}) => {
      const started = process.hrtime.bigint();
      const { statusCode, headers: responseHeaders, body } = await pool.request({ method: 'GET', path, headers: { ...headers, ...extra } });
      const bytes = Buffer.from(await body.arrayBuffer()).length;
      if (statusCode !== 200 && statusCode !== 304) throw new Error(`${path} answered ${statusCode}`);
      return { ms: ms(started), bytes, status: statusCode, headers: responseHeaders };
    };
    const summaryPath = `/v1/courses/${rows.find((r) => r.active)!.id}`;
    await get(summaryPath); // key cache and JIT warm

    const cold = await get('/v1/courses/bulk-ids', { 'accept-encoding': 'gzip' });
    const identity = await get('/v1/courses/bulk-ids');
    // brotli follows the gzip copy; wait for it (bounded)
    let brotli = await get('/v1/courses/bulk-ids', { 'accept-encoding': 'br' });
    for (let i = 0; i < 600 && brotli.headers['content-encoding'] !== 'br'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      brotli = await get('/v1/courses/bulk-ids', { 'accept-encoding': 'br' });
    }
    const warm: number[] = [];
    let gzipBytes = 0;
    for (let i = 0; i < WARM_REQUESTS; i++) {
      const r = await get('/v1/courses/bulk-ids', { 'accept-encoding': 'gzip' });
      warm.push(r.ms);
      gzipBytes = r.bytes;
    }
    const revalidate: number[] = [];
    for (let i = 0; i < WARM_REQUESTS; i++)
      revalidate.push((await get('/v1/courses/bulk-ids', { 'accept-encoding': 'gzip', 'if-none-match': String(cold.headers.etag) })).ms);

    const summaries = async (seconds: number) => {
      const times: number[] = [];
      const until = Date.now() + seconds * 1000;
      while (Date.now() < until) {
        times.push((await get(summaryPath)).ms);
        await new Promise((r) => setTimeout(r, 10));
      }
      return times.sort((a, b) => a - b);
    };
    const idle = await summaries(Math.min(3, LOAD_SECONDS));
    const apiPids = processTree(api.pid!);
    const cpuBefore = processCpuSeconds(apiPids);
    let stop = false;
    let directoryCalls = 0;
    const callers = Array.from({ length: DIRECTORY_CALLERS }, async () => {
      while (!stop) {
        await get('/v1/courses/bulk-ids', { 'accept-encoding': 'gzip' });
        directoryCalls++;
      }
    });
    const loaded = await summaries(LOAD_SECONDS);
    stop = true;
    await Promise.all(callers);
    const apiCpuSeconds = processCpuSeconds(apiPids) - cpuBefore;

    // a catalog change: the next directory request rebuilds; summaries meanwhile show what the build blocks
    const writer = await openDatabase(settings, { migrate: false });
    await writer.getRepository(CatalogStateEntity).increment({ id: 1 }, 'lastChange', 1);
    await writer.destroy();
    // until its last catalog check is older than this, the fast lane still answers from memory
    await new Promise((r) => setTimeout(r, DIRECTORY_RECHECK_MS + 100));
    const rebuild = get('/v1/courses/bulk-ids', { 'accept-encoding': 'gzip' });
    const duringBuild: number[] = [];
    let rebuilt = false;
    void rebuild.then(() => (rebuilt = true));
    while (!rebuilt) {
      duringBuild.push((await get(summaryPath)).ms);
      await new Promise((r) => setTimeout(r, 5));
    }
    const rebuildMs = (await rebuild).ms;
    duringBuild.sort((a, b) => a - b);
    const warmSorted = [...warm].sort((a, b) => a - b);
    return {
      database,
      courses: count,
      listed: rows.filter((r) => r.active).length,
      fillSeconds: round(fillSeconds),
      baselineOrmWholeRowsMs: round(median(oldWay)),
      coldBuildMs: round(cold.ms),
      rebuildMs: round(rebuildMs),
      summaryDuringRebuild: { p50: round(median(duringBuild), 2), max: round(duringBuild[duringBuild.length - 1], 2), n: duringBuild.length },
      warmGzipP50Ms: round(median(warm), 2),
      warmGzipP95Ms: round(percentile(warmSorted, 0.95), 2),
      revalidate304P50Ms: round(median(revalidate), 2),
      bytes: { identity: identity.bytes, gzip: gzipBytes, brotli: brotli.headers['content-encoding'] === 'br' ? brotli.bytes : null },
      summaryIdle: { p50: round(median(idle), 2), p99: round(percentile(idle, 0.99), 2), max: round(idle[idle.length - 1], 2), n: idle.length },
      summaryUnder8Callers: {
        p50: round(median(loaded), 2),
        p99: round(percentile(loaded, 0.99), 2),
        max: round(loaded[loaded.length - 1], 2),
        n: loaded.length,
      },
      directoryCallsPerSecondUnderLoad: round(directoryCalls / LOAD_SECONDS),
      apiCpuMsPerDirectoryCall: round((1000 * apiCpuSeconds) / Math.max(1, directoryCalls), 3),
      loadAverage: Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]),
      apiRssMb: rssMegabytes(api.pid!),
    };
  } finally {
    await pool.close();
    api.kill('SIGTERM');
    await new Promise((r) => api.once('exit', r));
    await removeRedisPrefix(REDIS_URL, prefix);
    if (settings.databaseUrl) {
      const client = new Client({ connectionString: POSTGRES_URL });
      await client
        .connect()
        .then(() => client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`))
        .catch(() => undefined);
      await client.end().catch(() => undefined);
    }
  }
}

async function main(): Promise<void> {
  const databases = (process.env.BENCH_CATALOG_DATABASES ?? 'SQLite,PostgreSQL').split(',') as ('SQLite' | 'PostgreSQL')[];
  for (const count of SIZES) {
    for (const database of databases) {
      let result;
      try {
        result = await benchCase(database, count);
      } catch (error) {
        console.log(`${database} ${count}: skipped: ${(error as Error).message}`);
        continue;
      }
      const mb = (b: number | null) => (b === null ? 'n/a' : `${(b / 1e6).toFixed(2)} MB`);
      console.log(`${database}, ${count} courses (${result.listed} listed):`);
      console.log(
        `  directory: first build ${result.coldBuildMs} ms; warm gzip p50 ${result.warmGzipP50Ms} ms (p95 ${result.warmGzipP95Ms}); 304 p50 ${result.revalidate304P50Ms} ms`,
      );
      console.log(
        `  rebuild after a catalog change ${result.rebuildMs} ms; summaries meanwhile p50 ${result.summaryDuringRebuild.p50} / max ${result.summaryDuringRebuild.max} ms (n ${result.summaryDuringRebuild.n})`,
      );
      console.log(
        `  baseline (per-request ORM whole rows + JSON, as before): ${result.baselineOrmWholeRowsMs} ms; warm/baseline ${(result.warmGzipP50Ms / result.baselineOrmWholeRowsMs).toFixed(4)}x`,
      );
      console.log(`  on the wire: JSON ${mb(result.bytes.identity)}, gzip ${mb(result.bytes.gzip)}, brotli ${mb(result.bytes.brotli)}`);
      console.log(
        `  summary alone p50 ${result.summaryIdle.p50} / p99 ${result.summaryIdle.p99} / max ${result.summaryIdle.max} ms; under ${DIRECTORY_CALLERS} directory callers p50 ${result.summaryUnder8Callers.p50} / p99 ${result.summaryUnder8Callers.p99} / max ${result.summaryUnder8Callers.max} ms (ratio p99 ${(result.summaryUnder8Callers.p99 / result.summaryIdle.p99).toFixed(2)}x); ${result.directoryCallsPerSecondUnderLoad} directories/s`,
      );
      console.log(
        `  API CPU ${result.apiCpuMsPerDirectoryCall} ms per directory call under load (summaries included); API RSS ${result.apiRssMb} MB; machine load average ${result.loadAverage}`,
      );
      console.log(JSON.stringify(result));
    }
  }
}

void main();
