import type { Meters2 } from '@caddie/geometry';
import type { HolePlan } from './demo-course-plan';
import { distance, step } from './planar';

const YARD = 0.9144;

/** A hole laid out in local metres around the clubhouse (the origin). */
export interface RoutedHole {
  plan: HolePlan;
  /** back tee centre */
  tee: Meters2;
  corner: Meters2 | null;
  /** green centre */
  green: Meters2;
  /** play line: back tee, corner (if any), green centre */
  line: Meters2[];
  lengthMeters: number;
  /** bearing of the leg into the green */
  approachHeading: number;
}

/**
 * Walks the routing like a surveyor: each back tee is a short walk from the previous green
 * (or from the clubhouse), each hole runs its authored heading, length and dogleg.
 */
export function routeHoles(plans: readonly HolePlan[]): RoutedHole[] {
  const routed: RoutedHole[] = [];
  let previousGreen: Meters2 = [0, 0];
  for (const plan of plans) {
    const from: Meters2 = plan.walk.fromClubhouse || routed.length === 0 ? [0, 0] : previousGreen;
    const tee = step(from, plan.walk.bearing, plan.walk.meters);
    const total = plan.yards * YARD;
    let corner: Meters2 | null = null;
    let green: Meters2;
    let approachHeading = plan.heading;
    if (plan.dogleg) {
      corner = step(tee, plan.heading, plan.dogleg.atYards * YARD);
      approachHeading = (plan.heading + plan.dogleg.turn + 360) % 360;
      green = step(corner, approachHeading, total - plan.dogleg.atYards * YARD);
    } else {
      green = step(tee, plan.heading, total);
    }
    const line = corner ? [tee, corner, green] : [tee, green];
    routed.push({ plan, tee, corner, green, line, lengthMeters: total, approachHeading });
    previousGreen = green;
  }
  return routed;
}

/** Distance from the last green of each loop back to the clubhouse, for checking a routing. */
export function loopClosureMeters(holes: readonly RoutedHole[]): number[] {
  return holes
    .filter((_, i) => i === holes.length - 1 || holes[i + 1].plan.walk.fromClubhouse)
    .map((hole) => distance(hole.green, [0, 0]));
}
