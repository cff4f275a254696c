import { LocalProjection, buildElevationGrid, geometryVertices, type BBox, type LonLat, type Meters2 } from '@caddie/geometry';
import type { Course, CourseFeature, ElevationGrid, Hole, HoleTee, TeeSet } from '../model';
import { measureCourse } from '../measure/measure-course';
import type { DemoCoursePlan } from './demo-course-plan';
import { DemoTerrain } from './demo-terrain';
import { layOutHole, type HoleLayout } from './hole-layout';
import { nines, routeHoles, type RoutedHole } from './hole-routing';
import { featureVertices, lineFeature, pointFeature, polygonFeature, type PlanarFeature } from './planar-feature';
import { paddedHull } from './planar';
import { PlayCorridors } from './play-corridors';
import { SeededRandom } from './seeded-random';
import { clubhouseFeature, layOutCartPaths, layOutPractice, layOutRoads, parkingFeature } from './site-layout';
import { layOutTrees, layOutWoods, type KeepOut } from './vegetation-layout';
import { layOutWater } from './water-layout';
import { closeRing } from './demo-shapes';

// Bound once: a global `Math` lookup per call is slow inside vm sandboxes (Jest), and these run per grid cell.
const { max, min, round } = Math;

/** Course-wide ground model spacing, metres. */
export const DEMO_GROUND_RESOLUTION_METERS = 4;
/** Putting-surface grids: one yard. */
export const DEMO_GREEN_RESOLUTION_METERS = 0.9144;
/** Putting-surface grids cover the green plus this buffer. */
export const DEMO_GREEN_BUFFER_METERS = 20;

/** Lays out, shapes and measures one synthetic course from its plan. */
export function buildDemoCourse(plan: DemoCoursePlan): Course {
  const random = (part: string) => new SeededRandom(`${plan.seed}:${part}`);
  const routed = routeHoles(plan.holes);
  const holes = routed.map((r, i) => layOutHole(r, plan.teeSets, random(`hole-${r.plan.number}`), nextTeeOf(routed, i)));
  const corridors = new PlayCorridors(holes);

  const holeFeatures = holes.flatMap((hole) => holePlayFeatures(hole));
  const water = layOutWater(plan, holes, corridors, random('water'));
  const clubhouse = clubhouseFeature(plan);
  const parking = parkingFeature(plan);
  const practice = layOutPractice(plan, random('practice'));
  const keepOut: KeepOut[] = [{ center: [0, 0], radius: 45 }, { center: plan.parking, radius: 55 }, ...practice.keepOut];
  const playArea = paddedHull(holeFeatures.flatMap(featureVertices), 10);
  const woods = layOutWoods(playArea, corridors, water, keepOut, random('woods'));
  const cartPaths = layOutCartPaths(holes);
  const trees = layOutTrees(holes, corridors, water, woods, cartPaths, keepOut, random('trees'));

  const coreFeatures = [...holeFeatures, ...water.map((w) => w.feature), ...woods.map((w) => w.feature), clubhouse, parking, ...practice.features];
  const boundaryRing = closeRing(paddedHull(coreFeatures.flatMap(featureVertices), 20));
  const roads = layOutRoads(plan, boundaryRing, random('roads'));
  const holeBoundaries = holes.map((hole) =>
    polygonFeature(
      `hole-${hole.routed.plan.number}-boundary`,
      'hole-boundaries',
      closeRing(paddedHull(holeFeatures.filter((f) => f.holeNumbers[0] === hole.routed.plan.number && f.layer !== 'centerlines').flatMap(featureVertices), 10)),
      { kind: 'hole', name: `Hole ${hole.routed.plan.number}`, holeNumbers: [hole.routed.plan.number] },
    ),
  );
  const pathFeatures = [...cartPaths].map(([number, line]) =>
    lineFeature(`hole-${number}-cartpath`, 'cart-paths', line, { kind: 'cartpath', holeNumbers: [number] }),
  );

  const planar: PlanarFeature[] = [
    polygonFeature('course-boundary', 'course-boundary', boundaryRing, { kind: 'golf_course', name: plan.name }),
    ...holeBoundaries,
    ...holeFeatures,
    ...pathFeatures,
    ...water.map((w) => w.feature),
    ...woods.map((w) => w.feature),
    ...trees,
    clubhouse,
    parking,
    ...practice.features,
    ...roads.features,
    ...roads.houses,
  ];

  const projection = new LocalProjection(plan.origin);
  const features = planar.map((f) => toCourseFeature(f, projection, plan.id));
  const terrain = new DemoTerrain(plan, holes, water, random('terrain'));
  const teeSets: TeeSet[] = plan.teeSets.map((t) => ({ id: t.id, name: t.name, color: t.color }));
  const courseHoles = holes.map((hole) => toHole(hole, plan, features, projection));

  const course: Course = {
    id: plan.id,
    name: plan.name,
    location: {
      city: plan.city,
      region: plan.region,
      country: plan.country,
      longitude: plan.origin[0],
      latitude: plan.origin[1],
    },
    classification: plan.classification,
    active: true,
    teeSets,
    holes: courseHoles,
    features,
    elevation: {
      ground: groundGrid(boundaryRing, terrain, projection),
      greens: Object.fromEntries(holes.map((hole) => [String(hole.routed.plan.number), greenGrid(hole, terrain, projection)])),
      trees: null,
    },
    measurements: { greens: [], fairways: [] },
    contact: null,
    amenities: null,
    operations: null,
    editorial: null,
    media: { images: [], videos: [] },
    provenance: {
      sources: [
        {
          kind: 'demo',
          name: 'Caddie demo course generator',
          license: 'CC0-1.0',
          attribution: 'Synthetic demo data generated by Caddie; not a real golf course.',
          ids: [plan.id, plan.seed],
        },
      ],
      inferences: [],
      missing: ['tree canopy heights', 'contact details', 'amenities', 'operations'],
    },
  };
  course.measurements = measureCourse(course);
  return course;
}

/** The back tee the players walk to after this hole, if the loop goes on. */
function nextTeeOf(routed: readonly RoutedHole[], i: number): Meters2 | null {
  const loop = nines(routed).find((l) => l.includes(routed[i]));
  return loop && loop[loop.length - 1] !== routed[i] ? routed[i + 1].tee : null;
}

/** Tees, fairway, green, pin, bunkers and play line of one hole. */
function holePlayFeatures(hole: HoleLayout): PlanarFeature[] {
  const n = hole.routed.plan.number;
  const on = { holeNumbers: [n] };
  const features: PlanarFeature[] = [
    lineFeature(`hole-${n}-centerline`, 'centerlines', hole.routed.line, { ...on, kind: 'hole', name: hole.routed.plan.name }),
  ];
  for (const tee of hole.tees) {
    features.push(
      polygonFeature(`hole-${n}-tee-${tee.teeSet.id}`, 'tees', tee.ring, { ...on, kind: 'tee', name: `${tee.teeSet.name} tee`, teeSetId: tee.teeSet.id }),
    );
  }
  if (hole.fairway) features.push(polygonFeature(`hole-${n}-fairway`, 'fairways', hole.fairway, { ...on, kind: 'fairway' }));
  features.push(polygonFeature(`hole-${n}-green`, 'greens', hole.green.ring, { ...on, kind: 'green' }));
  features.push(pointFeature(`hole-${n}-pin`, 'other', hole.green.pin, { ...on, kind: 'pin' }));
  hole.bunkers.forEach((bunker, i) =>
    features.push(polygonFeature(`hole-${n}-bunker-${i + 1}`, 'bunkers', bunker.ring, { ...on, kind: `${bunker.kind}_bunker` })),
  );
  return features;
}

function roundCoordinate(value: number): number {
  return round(value * 1e7) / 1e7;
}

function toLonLat(projection: LocalProjection, p: Meters2): LonLat {
  const [lon, lat] = projection.toLonLat(p);
  return [roundCoordinate(lon), roundCoordinate(lat)];
}

function toCourseFeature(feature: PlanarFeature, projection: LocalProjection, courseId: string): CourseFeature {
  const g = feature.geometry;
  const geometry =
    g.type === 'Polygon'
      ? { type: 'Polygon' as const, coordinates: g.rings.map((ring) => ring.map((p) => toLonLat(projection, p))) }
      : g.type === 'LineString'
        ? { type: 'LineString' as const, coordinates: g.line.map((p) => toLonLat(projection, p)) }
        : { type: 'Point' as const, coordinates: toLonLat(projection, g.point) };
  return {
    type: 'Feature',
    id: feature.id,
    geometry,
    properties: {
      layer: feature.layer,
      holeNumbers: feature.holeNumbers,
      kind: feature.kind,
      name: feature.name,
      ...(feature.teeSetId !== undefined ? { teeSetId: feature.teeSetId } : {}),
      source: { kind: 'demo', id: `demo:${courseId}:${feature.id}` },
    },
  };
}

function bboxOf(points: readonly LonLat[]): BBox {
  let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [lon, lat] of points) {
    w = min(w, lon);
    s = min(s, lat);
    e = max(e, lon);
    n = max(n, lat);
  }
  return [w, s, e, n];
}

function toHole(hole: HoleLayout, plan: DemoCoursePlan, features: CourseFeature[], projection: LocalProjection): Hole {
  const p = hole.routed.plan;
  const centerline = hole.routed.line.map((q) => toLonLat(projection, q));
  const tees: HoleTee[] = hole.tees.map((tee) => ({
    teeSetId: tee.teeSet.id,
    featureId: `hole-${p.number}-tee-${tee.teeSet.id}`,
    center: toLonLat(projection, tee.center),
    yards: tee.yards,
  }));
  const assigned = features.filter((f) => f.properties.holeNumbers.includes(p.number));
  return {
    number: p.number,
    name: p.name,
    par: p.par,
    handicap: p.handicap,
    handicapsByTeeSet: Object.fromEntries(plan.teeSets.map((t) => [t.id, t.forward ? p.forwardHandicap : p.handicap])),
    centerline,
    dogleg: hole.routed.corner ? toLonLat(projection, hole.routed.corner) : null,
    tees,
    greenFeatureId: `hole-${p.number}-green`,
    greenCenter: toLonLat(projection, hole.green.center),
    pin: toLonLat(projection, hole.green.pin),
    bounds: bboxOf([...centerline, ...assigned.flatMap((f) => geometryVertices(f.geometry))]),
    flags: [],
  };
}

function gridOver(
  ring: readonly Meters2[],
  margin: number,
  resolution: number,
  decimals: number,
  terrain: DemoTerrain,
  projection: LocalProjection,
): ElevationGrid {
  const xs = ring.map((q) => q[0]);
  const ys = ring.map((q) => q[1]);
  const sw = projection.toLonLat([min(...xs) - margin, min(...ys) - margin]);
  const ne = projection.toLonLat([max(...xs) + margin, max(...ys) + margin]);
  const k = 10 ** decimals;
  return buildElevationGrid([sw[0], sw[1], ne[0], ne[1]], resolution, 'demo', (lon, lat) => {
    return round(terrain.heightAt(projection.toMeters([lon, lat])) * k) / k;
  });
}

function groundGrid(boundary: readonly Meters2[], terrain: DemoTerrain, projection: LocalProjection): ElevationGrid {
  return gridOver(boundary, 30, DEMO_GROUND_RESOLUTION_METERS, 2, terrain, projection);
}

function greenGrid(hole: HoleLayout, terrain: DemoTerrain, projection: LocalProjection): ElevationGrid {
  return gridOver(hole.green.ring, DEMO_GREEN_BUFFER_METERS, DEMO_GREEN_RESOLUTION_METERS, 3, terrain, projection);
}
