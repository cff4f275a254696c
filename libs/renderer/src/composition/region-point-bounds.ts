/**
 * What a `hole-region` may frame: two distinct points on or near the hole. Two points a few
 * metres apart frame nothing (a blank image), and a point kilometres away frames empty paper;
 * both are refused with a stable code rather than rendered.
 */
import type { Hole } from '@caddie/catalog';
import { LocalProjection, type LonLat } from '@caddie/geometry';
import { GraphicDataMissingError } from '../render/graphic-data-missing-error';
import type { Point2 } from './view-transform';

/** Closer than this, the two framing points are one point. */
export const REGION_POINT_MIN_SEPARATION_METERS = 5;
/**
 * Farther than this from the hole's play line, tees and green, a framing point is not on the hole
 * (the longest par 5s are about 600 m; 2 km leaves room for neighbouring holes and the range).
 */
export const REGION_POINT_MAX_DISTANCE_METERS = 2000;

function distanceToSegment(p: Point2, a: Point2, b: Point2): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2));
  return Math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy));
}

/** Metres from a point to the nearest part of the hole: its play line, tees and green. */
export function distanceFromHole(hole: Hole, point: Point2, projection: LocalProjection): number {
  const line = hole.centerline.map((c) => projection.toMeters(c) as Point2);
  const spots: LonLat[] = [...hole.tees.map((t) => t.center), ...(hole.greenCenter ? [hole.greenCenter] : [])];
  let best = Infinity;
  for (let i = 1; i < line.length; i++) best = Math.min(best, distanceToSegment(point, line[i - 1], line[i]));
  for (const spot of spots) {
    const s = projection.toMeters(spot) as Point2;
    best = Math.min(best, Math.hypot(point[0] - s[0], point[1] - s[1]));
  }
  return best;
}

/** Throws `region-points-coincide` or `region-point-too-far` (422) for points that frame nothing. */
export function checkRegionPoints(hole: Hole, points: [Point2, Point2], projection: LocalProjection): void {
  const [a, b] = points;
  const separation = Math.hypot(a[0] - b[0], a[1] - b[1]);
  if (separation < REGION_POINT_MIN_SEPARATION_METERS) {
    throw new GraphicDataMissingError(
      'region-points-coincide',
      `pointA and pointB resolve ${separation.toFixed(1)} m apart on hole ${hole.number}; a region needs two points at least ${REGION_POINT_MIN_SEPARATION_METERS} m apart`,
    );
  }
  for (const [name, point] of [
    ['pointA', a],
    ['pointB', b],
  ] as const) {
    const away = distanceFromHole(hole, point, projection);
    if (away > REGION_POINT_MAX_DISTANCE_METERS) {
      const shown = away >= 10_000 ? `${Math.round(away / 1000)} km` : `${Math.round(away)} m`;
      throw new GraphicDataMissingError(
        'region-point-too-far',
        `${name} lies ${shown} from hole ${hole.number}; framing points must lie within ${REGION_POINT_MAX_DISTANCE_METERS / 1000} km of the hole's play line, tees and green`,
      );
    }
  }
}
