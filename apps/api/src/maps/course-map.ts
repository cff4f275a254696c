import type { Course } from '@caddie/catalog';
import type { RenderMapArchivePayload } from '@caddie/jobs';
import { courseAttribution, courseTileCoverage, resolveStaticMap, TileCoverageError, type TileCoverage } from '@caddie/renderer';
import { ApiProblem } from '../platform/problems/api-problem';

/** A course as its maps see it at one revision: name, attribution and tile coverage. */
export interface CourseMap {
  courseId: string;
  revision: string;
  name: string;
  attribution: string;
  coverage: TileCoverage;
}

export function describeCourse(course: Course, revision: string): CourseMap {
  try {
    return { courseId: course.id, revision, name: course.name, attribution: courseAttribution(course), coverage: courseTileCoverage(course) };
  } catch (error) {
    if (error instanceof TileCoverageError) throw new ApiProblem('course-geometry-missing', error.message);
    throw error;
  }
}

export function payloadOf(map: CourseMap, query: Pick<RenderMapArchivePayload, 'tileSize' | 'format'>): RenderMapArchivePayload {
  return { courseId: map.courseId, courseRevision: map.revision, tileSize: query.tileSize, format: query.format };
}

export function staleRevision(courseId: string, current: string, pinned: string): ApiProblem {
  return new ApiProblem('stale-revision', `Course ${courseId} is at revision ${current}, not ${normalizeRevision(pinned)}.`, {
    extras: { currentRevision: current },
  });
}

/** `sha256:<hex>` whether or not the prefix was sent. */
export function normalizeRevision(revision: string): string {
  return revision.startsWith('sha256:') ? revision : `sha256:${revision}`;
}

/** The requested zoom, brought into the archive's range and down until the coverage fits the size limit. */
export function staticLinkZoom(coverage: TileCoverage, zoom: number): number {
  let z = Math.min(coverage.maxZoom, Math.max(coverage.minZoom, zoom));
  for (; z > coverage.minZoom; z--) {
    try {
      resolveStaticMap(coverage.bounds, z, coverage.bounds);
      break;
    } catch {
      // too large at this zoom
    }
  }
  return z;
}

export const round7 = (v: number) => Math.round(v * 1e7) / 1e7;
