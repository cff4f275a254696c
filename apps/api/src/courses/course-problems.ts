import type { ProblemCodeSpec } from '../platform/problems/problem-codes';

export const COURSE_PROBLEMS = {
  'course-not-found': { status: 404, title: 'Course not found', hint: 'No course has this id; GET /v1/courses/bulk-ids lists them.' },
  'invalid-course-id': { status: 422, title: 'Malformed course id', hint: 'Course ids are lowercase letters, digits and hyphens, e.g. osm-way-871993734.' },
  'unknown-catalog-change': {
    status: 400,
    title: 'Unknown catalog change',
    hint: 'since must be a change this catalog has reached (the X-Caddie-Catalog-Change header of an earlier directory); otherwise fetch the whole directory again.',
  },
  'unknown-hole': { status: 400, title: 'Unknown hole', hint: 'The course has no hole with that number; see holes in the course summary.' },
} satisfies Record<string, ProblemCodeSpec>;
