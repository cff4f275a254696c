/**
 * Planar geometry in a local equirectangular projection (metres around an origin).
 * Courses span a few kilometres, where this projection errs by well under a metre,
 * and it keeps distance tests cheap enough to run without a geometry library.
 */
import type { BBox, CourseGeometry, LonLat } from '../model';

export type Xy = [number, number];
/** [minX, minY, maxX, maxY] in metres */
export type PlanarBox = [number, number, number, number];

const METERS_PER_DEGREE = (Math.PI / 180) * 6_371_008.8;

export interface LocalProjection {
  toXy(p: readonly number[]): Xy;
  toLonLat(p: Xy): LonLat;
}

export function localProjection(origin: LonLat): LocalProjection {
  const [lon0, lat0] = origin;
  const kx = METERS_PER_DEGREE * Math.cos((lat0 * Math.PI) / 180);
  const ky = METERS_PER_DEGREE;
  return {
    toXy: (p) => [(p[0] - lon0) * kx, (p[1] - lat0) * ky],
    toLonLat: (p) => [roundCoordinate(lon0 + p[0] / kx), roundCoordinate(lat0 + p[1] / ky)],
  };
}

/** 7 decimals is about 1 cm: the precision OSM stores. */
export function roundCoordinate(value: number): number {
  return Math.round(value * 1e7) / 1e7;
}

/** A geometry flattened for distance tests: loose points, polylines and polygons (outer ring first). */
export interface PlanarShape {
  points: Xy[];
  lines: Xy[][];
  polygons: Xy[][][];
  box: PlanarBox;
}

export function toPlanarShape(geometry: CourseGeometry, projection: LocalProjection): PlanarShape {
  const shape: PlanarShape = { points: [], lines: [], polygons: [], box: emptyBox() };
  const ring = (coords: number[][]) => coords.map((c) => projection.toXy(c));
  switch (geometry.type) {
    case 'Point':
      shape.points.push(projection.toXy(geometry.coordinates));
      break;
    case 'LineString':
      shape.lines.push(ring(geometry.coordinates));
      break;
    case 'MultiLineString':
      for (const line of geometry.coordinates) shape.lines.push(ring(line));
      break;
    case 'Polygon':
      shape.polygons.push(geometry.coordinates.map(ring));
      break;
    case 'MultiPolygon':
      for (const polygon of geometry.coordinates) shape.polygons.push(polygon.map(ring));
      break;
  }
  for (const p of allVertices(shape)) extendBox(shape.box, p);
  return shape;
}

export function emptyBox(): PlanarBox {
  return [Infinity, Infinity, -Infinity, -Infinity];
}

export function extendBox(box: PlanarBox, p: Xy): void {
  if (p[0] < box[0]) box[0] = p[0];
  if (p[1] < box[1]) box[1] = p[1];
  if (p[0] > box[2]) box[2] = p[0];
  if (p[1] > box[3]) box[3] = p[1];
}

export function boxesOverlap(a: PlanarBox, b: PlanarBox, margin = 0): boolean {
  return a[0] - margin <= b[2] && b[0] - margin <= a[2] && a[1] - margin <= b[3] && b[1] - margin <= a[3];
}

export function* allVertices(shape: PlanarShape): Generator<Xy> {
  yield* shape.points;
  for (const line of shape.lines) yield* line;
  for (const polygon of shape.polygons) for (const r of polygon) yield* r;
}

/** Even-odd rule over every ring, so inner rings (holes) are excluded. */
export function pointInPolygon(p: Xy, rings: Xy[][]): boolean {
  let inside = false;
  for (const r of rings) {
    for (let i = 0, j = r.length - 1; i < r.length; j = i++) {
      const [xi, yi] = r[i];
      const [xj, yj] = r[j];
      if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

export function pointInShape(p: Xy, shape: PlanarShape): boolean {
  return shape.polygons.some((polygon) => pointInPolygon(p, polygon));
}

function pointSegmentDistance(p: Xy, a: Xy, b: Xy): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len2 = dx * dx + dy * dy;
  let t = len2 === 0 ? 0 : ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2;
  t = Math.max(0, Math.min(1, t));
  return Math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy));
}

function cross(o: Xy, a: Xy, b: Xy): number {
  return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
}

function segmentsCross(a: Xy, b: Xy, c: Xy, d: Xy): boolean {
  const d1 = cross(c, d, a);
  const d2 = cross(c, d, b);
  const d3 = cross(a, b, c);
  const d4 = cross(a, b, d);
  return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

function segmentDistance(a: Xy, b: Xy, c: Xy, d: Xy): number {
  if (segmentsCross(a, b, c, d)) return 0;
  return Math.min(pointSegmentDistance(a, c, d), pointSegmentDistance(b, c, d), pointSegmentDistance(c, a, b), pointSegmentDistance(d, a, b));
}

function* segments(shape: PlanarShape): Generator<[Xy, Xy]> {
  for (const line of shape.lines) for (let i = 1; i < line.length; i++) yield [line[i - 1], line[i]];
  for (const polygon of shape.polygons) for (const r of polygon) for (let i = 1; i < r.length; i++) yield [r[i - 1], r[i]];
}

export function pointShapeDistance(p: Xy, shape: PlanarShape): number {
  if (pointInShape(p, shape)) return 0;
  let best = Infinity;
  for (const q of shape.points) best = Math.min(best, Math.hypot(p[0] - q[0], p[1] - q[1]));
  for (const [a, b] of segments(shape)) best = Math.min(best, pointSegmentDistance(p, a, b));
  return best;
}

/** Smallest distance between two shapes; 0 when they touch, cross or one contains the other. */
export function shapeDistance(a: PlanarShape, b: PlanarShape): number {
  let best = Infinity;
  for (const p of a.points) best = Math.min(best, pointShapeDistance(p, b));
  for (const p of b.points) best = Math.min(best, pointShapeDistance(p, a));
  if (best === 0) return 0;
  const firstVertex = (s: PlanarShape): Xy | undefined => s.lines[0]?.[0] ?? s.polygons[0]?.[0]?.[0];
  const va = firstVertex(a);
  const vb = firstVertex(b);
  if ((va && pointInShape(va, b)) || (vb && pointInShape(vb, a))) return 0;
  const segsB = [...segments(b)];
  for (const [p, q] of segments(a)) {
    for (const [r, s] of segsB) {
      best = Math.min(best, segmentDistance(p, q, r, s));
      if (best === 0) return 0;
    }
  }
  return best;
}

export function polylineLength(line: Xy[]): number {
  let total = 0;
  for (let i = 1; i < line.length; i++) total += Math.hypot(line[i][0] - line[i - 1][0], line[i][1] - line[i - 1][1]);
  return total;
}

export interface LineProjection {
  /** metres from the line start to the nearest point on the line */
  along: number;
  /** metres from the point to the line */
  offset: number;
}

export function projectOntoLine(p: Xy, line: Xy[]): LineProjection {
  let best: LineProjection = { along: 0, offset: Infinity };
  let walked = 0;
  for (let i = 1; i < line.length; i++) {
    const a = line[i - 1];
    const b = line[i];
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const len = Math.hypot(dx, dy);
    const t = len === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (len * len)));
    const offset = Math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy));
    if (offset < best.offset) best = { along: walked + t * len, offset };
    walked += len;
  }
  if (line.length === 1) best = { along: 0, offset: Math.hypot(p[0] - line[0][0], p[1] - line[0][1]) };
  return best;
}

function ringArea(r: Xy[]): number {
  let sum = 0;
  for (let i = 0, j = r.length - 1; i < r.length; j = i++) sum += r[j][0] * r[i][1] - r[i][0] * r[j][1];
  return sum / 2;
}

export function shapeArea(shape: PlanarShape): number {
  let total = 0;
  for (const polygon of shape.polygons) {
    polygon.forEach((r, index) => (total += (index === 0 ? 1 : -1) * Math.abs(ringArea(r))));
  }
  return total;
}

/** Area centroid for polygons (inner rings subtracted), length midpoint weight for lines, mean for points. */
export function shapeCentroid(shape: PlanarShape): Xy {
  let ax = 0;
  let ay = 0;
  let area = 0;
  for (const polygon of shape.polygons) {
    polygon.forEach((r, index) => {
      const sign = index === 0 ? 1 : -1;
      const a = Math.abs(ringArea(r));
      if (a === 0) return;
      let cx = 0;
      let cy = 0;
      let signed = 0;
      for (let i = 0, j = r.length - 1; i < r.length; j = i++) {
        const f = r[j][0] * r[i][1] - r[i][0] * r[j][1];
        cx += (r[j][0] + r[i][0]) * f;
        cy += (r[j][1] + r[i][1]) * f;
        signed += f;
      }
      ax += sign * a * (cx / (3 * signed));
      ay += sign * a * (cy / (3 * signed));
      area += sign * a;
    });
  }
  if (area > 0) return [ax / area, ay / area];
  let lx = 0;
  let ly = 0;
  let length = 0;
  for (const line of shape.lines) {
    for (let i = 1; i < line.length; i++) {
      const l = Math.hypot(line[i][0] - line[i - 1][0], line[i][1] - line[i - 1][1]);
      lx += ((line[i][0] + line[i - 1][0]) / 2) * l;
      ly += ((line[i][1] + line[i - 1][1]) / 2) * l;
      length += l;
    }
  }
  if (length > 0) return [lx / length, ly / length];
  const vertices = [...allVertices(shape)];
  if (vertices.length === 0) return [0, 0];
  return [vertices.reduce((s, p) => s + p[0], 0) / vertices.length, vertices.reduce((s, p) => s + p[1], 0) / vertices.length];
}

/** WGS84 bounds of raw GeoJSON coordinates. */
export function geometryBounds(geometry: CourseGeometry): BBox {
  const box: BBox = [Infinity, Infinity, -Infinity, -Infinity];
  const visit = (c: unknown): void => {
    if (Array.isArray(c) && typeof c[0] === 'number') {
      box[0] = Math.min(box[0], c[0]);
      box[1] = Math.min(box[1], c[1] as number);
      box[2] = Math.max(box[2], c[0]);
      box[3] = Math.max(box[3], c[1] as number);
    } else if (Array.isArray(c)) c.forEach(visit);
  };
  visit(geometry.coordinates);
  return box;
}

export function mergeBounds(a: BBox, b: BBox): BBox {
  return [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];
}
