import type { Meters2 } from '@caddie/geometry';
import type { Par, TeeSetPlan } from './demo-course-plan';
import { filletedPath, irregularOval, rectangleRing, ribbonRing, smoothNoise, type PathSample } from './demo-shapes';
import type { RoutedHole } from './hole-routing';
import { add, bearingOf, distance, distanceToPolyline, heading, leftOf, length, pointInRing, scale, smoothstep, step, sub } from './planar';
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

export interface GreenLayout {
  center: Meters2;
  ring: Meters2[];
  /** bearing of the approach into the green */
  bearing: number;
  depth: number;
  width: number;
  pin: Meters2;
}

export interface BunkerLayout {
  ring: Meters2[];
  center: Meters2;
  kind: 'fairway' | 'greenside';
}

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

export function layOutHole(
  routed: RoutedHole,
  teeSets: readonly TeeSetPlan[],
  random: SeededRandom,
  nextTee: Meters2 | null,
): HoleLayout {
  const plan = routed.plan;
  const path = filletedPath(routed.line, 110, 4);
  // The cart path runs on the side of the next tee, so it never has to cross the green.
  const toNext = nextTee ? sub(nextTee, routed.green) : null;
  const approach = heading(routed.approachHeading);
  const pathSide: 1 | -1 = toNext ? (toNext[0] * approach[1] - toNext[1] * approach[0] >= 0 ? 1 : -1) : random.chance(0.5) ? 1 : -1;
  const tees = layOutTees(routed, teeSets);
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
    fairway = ribbonRing(path, start, end, (along) => shape.edge(along, -1), (along) => shape.edge(along, 1));
    bunkers.push(...fairwayBunkers(routed, path, shape.edge, -pathSide as 1 | -1, random));
  }
  const surfaces = fairway ? [green.ring, fairway] : [green.ring];
  bunkers.push(...greensideBunkers(green, random));
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
  return (
    ring.some((p) => pointInRing(p, surface) || distanceToPolyline(p, surface) < BUNKER_GAP_METERS) ||
    surface.some((p) => pointInRing(p, ring))
  );
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

/** Tee boxes of every set on the play line, the back set at its start. */
function layOutTees(routed: RoutedHole, teeSets: readonly TeeSetPlan[]): TeeBoxLayout[] {
  const par = routed.plan.par;
  const offsets = teeSets.map((t) => t.forwardYards[par] * YARD);
  const gaps = offsets.slice(1).map((o, i) => o - offsets[i]);
  const length = Math.max(6, Math.min(par === 3 ? 16 : 13, Math.min(...gaps, 40) - 2.5));
  const width = par === 3 ? 11 : 9;
  return teeSets.map((teeSet, i) => {
    const along = offsets[i];
    // Straight first leg: the tee sits exactly on the play line, so its yardage is exact.
    const center = step(routed.tee, routed.heading, along);
    return {
      teeSet,
      center,
      ring: rectangleRing(center, routed.heading, length, width),
      yards: routed.yards - teeSet.forwardYards[par],
      along,
    };
  });
}

function layOutGreen(routed: RoutedHole, random: SeededRandom): GreenLayout {
  const area = random.range(540, 760);
  const depth = random.range(27, 35);
  const width = Math.min(33, Math.max(20, (4 * area) / (Math.PI * depth)));
  const bearing = routed.approachHeading;
  const ring = irregularOval(
    { center: routed.green, bearing, depth, width, irregularity: random.range(0.05, 0.13), vertices: 56, area },
    random,
  );
  // Pins sit well inside the surface: at most a third of the way to the edge.
  const pinDirection = random.range(0, 360);
  const along = heading(bearing);
  const across = leftOf(along);
  const reach = random.range(0.05, 0.33);
  const t = (pinDirection * Math.PI) / 180;
  const pin = add(
    routed.green,
    add(scale(along, (Math.cos(t) * depth * reach) / 2), scale(across, (Math.sin(t) * width * reach) / 2)),
  );
  return { center: routed.green, ring, bearing, depth, width, pin };
}

function fairwayBunkers(
  routed: RoutedHole,
  path: readonly PathSample[],
  edge: FairwayEdge,
  side: 1 | -1,
  random: SeededRandom,
): BunkerLayout[] {
  const bunkers: BunkerLayout[] = [];
  const targets = routed.plan.par === 5 ? [random.range(235, 270), random.range(420, 450)] : [random.range(235, 275)];
  targets.forEach((yards, i) => {
    const along = Math.min(yards * YARD, routed.lengthMeters - 80);
    const sample = pathSampleAt(path, along);
    const bunkerSide: 1 | -1 = i % 2 === 0 ? side : side === 1 ? -1 : 1;
    const length = random.range(14, 22);
    const breadth = random.range(7, 10);
    const offset = edge(along, bunkerSide) + breadth / 2 + random.range(1, 3);
    const center = add(sample.point, scale(leftOf(sample.tangent), -bunkerSide * offset));
    const bearing = bearingOf([0, 0], sample.tangent);
    const ring = irregularOval({ center, bearing, depth: length, width: breadth, irregularity: 0.12, vertices: 24 }, random);
    bunkers.push({ ring, center, kind: 'fairway' });
  });
  return bunkers;
}

/** One to three bunkers hugging the green edge, mostly at the front corners. */
function greensideBunkers(green: GreenLayout, random: SeededRandom): BunkerLayout[] {
  // Bearings relative to the line of play: front corners first, then a side or back bunker.
  const frontCorners = random.chance(0.5) ? [-140, 140] : [140, -140];
  const chosen = [...frontCorners, random.pick([-75, 75, 180])].slice(0, random.int(1, 3));
  const bunkers: BunkerLayout[] = [];
  for (const relative of chosen) {
    const bearing = green.bearing + relative + random.range(-12, 12);
    const edge = edgeDistance(green, bearing);
    const breadth = random.range(5, 7);
    const length = random.range(10, 16);
    const center = step(green.center, bearing, edge + 2.5 + breadth / 2);
    // The long side wraps along the green edge.
    const ring = irregularOval(
      { center, bearing: bearing + 90, depth: length, width: breadth, irregularity: 0.1, vertices: 24 },
      random,
    );
    bunkers.push({ ring, center, kind: 'greenside' });
  }
  return bunkers;
}

/** Distance from the green centre to its edge along a bearing (largest ring crossing). */
function edgeDistance(green: GreenLayout, bearing: number): number {
  const direction = heading(bearing);
  let best = 0;
  for (let i = 1; i < green.ring.length; i++) {
    const a = sub(green.ring[i - 1], green.center);
    const b = sub(green.ring[i], green.center);
    const e = sub(b, a);
    const denominator = direction[0] * e[1] - direction[1] * e[0];
    if (Math.abs(denominator) < 1e-12) continue;
    const t = (a[0] * e[1] - a[1] * e[0]) / denominator;
    const u = (a[0] * direction[1] - a[1] * direction[0]) / denominator;
    if (u >= 0 && u <= 1 && t > best) best = t;
  }
  return best || distance(green.center, green.ring[0]);
}
