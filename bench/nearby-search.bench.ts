/**
 * Nearby search: the indexed window query against a full table scan in application code,
 * on 20,000 generated courses, measured in the same run on SQLite and (when reachable) PostgreSQL.
 *   npm run bench:nearby
 */
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { haversineDistance } from '@caddie/geometry';
import { CourseEntity, CourseStore, METERS_PER_MILE, openDatabase, type DatabaseSettings } from '@caddie/persistence';

const COURSES = 20_000;
const QUERIES = 300;
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

function lcg(seed: number) {
  return () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

function courses(): CourseEntity[] {
  const random = lcg(7);
  return Array.from({ length: COURSES }, (_, i) => ({
    id: `bench-${i}`,
    name: `Bench ${i}`,
    city: null,
    region: null,
    country: 'US',
    longitude: -125 + random() * 58,
    latitude: 25 + random() * 24,
    holeCount: 18,
    holes: [{ number: 1, available: true }],
    active: true,
    hasElevation: false,
    classification: null,
    revision: `sha256:${'0'.repeat(64)}`,
    updatedAt: '2026-01-01T00:00:00.000Z',
    catalogChange: 0,
  }));
}

async function timeEach(label: string, origins: [number, number][], run: (o: [number, number]) => Promise<unknown>): Promise<number> {
  for (const o of origins.slice(0, 20)) await run(o); // warm-up
  const times: number[] = [];
  for (const o of origins) {
    const t = process.hrtime.bigint();
    await run(o);
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  console.log(`  ${label.padEnd(34)} median ${median.toFixed(3)} ms   p95 ${times[Math.floor(times.length * 0.95)].toFixed(3)} ms`);
  return median;
}

async function benchOne(name: string, settings: DatabaseSettings): Promise<void> {
  const db: DataSource = await openDatabase(settings);
  try {
    const rows = courses();
    for (let i = 0; i < rows.length; i += 500) await db.getRepository(CourseEntity).insert(rows.slice(i, i + 500));
    if (settings.schema) await db.query(`ANALYZE "${settings.schema}"."courses"`);
    const store = new CourseStore(db);
    const random = lcg(99);
    const origins: [number, number][] = Array.from({ length: QUERIES }, () => [-124 + random() * 56, 26 + random() * 22]);
    console.log(`${name}: ${COURSES} courses, ${QUERIES} queries`);
    const indexed = await timeEach('indexed window query', origins, ([lon, lat]) => store.nearby(lon, lat, 10, 10));
    const scan = await timeEach('baseline: full scan in application', origins, async ([lon, lat]) => {
      const all = await db.getRepository(CourseEntity).find({ where: { active: true } });
      return all
        .map((c) => ({ c, d: haversineDistance([lon, lat], [c.longitude!, c.latitude!]) / METERS_PER_MILE }))
        .filter((x) => x.d <= 10)
        .sort((a, b) => a.d - b.d)
        .slice(0, 10);
    });
    console.log(`  ratio indexed/scan: ${(indexed / scan).toFixed(4)}x  (scan is ${(scan / indexed).toFixed(0)}x slower)\n`);
  } finally {
    await db.destroy();
  }
}

async function main(): Promise<void> {
  await benchOne('SQLite', { dataDir: mkdtempSync(join(tmpdir(), 'caddie-bench-')) });
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  try {
    await benchOne('PostgreSQL', { dataDir: '', databaseUrl: POSTGRES_URL, schema });
  } catch (error) {
    console.log(`PostgreSQL skipped: ${(error as Error).message}`);
  } finally {
    const client = new Client({ connectionString: POSTGRES_URL });
    await client
      .connect()
      .then(() => client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`))
      .catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}

void main();
