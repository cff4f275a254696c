import { REGION_POINT_MAX_DISTANCE_METERS, REGION_POINT_MIN_SEPARATION_METERS } from '@caddie/renderer';
import type { ProblemCodeSpec } from '../platform/problems/problem-codes';

/** Codes a render job may fail with that the API answers as 422 (the course lacks the data). */
export const DATA_MISSING_CODES = [
  'hole-not-found',
  'hole-geometry-missing',
  'green-missing',
  'elevation-missing',
  'course-geometry-missing',
  'region-point-unresolved',
  'green-elevation-missing',
  'region-points-coincide',
  'region-point-too-far',
  'elevation-too-coarse',
];

/** Problem codes of the graphics routes (request codes come from the option table's parser). */
export const GRAPHICS_PROBLEMS = {
  'repeated-parameter': { status: 400, title: 'Repeated parameter', hint: 'Give each query parameter once.' },
  'missing-parameter': { status: 400, title: 'Missing parameter', hint: 'A required parameter is missing.' },
  'parameter-not-applicable': { status: 400, title: 'Parameter not applicable', hint: 'The option does not apply to this subject or style; remove it.' },
  'incompatible-style-option': {
    status: 400,
    title: 'Incompatible style option',
    hint: 'The graphic style fixes this option (e.g. Pencil needs housing=none).',
  },
  'conflicting-parameters': { status: 400, title: 'Conflicting parameters', hint: 'Two options exclude each other; send one.' },
  'unsupported-value': { status: 400, title: 'Unsupported value', hint: 'The value is reserved or not supported.' },
  'unsupported-subject': { status: 400, title: 'Unsupported subject', hint: 'Subjects: course, hole-N, green-N, profile-elevation-N.' },
  'unsupported-format': { status: 400, title: 'Unsupported format', hint: 'Formats: webp, png, jpeg, jpg.' },
  'graphic-too-large': { status: 400, title: 'Graphic size out of range', hint: 'Width and height 320..8000 each, at most 32 megapixels.' },
  'padding-too-large': { status: 400, title: 'Padding too large', hint: 'The padding leaves no room for the content.' },
  // The course lacks what the graphic needs; nothing is invented (codes of libs/styles GraphicDataMissingError).
  'hole-not-found': { status: 422, title: 'No such hole', hint: 'The course has no hole with that number.' },
  'hole-geometry-missing': { status: 422, title: 'Hole geometry missing', hint: 'The hole has no mapped play line to frame.' },
  'green-missing': { status: 422, title: 'Green missing', hint: 'The hole has no mapped green.' },
  'elevation-missing': {
    status: 422,
    title: 'Elevation missing',
    hint: 'The course has no elevation model for this graphic (profiles, heatmaps, slope arrows).',
  },
  'elevation-too-coarse': {
    status: 422,
    title: 'Elevation too coarse',
    hint: 'The graphic needs finer elevation than the course has (green heatmap and slope arrows: 1 m; fairway chevrons: 10 m); the problem names requiredResolutionMeters and availableResolutionMeters. SRTM-class ground models (30-90 m) cannot show them.',
  },
  'green-scale-exceeds-rule-4.3': {
    status: 422,
    title: 'Green larger than Rule 4.3 allows',
    hint: 'With rules=rule-4.3 a green must print at 1:480 (3/8 in to 5 yd) or smaller at the output dpi; the problem names the scale it would print at (printScale) and the largest output that conforms (largestWidth, largestHeight). Ask for that size, a larger dpi, more greenPaddingMeters, or leave rules out.',
  },
  'course-geometry-missing': { status: 422, title: 'Course geometry missing', hint: 'The course has no mapped geometry to draw.' },
  'region-point-unresolved': { status: 422, title: 'Region point unresolved', hint: 'A regionComposition point could not be placed on this hole.' },
  'region-points-coincide': {
    status: 422,
    title: 'Region points coincide',
    hint: `pointA and pointB resolve within ${REGION_POINT_MIN_SEPARATION_METERS} m of each other; give two distinct framing points.`,
  },
  'region-point-too-far': {
    status: 422,
    title: 'Region point too far from the hole',
    hint: `Framing points must lie within ${REGION_POINT_MAX_DISTANCE_METERS / 1000} km of the hole (its play line, tees and green).`,
  },
  'green-elevation-missing': {
    status: 422,
    title: 'Green elevation missing',
    hint: 'The green has no putting-surface elevation for heatmaps or slope arrows.',
  },
  'render-failed': { status: 500, title: 'Render failed', hint: 'The render failed on our side; retry later and quote the requestId.' },
  'render-unavailable': { status: 503, title: 'Render service unavailable', hint: 'The render queue is unavailable; retry with backoff.' },
  'render-not-found': { status: 404, title: 'Render not found', hint: 'No render with this id is known (any more); request the graphic again.' },
  'receipt-expired': { status: 403, title: 'Render receipt expired', hint: 'Receipts are short-lived; request the render again for a new one.' },
  'overlay-not-allowed': { status: 403, title: 'Overlay not allowed', hint: 'The receipt does not authorize this overlay component for this render.' },
  'duplicate-overlay-id': { status: 400, title: 'Duplicate overlay id', hint: 'Each overlay id may appear once.' },
  'render-not-ready': { status: 422, title: 'Render not ready', hint: 'The artifact is still rendering; resolve overlays once it is stored.' },
  'render-stale': { status: 422, title: 'Render stale', hint: 'The course changed since this render; request the graphic again.' },
  'projection-missing': { status: 422, title: 'No map projection', hint: 'Side views (elevation profiles) take no overlay components.' },
  'overlay-budget-exceeded': {
    status: 422,
    title: 'Overlay budget exceeded',
    hint: 'The components would paint or answer more than one request may; request each raster component once, fewer distinct heatmaps or a smaller artifact.',
  },
  'overlay-data-missing': { status: 422, title: 'Overlay data missing', hint: 'The course lacks data this overlay component needs.' },
  'fairway-measurements-missing': { status: 422, title: 'Fairway measurements missing', hint: 'The hole has no measured fairway stations.' },
  'invalid-receipt': { status: 403, title: 'Invalid render receipt', hint: 'The receipt is malformed, altered, expired, or belongs to another key or render.' },
} satisfies Record<string, ProblemCodeSpec>;
