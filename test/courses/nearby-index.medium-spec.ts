import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { haversineDistance } from '@caddie/geometry';
import { CourseEntity, CourseStore, METERS_PER_MILE, openDatabase, type DatabaseSettings } from '@caddie/persistence';
import { TEST_POSTGRES_URL } from '../support/api-harness';

/** 20,000 generated courses, so the planner has a reason to use the position index. */
function generatedCourses(count: number): CourseEntity[] {
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: count }, (_, i) => ({
    id: `gen-${i}`,
    name: `Generated ${i}`,
    city: null,
    region: null,
    country: 'US',
    longitude: -125 + random() * 58,
    latitude: 25 + random() * 24,
    holeCount: 18,
    holes: [{ number: 1, available: true }],
    active: i % 10 !== 0,
    hasElevation: false,
    classification: null,
    revision: `sha256:${'0'.repeat(64)}`,
    updatedAt: '2026-01-01T00:00:00.000Z',
    catalogChange: 0,
  }));
}

const schema = `t_${randomBytes(5).toString('hex')}`;
const drivers: [string, DatabaseSettings][] = [
  ['sqlite', { dataDir: mkdtempSync(join(tmpdir(), 'caddie-nearby-')) }],
  ['postgres', { dataDir: '', databaseUrl: TEST_POSTGRES_URL, schema }],
];

describe.each(drivers)('nearby search on 20,000 courses (%s)', (driver, settings) => {
  let db: DataSource;
  let store: CourseStore;
  const courses = generatedCourses(20_000);

  beforeAll(async () => {
    db = await openDatabase(settings);
    store = new CourseStore(db);
    for (let i = 0; i < courses.length; i += 500) await db.getRepository(CourseEntity).insert(courses.slice(i, i + 500));
    if (driver === 'postgres') await db.query(`ANALYZE "${schema}"."courses"`);
  }, 120_000);
  afterAll(async () => {
    await db.destroy();
    if (driver === 'postgres') {
      const client = new Client({ connectionString: TEST_POSTGRES_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    }
  });

  it('answers from the position index, not a table scan', async () => {
    const plan = await store.explainNearby(-97.5, 35.2, 10);
    if (driver === 'sqlite') {
      expect(plan).toMatch(/USING INDEX idx_courses_lat_lon/);
      expect(plan).not.toMatch(/^SCAN c$/m);
    } else {
      expect(plan).toMatch(/Index Scan|Bitmap Index Scan/);
      expect(plan).toContain('idx_courses_lat_lon');
      expect(plan).not.toMatch(/Seq Scan/);
    }
  });

  it('returns exactly the brute-force nearest active courses within 10 miles', async () => {
    for (const [lon, lat] of [
      [-97.5, 35.2],
      [-80.1, 40.3],
      [-110.7, 31.9],
    ]) {
      const expected = courses
        .filter((c) => c.active)
        .map((c) => ({ id: c.id, d: haversineDistance([lon, lat], [c.longitude!, c.latitude!]) / METERS_PER_MILE }))
        .filter((c) => c.d <= 10)
        .sort((a, b) => a.d - b.d || a.id.localeCompare(b.id))
        .slice(0, 10);
      const got = await store.nearby(lon, lat, 10, 10);
      expect(got.map((r) => r.course.id)).toEqual(expected.map((e) => e.id));
    }
  });
});
