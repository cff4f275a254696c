import type { LocalProjection, Meters2 } from '@caddie/geometry';
import type { MultiPolygon, Polygon, Position } from 'geojson';

// Bound once: a global `Math` lookup per call is slow inside vm sandboxes (Jest), and these run per grid cell.
const { abs } = Math;

/** A polygon in local metres: outer ring first, then holes; rings are closed or open. */
export type PlanarPolygon = Meters2[][];

export function toPlanarPolygons(geometry: Polygon | MultiPolygon, projection: LocalProjection): PlanarPolygon[] {
  const polygons: Position[][][] = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  return polygons.map((rings) => rings.map((ring) => ring.map((p) => projection.toMeters([p[0], p[1]]))));
}

/** Even-odd test over every ring, so holes (inner rings) count as outside. */
export function pointInPlanarPolygon(point: Meters2, polygon: PlanarPolygon): boolean {
  let inside = false;
  const [x, y] = point;
  for (const ring of polygon) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i];
      const [xj, yj] = ring[j];
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

export function pointInAnyPlanarPolygon(point: Meters2, polygons: readonly PlanarPolygon[]): boolean {
  return polygons.some((polygon) => pointInPlanarPolygon(point, polygon));
}

/**
 * Parameters t where the line origin + t * direction crosses any ring edge of the polygons,
 * sorted ascending. `direction` need not be a unit vector; t is in its units.
 */
export function lineCrossings(origin: Meters2, direction: Meters2, polygons: readonly PlanarPolygon[]): number[] {
  const crossings: number[] = [];
  const [ox, oy] = origin;
  const [dx, dy] = direction;
  for (const polygon of polygons) {
    for (const ring of polygon) {
      for (let i = 0; i < ring.length; i++) {
        const a = ring[i];
        const b = ring[(i + 1) % ring.length];
        const ex = b[0] - a[0];
        const ey = b[1] - a[1];
        const denominator = dx * ey - dy * ex;
        if (abs(denominator) < 1e-12) continue;
        const ax = a[0] - ox;
        const ay = a[1] - oy;
        const t = (ax * ey - ay * ex) / denominator;
        const u = (ax * dy - ay * dx) / denominator;
        if (u >= 0 && u < 1) crossings.push(t);
      }
    }
  }
  return crossings.sort((p, q) => p - q);
}

/**
 * Intervals [start, end] of the line origin + t * direction that lie inside the union of the
 * polygons; touching intervals are merged, so overlapping polygons act as one surface.
 */
export function insideIntervals(origin: Meters2, direction: Meters2, polygons: readonly PlanarPolygon[]): [number, number][] {
  const crossings = lineCrossings(origin, direction, polygons);
  const intervals: [number, number][] = [];
  for (let i = 0; i + 1 < crossings.length; i++) {
    const start = crossings[i];
    const end = crossings[i + 1];
    if (end - start < 1e-9) continue;
    const mid = (start + end) / 2;
    if (!pointInAnyPlanarPolygon([origin[0] + direction[0] * mid, origin[1] + direction[1] * mid], polygons)) continue;
    const last = intervals[intervals.length - 1];
    if (last && start - last[1] < 1e-6) last[1] = end;
    else intervals.push([start, end]);
  }
  return intervals;
}
