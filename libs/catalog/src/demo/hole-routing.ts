import type { Meters2 } from '@caddie/geometry';
import type { HolePlan } from './demo-course-plan';
import { add, bearingOf, distance, scale, sub } from './planar';

const YARD = 0.9144;

/** A hole laid out in local metres around the clubhouse (the origin). */
export interface RoutedHole {
  plan: HolePlan;
  /** back tee centre */
  tee: Meters2;
  /** corners of the play line, in playing order */
  bends: Meters2[];
  /** the first corner, where the tee shot is aimed (the hole's dogleg point), if any */
  corner: Meters2 | null;
  /** green centre */
  green: Meters2;
  /** play line: back tee, corners, green centre */
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
    const { tee, bends } = plan;
    const drawnLine = [tee, ...bends, plan.green];
    const approachFrom = drawnLine[drawnLine.length - 2];
    const drawn = polylineLength(drawnLine);
    const yards = Math.round(drawn / YARD);
    const lengthMeters = yards * YARD;
    const approach = sub(plan.green, approachFrom);
    const green = add(plan.green, scale(approach, (lengthMeters - drawn) / distance(approachFrom, plan.green)));
    return {
      plan,
      tee,
      bends,
      corner: bends[0] ?? null,
      green,
      line: [tee, ...bends, green],
      lengthMeters,
      yards,
      heading: bearingOf(tee, drawnLine[1]),
      approachHeading: bearingOf(approachFrom, green),
    };
  });
}

function polylineLength(line: readonly Meters2[]): number {
  return line.slice(1).reduce((sum, p, i) => sum + distance(line[i], p), 0);
}

/** Heading changes at each corner of a play line, degrees in (-180, 180]; positive turns right. */
export function playLineTurns(line: readonly Meters2[]): number[] {
  return line.slice(2).map((p, i) => {
    const turn = bearingOf(line[i + 1], p) - bearingOf(line[i], line[i + 1]);
    return ((turn + 540) % 360) - 180;
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
