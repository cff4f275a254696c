import type { Meters2 } from '@caddie/geometry';
import type { HoleLayout } from './hole-layout';
import { distance, distanceToPolyline } from './planar';

// Bound once: a global `Math` lookup per call is slow inside vm sandboxes (Jest), and these run per grid cell.
const { hypot, max, min } = Math;

/**
 * Where golf is played: each hole's line, green and tees. Context features (woods, trees,
 * ponds, paths) ask it how far a spot is from play and which holes are near.
 */
export class PlayCorridors {
  /** per hole [minX, minY, maxX, maxY] of its line, tees and green */
  private readonly boxes: [number, number, number, number][];

  constructor(private readonly holes: readonly HoleLayout[]) {
    this.boxes = holes.map((hole) => {
      const points = [...hole.routed.line, ...hole.tees.map((t) => t.center), hole.green.center];
      const pad = hole.green.width;
      return [
        min(...points.map((p) => p[0])) - pad,
        min(...points.map((p) => p[1])) - pad,
        max(...points.map((p) => p[0])) + pad,
        max(...points.map((p) => p[1])) + pad,
      ];
    });
  }

  /** Cheap lower bound of the distance from p to a hole (its padded box). */
  private boxDistance(p: Meters2, i: number): number {
    const [x0, y0, x1, y1] = this.boxes[i];
    const dx = max(x0 - p[0], 0, p[0] - x1);
    const dy = max(y0 - p[1], 0, p[1] - y1);
    return hypot(dx, dy);
  }

  /** Distance from p to the nearest hole's play line, green surface or tee. */
  distanceToPlay(p: Meters2, exceptHole?: number): number {
    let best = Infinity;
    this.holes.forEach((hole, i) => {
      if (hole.routed.plan.number === exceptHole || this.boxDistance(p, i) >= best) return;
      best = min(best, this.distanceToHole(p, hole));
    });
    return best;
  }

  distanceToHole(p: Meters2, hole: HoleLayout): number {
    let best = distanceToPolyline(p, hole.routed.line);
    best = min(best, distance(p, hole.green.center) - hole.green.width / 2);
    for (const tee of hole.tees) best = min(best, distance(p, tee.center) - 8);
    return best;
  }

  /** Holes whose play lies within `within` metres of any of the points. */
  holesNear(points: readonly Meters2[], within: number): number[] {
    return this.holes
      .filter((hole, i) => points.some((p) => this.boxDistance(p, i) <= within && this.distanceToHole(p, hole) <= within))
      .map((hole) => hole.routed.plan.number);
  }
}
