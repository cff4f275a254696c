import type { Meters2 } from '@caddie/geometry';
import { greenOutline, irregularOval, type GreenOutlineStyle } from './demo-shapes';
import type { RoutedHole } from './hole-routing';
import { add, distance, heading, leftOf, pointInRing, scale, step, sub } from './planar';
import type { SeededRandom } from './seeded-random';

export interface GreenLayout {
  center: Meters2;
  ring: Meters2[];
  /** bearing of the approach into the green */
  bearing: number;
  /** extent of the surface along the approach, metres */
  depth: number;
  /** extent of the surface across the approach, metres */
  width: number;
  pin: Meters2;
}

export interface BunkerLayout {
  ring: Meters2[];
  center: Meters2;
  kind: 'fairway' | 'greenside';
}

/** Smallest and largest putting surface the demo builds, m² (a tight par 3 to a long par 4). */
const GREEN_AREA_RANGE: [number, number] = [360, 920];

/**
 * How much green a shot of this length deserves, m²: a short iron finds a small target, a long
 * one needs room. Par 4s and 5s count the approach left after one or two full shots.
 */
function greenAreaFor(routed: RoutedHole, random: SeededRandom): number {
  const { par } = routed.plan;
  const approachYards = par === 3 ? routed.yards : Math.max(80, routed.yards - (par === 4 ? 250 : 400));
  const base = par === 3 ? 4.2 * approachYards - 180 : 280 + 3.2 * approachYards;
  return Math.min(GREEN_AREA_RANGE[1], Math.max(GREEN_AREA_RANGE[0], base * random.range(0.88, 1.12)));
}

const OUTLINES: readonly GreenOutlineStyle[] = ['oval', 'kidney', 'pear', 'oval', 'long', 'kidney', 'pear'];

export function layOutGreen(routed: RoutedHole, random: SeededRandom): GreenLayout {
  const style = random.pick(OUTLINES);
  // A long green is narrow: it never needs the area of a wide one to hold a long iron.
  const area = Math.min(greenAreaFor(routed, random), style === 'long' ? 720 : Infinity);
  const elongation = style === 'long' ? random.range(1.4, 1.65) : random.range(0.8, 1.35);
  // Some greens sit square to the approach, others angle across it (a long diagonal green
  // rewards the player who came in from the right side).
  const axis = routed.approachHeading + (random.chance(0.55) ? random.pick([-1, 1]) * random.range(18, 40) : random.range(-6, 6));
  const ring = greenOutline(
    { center: routed.green, bearing: axis, depth: Math.sqrt((4 * area * elongation) / Math.PI), width: Math.sqrt((4 * area) / (Math.PI * elongation)), area },
    style,
    random,
  );
  const bearing = routed.approachHeading;
  const { along, across } = extents(ring, routed.green, bearing);
  return { center: routed.green, ring, bearing, depth: along, width: across, pin: pinOn(ring, routed.green, bearing, along, across, random) };
}

/** Full extent of a ring along a bearing and across it, metres. */
function extents(ring: readonly Meters2[], center: Meters2, bearing: number): { along: number; across: number } {
  const u = heading(bearing);
  const v = leftOf(u);
  const dots = (d: Meters2) => ring.map((p) => (p[0] - center[0]) * d[0] + (p[1] - center[1]) * d[1]);
  const span = (values: number[]) => Math.max(...values) - Math.min(...values);
  return { along: span(dots(u)), across: span(dots(v)) };
}

/** Pins sit well inside the surface: 4 m or more from every edge. */
function pinOn(ring: readonly Meters2[], center: Meters2, bearing: number, depth: number, width: number, random: SeededRandom): Meters2 {
  const u = heading(bearing);
  const v = leftOf(u);
  for (let attempt = 0; attempt < 20; attempt++) {
    const reach = random.range(0.05, 0.4);
    const t = random.range(0, Math.PI * 2);
    const pin = add(center, add(scale(u, (Math.cos(t) * depth * reach) / 2), scale(v, (Math.sin(t) * width * reach) / 2)));
    if (pointInRing(pin, ring) && ring.every((p) => distance(p, pin) >= 4)) return pin;
  }
  return center;
}

/** Where sand can guard a green, as a bearing relative to the approach (0 = beyond, 180 = short). */
const GREENSIDE_SPOTS = [-150, 150, 180, -95, 95, -40, 40, 0];
/** How many greenside bunkers, by weight: par 3s are guarded hardest, a few holes have none. */
const GREENSIDE_COUNTS: Record<'short' | 'long', number[]> = { short: [0, 1, 2, 3, 3, 4], long: [0, 1, 1, 2, 2, 2, 3, 3] };

/**
 * Sand placed for this green: a few spots chosen per hole, never two within 55 degrees of each
 * other, each bunker its own kind (a deep pot, a bunker wrapping the edge, a long flashed face).
 */
export function greensideBunkers(green: GreenLayout, par: number, random: SeededRandom): BunkerLayout[] {
  const count = random.pick(GREENSIDE_COUNTS[par === 3 ? 'short' : 'long']);
  const spots: number[] = [];
  for (const spot of shuffled(GREENSIDE_SPOTS, random)) {
    if (spots.length >= count) break;
    if (spots.some((s) => Math.abs(((spot - s + 540) % 360) - 180) < 55)) continue;
    spots.push(spot);
  }
  return spots.map((relative) => {
    const bearing = green.bearing + relative + random.range(-15, 15);
    const edge = edgeDistance(green, bearing);
    const kind = random.pick(['pot', 'wrap', 'wrap', 'flash'] as const);
    const [length, breadth] =
      kind === 'pot'
        ? [random.range(4, 6), random.range(3.5, 5)]
        : kind === 'wrap'
          ? [random.range(9, 16), random.range(5, 8)]
          : [random.range(18, 26), random.range(5, 7)];
    const center = step(green.center, bearing, edge + random.range(2, 4.5) + breadth / 2);
    // The long side lies along the green's edge.
    const ring = irregularOval(
      { center, bearing: bearing + 90, depth: length, width: breadth, irregularity: kind === 'pot' ? 0.05 : 0.13, vertices: 24 },
      random,
    );
    return { ring, center, kind: 'greenside' as const };
  });
}

function shuffled<T>(items: readonly T[], random: SeededRandom): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
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
