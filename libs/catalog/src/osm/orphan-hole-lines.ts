/**
 * Hole lines mapped without a leisure=golf_course boundary (Keilir in the Iceland dump). Lines
 * within CLUSTER_GAP_METERS of each other form a cluster; a cluster whose hole numbers repeat
 * is split by the form of its names ("Alfaraleid 1." against bare "1"); a cluster with at least
 * MIN_CANDIDATE_HOLES numbered lines becomes a candidate course inside an inferred boundary
 * (the lines' box grown by INFERRED_MARGIN_METERS). Every other line is listed with a reason.
 */
import type { LonLat } from '../model';
import type { BoundaryMembers } from './boundary-membership';
import type { ClassifiedFeature } from './classified-feature';
import { parseHoleName, parseHoleRef } from './hole-numbering';
import { geometryBounds } from './planar-geometry';
import type { TaggedFeature } from './tagged-feature';

export const CLUSTER_GAP_METERS = 150;
export const MIN_CANDIDATE_HOLES = 3;
export const INFERRED_MARGIN_METERS = 60;
const METERS_PER_DEGREE = 111_320;

export interface OrphanLinesLeftOut {
  holeLineIds: string[];
  reason: string;
}

export interface OrphanResolution {
  inferred: BoundaryMembers[];
  leftOut: OrphanLinesLeftOut[];
  /** features outside every boundary, inferred ones included */
  stillOutside: ClassifiedFeature[];
}

type Box = [number, number, number, number];

function grow([w, s, e, n]: Box, meters: number): Box {
  const dLat = meters / METERS_PER_DEGREE;
  const dLon = meters / (METERS_PER_DEGREE * Math.max(0.05, Math.cos((((s + n) / 2) * Math.PI) / 180)));
  return [w - dLon, s - dLat, e + dLon, n + dLat];
}

const overlaps = (a: Box, b: Box) => a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];
const contains = (b: Box, [x, y]: LonLat) => x >= b[0] && x <= b[2] && y >= b[1] && y <= b[3];

function holeNumberOf(line: TaggedFeature): number | null {
  return parseHoleRef(line.tags['ref']) ?? parseHoleName(line.tags['name'])?.number ?? null;
}

/** "ref", "bare-number", "titled": lines of one course are usually named one way. */
function nameForm(line: TaggedFeature): string {
  if (parseHoleRef(line.tags['ref']) !== null) return 'ref';
  const parsed = parseHoleName(line.tags['name']);
  return parsed?.form === 'bare-number' ? 'bare-number' : parsed?.title ? 'titled' : 'other';
}

/** Single-link clusters of lines whose grown boxes meet, through a grid so a country stays linear. */
function clusterLines(lines: { feature: ClassifiedFeature; box: Box }[]): number[][] {
  const parent = lines.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  const cell = 0.02;
  const grid = new Map<string, number[]>();
  lines.forEach(({ box }, i) => {
    for (let x = Math.floor(box[0] / cell); x <= Math.floor(box[2] / cell); x++) {
      for (let y = Math.floor(box[1] / cell); y <= Math.floor(box[3] / cell); y++) {
        const key = `${x}:${y}`;
        for (const j of grid.get(key) ?? []) if (overlaps(box, lines[j].box)) parent[find(i)] = find(j);
        grid.set(key, [...(grid.get(key) ?? []), i]);
      }
    }
  });
  const clusters = new Map<number, number[]>();
  lines.forEach((_, i) => clusters.set(find(i), [...(clusters.get(find(i)) ?? []), i]));
  return [...clusters.values()];
}

function splitByNameForm(lines: TaggedFeature[]): TaggedFeature[][] {
  const numbers = lines.map(holeNumberOf).filter((n) => n !== null);
  if (new Set(numbers).size === numbers.length) return [lines];
  const byForm = new Map<string, TaggedFeature[]>();
  for (const line of lines) byForm.set(nameForm(line), [...(byForm.get(nameForm(line)) ?? []), line]);
  return [...byForm.values()];
}

/** The country the lines agree on (country extracts tag every feature), else none. */
function sharedCountry(lines: TaggedFeature[]): Record<string, string> {
  const countries = new Set(lines.map((l) => l.tags['iso_country'] ?? l.tags['addr:country'] ?? ''));
  const [only] = countries;
  return countries.size === 1 && only ? { iso_country: only } : {};
}

export function resolveOrphanHoleLines(outside: ClassifiedFeature[]): OrphanResolution {
  const lines = outside
    .filter((f) => f.layer === 'centerlines' && f.feature.geometry.type !== 'Point')
    .map((feature) => ({ feature, box: grow(geometryBounds(feature.feature.geometry) as Box, CLUSTER_GAP_METERS / 2) }));
  const inferred: BoundaryMembers[] = [];
  const leftOut: OrphanLinesLeftOut[] = [];
  const claimed = new Set<string>();
  const byId = new Map(lines.map((l) => [l.feature.feature.id, l.feature]));
  for (const cluster of clusterLines(lines)) {
    for (const group of splitByNameForm(cluster.map((i) => lines[i].feature.feature))) {
      const ids = group.map((l) => l.id);
      const numbered = group.filter((l) => holeNumberOf(l) !== null);
      if (numbered.length < MIN_CANDIDATE_HOLES) {
        const reason =
          numbered.length === 0
            ? `${group.length} hole line${group.length > 1 ? 's' : ''} with no hole number in ref or name, inside no course boundary`
            : `only ${numbered.length} numbered hole line${numbered.length > 1 ? 's' : ''} close together (a candidate course needs ${MIN_CANDIDATE_HOLES}), inside no course boundary`;
        leftOut.push({ holeLineIds: ids, reason });
        continue;
      }
      const box = group
        .map((l) => geometryBounds(l.geometry) as Box)
        .reduce((a, b) => [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])]);
      const [w, s, e, n] = grow(box, INFERRED_MARGIN_METERS);
      const boundary: ClassifiedFeature = {
        layer: 'course-boundary',
        kind: null,
        feature: {
          id: `inferred/${ids[0]}`,
          tags: { leisure: 'golf_course', ...sharedCountry(group) },
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [w, s],
                [e, s],
                [e, n],
                [w, n],
                [w, s],
              ],
            ],
          },
          input: group[0].input,
        },
      };
      ids.forEach((id) => claimed.add(id));
      inferred.push({
        boundary,
        members: group.map((l) => byId.get(l.id) as ClassifiedFeature),
        inferred: {
          how: `${group.length} golf=hole lines inside no boundary, within ${CLUSTER_GAP_METERS} m of each other, ${numbered.length} of them numbered; boundary: their box grown by ${INFERRED_MARGIN_METERS} m`,
        },
      });
    }
  }
  // the other orphan features (greens, tees, bunkers …) join the inferred boundary they lie in
  const stillOutside: ClassifiedFeature[] = [];
  for (const feature of outside) {
    if (claimed.has(feature.feature.id)) continue;
    if (feature.layer === 'centerlines') {
      stillOutside.push(feature);
      continue;
    }
    const b = geometryBounds(feature.feature.geometry);
    const center: LonLat = [(b[0] + b[2]) / 2, (b[1] + b[3]) / 2];
    const home = inferred.find((c) => contains(geometryBounds(c.boundary.feature.geometry) as Box, center));
    if (home) home.members.push(feature);
    else stillOutside.push(feature);
  }
  return { inferred, leftOut, stillOutside };
}
