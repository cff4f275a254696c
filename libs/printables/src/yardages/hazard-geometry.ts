/**
 * Where a play line meets a hazard, in a local plane (metres): the stations at which the line
 * enters and leaves the hazard when it crosses it, and, when it passes beside it, the stations of
 * the hazard's edge that faces the line (the sand or water a ball rolling along the line would
 * reach first and last). Stations are metres along the line from its first point.
 */
import type { Meters2 } from '@caddie/geometry';

export interface PlanarLine {
  points: Meters2[];
  /** station of each point */
  stations: number[];
}

export interface LinePosition {
  station: number;
  /** distance from the line, metres */
  offset: number;
  /** +1 right of the line (looking from its start), -1 left, 0 on it */
  side: number;
}

/** One stretch of the line inside a hazard. */
export interface InsideStretch {
  enter: number;
  leave: number;
}

export interface FacingEdge {
  /** first and last station along the line of the edge points that face it */
  reach: number;
  clear: number;
  /** the facing point with the smallest station (where the hazard is reached) */
  reachPoint: Meters2;
  /** facing points right of the line minus those left of it */
  sideBalance: number;
}

/** Edge points are taken at least this often, so a facing stretch ends within this of its true end. */
const EDGE_SAMPLE_METERS = 0.5;

export function planarLine(points: Meters2[]): PlanarLine {
  const stations = [0];
  for (let i = 1; i < points.length; i++) stations.push(stations[i - 1] + Math.hypot(points[i][0] - points[i - 1][0], points[i][1] - points[i - 1][1]));
  return { points, stations };
}

export function lineLength(line: PlanarLine): number {
  return line.stations[line.stations.length - 1];
}

export function pointAtStation(line: PlanarLine, station: number): Meters2 {
  const { points, stations } = line;
  for (let i = 1; i < points.length; i++) {
    if (station <= stations[i] || i === points.length - 1) {
      const span = stations[i] - stations[i - 1];
      const t = span > 0 ? Math.min(1, Math.max(0, (station - stations[i - 1]) / span)) : 0;
      return [points[i - 1][0] + t * (points[i][0] - points[i - 1][0]), points[i - 1][1] + t * (points[i][1] - points[i - 1][1])];
    }
  }
  return points[0];
}

export function positionOnLine(line: PlanarLine, p: Meters2): LinePosition {
  let best: LinePosition = { station: 0, offset: Infinity, side: 0 };
  const { points, stations } = line;
  for (let i = 1; i < points.length; i++) {
    const [ax, ay] = points[i - 1];
    const dx = points[i][0] - ax;
    const dy = points[i][1] - ay;
    const len2 = dx * dx + dy * dy;
    const t = len2 > 0 ? Math.min(1, Math.max(0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / len2)) : 0;
    const qx = ax + t * dx;
    const qy = ay + t * dy;
    const offset = Math.hypot(p[0] - qx, p[1] - qy);
    if (offset < best.offset) {
      // x east, y north: a negative cross product is to the right of the direction of play
      const cross = dx * (p[1] - ay) - dy * (p[0] - ax);
      best = { station: stations[i - 1] + t * Math.sqrt(len2), offset, side: offset < 1e-6 ? 0 : cross < 0 ? 1 : -1 };
    }
  }
  return best;
}

/** Parameter along a->b where it properly crosses c->d, or null. */
function segmentCrossing(a: Meters2, b: Meters2, c: Meters2, d: Meters2): number | null {
  const rx = b[0] - a[0];
  const ry = b[1] - a[1];
  const sx = d[0] - c[0];
  const sy = d[1] - c[1];
  const denom = rx * sy - ry * sx;
  if (Math.abs(denom) < 1e-12) return null;
  const t = ((c[0] - a[0]) * sy - (c[1] - a[1]) * sx) / denom;
  const u = ((c[0] - a[0]) * ry - (c[1] - a[1]) * rx) / denom;
  return t >= 0 && t <= 1 && u >= 0 && u <= 1 ? t : null;
}

/** Even-odd point-in-polygon over all rings (outer and holes). */
export function insideRings(rings: Meters2[][], p: Meters2): boolean {
  let inside = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i];
      const [xj, yj] = ring[j];
      if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

/** The stretches of the line inside the hazard, in order; empty when the line does not cross it. */
export function insideStretches(line: PlanarLine, rings: Meters2[][]): InsideStretch[] {
  const cuts = [0, lineLength(line)];
  const { points, stations } = line;
  for (let i = 1; i < points.length; i++) {
    for (const ring of rings) {
      for (let k = 1; k < ring.length; k++) {
        const t = segmentCrossing(points[i - 1], points[i], ring[k - 1], ring[k]);
        if (t !== null) cuts.push(stations[i - 1] + t * (stations[i] - stations[i - 1]));
      }
    }
  }
  cuts.sort((a, b) => a - b);
  const stretches: InsideStretch[] = [];
  for (let i = 1; i < cuts.length; i++) {
    if (cuts[i] - cuts[i - 1] < 1e-6) continue;
    if (!insideRings(rings, pointAtStation(line, (cuts[i] + cuts[i - 1]) / 2))) continue;
    const last = stretches[stretches.length - 1];
    if (last && Math.abs(last.leave - cuts[i - 1]) < 1e-6) last.leave = cuts[i];
    else stretches.push({ enter: cuts[i - 1], leave: cuts[i] });
  }
  return stretches;
}

/** Points along each ring, every EDGE_SAMPLE_METERS at most, vertices included. */
export function edgePoints(rings: Meters2[][]): Meters2[] {
  const out: Meters2[] = [];
  for (const ring of rings) {
    for (let k = 1; k < ring.length; k++) {
      const [ax, ay] = ring[k - 1];
      const [bx, by] = ring[k];
      const steps = Math.max(1, Math.ceil(Math.hypot(bx - ax, by - ay) / EDGE_SAMPLE_METERS));
      for (let s = 0; s < steps; s++) out.push([ax + ((bx - ax) * s) / steps, ay + ((by - ay) * s) / steps]);
    }
  }
  return out;
}

/**
 * The part of a hazard's edge that faces the line within `corridor` metres of it: edge points
 * whose straight path to their nearest point of the line leaves the hazard at once (it crosses
 * no other edge and does not run through the hazard). Null when no such point is that close.
 */
export function facingEdge(line: PlanarLine, rings: Meters2[][], corridor: number): FacingEdge | null {
  let found: FacingEdge | null = null;
  for (const p of edgePoints(rings)) {
    const position = positionOnLine(line, p);
    if (position.offset > corridor) continue;
    const q = pointAtStation(line, position.station);
    if (!facesLine(p, q, rings)) continue;
    if (!found) found = { reach: position.station, clear: position.station, reachPoint: p, sideBalance: 0 };
    if (position.station < found.reach) {
      found.reach = position.station;
      found.reachPoint = p;
    }
    found.clear = Math.max(found.clear, position.station);
    found.sideBalance += position.side;
  }
  return found;
}

function facesLine(p: Meters2, q: Meters2, rings: Meters2[][]): boolean {
  const length = Math.hypot(q[0] - p[0], q[1] - p[1]);
  if (length < 1e-6) return true;
  // a step off the edge toward the line must be outside the hazard
  const step = Math.min(0.05, length / 2) / length;
  if (insideRings(rings, [p[0] + (q[0] - p[0]) * step, p[1] + (q[1] - p[1]) * step])) return false;
  const skip = (EDGE_SAMPLE_METERS * 0.01) / length;
  for (const ring of rings) {
    for (let k = 1; k < ring.length; k++) {
      const t = segmentCrossing(p, q, ring[k - 1], ring[k]);
      if (t !== null && t > skip) return false;
    }
  }
  return true;
}

/** Smallest distance between two sets of rings (0 when they cross or one holds the other). */
export function ringsDistance(a: Meters2[][], b: Meters2[][]): number {
  if (a.some((ring) => ring.some((p) => insideRings(b, p))) || b.some((ring) => ring.some((p) => insideRings(a, p)))) return 0;
  let best = Infinity;
  for (const ra of a) for (const p of ra) for (const rb of b) best = Math.min(best, distanceToRing(p, rb));
  for (const rb of b) for (const p of rb) for (const ra of a) best = Math.min(best, distanceToRing(p, ra));
  return best;
}

function distanceToRing(p: Meters2, ring: Meters2[]): number {
  return positionOnLine(planarLine(ring), p).offset;
}
