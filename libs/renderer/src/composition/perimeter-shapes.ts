/**
 * The Classic perimeter recipe (Graphics rule 10) as a list of simple shapes in local metres:
 * buffered lines and polygons and circles. Their union is the hole's measured envelope; the
 * renderer fills them as a feathered mask and composition measures their exact extent.
 */
import type { Course, Hole } from '@caddie/catalog';
import { yardsToMeters, type LocalProjection } from '@caddie/geometry';
import { featureById, furthestTee, geometryParts, holeFeatures, isPolygonal, type MeterRings } from './course-geometry';
import { distance, firstRadialIntersection, lineRingCrossings } from './radial-centerline';
import type { AffineMatrix, Point2 } from './view-transform';

export type EnvelopeShape =
  | { kind: 'circle'; center: Point2; radius: number }
  | { kind: 'line'; points: Point2[]; radius: number }
  | { kind: 'polygon'; rings: MeterRings; radius: number };

export const CLASSIC_FEATHER_METERS = yardsToMeters(20);
/** rough kept around a hole's own water hazard */
const WATER_MARGIN_YARDS = 12;
/** a hole's water is drawn whole when all of it lies this close to the play line */
const WATER_REACH_YARDS = 90;
const Y = yardsToMeters;
const FORWARD_LANDING: [number, number][] = [
  [350, 60],
  [300, 60],
  [250, 60],
  [200, 50],
  [150, 40],
  [100, 35],
];
const REVERSE_LANDING: [number, number][] = [
  [150, 45],
  [100, 40],
];

/** classic 1.0, classic-wide 1.1, classic-wider 1.2, classic-widest 1.3 (landing circles only). */
export function landingScale(treatment: string): number {
  return { 'classic-wide': 1.1, 'classic-wider': 1.2, 'classic-widest': 1.3 }[treatment] ?? 1;
}

export function classicHoleShapes(course: Course, hole: Hole, projection: LocalProjection, landing = 1): EnvelopeShape[] {
  const toM = (p: [number, number]) => projection.toMeters(p) as Point2;
  const line = hole.centerline.map(toM);
  const shapes: EnvelopeShape[] = [];
  if (line.length >= 2) shapes.push({ kind: 'line', points: line, radius: Y(21.6) });

  const furthest = furthestTee(hole);
  for (const tee of hole.tees) {
    const feature = featureById(course, tee.featureId);
    const radius = Y(tee === furthest ? 25 : 20);
    if (feature && isPolygonal(feature)) shapes.push({ kind: 'polygon', rings: geometryParts(feature.geometry, projection), radius });
    else shapes.push({ kind: 'circle', center: toM(tee.center), radius });
  }
  const fairways = holeFeatures(course, hole.number, 'fairways').filter(isPolygonal);
  const crossingRings: MeterRings = [];
  for (const fairway of fairways) {
    const rings = geometryParts(fairway.geometry, projection);
    shapes.push({ kind: 'polygon', rings, radius: Y(25) });
    crossingRings.push(...rings);
  }
  const green = featureById(course, hole.greenFeatureId);
  if (green && isPolygonal(green)) {
    const rings = geometryParts(green.geometry, projection);
    shapes.push({ kind: 'polygon', rings, radius: Y(25) });
    crossingRings.push(...rings);
  }
  // the hole's own water hazards are part of the hole: a pond in play is shown whole, not as a
  // sliver; a creek that runs on far beyond the hole is left to the other shapes
  for (const water of holeFeatures(course, hole.number, 'water').filter(isPolygonal)) {
    const rings = geometryParts(water.geometry, projection);
    const near = rings.every((ring) => ring.every((p) => distanceToPolyline(p, line) <= Y(WATER_REACH_YARDS)));
    if (near) shapes.push({ kind: 'polygon', rings, radius: Y(WATER_MARGIN_YARDS) });
  }
  if (line.length >= 2) {
    for (const crossing of lineRingCrossings(line, crossingRings)) shapes.push({ kind: 'circle', center: crossing, radius: Y(23) });
  }

  const teeCenter = furthest ? toM(furthest.center) : line[0];
  const greenCenter = hole.greenCenter ? toM(hole.greenCenter) : null;
  if (line.length >= 2 && teeCenter) {
    for (const [yards, radius] of FORWARD_LANDING) {
      const at = firstRadialIntersection(line, teeCenter, Y(yards));
      if (!at) continue;
      if (greenCenter && distance(at, greenCenter) < Y(150)) continue;
      shapes.push({ kind: 'circle', center: at, radius: Y(radius) * landing });
    }
  }
  if (line.length >= 2 && greenCenter) {
    const reversed = [...line].reverse();
    for (const [yards, radius] of REVERSE_LANDING) {
      const at = firstRadialIntersection(reversed, greenCenter, Y(yards));
      if (at) shapes.push({ kind: 'circle', center: at, radius: Y(radius) });
    }
  }
  if (hole.dogleg) shapes.push({ kind: 'circle', center: toM(hole.dogleg), radius: Y(50) });
  return shapes;
}

function distanceToPolyline(p: Point2, line: readonly Point2[]): number {
  if (line.length === 0) return Infinity;
  let best = distance(p, line[0]);
  for (let i = 1; i < line.length; i++) {
    const [a, b] = [line[i - 1], line[i]];
    const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
    const t = Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy || 1)));
    best = Math.min(best, distance(p, [a[0] + t * dx, a[1] + t * dy]));
  }
  return best;
}

/** legacy-v1: the authored hole boundary when the source has one; otherwise the classic shape. */
export function legacyHoleShapes(course: Course, hole: Hole, projection: LocalProjection): EnvelopeShape[] {
  const boundaries = holeFeatures(course, hole.number, 'hole-boundaries').filter(isPolygonal);
  if (!boundaries.length) return classicHoleShapes(course, hole, projection);
  return boundaries.map((f) => ({ kind: 'polygon', rings: geometryParts(f.geometry, projection), radius: 0 }));
}

export function perimeterShapes(course: Course, hole: Hole, projection: LocalProjection, treatment: string): EnvelopeShape[] | null {
  if (treatment === 'none') return null;
  if (treatment === 'legacy-v1') return legacyHoleShapes(course, hole, projection);
  return classicHoleShapes(course, hole, projection, landingScale(treatment));
}

/**
 * Exact pixel bounds of the union of shapes under an affine similarity: per axis, the support of
 * a buffered vertex set is the vertex support plus the radius times the axis scale.
 */
export function envelopePixelBounds(shapes: readonly EnvelopeShape[], m: AffineMatrix): { minX: number; minY: number; maxX: number; maxY: number } {
  const [a, b, c, d, e, f] = m;
  const sx = Math.hypot(a, c);
  const sy = Math.hypot(b, d);
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  const visit = (p: Point2, r: number) => {
    const x = a * p[0] + c * p[1] + e;
    const y = b * p[0] + d * p[1] + f;
    if (x - r * sx < minX) minX = x - r * sx;
    if (x + r * sx > maxX) maxX = x + r * sx;
    if (y - r * sy < minY) minY = y - r * sy;
    if (y + r * sy > maxY) maxY = y + r * sy;
  };
  for (const s of shapes) {
    if (s.kind === 'circle') visit(s.center, s.radius);
    else if (s.kind === 'line') for (const p of s.points) visit(p, s.radius);
    else for (const ring of s.rings) for (const p of ring) visit(p, s.radius);
  }
  return { minX, minY, maxX, maxY };
}

/** Support of the envelope along a unit direction (max of p·dir over the union). */
export function envelopeSupport(shapes: readonly EnvelopeShape[], dir: Point2): number {
  let best = -Infinity;
  const visit = (p: Point2, r: number) => {
    const v = p[0] * dir[0] + p[1] * dir[1] + r;
    if (v > best) best = v;
  };
  for (const s of shapes) {
    if (s.kind === 'circle') visit(s.center, s.radius);
    else if (s.kind === 'line') for (const p of s.points) visit(p, s.radius);
    else for (const ring of s.rings) for (const p of ring) visit(p, s.radius);
  }
  return best;
}
