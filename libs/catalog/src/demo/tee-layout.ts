import type { Meters2 } from '@caddie/geometry';
import type { Par, TeeSetPlan } from './demo-course-plan';
import { roundedBoxRing } from './demo-shapes';
import type { RoutedHole } from './hole-routing';
import { add, leftOf, heading, scale, step } from './planar';
import type { SeededRandom } from './seeded-random';

const YARD = 0.9144;

export interface TeeBoxLayout {
  teeSet: TeeSetPlan;
  center: Meters2;
  ring: Meters2[];
  yards: number;
  /** distance of the tee from the back tee along the play line, metres */
  along: number;
}

/** Shortest forward tee an architect still calls that par (yards). */
const FORWARD_MIN_YARDS: Record<Par, number> = { 3: 95, 4: 260, 5: 410 };

/** Room left between two tee boxes of one hole, metres: the mower turns there. */
const TEE_GAP_METERS = 2.5;

/**
 * Tee boxes of every set, the back set at the start of the play line. Each hole gets its own
 * character: how far forward its sets play (a long hole stretches them, a short par 3 packs
 * them), whether its boxes are mowed square, rounded or oval, and how each box sits beside
 * the line. Par 3 boxes are bigger, because every player takes a divot from them.
 */
export function layOutTees(routed: RoutedHole, teeSets: readonly TeeSetPlan[], random: SeededRandom): TeeBoxLayout[] {
  const par = routed.plan.par;
  const stretch = Math.min(random.range(Math.max(0.65, minStretch(teeSets, par)), 1.45), maxStretch(routed, teeSets));
  const forwardYards = teeSets.map((t) => Math.round(t.forwardYards[par] * stretch));
  const along = forwardYards.map((y) => y * YARD);
  const squareness = random.pick([2, 2.6, 4, 5, 8]);
  return teeSets.map((teeSet, i) => {
    const room = Math.min(i > 0 ? along[i] - along[i - 1] : Infinity, i + 1 < along.length ? along[i + 1] - along[i] : Infinity);
    // The tips are a small box for few players; the sets most people play get the most grass.
    const wanted = (par === 3 ? random.range(12, 20) : random.range(8, 16)) * (i === 0 ? 0.7 : 1);
    const length = Math.max(5, Math.min(wanted, room - TEE_GAP_METERS));
    const width = Math.max(5, Math.min(length * random.range(0.55, 1.25), par === 3 ? 15 : 12));
    // The back tee marks the start of the measured line; the others sit a little to either side.
    const aside = i === 0 ? 0 : random.range(-3, 3);
    const onLine = step(routed.tee, routed.heading, along[i]);
    const center = add(onLine, scale(leftOf(heading(routed.heading)), aside));
    // Boxes are not always square to the line: a few degrees of turn aims them at the landing area.
    const ring = roundedBoxRing(center, routed.heading + random.range(-7, 7), length, width, squareness);
    return { teeSet, center, ring, yards: routed.yards - forwardYards[i], along: along[i] };
  });
}

/** Neighbouring sets need room for a box of at least 6 m and the gap between. */
function minStretch(teeSets: readonly TeeSetPlan[], par: Par): number {
  const gaps = teeSets.slice(1).map((t, i) => (t.forwardYards[par] - teeSets[i].forwardYards[par]) * YARD);
  return (6 + TEE_GAP_METERS) / Math.min(...gaps);
}

/** How far the forward sets may stretch before the shortest tee stops playing to its par. */
function maxStretch(routed: RoutedHole, teeSets: readonly TeeSetPlan[]): number {
  const par = routed.plan.par;
  const forwardmost = Math.max(...teeSets.map((t) => t.forwardYards[par]));
  return forwardmost === 0 ? Infinity : (routed.yards - FORWARD_MIN_YARDS[par]) / forwardmost;
}
