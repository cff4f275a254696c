import type { ProblemCodeSpec } from '../platform/problems/problem-codes';

/** Problem codes of the course-maps routes. */
export const MAPS_PROBLEMS = {
  'stale-revision': {
    status: 409,
    title: 'Stale course revision',
    hint: 'The course changed since this revision; fetch the tile plan again for the current revision.',
  },
  'tile-not-found': { status: 404, title: 'Tile not found', hint: 'The tile lies outside the course map coverage or its zoom range; see the tile plan.' },
  'invalid-bbox': { status: 400, title: 'Invalid bbox', hint: 'Give bbox as west,south,east,north in WGS84 with west < east and south < north.' },
  'bbox-outside-coverage': {
    status: 422,
    title: 'Box outside the map coverage',
    hint: 'The box must overlap the coverage bounds and the zoom lie inside the zoom range of the tile plan.',
  },
  'static-map-too-large': { status: 422, title: 'Static map too large', hint: 'At most 4096x4096 pixels: shrink the box or lower the zoom.' },
  'map-archive-building': { status: 503, title: 'Map archive building', hint: 'The course map archive is being rendered; retry after Retry-After seconds.' },
  'map-archive-failed': { status: 500, title: 'Map archive build failed', hint: 'The archive build failed on our side; retry later and quote the requestId.' },
  'map-unavailable': { status: 503, title: 'Map service unavailable', hint: 'The render queue is unavailable; retry with backoff.' },
  'range-not-satisfiable': { status: 416, title: 'Range not satisfiable', hint: 'The range lies outside the archive; Content-Range gives its size.' },
  'precondition-failed': { status: 412, title: 'Precondition failed', hint: 'If-Match does not match the current archive ETag; fetch the tile plan again.' },
  'course-geometry-missing': { status: 422, title: 'Course geometry missing', hint: 'The course has no mapped geometry to draw.' },
} satisfies Record<string, ProblemCodeSpec>;
