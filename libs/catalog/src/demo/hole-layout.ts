import type { Meters2 } from '@caddie/geometry';
import type { Par, TeeSetPlan } from './demo-course-plan';
import { filletedPath, irregularOval, ribbonRing, smoothNoise, type PathSample } from './demo-shapes';
import { greensideBunkers, layOutGreen, type BunkerLayout, type GreenLayout } from './green-layout';
import { playLineTurns, type RoutedHole } from './hole-routing';
import { add, bearingOf, distance, distanceToPolyline, heading, leftOf, length, pointInRing, scale, smoothstep, sub } from './planar';
import type { SeededRandom } from './seeded-random';
import { layOutTees, type TeeBoxLayout } from './tee-layout';

const YARD = 0.9144;

/** Every playing-surface shape of one hole, in local metres around the clubhouse. */
export interface HoleLayout {
  routed: RoutedHole;
  tees: TeeBoxLayout[];
  green: GreenLayout;
  fairway: Meters2[] | null;
  bunkers: BunkerLayout[];
  /** side of the play line the cart path runs on: 1 right, -1 left */
  pathSide: 1 | -1;
  path: PathSample[];
}

/** Par 3s carry from tee to green with no fairway in between. */
const FAIRWAY_PARS: ReadonlySet<Par> = new Set([4, 5]);

export function layOutHole(routed: RoutedHole, teeSets: readonly TeeSetPlan[], random: SeededRandom, nextTee: Meters2 | null): HoleLayout {
  const plan = routed.plan;
  const path = filletedPath(routed.line, 110, 4);
  // The cart path runs on the side of the next tee, so it never has to cross the green.
  const toNext = nextTee ? sub(nextTee, routed.green) : null;
  const approach = heading(routed.approachHeading);
  const pathSide: 1 | -1 = toNext ? (toNext[0] * approach[1] - toNext[1] * approach[0] >= 0 ? 1 : -1) : random.chance(0.5) ? 1 : -1;
  const tees = layOutTees(routed, teeSets, random);
  const green = layOutGreen(routed, random);
  let fairway: Meters2[] | null = null;
  const bunkers: BunkerLayout[] = [];
  if (FAIRWAY_PARS.has(plan.par)) {
    const shape = fairwayShape(routed, green, random);
    const forwardmost = Math.max(...tees.map((t) => t.along));
    const start = forwardmost + random.range(60, 110);
    // The rounded nose of the fairway stops a few metres short of the green's front edge.
    const noseAt = routed.lengthMeters - green.depth / 2 - random.range(4, 9);
    const end = noseAt - Math.min(shape.edge(noseAt, -1), shape.edge(noseAt, 1));
    fairway = ribbonRing(
      path,
      start,
      end,
      (along) => shape.edge(along, -1),
      (along) => shape.edge(along, 1),
    );
    bunkers.push(...fairwayBunkers(routed, path, shape.edge, random));
  }
  const surfaces = fairway ? [green.ring, fairway] : [green.ring];
  bunkers.push(...greensideBunkers(green, plan.par, random));
  return {
    routed,
    tees,
    green,
    fairway,
    bunkers: bunkers.map((b) => clearOfSurfaces(b, surfaces)).filter((b): b is BunkerLayout => b !== null),
    pathSide,
    path,
  };
}

/** Distance from the play line to the fairway edge on one side (1 right, -1 left), metres. */
type FairwayEdge = (along: number, side: 1 | -1) => number;

/**
 * How a mower would cut this fairway: wider where drives land (and where a par 5's lay-up
 * lands), pinched in the last stretch before the green, drifting from side to side so the
 * two edges never run parallel. Total width stays within 26..43 yards.
 */
function fairwayShape(routed: RoutedHole, green: GreenLayout, random: SeededRandom): { edge: FairwayEdge } {
  const widthNoise = smoothNoise(random, [97, 161, 233]);
  const drift = smoothNoise(random, [53, 89, 131]);
  const baseYards = random.range(29, 34);
  const landings = [{ at: random.range(235, 270) * YARD, yards: random.range(4, 8) }];
  if (routed.plan.par === 5) landings.push({ at: routed.lengthMeters - random.range(95, 130), yards: random.range(3, 6) });
  const neckYards = random.range(2, 6);
  const neckFrom = routed.lengthMeters - green.depth / 2 - 60;
  const driftShare = random.range(0.12, 0.24);
  const widthAt = (along: number) => {
    let yards = baseYards + widthNoise(along) * 4;
    for (const landing of landings) yards += landing.yards * Math.exp(-(((along - landing.at) / 45) ** 2));
    yards -= neckYards * smoothstep(neckFrom, neckFrom + 40, along);
    return Math.max(26, Math.min(43, yards)) * YARD;
  };
  return {
    edge: (along, side) => {
      const width = widthAt(along);
      return (width / 2) * (1 + side * driftShare * drift(along));
    },
  };
}

/** Minimum sand-to-grass gap, metres: bunkers sit beside greens and fairways, not on them. */
const BUNKER_GAP_METERS = 1.5;

function overlaps(ring: readonly Meters2[], surface: readonly Meters2[]): boolean {
  return ring.some((p) => pointInRing(p, surface) || distanceToPolyline(p, surface) < BUNKER_GAP_METERS) || surface.some((p) => pointInRing(p, ring));
}

/**
 * Moves a bunker straight away from the surface it touches, a metre at a time, so that
 * irregular outlines never overlap; gives up (drops the bunker) after 10 m.
 */
function clearOfSurfaces(bunker: BunkerLayout, surfaces: readonly Meters2[][]): BunkerLayout | null {
  let current = bunker;
  for (let moved = 0; moved <= 10; moved++) {
    const touching = surfaces.find((surface) => overlaps(current.ring, surface));
    if (!touching) return current;
    const nearest = touching.reduce((best, p) => (distance(p, current.center) < distance(best, current.center) ? p : best));
    const away = sub(current.center, nearest);
    const inside = pointInRing(current.center, touching);
    const unit = scale(away, (inside ? -1 : 1) / Math.max(length(away), 1e-9));
    current = {
      kind: current.kind,
      center: add(current.center, unit),
      ring: current.ring.map((p) => add(p, unit)),
    };
  }
  return null;
}

function pathSampleAt(path: readonly PathSample[], along: number): PathSample {
  let best = path[0];
  for (const s of path) if (Math.abs(s.along - along) < Math.abs(best.along - along)) best = s;
  return best;
}

/**
 * Sand where this hole's drive or lay-up lands. A dogleg guards its corner (on the inside,
 * punishing the player who cuts it, or through the fairway on the outside); a straight hole
 * pinches its landing area from one side; par 5s add a lay-up bunker or two. Some holes have
 * none and rely on their trees.
 */
function fairwayBunkers(routed: RoutedHole, path: readonly PathSample[], edge: FairwayEdge, random: SeededRandom): BunkerLayout[] {
  const spots: { along: number; side: 1 | -1 }[] = [];
  const turn = playLineTurns(routed.line)[0] ?? 0;
  if (turn !== 0) {
    const inside: 1 | -1 = turn > 0 ? 1 : -1;
    const cornerAlong = distance(routed.tee, routed.bends[0]);
    if (random.chance(0.7)) spots.push({ along: cornerAlong + random.range(-25, 5), side: inside });
    if (random.chance(0.5)) spots.push({ along: cornerAlong + random.range(15, 35), side: -inside as 1 | -1 });
  } else if (random.chance(0.75)) {
    spots.push({ along: random.range(230, 270) * YARD, side: random.pick([1, -1] as const) });
    if (random.chance(0.35)) spots.push({ along: random.range(250, 285) * YARD, side: -spots[0].side as 1 | -1 });
  }
  if (routed.plan.par === 5) {
    const layUp = routed.lengthMeters - random.range(90, 125);
    spots.push({ along: layUp, side: random.pick([1, -1] as const) });
    if (random.chance(0.4)) spots.push({ along: layUp + random.range(-30, -18), side: random.pick([1, -1] as const) });
  }
  return spots.map(({ along: wanted, side }) => {
    const along = Math.min(wanted, routed.lengthMeters - 80);
    const sample = pathSampleAt(path, along);
    const length = random.range(10, 30);
    const breadth = random.range(6, 11);
    const offset = edge(along, side) + breadth / 2 + random.range(1, 4);
    const center = add(sample.point, scale(leftOf(sample.tangent), -side * offset));
    const bearing = bearingOf([0, 0], sample.tangent) + random.range(-20, 20);
    const ring = irregularOval({ center, bearing, depth: length, width: breadth, irregularity: random.range(0.08, 0.18), vertices: 24 }, random);
    return { ring, center, kind: 'fairway' as const };
  });
}
