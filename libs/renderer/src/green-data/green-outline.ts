import type { LonLat, LocalProjection, Meters2 } from '@caddie/geometry';
import type { MultiPolygon, Polygon } from 'geojson';
import { GreenDataError } from './green-data-error';

/** Rings of a green (outer rings and holes alike) in the local metric frame. */
export type GreenRings = Meters2[][];

/** Every ring of a Polygon or MultiPolygon, lon/lat, with at least three distinct vertices. */
export function greenLonLatRings(green: Polygon | MultiPolygon): LonLat[][] {
  const polygons = green?.type === 'Polygon' ? [green.coordinates] : green?.type === 'MultiPolygon' ? green.coordinates : null;
  if (!polygons) throw new GreenDataError('green-polygon-invalid', `expected a Polygon or MultiPolygon, got ${green?.type}`);
  const rings: LonLat[][] = [];
  for (const polygon of polygons) {
    for (const ring of polygon) {
      const points = ring.filter((p) => Number.isFinite(p[0]) && Number.isFinite(p[1])).map((p) => [p[0], p[1]] as LonLat);
      if (points.length >= 3) rings.push(points);
    }
  }
  if (rings.length === 0) throw new GreenDataError('green-polygon-invalid', 'the green has no ring with three or more vertices');
  return rings;
}

export function projectRings(rings: LonLat[][], projection: LocalProjection): GreenRings {
  return rings.map((ring) => ring.map((p) => projection.toMeters(p)));
}

/**
 * Even-odd containment over all rings: holes subtract and separate parts add, as long as the
 * parts of a MultiPolygon do not overlap (valid GeoJSON). Same rule as the canvas clip.
 */
export function insideGreen(rings: GreenRings, x: number, y: number): boolean {
  let inside = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i];
      const [xj, yj] = ring[j];
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

/** Distance from a point to the nearest green edge, metres. */
export function distanceToGreenEdge(rings: GreenRings, x: number, y: number): number {
  // Squared distances and no Math calls in the loop: this runs per cell over every vertex.
  let best = Infinity;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const ax = ring[j][0];
      const ay = ring[j][1];
      const dx = ring[i][0] - ax;
      const dy = ring[i][1] - ay;
      const lengthSquared = dx * dx + dy * dy;
      let t = lengthSquared > 0 ? ((x - ax) * dx + (y - ay) * dy) / lengthSquared : 0;
      t = t < 0 ? 0 : t > 1 ? 1 : t;
      const ex = x - ax - t * dx;
      const ey = y - ay - t * dy;
      const squared = ex * ex + ey * ey;
      if (squared < best) best = squared;
    }
  }
  return Math.sqrt(best);
}

/** Traces every ring through `project` as one path, for an even-odd clip or fill. */
export function traceGreenPath(
  ctx: { beginPath(): void; moveTo(x: number, y: number): void; lineTo(x: number, y: number): void; closePath(): void },
  rings: LonLat[][],
  project: (lon: number, lat: number) => [number, number],
): void {
  ctx.beginPath();
  for (const ring of rings) {
    ring.forEach(([lon, lat], index) => {
      const [x, y] = project(lon, lat);
      if (index === 0) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
    });
    ctx.closePath();
  }
}
