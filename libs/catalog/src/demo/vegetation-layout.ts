import type { Meters2 } from '@caddie/geometry';
import { irregularOval } from './demo-shapes';
import type { HoleLayout } from './hole-layout';
import { add, distance, distanceToPolyline, leftOf, pointInRing, scale } from './planar';
import { pointFeature, polygonFeature, type PlanarFeature } from './planar-feature';
import type { PlayCorridors } from './play-corridors';
import type { SeededRandom } from './seeded-random';
import type { WaterLayout } from './water-layout';

/** A round keep-out zone (clubhouse, car park, another wood). */
export interface KeepOut {
  center: Meters2;
  radius: number;
}

export interface WoodLayout {
  feature: PlanarFeature;
  center: Meters2;
  radius: number;
}

/**
 * Woods fill the ground between holes, never closer than this to any line of play: the belt
 * between two holes keeps its pines and a player in the rough still has a swing.
 */
const WOOD_PLAY_CLEARANCE_METERS = 32;

function clearOfWater(p: Meters2, water: readonly WaterLayout[], margin: number): boolean {
  return water.every((w) => (w.line ? distanceToPolyline(p, w.line) > w.halfWidth + margin : distance(p, w.center as Meters2) > w.radius * 1.2 + margin));
}

/** Stands of pines on a jittered lattice over the routing's interior and margins. */
export function layOutWoods(
  area: readonly Meters2[],
  corridors: PlayCorridors,
  water: readonly WaterLayout[],
  keepOut: readonly KeepOut[],
  random: SeededRandom,
): WoodLayout[] {
  const xs = area.map((p) => p[0]);
  const ys = area.map((p) => p[1]);
  const spacing = 48;
  const woods: WoodLayout[] = [];
  for (let y = Math.min(...ys); y <= Math.max(...ys); y += spacing) {
    for (let x = Math.min(...xs); x <= Math.max(...xs); x += spacing) {
      const center: Meters2 = [x + random.range(-18, 18), y + random.range(-18, 18)];
      if (!pointInRing(center, area)) continue;
      const radius = Math.min(random.range(24, 40), corridors.distanceToPlay(center) - WOOD_PLAY_CLEARANCE_METERS);
      if (radius < 11) continue;
      if (!clearOfWater(center, water, radius + 8)) continue;
      if (keepOut.some((k) => distance(center, k.center) < k.radius + radius)) continue;
      if (woods.some((w) => distance(center, w.center) < w.radius + radius + 6)) continue;
      const ring = irregularOval(
        {
          center,
          bearing: random.range(0, 180),
          depth: radius * 2.2,
          width: radius * 1.7,
          irregularity: 0.12,
          vertices: 32,
          area: Math.PI * radius * radius * 0.95,
        },
        random,
      );
      const feature = polygonFeature(`wood-${woods.length + 1}`, 'trees', ring, {
        kind: 'wood',
        holeNumbers: corridors.holesNear(ring, 45),
      });
      woods.push({ feature, center, radius });
    }
  }
  return woods;
}

/**
 * Trees stand in the belt between parallel holes, clear of the neighbour's fairway (its
 * centre line is at least this far away).
 */
const OTHER_HOLE_TREE_CLEARANCE_METERS = 25;

/** Single trees lining each hole in the rough, clear of play, water, woods, paths and bunkers. */
export function layOutTrees(
  holes: readonly HoleLayout[],
  corridors: PlayCorridors,
  water: readonly WaterLayout[],
  woods: readonly WoodLayout[],
  cartPaths: ReadonlyMap<number, Meters2[]>,
  keepOut: readonly KeepOut[],
  random: SeededRandom,
): PlanarFeature[] {
  const trees: PlanarFeature[] = [];
  for (const hole of holes) {
    // Trees of other holes stand beyond the corridors, so spacing is checked per hole.
    const placed: Meters2[] = [];
    const number = hole.routed.plan.number;
    const reach = hole.routed.plan.par === 3 ? 24 : 21;
    const path = cartPaths.get(number) ?? [];
    let along = random.range(25, 40);
    const end = hole.routed.lengthMeters - 20;
    while (along < end) {
      const sample = hole.path.reduce((best, s) => (Math.abs(s.along - along) < Math.abs(best.along - along) ? s : best));
      // Two staggered rows: the rough's edge, and a second row deeper in the belt between holes.
      for (const [side, depth, chance] of [
        [1, 0, 0.8],
        [-1, 0, 0.8],
        [1, 1, 0.6],
        [-1, 1, 0.6],
      ] as const) {
        if (!random.chance(chance)) continue;
        const offset = reach + random.range(12, 22) + depth * random.range(10, 16);
        const p = add(sample.point, scale(leftOf(sample.tangent), side * offset));
        if (corridors.distanceToHole(p, hole) < reach + 8) continue;
        if (corridors.distanceToPlay(p, number) < OTHER_HOLE_TREE_CLEARANCE_METERS) continue;
        if (!clearOfWater(p, water, 6)) continue;
        if (woods.some((w) => distance(p, w.center) < w.radius * 1.25)) continue;
        if (path.length > 1 && distanceToPolyline(p, path) < 5) continue;
        if (hole.bunkers.some((b) => distance(p, b.center) < 14)) continue;
        if (keepOut.some((k) => distance(p, k.center) < k.radius)) continue;
        if (placed.some((q) => distance(p, q) < 9)) continue;
        placed.push(p);
        trees.push(pointFeature(`tree-${trees.length + 1}`, 'trees', p, { kind: 'tree', holeNumbers: [number] }));
      }
      along += random.range(16, 26);
    }
  }
  return trees;
}
