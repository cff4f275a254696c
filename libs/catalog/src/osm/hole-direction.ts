/**
 * A golf=hole way runs tee → green. Some are drawn green → tee; the green and tee polygons
 * near each end say which. Each kind of evidence votes when one end is clearly (by
 * DIRECTION_MARGIN_METERS) nearer than the other; the line is reversed only on a net vote.
 */
import { boxesOverlap, pointShapeDistance, type PlanarShape, type Xy } from './planar-geometry';

export const DIRECTION_MARGIN_METERS = 10;
/** the nearer end must touch the feature (a line may stop short of a green, or start near the last one) */
export const DIRECTION_CONTACT_METERS = 8;
/** evidence further than this from both ends says nothing about this hole */
export const DIRECTION_EVIDENCE_RANGE_METERS = 60;

export interface DirectionEvidence {
  greenAtStart: number;
  greenAtEnd: number;
  teeAtStart: number;
  teeAtEnd: number;
}

export interface DirectionDecision {
  reversed: boolean;
  /** the green and tee evidence disagree */
  conflicting: boolean;
  reason: string;
}

export function nearestDistance(p: Xy, shapes: PlanarShape[], range = DIRECTION_EVIDENCE_RANGE_METERS): number {
  let best = Infinity;
  const probe: [number, number, number, number] = [p[0], p[1], p[0], p[1]];
  for (const shape of shapes) {
    if (!boxesOverlap(shape.box, probe, Math.min(best, range))) continue;
    best = Math.min(best, pointShapeDistance(p, shape));
  }
  return best;
}

export function measureDirectionEvidence(line: Xy[], greens: PlanarShape[], tees: PlanarShape[]): DirectionEvidence {
  const start = line[0];
  const end = line[line.length - 1];
  return {
    greenAtStart: nearestDistance(start, greens),
    greenAtEnd: nearestDistance(end, greens),
    teeAtStart: nearestDistance(start, tees),
    teeAtEnd: nearestDistance(end, tees),
  };
}

/** +1: says reversed, -1: says as drawn, 0: says nothing. */
function vote(nearStart: number, nearEnd: number, towardEnd: boolean): number {
  const range = DIRECTION_EVIDENCE_RANGE_METERS;
  if (Math.min(nearStart, nearEnd) > DIRECTION_CONTACT_METERS) return 0;
  const s = Math.min(nearStart, range * 2);
  const e = Math.min(nearEnd, range * 2);
  if (s + DIRECTION_MARGIN_METERS < e) return towardEnd ? 1 : -1;
  if (e + DIRECTION_MARGIN_METERS < s) return towardEnd ? -1 : 1;
  return 0;
}

export function decideHoleDirection(evidence: DirectionEvidence): DirectionDecision {
  // a green belongs at the end: a green at the start votes for reversal
  const green = vote(evidence.greenAtStart, evidence.greenAtEnd, true);
  // a tee belongs at the start: a tee at the end votes for reversal
  const tee = vote(evidence.teeAtEnd, evidence.teeAtStart, true);
  const total = green + tee;
  const fmt = (n: number) => (Number.isFinite(n) ? `${n.toFixed(0)} m` : 'none in range');
  const reason =
    `green ${fmt(evidence.greenAtStart)} from the first node and ${fmt(evidence.greenAtEnd)} from the last; ` +
    `tee ${fmt(evidence.teeAtStart)} from the first node and ${fmt(evidence.teeAtEnd)} from the last`;
  return { reversed: total > 0, conflicting: green !== 0 && tee !== 0 && green !== tee, reason };
}
