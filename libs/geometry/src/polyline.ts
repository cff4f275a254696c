import { haversineDistance, initialBearing } from './geodesy';
import type { LonLat } from './geometry-types';
import { GeometryError } from './geometry-error';
import { LocalProjection } from './local-projection';

// Bound once: a global `Math` lookup per call is slow inside vm sandboxes (Jest), and these run per grid cell.
const { hypot, max, min } = Math;

export interface PolylinePosition {
  point: LonLat;
  /** distance from the first vertex along the line, metres */
  alongMeters: number;
  /** index of the segment (vertex i to i+1) the point lies on */
  segmentIndex: number;
}

export interface NearestPolylinePoint extends PolylinePosition {
  /** distance from the query point to `point`, metres */
  distanceMeters: number;
}

function requireLine(line: readonly LonLat[]): void {
  if (line.length < 2) {
    throw new GeometryError('polyline-too-short', `a polyline needs at least 2 points, got ${line.length}`);
  }
}

export function polylineLength(line: readonly LonLat[]): number {
  let total = 0;
  for (let i = 1; i < line.length; i++) total += haversineDistance(line[i - 1], line[i]);
  return total;
}

/**
 * The point `distanceMeters` along the line from its first vertex; clamped to the ends.
 * Inside a segment the position is interpolated linearly in lon/lat, which is exact
 * enough at the segment lengths of course features.
 */
export function interpolateAlongPolyline(line: readonly LonLat[], distanceMeters: number): PolylinePosition {
  requireLine(line);
  if (distanceMeters <= 0) return { point: [line[0][0], line[0][1]], alongMeters: 0, segmentIndex: 0 };
  let walked = 0;
  for (let i = 1; i < line.length; i++) {
    const segment = haversineDistance(line[i - 1], line[i]);
    if (walked + segment >= distanceMeters && segment > 0) {
      const t = (distanceMeters - walked) / segment;
      const a = line[i - 1];
      const b = line[i];
      return { point: [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t], alongMeters: distanceMeters, segmentIndex: i - 1 };
    }
    walked += segment;
  }
  const last = line[line.length - 1];
  return { point: [last[0], last[1]], alongMeters: walked, segmentIndex: line.length - 2 };
}

/** Bearing of the segment that carries the point `distanceMeters` along the line. */
export function bearingAlongPolyline(line: readonly LonLat[], distanceMeters: number): number {
  const { segmentIndex } = interpolateAlongPolyline(line, distanceMeters);
  return initialBearing(line[segmentIndex], line[segmentIndex + 1]);
}

/** Closest point of the line to `point`, with its distance along the line. */
export function nearestPointOnPolyline(line: readonly LonLat[], point: LonLat): NearestPolylinePoint {
  requireLine(line);
  const projection = new LocalProjection(point);
  let best: NearestPolylinePoint | null = null;
  let walked = 0;
  for (let i = 1; i < line.length; i++) {
    const a = projection.toMeters(line[i - 1]);
    const b = projection.toMeters(line[i]);
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const lengthSquared = dx * dx + dy * dy;
    const t = lengthSquared === 0 ? 0 : max(0, min(1, -(a[0] * dx + a[1] * dy) / lengthSquared));
    const px = a[0] + dx * t;
    const py = a[1] + dy * t;
    const distance = hypot(px, py);
    const segment = haversineDistance(line[i - 1], line[i]);
    if (best === null || distance < best.distanceMeters) {
      best = {
        point: projection.toLonLat([px, py]),
        alongMeters: walked + segment * t,
        segmentIndex: i - 1,
        distanceMeters: distance,
      };
    }
    walked += segment;
  }
  return best as NearestPolylinePoint;
}
