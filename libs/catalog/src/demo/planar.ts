import type { Meters2 } from '@caddie/geometry';

// Bound once: a global `Math` lookup per call is slow inside vm sandboxes (Jest), and these run per grid cell.
const { PI, atan2, cos, hypot, max, min, sin } = Math;

/** Small planar vector helpers for shaping demo features in local metres. */
export function add(a: Meters2, b: Meters2): Meters2 {
  return [a[0] + b[0], a[1] + b[1]];
}

export function sub(a: Meters2, b: Meters2): Meters2 {
  return [a[0] - b[0], a[1] - b[1]];
}

export function scale(a: Meters2, k: number): Meters2 {
  return [a[0] * k, a[1] * k];
}

export function length(a: Meters2): number {
  return hypot(a[0], a[1]);
}

export function distance(a: Meters2, b: Meters2): number {
  return hypot(a[0] - b[0], a[1] - b[1]);
}

/** Unit vector for a bearing (degrees clockwise from north). */
export function heading(bearing: number): Meters2 {
  const t = (bearing * PI) / 180;
  return [sin(t), cos(t)];
}

/** Point reached from `from` going `meters` on `bearing`. */
export function step(from: Meters2, bearing: number, meters: number): Meters2 {
  return add(from, scale(heading(bearing), meters));
}

/** Left-hand normal of a unit direction. */
export function leftOf(direction: Meters2): Meters2 {
  return [-direction[1], direction[0]];
}

export function bearingOf(from: Meters2, to: Meters2): number {
  const d = (atan2(to[0] - from[0], to[1] - from[1]) * 180) / PI;
  return d < 0 ? d + 360 : d;
}

/** Shoelace area, positive for counter-clockwise rings. */
export function signedArea(ring: readonly Meters2[]): number {
  let total = 0;
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i];
    const b = ring[(i + 1) % ring.length];
    total += a[0] * b[1] - b[0] * a[1];
  }
  return total / 2;
}

/** Distance from p to the segment a-b. */
export function distanceToSegment(p: Meters2, a: Meters2, b: Meters2): number {
  const ab = sub(b, a);
  const lengthSquared = ab[0] * ab[0] + ab[1] * ab[1];
  const t = lengthSquared === 0 ? 0 : max(0, min(1, ((p[0] - a[0]) * ab[0] + (p[1] - a[1]) * ab[1]) / lengthSquared));
  return distance(p, [a[0] + ab[0] * t, a[1] + ab[1] * t]);
}

export function distanceToPolyline(p: Meters2, line: readonly Meters2[]): number {
  let best = Infinity;
  for (let i = 1; i < line.length; i++) best = min(best, distanceToSegment(p, line[i - 1], line[i]));
  return best;
}

export function smoothstep(edge0: number, edge1: number, x: number): number {
  const t = max(0, min(1, (x - edge0) / (edge1 - edge0)));
  return t * t * (3 - 2 * t);
}

/** Convex hull (Andrew's monotone chain), counter-clockwise, not closed. */
export function convexHull(points: readonly Meters2[]): Meters2[] {
  const sorted = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (sorted.length < 3) return sorted;
  const cross = (o: Meters2, a: Meters2, b: Meters2) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: Meters2[] = [];
  for (const p of sorted) {
    while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: Meters2[] = [];
  for (let i = sorted.length - 1; i >= 0; i--) {
    const p = sorted[i];
    while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], p) <= 0) upper.pop();
    upper.push(p);
  }
  return lower.slice(0, -1).concat(upper.slice(0, -1));
}

/** Hull of the points grown by `margin` metres (each point replaced by a 16-gon around it). */
export function paddedHull(points: readonly Meters2[], margin: number): Meters2[] {
  const grown: Meters2[] = [];
  // Growing only the hull's corners gives the same result as growing every point.
  for (const p of convexHull(points)) {
    for (let i = 0; i < 16; i++) {
      const t = (i / 16) * PI * 2;
      grown.push([p[0] + cos(t) * margin, p[1] + sin(t) * margin]);
    }
  }
  return convexHull(grown);
}

/** Even-odd point-in-ring test. */
export function pointInRing(p: Meters2, ring: readonly Meters2[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}
