/**
 * `hole-region` frames: two framing points resolved on the hole, framed like a hole view whose
 * tee-side and flag-side edges are the two points' discs (20-yard radius), play still running
 * bottom -> top. Measurement points:
 * - `radial-centerline`: the first point of the play line, walking away from the reference
 *   (furthest tee centre, or green centre walking back toward the tee), at the true radial
 *   distance `offsetYards` from it;
 * - `reference-ray`: `offsetYards` (signed) along the straight ray from its own reference toward
 *   the other, already resolved point.
 */
import type { Course, Hole } from '@caddie/catalog';
import { LocalProjection, yardsToMeters, type LonLat } from '@caddie/geometry';
import type { NormalizedGraphicRequest } from '@caddie/styles';
import type { RegionPoint } from '@caddie/styles';
import { GraphicDataMissingError } from '../render/graphic-data-missing-error';
import { flagPoint, furthestTee, teePoint } from './course-geometry';
import { boxOf, overflowOf, type Composition } from './framing';
import { frameAlongLine, holeFrameSettings, holeOrigin, requireHole } from './hole-composition';
import { perimeterShapes, type EnvelopeShape } from './perimeter-shapes';
import { checkRegionPoints } from './region-point-bounds';
import { firstRadialIntersection } from './radial-centerline';
import { ViewTransform, type Point2 } from './view-transform';

export const REGION_POINT_RADIUS_METERS = yardsToMeters(20);

export function resolveRegionPoints(hole: Hole, points: { pointA: RegionPoint; pointB: RegionPoint }, projection: LocalProjection): [Point2, Point2] {
  const line = hole.centerline.map((p) => projection.toMeters(p) as Point2);
  const reference = (p: RegionPoint & { source: 'measurement' }): Point2 => {
    if (p.reference === 'green') {
      const c = hole.greenCenter ?? flagPoint(hole);
      return projection.toMeters(c) as Point2;
    }
    return projection.toMeters(furthestTee(hole)?.center ?? teePoint(hole)) as Point2;
  };
  const resolveDirect = (p: RegionPoint, name: string): Point2 | null => {
    if (p.source === 'coordinates') return projection.toMeters([p.longitude, p.latitude]) as Point2;
    if (p.measurement === 'reference-ray') return null;
    const ref = reference(p);
    const walk = p.reference === 'green' ? [...line].reverse() : line;
    const at = firstRadialIntersection(walk, ref, yardsToMeters(p.offsetYards));
    if (!at)
      throw new GraphicDataMissingError(
        'region-point-unresolved',
        `${name}: the play line of hole ${hole.number} does not reach ${p.offsetYards} yards from the ${p.reference}`,
      );
    return at;
  };
  const a = resolveDirect(points.pointA, 'pointA');
  const b = resolveDirect(points.pointB, 'pointB');
  const ray = (p: RegionPoint, other: Point2): Point2 => {
    const m = p as RegionPoint & { source: 'measurement' };
    const ref = reference(m);
    const len = Math.hypot(other[0] - ref[0], other[1] - ref[1]);
    if (len === 0) return ref;
    const k = yardsToMeters(m.offsetYards) / len;
    return [ref[0] + (other[0] - ref[0]) * k, ref[1] + (other[1] - ref[1]) * k];
  };
  if (a && b) return [a, b];
  if (a) return [a, ray(points.pointB, a)];
  if (b) return [ray(points.pointA, b), b];
  throw new GraphicDataMissingError('region-point-unresolved', 'both framing points use reference-ray');
}

export function composeHoleRegion(course: Course, hole: Hole, request: NormalizedGraphicRequest): Composition {
  const region = request.regionComposition;
  if (!region) throw new GraphicDataMissingError('region-point-unresolved', 'hole-region needs regionComposition');
  const origin: LonLat = holeOrigin(hole);
  const projection = new LocalProjection(origin);
  const [a, b] = resolveRegionPoints(hole, region, projection);
  checkRegionPoints(hole, [a, b], projection);
  const settings = { ...holeFrameSettings(request), mode: 'preset' as const };
  const shapes: EnvelopeShape[] = [
    { kind: 'circle', center: a, radius: REGION_POINT_RADIUS_METERS },
    { kind: 'circle', center: b, radius: REGION_POINT_RADIUS_METERS },
  ];
  // the point nearer the tee is drawn at the bottom so play still runs upward
  const tee = projection.toMeters(teePoint(hole)) as Point2;
  const d = (p: Point2) => Math.hypot(p[0] - tee[0], p[1] - tee[1]);
  const [lo, far] = d(a) <= d(b) ? [a, b] : [b, a];
  let hi = far;
  if (lo[0] === hi[0] && lo[1] === hi[1]) {
    const flag = projection.toMeters(flagPoint(hole)) as Point2;
    const len = Math.hypot(flag[0] - tee[0], flag[1] - tee[1]);
    hi = [lo[0] + (flag[0] - tee[0]) / len, lo[1] + (flag[1] - tee[1]) / len];
  }
  const { matrix, bounds } = frameAlongLine(origin, shapes, lo, hi, settings);
  return {
    transform: new ViewTransform(origin, matrix),
    contentBounds: boxOf(bounds),
    overflow: overflowOf(bounds, settings.width, settings.height),
    mask: perimeterShapes(course, hole, projection, request.style.perimeterTreatment ?? 'classic'),
  };
}

/**
 * The same checks before a render is queued, so the API answers at once: resolves the points of
 * a hole-region request on the course (other subjects pass untouched).
 */
export function checkRegionRequest(course: Course, request: NormalizedGraphicRequest): void {
  if (request.subject.type !== 'hole-region' || !request.regionComposition) return;
  const hole = requireHole(course, request.subject.holeNumber);
  const projection = new LocalProjection(holeOrigin(hole));
  checkRegionPoints(hole, resolveRegionPoints(hole, request.regionComposition, projection), projection);
}
