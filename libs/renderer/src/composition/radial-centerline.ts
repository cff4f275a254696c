/**
 * True radial distances along a play line: the first point of the line, walking away from a
 * reference point, whose straight-line distance from that reference equals a radius. This is how
 * landing circles and `radial-centerline` framing points are placed (not distance along the line).
 */
import type { Point2 } from './view-transform';

export function firstRadialIntersection(line: readonly Point2[], reference: Point2, radius: number): Point2 | null {
  for (let i = 1; i < line.length; i++) {
    const a = line[i - 1];
    const b = line[i];
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const fx = a[0] - reference[0];
    const fy = a[1] - reference[1];
    // |a + t(b-a) - ref|^2 = r^2, smallest t in [0,1] where the distance rises through r
    const qa = dx * dx + dy * dy;
    if (qa === 0) continue;
    const qb = 2 * (fx * dx + fy * dy);
    const qc = fx * fx + fy * fy - radius * radius;
    const disc = qb * qb - 4 * qa * qc;
    if (disc < 0) continue;
    const root = Math.sqrt(disc);
    for (const t of [(-qb - root) / (2 * qa), (-qb + root) / (2 * qa)]) {
      if (t < 0 || t > 1) continue;
      // only an outward crossing (distance growing) counts
      const px = fx + dx * t;
      const py = fy + dy * t;
      if (px * dx + py * dy >= 0) return [a[0] + dx * t, a[1] + dy * t];
    }
  }
  return null;
}

/** Points where a line crosses the boundary of polygon rings. */
export function lineRingCrossings(line: readonly Point2[], rings: readonly (readonly Point2[])[]): Point2[] {
  const out: Point2[] = [];
  for (let i = 1; i < line.length; i++) {
    const p = line[i - 1];
    const r = [line[i][0] - p[0], line[i][1] - p[1]];
    for (const ring of rings) {
      for (let j = 1; j < ring.length; j++) {
        const q = ring[j - 1];
        const s = [ring[j][0] - q[0], ring[j][1] - q[1]];
        const denom = r[0] * s[1] - r[1] * s[0];
        if (denom === 0) continue;
        const qp = [q[0] - p[0], q[1] - p[1]];
        const t = (qp[0] * s[1] - qp[1] * s[0]) / denom;
        const u = (qp[0] * r[1] - qp[1] * r[0]) / denom;
        if (t >= 0 && t <= 1 && u >= 0 && u <= 1) out.push([p[0] + r[0] * t, p[1] + r[1] * t]);
      }
    }
  }
  return out;
}

export function distance(a: Point2, b: Point2): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1]);
}
