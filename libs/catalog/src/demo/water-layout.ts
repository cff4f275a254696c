import type { Meters2 } from '@caddie/geometry';
import type { DemoCoursePlan, WaterPlan } from './demo-course-plan';
import { chaikin, irregularOval, ribbonRing, sampledPath, smoothNoise } from './demo-shapes';
import type { HoleLayout } from './hole-layout';
import { step } from './planar';
import { polygonFeature, type PlanarFeature } from './planar-feature';
import type { PlayCorridors } from './play-corridors';
import type { SeededRandom } from './seeded-random';

/** A water body with what the terrain model needs to sink it. */
export interface WaterLayout {
  feature: PlanarFeature;
  /** pond centre and radius, or the creek's centre line */
  center: Meters2 | null;
  radius: number;
  line: Meters2[] | null;
  halfWidth: number;
}

/** Holes count water as theirs when it lies within this distance of their play. */
const WATER_HOLE_REACH_METERS = 45;

export function layOutWater(plan: DemoCoursePlan, holes: readonly HoleLayout[], corridors: PlayCorridors, random: SeededRandom): WaterLayout[] {
  return plan.water.map((water) => layOutOne(water, holes, corridors, random));
}

function layOutOne(water: WaterPlan, holes: readonly HoleLayout[], corridors: PlayCorridors, random: SeededRandom): WaterLayout {
  const id = `water-${water.id}`;
  if (water.shape === 'creek') {
    const line = chaikin(water.line, 3);
    const path = sampledPath(line, 3);
    const noise = smoothNoise(random, [37, 61]);
    const half = water.width / 2;
    const ring = ribbonRing(path, 0, path[path.length - 1].along, (along) => half * (1 + 0.25 * noise(along)));
    const holeNumbers = corridors.holesNear(line, WATER_HOLE_REACH_METERS + half);
    return {
      feature: polygonFeature(id, 'water', ring, { kind: water.kind, name: water.name, holeNumbers }),
      center: null,
      radius: 0,
      line,
      halfWidth: half,
    };
  }
  let center: Meters2;
  if ('nearGreenOf' in water) {
    const hole = holes.find((h) => h.routed.plan.number === water.nearGreenOf);
    if (!hole) throw new Error(`demo plan: water ${water.id} refers to missing hole ${water.nearGreenOf}`);
    center = step(hole.green.center, hole.green.bearing + water.relativeBearing, water.distance);
  } else {
    center = water.center;
  }
  const ring = irregularOval(
    {
      center,
      bearing: random.range(0, 180),
      depth: water.radius * 2.3,
      width: water.radius * 1.7,
      irregularity: 0.1,
      vertices: 40,
      area: Math.PI * water.radius * water.radius,
    },
    random,
  );
  const holeNumbers = corridors.holesNear(ring, WATER_HOLE_REACH_METERS);
  return {
    feature: polygonFeature(id, 'water', ring, { kind: water.kind, name: water.name, holeNumbers }),
    center,
    radius: water.radius,
    line: null,
    halfWidth: 0,
  };
}
