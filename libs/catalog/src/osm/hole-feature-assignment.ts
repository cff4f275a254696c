/**
 * Which features belong to which hole, by geometry against the oriented hole lines:
 * the green at the end of the line, tee boxes at its start, and hazards and surfaces within
 * HOLE_BUFFER_METERS of it (or named by a `ref`). Every test is behind a bounding-box prefilter.
 */
import type { GeometryLayer } from '../model';
import { parseHoleRef } from './hole-numbering';
import {
  boxesOverlap,
  pointInShape,
  pointShapeDistance,
  projectOntoLine,
  shapeArea,
  shapeDistance,
  type PlanarShape,
  type Xy,
} from './planar-geometry';
import type { TaggedFeature } from './tagged-feature';

export const HOLE_BUFFER_METERS = 45;
/** a hole line may stop short of its green */
export const GREEN_SNAP_METERS = 30;
export const TEE_OFFSET_METERS = 35;
/** back tees often sit behind the first node of the line */
export const TEE_BEHIND_START_METERS = 80;
/** a "tee" wider than this is a mapping error (Augusta has a tee relation drawn on the rough) */
export const TEE_MAX_EXTENT_METERS = 150;
/** a `ref` on a feature is trusted only this close to the hole it names */
export const REF_SANITY_METERS = 200;
const SAMPLE_STEP_METERS = 5;

/** Layers whose features are matched to holes by the buffer rule. */
const BUFFERED_LAYERS = new Set<GeometryLayer>(['fairways', 'bunkers', 'water', 'waste', 'land-surfaces', 'trees']);
/**
 * Woods, rough and generic surfaces (landuse=grass) can span half a course; tied to a hole they would
 * stretch its bounds over its neighbours. They join a hole only when they fit inside its
 * corridor: the line's box grown by LOCAL_CONTEXT_METERS.
 */
const LOCAL_ONLY_LAYERS = new Set<GeometryLayer>(['trees', 'land-surfaces']);
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

export interface HoleFeatureAssignment {
  green: Map<string, PlacedFeature>;
  tees: Map<string, PlacedFeature[]>;
  pin: Map<string, PlacedFeature>;
  /** feature id → keys of the holes it belongs to */
  holesOf: Map<string, Set<string>>;
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

export function assignFeaturesToHoles(holes: HoleLine[], features: PlacedFeature[]): HoleFeatureAssignment {
  const result: HoleFeatureAssignment = { green: new Map(), tees: new Map(), pin: new Map(), holesOf: new Map() };
  const link = (feature: PlacedFeature, hole: HoleLine) => {
    const set = result.holesOf.get(feature.feature.id) ?? new Set<string>();
    set.add(hole.key);
    result.holesOf.set(feature.feature.id, set);
  };
  const greens = features.filter((f) => f.layer === 'greens' && f.shape.polygons.length > 0);
  for (const hole of holes) {
    const green = greenAtEnd(hole, greens);
    if (green) {
      result.green.set(hole.key, green);
      link(green, hole);
    }
  }
  for (const tee of features.filter((f) => f.layer === 'tees')) {
    const hole = teeOwner(tee, holes);
    if (!hole) continue;
    result.tees.set(hole.key, [...(result.tees.get(hole.key) ?? []), tee]);
    link(tee, hole);
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
    for (const hole of bufferedOwners(feature, holes)) link(feature, hole);
  }
  return result;
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

/** The hole whose line start this tee sits at: nearest by offset, in the first half of the line. */
function teeOwner(tee: PlacedFeature, holes: HoleLine[]): HoleLine | null {
  const [minX, minY, maxX, maxY] = tee.shape.box;
  if (maxX - minX > TEE_MAX_EXTENT_METERS || maxY - minY > TEE_MAX_EXTENT_METERS) return null;
  const ref = parseHoleRef(tee.feature.tags['ref']);
  let best: { hole: HoleLine; offset: number } | null = null;
  for (const hole of holes) {
    if (!boxesOverlap(hole.shape.box, tee.shape.box, TEE_BEHIND_START_METERS)) continue;
    const { along, offset } = projectOntoLine(tee.center, hole.line);
    const behindStart = along === 0;
    const limit = behindStart ? TEE_BEHIND_START_METERS : TEE_OFFSET_METERS;
    if (offset > limit || along > hole.length / 2) continue;
    if (ref !== null && ref === hole.number) return hole;
    if (!best || offset < best.offset) best = { hole, offset };
  }
  return best?.hole ?? null;
}

function bufferedOwners(feature: PlacedFeature, holes: HoleLine[]): HoleLine[] {
  const ref = parseHoleRef(feature.feature.tags['ref']);
  const near: { hole: HoleLine; distance: number }[] = [];
  const localOnly = LOCAL_ONLY_LAYERS.has(feature.layer);
  for (const hole of holes) {
    const margin = ref === hole.number ? REF_SANITY_METERS : HOLE_BUFFER_METERS;
    if (!boxesOverlap(hole.shape.box, feature.shape.box, margin)) continue;
    if (localOnly && !boxInside(feature.shape.box, hole.shape.box, LOCAL_CONTEXT_METERS)) continue;
    const distance = shapeDistance(feature.shape, hole.shape);
    if (distance <= margin) near.push({ hole, distance });
  }
  if (ref !== null) {
    const named = near.filter((n) => n.hole.number === ref);
    if (named.length > 0) return named.map((n) => n.hole);
  }
  const inBuffer = near.filter((n) => n.distance <= HOLE_BUFFER_METERS);
  if (feature.layer !== 'fairways' || inBuffer.length <= 1) return inBuffer.map((n) => n.hole);
  // a fairway serves one hole: the one whose line runs furthest through it
  const scored = inBuffer.map((n) => ({
    hole: n.hole,
    inside: n.hole.samples.filter((p) => pointInShape(p, feature.shape)).length,
    distance: n.distance,
  }));
  scored.sort((a, b) => b.inside - a.inside || a.distance - b.distance || a.hole.key.localeCompare(b.hole.key));
  return [scored[0].hole];
}
