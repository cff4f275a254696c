import type { DataSource, Repository } from 'typeorm';
import type { Course } from '@caddie/catalog';
import { haversineDistance } from '@caddie/geometry';
import { CatalogStateEntity } from './entities/catalog-state.entity';
import { CourseDocumentEntity } from './entities/course-document.entity';
import { CourseEntity } from './entities/course.entity';
import { isPostgres } from './data-source-options';

export const METERS_PER_MILE = 1609.344;

/** The columns of a directory entry (CompactCourse), read without the rest of the row. */
export interface DirectoryRow {
  id: string;
  name: string;
  city: string | null;
  region: string | null;
  country: string | null;
  longitude: number | null;
  latitude: number | null;
}

/** A course written since some catalog change: listed when active, removed from the directory when not. */
export interface ChangedCourseRow extends DirectoryRow {
  active: boolean;
}

const DIRECTORY_COLUMNS = ['id', 'name', 'city', 'region', 'country', 'longitude', 'latitude'] as const;

export interface NearbyCourseRow {
  course: CourseEntity;
  distanceMiles: number;
}

/** Longitude/latitude window that contains every point within `radiusMeters` of the origin. */
export function searchWindow(longitude: number, latitude: number, radiusMeters: number) {
  const degreesLatitude = (radiusMeters / 6_371_008.8) * (180 / Math.PI);
  const south = Math.max(-90, latitude - degreesLatitude);
  const north = Math.min(90, latitude + degreesLatitude);
  // Near a pole the window spans every longitude.
  if (north >= 89.999 || south <= -89.999) return { south, north, longitudeRanges: [[-180, 180]] as [number, number][] };
  const degreesLongitude = degreesLatitude / Math.cos((Math.max(Math.abs(south), Math.abs(north)) * Math.PI) / 180);
  const west = longitude - degreesLongitude;
  const east = longitude + degreesLongitude;
  const longitudeRanges: [number, number][] =
    west < -180
      ? [
          [west + 360, 180],
          [-180, east],
        ]
      : east > 180
        ? [
            [west, 180],
            [-180, east - 360],
          ]
        : [[west, east]];
  return { south, north, longitudeRanges };
}

// raw rows: PostgreSQL may hand doubles back as strings, and both drivers name columns as selected
const directoryRow = (row: DirectoryRow): DirectoryRow => ({
  id: row.id,
  name: row.name,
  city: row.city,
  region: row.region,
  country: row.country,
  longitude: row.longitude === null ? null : Number(row.longitude),
  latitude: row.latitude === null ? null : Number(row.latitude),
});

const isAvailable = (hole: Course['holes'][number]) => hole.centerline.length >= 2 && hole.greenFeatureId !== null;

/**
 * The catalog in the database: a summary row per course (indexed by position) and the whole
 * snapshot as a document. Both change together in one transaction, so readers always see one
 * consistent revision.
 */
export class CourseStore {
  private readonly courses: Repository<CourseEntity>;
  private readonly documents: Repository<CourseDocumentEntity>;

  constructor(private readonly dataSource: DataSource) {
    this.courses = dataSource.getRepository(CourseEntity);
    this.documents = dataSource.getRepository(CourseDocumentEntity);
  }

  /** Inserts or replaces a course snapshot; 'unchanged' when the stored revision is the same. */
  async upsert(course: Course, revision: string): Promise<'created' | 'updated' | 'unchanged'> {
    const existing = await this.courses.findOne({ where: { id: course.id }, select: { id: true, revision: true } });
    if (existing?.revision === revision) return 'unchanged';
    const holes = [...course.holes].sort((a, b) => a.number - b.number).map((h) => ({ number: h.number, available: isAvailable(h) }));
    const row: CourseEntity = {
      id: course.id,
      name: course.name,
      city: course.location.city,
      region: course.location.region,
      country: course.location.country,
      longitude: course.location.longitude,
      latitude: course.location.latitude,
      holeCount: holes.length,
      holes,
      active: course.active && holes.some((h) => h.available) && course.location.longitude !== null && course.location.latitude !== null,
      hasElevation: course.elevation.ground !== null,
      classification: course.classification,
      revision,
      updatedAt: new Date().toISOString(),
      catalogChange: 0,
    };
    await this.dataSource.transaction(async (manager) => {
      // the counter row stays locked until commit: writers take change numbers in commit order
      await manager
        .createQueryBuilder()
        .update(CatalogStateEntity)
        .set({ lastChange: () => 'last_change + 1' })
        .where('id = 1')
        .execute();
      row.catalogChange = (await manager.getRepository(CatalogStateEntity).findOneByOrFail({ id: 1 })).lastChange;
      await manager.getRepository(CourseEntity).save(row);
      await manager.getRepository(CourseDocumentEntity).save({ courseId: course.id, revision, document: JSON.stringify(course) });
    });
    return existing ? 'updated' : 'created';
  }

  summary(id: string): Promise<CourseEntity | null> {
    return this.courses.findOneBy({ id });
  }

  async document(id: string): Promise<{ revision: string; course: Course } | null> {
    const row = await this.documents.findOneBy({ courseId: id });
    return row ? { revision: row.revision, course: JSON.parse(row.document) as Course } : null;
  }

  async revision(id: string): Promise<string | null> {
    return (await this.courses.findOne({ where: { id }, select: { id: true, revision: true } }))?.revision ?? null;
  }

  /** The latest catalog change: every course write raises it (0 for an empty catalog). */
  async catalogChange(): Promise<number> {
    return (await this.dataSource.getRepository(CatalogStateEntity).findOneBy({ id: 1 }))?.lastChange ?? 0;
  }

  /**
   * One page of the directory (active geometry-backed courses by name then id) after the entry
   * `after`: only the directory's columns, through the (name, id) index, so a page costs a short
   * index range read however large the catalog.
   */
  async directoryPage(after: { name: string; id: string } | null, limit: number): Promise<DirectoryRow[]> {
    const query = this.directoryColumns().where('c.active = :active', { active: true });
    // a row-value comparison: both databases read it as one range of the (name, id) index (an OR does not in PostgreSQL)
    if (after) query.andWhere('(c.name, c.id) > (:name, :id)', after);
    const rows = await query.orderBy('c.name', 'ASC').addOrderBy('c.id', 'ASC').limit(limit).getRawMany<DirectoryRow>();
    return rows.map(directoryRow);
  }

  /** Courses written after catalog change `since`, by id after `afterId`, one page. */
  async changedSince(since: number, afterId: string | null, limit: number): Promise<ChangedCourseRow[]> {
    const query = this.directoryColumns().addSelect('c.active', 'active').where('c.catalog_change > :since', { since });
    if (afterId !== null) query.andWhere('c.id > :afterId', { afterId });
    const rows = await query.orderBy('c.id', 'ASC').limit(limit).getRawMany<DirectoryRow & { active: boolean | number }>();
    return rows.map((row) => ({ ...directoryRow(row), active: row.active === true || row.active === 1 }));
  }

  private directoryColumns() {
    const query = this.courses.createQueryBuilder('c').select('c.id', 'id');
    for (const column of DIRECTORY_COLUMNS.slice(1)) query.addSelect(`c.${column}`, column);
    return query;
  }

  /** Ids of the courses placed inside [west, south, east, north] (active or not), by id. */
  async idsWithin([west, south, east, north]: [number, number, number, number]): Promise<string[]> {
    const rows = await this.courses
      .createQueryBuilder('c')
      .select('c.id', 'id')
      .where('c.latitude BETWEEN :south AND :north', { south, north })
      .andWhere('c.longitude BETWEEN :west AND :east', { west, east })
      .orderBy('c.id', 'ASC')
      .getRawMany<{ id: string }>();
    return rows.map((r) => r.id);
  }

  count(): Promise<number> {
    return this.courses.count();
  }

  /** The nearest active courses within the radius: an indexed window query, then exact distances. */
  async nearby(longitude: number, latitude: number, radiusMiles: number, limit: number): Promise<NearbyCourseRow[]> {
    const radiusMeters = radiusMiles * METERS_PER_MILE;
    const candidates = await this.windowQuery(longitude, latitude, radiusMeters).getMany();
    return candidates
      .map((course) => ({ course, distanceMiles: haversineDistance([longitude, latitude], [course.longitude!, course.latitude!]) / METERS_PER_MILE }))
      .filter((row) => row.distanceMiles <= radiusMiles)
      .sort((a, b) => a.distanceMiles - b.distanceMiles || a.course.id.localeCompare(b.course.id))
      .slice(0, limit);
  }

  /** The database's plan for the nearby window query (tests assert it uses the position index). */
  async explainNearby(longitude: number, latitude: number, radiusMiles: number): Promise<string> {
    const [sql, parameters] = this.windowQuery(longitude, latitude, radiusMiles * METERS_PER_MILE).getQueryAndParameters();
    if (isPostgres({ databaseUrl: String((this.dataSource.options as { url?: string }).url ?? ''), dataDir: '' })) {
      const rows = (await this.dataSource.query(`EXPLAIN ${sql}`, parameters)) as { 'QUERY PLAN': string }[];
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    }
    const rows = (await this.dataSource.query(`EXPLAIN QUERY PLAN ${sql}`, parameters)) as { detail: string }[];
    return rows.map((r) => r.detail).join('\n');
  }

  private windowQuery(longitude: number, latitude: number, radiusMeters: number) {
    const window = searchWindow(longitude, latitude, radiusMeters);
    const query = this.courses
      .createQueryBuilder('c')
      .where('c.latitude BETWEEN :south AND :north', { south: window.south, north: window.north })
      .andWhere('c.active = :active', { active: true });
    const ranges = window.longitudeRanges.map((_, i) => `c.longitude BETWEEN :west${i} AND :east${i}`).join(' OR ');
    const parameters = Object.fromEntries(
      window.longitudeRanges.flatMap(([w, e], i) => [
        [`west${i}`, w],
        [`east${i}`, e],
      ]),
    );
    return query.andWhere(`(${ranges})`, parameters);
  }
}
