import type { Meters2 } from '@caddie/geometry';
import type { DemoCoursePlan } from './demo-course-plan';
import { closeRing, irregularOval, rectangleRing } from './demo-shapes';
import type { HoleLayout } from './hole-layout';
import { nines } from './hole-routing';
import { add, bearingOf, distance, heading, leftOf, scale, step } from './planar';
import { lineFeature, polygonFeature, type PlanarFeature } from './planar-feature';
import type { SeededRandom } from './seeded-random';
import type { KeepOut } from './vegetation-layout';

/** Car park footprint, metres: along the access direction and across it. */
const PARKING_DEPTH = 40;
const PARKING_WIDTH = 80;

export function clubhouseFeature(plan: DemoCoursePlan): PlanarFeature {
  // An L-shaped clubhouse: main hall plus a pro-shop wing toward the car park.
  const u = heading(plan.roadSide);
  const v = leftOf(u);
  const at = (a: number, b: number): Meters2 => add(scale(u, a), scale(v, b));
  const ring = closeRing([at(-11, -22), at(11, -22), at(11, -6), at(24, -6), at(24, 10), at(-11, 10)]);
  return polygonFeature('clubhouse', 'buildings', ring, { kind: 'clubhouse', name: `${plan.name} Clubhouse` });
}

export function parkingFeature(plan: DemoCoursePlan): PlanarFeature {
  const ring = rectangleRing(plan.parking, plan.roadSide, PARKING_DEPTH, PARKING_WIDTH);
  return polygonFeature('parking', 'parking', ring, { kind: 'surface', name: `${plan.name} parking` });
}

/** Where a cart path leaves the clubhouse yard toward a first tee or meets it from a last green. */
const CLUBHOUSE_PATH_RADIUS = 30;

/**
 * One cart path per hole: from the clubhouse (first hole of a loop) or the previous green to
 * behind the back tee, down the side of the hole, past the green toward the next tee, and back
 * to the clubhouse after the last hole of each loop.
 */
export function layOutCartPaths(holes: readonly HoleLayout[]): Map<number, Meters2[]> {
  const besideHole = holes.map((hole) => {
    const { routed, pathSide, path } = hole;
    const side = (sample: { point: Meters2; tangent: Meters2 }, offset: number) => add(sample.point, scale(leftOf(sample.tangent), -pathSide * offset));
    const points: Meters2[] = [side({ point: step(routed.tee, routed.heading, -12), tangent: path[0].tangent }, 13)];
    const offset = routed.plan.par === 3 ? 26 : 32;
    for (const sample of path) {
      if (sample.along < 25 || sample.along > routed.lengthMeters - 30) continue;
      if (distance(sample.point, points[points.length - 1]) < 18) continue;
      points.push(side(sample, offset));
    }
    const last = path[path.length - 1];
    points.push(side({ point: step(hole.green.center, hole.green.bearing, 6), tangent: last.tangent }, 38));
    return points;
  });
  const clubhouseEnd = (toward: Meters2): Meters2 => step([0, 0], bearingOf([0, 0], toward), CLUBHOUSE_PATH_RADIUS);
  const paths = new Map<number, Meters2[]>();
  let index = 0;
  for (const loop of nines(holes)) {
    loop.forEach((hole, i) => {
      const points = [...besideHole[index]];
      if (i === 0) points.unshift(clubhouseEnd(points[0]));
      points.push(i === loop.length - 1 ? clubhouseEnd(points[points.length - 1]) : besideHole[index + 1][0]);
      paths.set(hole.routed.plan.number, points);
      index++;
    });
  }
  return paths;
}

/** The practice ground as OpenStreetMap maps it: golf=driving_range and an unnumbered golf=green. */
export interface PracticeLayout {
  features: PlanarFeature[];
  /** ground the woods and trees keep off */
  keepOut: KeepOut[];
}

export function layOutPractice(plan: DemoCoursePlan, random: SeededRandom): PracticeLayout {
  const { range, puttingGreen } = plan.practice;
  const rangeCenter = step(range.tee, range.bearing, range.length / 2);
  const rangeRing = rectangleRing(rangeCenter, range.bearing, range.length, range.width);
  const greenRing = irregularOval(
    { center: puttingGreen, bearing: random.range(0, 180), depth: 40, width: 26, irregularity: 0.08, vertices: 48, area: 850 },
    random,
  );
  const keepOut: KeepOut[] = [{ center: puttingGreen, radius: 30 }];
  // A chain of circles covers the long, narrow range better than one big one.
  for (let along = 0; along <= range.length; along += range.width / 2) {
    keepOut.push({ center: step(range.tee, range.bearing, along), radius: range.width / 2 + 8 });
  }
  return {
    features: [
      polygonFeature('driving-range', 'other', rangeRing, { kind: 'driving_range', name: 'Driving range' }),
      polygonFeature('practice-green', 'greens', greenRing, { kind: null, name: 'Practice putting green' }),
    ],
    keepOut,
  };
}

export interface RoadLayout {
  features: PlanarFeature[];
  /** houses along the far side of the road */
  houses: PlanarFeature[];
}

/**
 * The public road runs straight past the course on the plan's road side, outside the
 * boundary; a service drive links it to the car park; houses line its far side.
 */
export function layOutRoads(plan: DemoCoursePlan, boundary: readonly Meters2[], random: SeededRandom): RoadLayout {
  const out = heading(plan.roadSide);
  const along = leftOf(out);
  const dot = (p: Meters2, d: Meters2) => p[0] * d[0] + p[1] * d[1];
  const roadOffset = Math.max(...boundary.map((p) => dot(p, out))) + 22;
  const from = Math.min(...boundary.map((p) => dot(p, along))) - 120;
  const to = Math.max(...boundary.map((p) => dot(p, along))) + 120;
  const roadPoint = (t: number): Meters2 => add(scale(out, roadOffset + 6 * Math.sin(t / 180)), scale(along, t));
  const road: Meters2[] = [];
  for (let t = from; t <= to; t += 40) road.push(roadPoint(t));

  const parkingEdge = add(plan.parking, scale(out, PARKING_DEPTH / 2));
  const junctionT = dot(plan.parking, along);
  const service: Meters2[] = [parkingEdge, roadPoint(junctionT)];

  const houses: PlanarFeature[] = [];
  for (let t = from + 20; t <= to - 20; t += random.range(32, 42)) {
    if (Math.abs(t - junctionT) < 40 || !random.chance(0.78)) continue;
    const center = add(roadPoint(t), scale(out, random.range(26, 34)));
    const ring = rectangleRing(center, plan.roadSide + random.range(-6, 6), random.range(10, 13), random.range(13, 18));
    houses.push(polygonFeature(`house-${houses.length + 1}`, 'buildings', ring, { kind: 'house' }));
  }
  return {
    features: [
      lineFeature('road-main', 'roads', road, { kind: 'residential', name: plan.roadName }),
      lineFeature('road-service', 'roads', service, { kind: 'service', name: null }),
    ],
    houses,
  };
}
