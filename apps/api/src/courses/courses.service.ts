import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { LRUCache } from 'lru-cache';
import type { DataSource } from 'typeorm';
import { expandDatasets, type DatasetKeyword } from '@caddie/access';
import { COURSE_ID_PATTERN, type Course } from '@caddie/catalog';
import { CourseStore, type CourseEntity } from '@caddie/persistence';
import type { Principal } from '../platform/auth/principal';
import { ApiProblem, type ParameterError } from '../platform/problems/api-problem';
import { buildDataBundle } from './course-datasets';

export const NEARBY_RADIUS_MILES = 10;
export const NEARBY_LIMIT = 10;
const DOCUMENT_CACHE_SIZE = 32;

const location = (c: CourseEntity) => ({ city: c.city, region: c.region, country: c.country, longitude: c.longitude, latitude: c.latitude });

@Injectable()
export class CoursesService {
  readonly store: CourseStore;
  /** Parsed snapshots by id and revision: a revision never changes, so entries never go stale. */
  private readonly documents = new LRUCache<string, Course>({ max: DOCUMENT_CACHE_SIZE });

  constructor(@InjectDataSource() dataSource: DataSource) {
    this.store = new CourseStore(dataSource);
  }

  assertCourseId(courseId: string): void {
    if (!COURSE_ID_PATTERN.test(courseId) || courseId === 'bulk-ids') {
      throw new ApiProblem('invalid-course-id', `"${courseId.slice(0, 100)}" is not a course id.`);
    }
  }

  async summaryRow(courseId: string): Promise<CourseEntity> {
    this.assertCourseId(courseId);
    const row = await this.store.summary(courseId);
    if (!row) throw new ApiProblem('course-not-found', `No course ${courseId}.`);
    return row;
  }

  /**
   * A boundary without mapped holes is kept for provenance, but it is not a course one can
   * summarise or draw: the summary and the graphics routes answer 404 alike.
   */
  async mappedCourseRow(courseId: string): Promise<CourseEntity> {
    const row = await this.summaryRow(courseId);
    if (row.holeCount === 0) throw new ApiProblem('course-not-found', `Course ${courseId} has no mapped holes.`);
    return row;
  }

  async summary(courseId: string) {
    const row = await this.mappedCourseRow(courseId);
    const anyHole = row.holes.some((h) => h.available);
    return {
      id: row.id,
      name: row.name,
      location: location(row),
      holeCount: row.holeCount,
      holes: row.holes,
      services: {
        graphics: { available: anyHole, delivery: 'generated-on-demand' as const },
        courseMap: { available: row.active, delivery: 'pre-rendered-pmtiles' as const },
        staticMapImages: { available: row.active, delivery: 'pre-rendered-pmtiles' as const },
      },
    };
  }

  /** The whole catalog snapshot of a course (cached per revision). */
  async course(courseId: string): Promise<{ revision: string; course: Course }> {
    this.assertCourseId(courseId);
    const revision = await this.store.revision(courseId);
    if (!revision) throw new ApiProblem('course-not-found', `No course ${courseId}.`);
    const cacheKey = `${courseId}@${revision}`;
    const cached = this.documents.get(cacheKey);
    if (cached) return { revision, course: cached };
    const doc = await this.store.document(courseId);
    if (!doc) throw new ApiProblem('course-not-found', `No course ${courseId}.`);
    this.documents.set(`${courseId}@${doc.revision}`, doc.course);
    return doc;
  }

  async dataBundle(courseId: string, include: string | undefined, holes: string | undefined, principal: Principal) {
    const errors: ParameterError[] = [];
    const names = (include ?? 'identity').split(',').map((n) => n.trim());
    const { datasets, unknown } = expandDatasets(names.filter((n) => n !== '*'));
    if (names.includes('*') || names.some((n) => n === '')) unknown.push(...names.filter((n) => n === '*' || n === ''));
    if (unknown.length)
      errors.push({ parameter: 'include', code: 'invalid-parameter', detail: `unknown datasets: ${unknown.map((u) => JSON.stringify(u)).join(', ')}` });
    let requestedHoles: number[] | null = null;
    if (holes !== undefined) {
      if (!/^[1-9][0-9]?(,[1-9][0-9]?)*$/.test(holes)) {
        errors.push({ parameter: 'holes', code: 'invalid-parameter', detail: 'holes must be comma-separated hole numbers 1..99, e.g. 1,2,18' });
      } else requestedHoles = [...new Set(holes.split(',').map(Number))].sort((a, b) => a - b);
    }
    if (errors.length) throw new ApiProblem('invalid-parameter', errors.map((e) => e.detail).join('; '), { errors });
    const { revision, course } = await this.course(courseId);
    const missing = (requestedHoles ?? []).filter((n) => !course.holes.some((h) => h.number === n));
    if (missing.length) throw new ApiProblem('unknown-hole', `Course ${courseId} has no hole ${missing.join(', ')}.`);
    const bundle = buildDataBundle(course, { datasets: datasets as DatasetKeyword[], holes: requestedHoles, granted: principal.datasets });
    return { courseId, revision, ...bundle };
  }

  async nearby(longitude: number, latitude: number) {
    const rows = await this.store.nearby(longitude, latitude, NEARBY_RADIUS_MILES, NEARBY_LIMIT);
    return {
      origin: { longitude, latitude },
      radiusMiles: NEARBY_RADIUS_MILES,
      limit: NEARBY_LIMIT,
      courses: rows.map(({ course, distanceMiles }) => ({
        id: course.id,
        name: course.name,
        location: { city: course.city, region: course.region, country: course.country, longitude: course.longitude!, latitude: course.latitude! },
        distanceMiles: Math.round(distanceMiles * 1000) / 1000,
      })),
    };
  }
}
