/**
 * Which features belong to which hole. Evidence first: a hole number in the feature's own tags
 * or name (see feature-hole-evidence) wins when the named hole is within NAMED_SANITY_METERS;
 * where the tags are silent, geometry decides against the oriented hole lines: the green at
 * the end of the line, tee boxes at its start, hazards and surfaces within HOLE_BUFFER_METERS.
 * Where name and geometry disagree, the name wins and the disagreement becomes a hole flag.
 * Every test is behind a bounding-box prefilter.
 */
import type { GeometryLayer } from '../model';
import { namedHoleOf, sameCourse, usageOf, type NamedHole } from './feature-hole-evidence';
import { boxesOverlap, pointInShape, pointShapeDistance, projectOntoLine, shapeArea, shapeDistance, type PlanarShape, type Xy } from './planar-geometry';
import type { TaggedFeature } from './tagged-feature';

export const HOLE_BUFFER_METERS = 45;
/** a hole line may stop short of its green */
export const GREEN_SNAP_METERS = 30;
export const TEE_OFFSET_METERS = 35;
/** back tees often sit behind the first node of the line */
export const TEE_BEHIND_START_METERS = 80;
/** a "tee" wider than this is a mapping error (Augusta has a tee relation drawn on the rough) */
export const TEE_MAX_EXTENT_METERS = 150;
/** a hole number in a feature's tags or name is trusted only this close to the hole it names */
export const NAMED_SANITY_METERS = 200;
/** an unnamed bunker or hazard this close to a hole's green is that green's, not the next tee's */
export const GREENSIDE_METERS = 25;
/** a point tee this close to a tee polygon marks that box, not another one */
export const POINT_TEE_MERGE_METERS = 3;
const SAMPLE_STEP_METERS = 5;

/** Layers whose features are matched to holes by the buffer rule. */
const BUFFERED_LAYERS = new Set<GeometryLayer>(['fairways', 'bunkers', 'water', 'waste', 'land-surfaces', 'trees']);
/**
 * Woods, rough and generic surfaces (landuse=grass) can span half a course; tied to a hole they would
 * stretch its bounds over its neighbours. They join a hole only when they fit inside its
 * corridor: the line's box grown by LOCAL_CONTEXT_METERS.
 */
const LOCAL_ONLY_LAYERS = new Set<GeometryLayer>(['trees', 'land-surfaces']);
const GREENSIDE_LAYERS = new Set<GeometryLayer>(['bunkers', 'water', 'waste']);
export const LOCAL_CONTEXT_METERS = 2 * HOLE_BUFFER_METERS;

export interface PlacedFeature {
  feature: TaggedFeature;
  layer: GeometryLayer;
  kind: string | null;
  shape: PlanarShape;
  center: Xy;
}

export interface HoleLine {
  /** unique within the boundary: `<group index>:<number>` */
  key: string;
  number: number;
  group: number;
  line: Xy[];
  shape: PlanarShape;
  length: number;
  samples: Xy[];
}

/** A quality flag raised on one hole by the evidence about one feature. */
export interface AssignmentNote {
  holeKey: string;
  flag: string;
  featureId: string;
  what: string;
}

export interface HoleFeatureAssignment {
  green: Map<string, PlacedFeature>;
  /** tees in play (unused/temporary boxes and point tees marking a box are left out) */
  tees: Map<string, PlacedFeature[]>;
  pin: Map<string, PlacedFeature>;
  /** feature id → keys of the holes it belongs to */
  holesOf: Map<string, Set<string>>;
  notes: AssignmentNote[];
}

export interface AssignmentCourses {
  /** sub-course name of a hole group (null for a boundary's only course) */
  courseName: (group: number) => string | null;
}

interface NamedTarget {
  evidence: NamedHole;
  hole: HoleLine;
  distance: number;
  plausible: boolean;
}

export function sampleLine(line: Xy[], step = SAMPLE_STEP_METERS): Xy[] {
  const samples: Xy[] = [line[0]];
  for (let i = 1; i < line.length; i++) {
    const [ax, ay] = line[i - 1];
    const [bx, by] = line[i];
    const n = Math.max(1, Math.ceil(Math.hypot(bx - ax, by - ay) / step));
    for (let k = 1; k <= n; k++) samples.push([ax + ((bx - ax) * k) / n, ay + ((by - ay) * k) / n]);
  }
  return samples;
}

export function assignFeaturesToHoles(
  holes: HoleLine[],
  features: PlacedFeature[],
  courses: AssignmentCourses = { courseName: () => null },
): HoleFeatureAssignment {
  const result: HoleFeatureAssignment = { green: new Map(), tees: new Map(), pin: new Map(), holesOf: new Map(), notes: [] };
  const link = (feature: PlacedFeature, hole: HoleLine) => {
    const set = result.holesOf.get(feature.feature.id) ?? new Set<string>();
    set.add(hole.key);
    result.holesOf.set(feature.feature.id, set);
  };
  const note = (hole: HoleLine, flag: string, feature: PlacedFeature, what: string) =>
    result.notes.push({ holeKey: hole.key, flag, featureId: feature.feature.id, what });
  const prefixes = [...new Set(holes.map((h) => courses.courseName(h.group)).filter((n): n is string => n !== null))];
  const named = new Map<string, NamedTarget | null>();
  const namedOf = (f: PlacedFeature) => {
    if (!named.has(f.feature.id)) named.set(f.feature.id, namedTarget(f, holes, prefixes, courses));
    return named.get(f.feature.id) ?? null;
  };
  const label = (f: PlacedFeature) => `${f.feature.id}${f.feature.tags['name'] ? ` "${f.feature.tags['name']}"` : ''}`;

  assignGreens(holes, features, namedOf, result, link, note, label);

  const teeFeatures = features.filter((f) => f.layer === 'tees');
  const markers = pointTeesMarkingBoxes(teeFeatures);
  for (const tee of teeFeatures) {
    const target = namedOf(tee);
    const geometric = teeOwner(tee, holes);
    let hole = geometric;
    if (target?.plausible) {
      hole = target.hole;
      if (geometric?.key !== hole.key) {
        note(
          hole,
          'name-geometry-conflict',
          tee,
          `${label(tee)} named for hole ${target.evidence.number} lies ${geometric ? `at the start of hole ${geometric.number}` : 'at no hole start'}; assigned by its name`,
        );
      }
    } else if (target) {
      note(
        target.hole,
        'named-feature-too-far',
        tee,
        `${label(tee)} is ${Math.round(target.distance)} m from hole ${target.hole.number}; its name was not followed`,
      );
    }
    if (!hole) continue;
    link(tee, hole);
    if (usageOf(tee.feature.tags) !== null) {
      note(hole, 'tee-out-of-play', tee, `${label(tee)} is marked ${usageOf(tee.feature.tags)}: drawn, left out of the yardages`);
    } else if (!markers.has(tee.feature.id)) {
      result.tees.set(hole.key, [...(result.tees.get(hole.key) ?? []), tee]);
    }
  }

  for (const pin of features.filter((f) => f.layer === 'other' && f.kind === 'pin')) {
    for (const hole of holes) {
      const green = result.green.get(hole.key);
      if (green && boxesOverlap(green.shape.box, pin.shape.box, 3) && pointShapeDistance(pin.center, green.shape) <= 3) {
        if (!result.pin.has(hole.key)) result.pin.set(hole.key, pin);
        link(pin, hole);
      }
    }
  }

  for (const feature of features.filter((f) => BUFFERED_LAYERS.has(f.layer))) {
    const target = namedOf(feature);
    const geometric = bufferedOwners(feature, holes, result.green);
    if (target?.plausible) {
      link(feature, target.hole);
      if (!geometric.some((h) => h.key === target.hole.key)) {
        const where = geometric.length ? `beside hole ${geometric.map((h) => h.number).join(', ')}` : 'beside no hole line';
        note(target.hole, 'name-geometry-conflict', feature, `${label(feature)} named for hole ${target.evidence.number} lies ${where}; assigned by its name`);
      }
      continue;
    }
    if (target) {
      note(
        target.hole,
        'named-feature-too-far',
        feature,
        `${label(feature)} is ${Math.round(target.distance)} m from hole ${target.hole.number}; its name was not followed`,
      );
    }
    for (const hole of geometric) link(feature, hole);
  }
  return result;
}

function namedTarget(f: PlacedFeature, holes: HoleLine[], prefixes: string[], courses: AssignmentCourses): NamedTarget | null {
  const evidence = namedHoleOf(f.feature.tags, prefixes);
  if (!evidence) return null;
  let best: NamedTarget | null = null;
  for (const hole of holes) {
    if (hole.number !== evidence.number) continue;
    if (evidence.coursePrefix !== null && !sameCourse(evidence.coursePrefix, courses.courseName(hole.group))) continue;
    const distance = shapeDistance(f.shape, hole.shape);
    if (!best || distance < best.distance) best = { evidence, hole, distance, plausible: distance <= NAMED_SANITY_METERS };
  }
  return best;
}

function assignGreens(
  holes: HoleLine[],
  features: PlacedFeature[],
  namedOf: (f: PlacedFeature) => NamedTarget | null,
  result: HoleFeatureAssignment,
  link: (f: PlacedFeature, h: HoleLine) => void,
  note: (h: HoleLine, flag: string, f: PlacedFeature, what: string) => void,
  label: (f: PlacedFeature) => string,
): void {
  const greens = features.filter((f) => f.layer === 'greens' && f.shape.polygons.length > 0);
  const claims = new Map<string, HoleLine[]>();
  const atEnd = new Map<string, PlacedFeature>();
  for (const hole of holes) {
    const green = greenAtEnd(hole, greens);
    if (!green) continue;
    atEnd.set(hole.key, green);
    claims.set(green.feature.id, [...(claims.get(green.feature.id) ?? []), hole]);
  }
  for (const [, claimants] of claims) {
    if (claimants.length < 2) continue;
    const green = atEnd.get(claimants[0].key) as PlacedFeature;
    const numbers = claimants.map((h) => h.number).join(' and ');
    for (const hole of claimants) note(hole, 'green-contested', green, `the lines of holes ${numbers} all end at ${label(green)}`);
  }
  for (const hole of holes) {
    const green = atEnd.get(hole.key);
    if (!green) continue;
    const target = namedOf(green);
    if (target?.plausible && target.hole.key !== hole.key) {
      note(hole, 'green-named-for-other-hole', green, `the line ends at ${label(green)}, which is named for hole ${target.hole.number}: not borrowed`);
      continue;
    }
    result.green.set(hole.key, green);
    link(green, hole);
  }
  // a hole whose line end reaches no green of its own takes the green its name points to
  for (const green of greens) {
    const target = namedOf(green);
    if (!target?.plausible || result.green.has(target.hole.key)) continue;
    if ([...result.green.values()].includes(green)) continue;
    result.green.set(target.hole.key, green);
    link(green, target.hole);
    note(target.hole, 'green-from-name', green, `${label(green)} is not at the end of the line; taken by its name`);
  }
}

function boxInside(inner: PlanarShape['box'], outer: PlanarShape['box'], margin: number): boolean {
  return inner[0] >= outer[0] - margin && inner[1] >= outer[1] - margin && inner[2] <= outer[2] + margin && inner[3] <= outer[3] + margin;
}

function greenAtEnd(hole: HoleLine, greens: PlacedFeature[]): PlacedFeature | null {
  const end = hole.line[hole.line.length - 1];
  const probe: [number, number, number, number] = [end[0], end[1], end[0], end[1]];
  let best: { green: PlacedFeature; distance: number; area: number } | null = null;
  for (const green of greens) {
    if (!boxesOverlap(green.shape.box, probe, GREEN_SNAP_METERS)) continue;
    const distance = pointInShape(end, green.shape) ? 0 : pointShapeDistance(end, green.shape);
    if (distance > GREEN_SNAP_METERS) continue;
    const area = shapeArea(green.shape);
    if (!best || distance < best.distance || (distance === best.distance && area < best.area)) best = { green, distance, area };
  }
  return best?.green ?? null;
}

/** Point tees inside (or at the edge of) a tee polygon: the box is the tee, the point only marks it. */
function pointTeesMarkingBoxes(tees: PlacedFeature[]): Set<string> {
  const boxes = tees.filter((t) => t.shape.polygons.length > 0);
  const marking = new Set<string>();
  for (const point of tees.filter((t) => t.shape.points.length > 0 && t.shape.polygons.length === 0 && t.shape.lines.length === 0)) {
    const p = point.shape.points[0];
    const inBox = boxes.some(
      (b) =>
        boxesOverlap(b.shape.box, point.shape.box, POINT_TEE_MERGE_METERS) &&
        (pointInShape(p, b.shape) || pointShapeDistance(p, b.shape) <= POINT_TEE_MERGE_METERS),
    );
    if (inBox) marking.add(point.feature.id);
  }
  return marking;
}

/** The hole whose line start this tee sits at: nearest by offset, in the first half of the line. */
function teeOwner(tee: PlacedFeature, holes: HoleLine[]): HoleLine | null {
  const [minX, minY, maxX, maxY] = tee.shape.box;
  if (maxX - minX > TEE_MAX_EXTENT_METERS || maxY - minY > TEE_MAX_EXTENT_METERS) return null;
  let best: { hole: HoleLine; offset: number } | null = null;
  for (const hole of holes) {
    if (!boxesOverlap(hole.shape.box, tee.shape.box, TEE_BEHIND_START_METERS)) continue;
    const { along, offset } = projectOntoLine(tee.center, hole.line);
    const behindStart = along === 0;
    const limit = behindStart ? TEE_BEHIND_START_METERS : TEE_OFFSET_METERS;
    if (offset > limit || along > hole.length / 2) continue;
    if (!best || offset < best.offset) best = { hole, offset };
  }
  return best?.hole ?? null;
}

function bufferedOwners(feature: PlacedFeature, holes: HoleLine[], greens: Map<string, PlacedFeature>): HoleLine[] {
  const localOnly = LOCAL_ONLY_LAYERS.has(feature.layer);
  const near: { hole: HoleLine; distance: number }[] = [];
  for (const hole of holes) {
    if (!boxesOverlap(hole.shape.box, feature.shape.box, HOLE_BUFFER_METERS)) continue;
    if (localOnly && !boxInside(feature.shape.box, hole.shape.box, LOCAL_CONTEXT_METERS)) continue;
    const distance = shapeDistance(feature.shape, hole.shape);
    if (distance <= HOLE_BUFFER_METERS) near.push({ hole, distance });
  }
  if (near.length > 1 && GREENSIDE_LAYERS.has(feature.layer)) {
    // a greenside bunker also lies near the next hole's tee; the green it guards decides
    const greenside = near.filter((n) => {
      const green = greens.get(n.hole.key);
      return (
        green !== undefined &&
        boxesOverlap(green.shape.box, feature.shape.box, GREENSIDE_METERS) &&
        shapeDistance(feature.shape, green.shape) <= GREENSIDE_METERS
      );
    });
    if (greenside.length > 0) return greenside.map((n) => n.hole);
  }
  if (feature.layer !== 'fairways') return near.map((n) => n.hole);
  // a fairway serves one hole: the one whose line runs furthest through it; a fairway the line
  // neither crosses nor runs beside (one behind the green) serves none
  const scored = near
    .map((n) => {
      const { along } = projectOntoLine(feature.center, n.hole.line);
      const inside = n.hole.samples.filter((p) => pointInShape(p, feature.shape)).length;
      return { hole: n.hole, inside, distance: n.distance, beside: along > 0 && along < n.hole.length };
    })
    .filter((s) => s.inside > 0 || s.beside);
  scored.sort((a, b) => b.inside - a.inside || a.distance - b.distance || a.hole.key.localeCompare(b.hole.key));
  return scored.length ? [scored[0].hole] : [];
}
