/**
 * Plane geometry for the measuring components, in a local metric frame (metres east, north).
 * Results are projected to pixels by the caller and never returned as coordinates.
 */
import type { LonLat } from '@caddie/catalog';
import type { LocalProjection, Meters2 } from '@caddie/geometry';
import type { MultiPolygon, Polygon } from 'geojson';

export type MeterRing = Meters2[];
/** outer ring first, then holes */
export type MeterPolygon = MeterRing[];

export function toMeterPolygons(geometry: Polygon | MultiPolygon, frame: LocalProjection): MeterPolygon[] {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  return polygons.map((rings) => rings.map((ring) => ring.map((p) => frame.toMeters([p[0], p[1]]))));
}

/**
 * The first point of the line (walked from its start) at straight distance `radius` from
 * `center`, or null when the line never gets that far.
 */
export function pointAtRadius(line: readonly Meters2[], center: Meters2, radius: number): Meters2 | null {
  for (let i = 0; i + 1 < line.length; i++) {
    const a: Meters2 = [line[i][0] - center[0], line[i][1] - center[1]];
    const b: Meters2 = [line[i + 1][0] - center[0], line[i + 1][1] - center[1]];
    if (Math.hypot(b[0], b[1]) < radius) continue;
    // |a + t (b - a)| = radius, the larger root in [0, 1] leaves the circle going forward
    const d: Meters2 = [b[0] - a[0], b[1] - a[1]];
    const qa = d[0] * d[0] + d[1] * d[1];
    if (qa === 0) continue;
    const qb = 2 * (a[0] * d[0] + a[1] * d[1]);
    const qc = a[0] * a[0] + a[1] * a[1] - radius * radius;
    const disc = qb * qb - 4 * qa * qc;
    if (disc < 0) continue;
    const t = (-qb + Math.sqrt(disc)) / (2 * qa);
    if (t < 0 || t > 1) continue;
    return [center[0] + a[0] + d[0] * t, center[1] + a[1] + d[1] * t];
  }
  return null;
}

function inside(point: Meters2, polygon: MeterPolygon): boolean {
  let odd = false;
  for (const ring of polygon) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i];
      const [xj, yj] = ring[j];
      if (yi > point[1] !== yj > point[1] && point[0] < ((xj - xi) * (point[1] - yi)) / (yj - yi) + xi) odd = !odd;
    }
  }
  return odd;
}

/**
 * Stretches [t0, t1] of the line origin + t * direction (unit) inside the union of the polygons,
 * merged where they touch, ascending.
 */
export function sectionsInside(origin: Meters2, direction: Meters2, polygons: readonly MeterPolygon[]): [number, number][] {
  const hits: number[] = [];
  for (const polygon of polygons) {
    for (const ring of polygon) {
      for (let i = 0; i < ring.length; i++) {
        const p = ring[i];
        const q = ring[(i + 1) % ring.length];
        const ex = q[0] - p[0];
        const ey = q[1] - p[1];
        const cross = direction[0] * ey - direction[1] * ex;
        if (Math.abs(cross) < 1e-12) continue;
        const wx = p[0] - origin[0];
        const wy = p[1] - origin[1];
        const along = (wx * ey - wy * ex) / cross;
        const onEdge = (wx * direction[1] - wy * direction[0]) / cross;
        if (onEdge >= 0 && onEdge < 1) hits.push(along);
      }
    }
  }
  hits.sort((a, b) => a - b);
  const sections: [number, number][] = [];
  for (let i = 0; i + 1 < hits.length; i++) {
    const [t0, t1] = [hits[i], hits[i + 1]];
    if (t1 - t0 < 1e-9) continue;
    const mid = (t0 + t1) / 2;
    const probe: Meters2 = [origin[0] + direction[0] * mid, origin[1] + direction[1] * mid];
    if (!polygons.some((polygon) => inside(probe, polygon))) continue;
    const last = sections[sections.length - 1];
    if (last && t0 - last[1] < 1e-6) last[1] = t1;
    else sections.push([t0, t1]);
  }
  return sections;
}

/** The section holding t = 0, else the nearest one within `snap` metres. */
export function sectionAtOrigin(sections: readonly [number, number][], snap: number): [number, number] | null {
  let best: [number, number] | null = null;
  let bestGap = Infinity;
  for (const section of sections) {
    const gap = section[0] > 0 ? section[0] : section[1] < 0 ? -section[1] : 0;
    if (gap < bestGap) [best, bestGap] = [section, gap];
  }
  return bestGap <= snap ? best : null;
}

export const unit = (v: Meters2): Meters2 => {
  const length = Math.hypot(v[0], v[1]);
  return length > 0 ? [v[0] / length, v[1] / length] : [0, 1];
};

/** Left of a direction of travel (rotated 90 degrees counter-clockwise). */
export const leftOf = (v: Meters2): Meters2 => [-v[1], v[0]];

export const lonLatPoints = (line: readonly LonLat[], frame: LocalProjection): Meters2[] => line.map((p) => frame.toMeters(p));

/**
 * Direction of a straight shot from `origin` aimed where the play line is `radius` metres away
 * (its end when the line never gets that far).
 */
export function aimDirection(line: readonly Meters2[], origin: Meters2, radius: number): Meters2 {
  const aim = pointAtRadius(line, origin, radius) ?? line[line.length - 1];
  return unit([aim[0] - origin[0], aim[1] - origin[1]]);
}
