import type { Meters2 } from '@caddie/geometry';
import type { HolePlan } from './demo-course-plan';
import { add, bearingOf, distance, scale, sub } from './planar';

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
  /** playing length from the back tee, whole yards */
  yards: number;
  /** bearing of the first leg, off the tee */
  heading: number;
  /** bearing of the leg into the green */
  approachHeading: number;
}

/**
 * Takes the architect's drawing as it is, except that each green slides along its approach
 * (by less than half a yard) so that the back tee plays a whole number of yards.
 */
export function routeHoles(plans: readonly HolePlan[]): RoutedHole[] {
  return plans.map((plan) => {
    const { tee, dogleg: corner } = plan;
    const approachFrom = corner ?? tee;
    const drawn = (corner ? distance(tee, corner) : 0) + distance(approachFrom, plan.green);
    const yards = Math.round(drawn / YARD);
    const lengthMeters = yards * YARD;
    const approach = sub(plan.green, approachFrom);
    const green = add(plan.green, scale(approach, (lengthMeters - drawn) / distance(approachFrom, plan.green)));
    return {
      plan,
      tee,
      corner,
      green,
      line: corner ? [tee, corner, green] : [tee, green],
      lengthMeters,
      yards,
      heading: bearingOf(tee, corner ?? green),
      approachHeading: bearingOf(approachFrom, green),
    };
  });
}

/** Holes per loop: 18-hole courses play two returning nines, a 9-hole course one loop. */
export function nines<T>(holes: readonly T[]): T[][] {
  const loops: T[][] = [];
  for (let i = 0; i < holes.length; i += 9) loops.push(holes.slice(i, i + 9));
  return loops;
}

/** How far each loop starts and ends from the clubhouse: [first back tee, last green], metres. */
export function loopEndsMeters(holes: readonly RoutedHole[]): [number, number][] {
  return nines(holes).map((loop) => [distance(loop[0].tee, [0, 0]), distance(loop[loop.length - 1].green, [0, 0])]);
}
