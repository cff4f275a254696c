/**
 * Builds the dataset bundle of `GET /courses/{id}/data` from one catalog snapshot: every dataset
 * keyword of the spec, filtered by holes, with explicit status objects for datasets that are
 * unavailable (todo) or not granted (denied). Pure: no I/O.
 */
import { bbox as featureBBox } from '@turf/turf';
import { ALWAYS_GRANTED, type DatasetKeyword } from '@caddie/access';
import {
  qualityOf,
  teeSetLengths,
  teeSetTotals,
  YARDAGE_BASIS,
  type BBox,
  type Course,
  type CourseFeature,
  type ElevationGrid,
  type GeometryLayer,
} from '@caddie/catalog';
import { buildPuttingSurface, puttingSurfaceStatistics, type PuttingSurfaceStatistics } from '@caddie/renderer';

export const CONTEXT_BUFFER_METERS = 50;

type DatasetValue = unknown;
const TODO = Symbol('todo');
type Produced = DatasetValue | { [TODO]: string };
const todo = (detail: string): Produced => ({ [TODO]: detail });
const isTodo = (value: Produced): value is { [TODO]: string } => typeof value === 'object' && value !== null && TODO in value;

export interface BundleRequest {
  datasets: DatasetKeyword[];
  holes: number[] | null;
  granted: readonly string[];
}

export interface Bundle {
  data: Record<string, unknown>;
  meta: {
    complete: boolean;
    requestedDatasets: DatasetKeyword[];
    returnedDatasets: DatasetKeyword[];
    todoDatasets: DatasetKeyword[];
    deniedDatasets: DatasetKeyword[];
    requestedHoles: number[] | null;
    resolvedHoles: number[];
    spatialFilter: { method: 'hole-bounds'; contextBufferMeters: 50 } | null;
  };
}

function bufferBBox([w, s, e, n]: BBox, meters: number): BBox {
  const dLat = meters / 111_320;
  const dLon = meters / (111_320 * Math.max(0.01, Math.cos((((s + n) / 2) * Math.PI) / 180)));
  return [w - dLon, s - dLat, e + dLon, n + dLat];
}

const intersects = (a: BBox, b: BBox) => a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];

/** What a hole filter keeps: assigned features of those holes, and context features inside the buffered hole bounds. */
class HoleFilter {
  private readonly holes: Set<number>;
  private readonly windows: BBox[];

  constructor(course: Course, holes: number[]) {
    this.holes = new Set(holes);
    this.windows = course.holes.filter((h) => this.holes.has(h.number)).map((h) => bufferBBox(h.bounds, CONTEXT_BUFFER_METERS));
  }

  keepsHole = (n: number) => this.holes.has(n);

  keepsFeature = (feature: CourseFeature): boolean => {
    const assigned = feature.properties.holeNumbers;
    if (assigned.length) return assigned.some((n) => this.holes.has(n));
    const box = featureBBox(feature) as BBox;
    return this.windows.some((w) => intersects(w, box));
  };

  keepsPoint = ([lon, lat]: [number, number]) => this.windows.some((w) => lon >= w[0] && lon <= w[2] && lat >= w[1] && lat <= w[3]);

  /** The grid cropped to the union of the buffered hole windows (the elevation points kept). */
  cropGrid(grid: ElevationGrid): ElevationGrid | null {
    const union = this.windows.reduce<BBox | null>(
      (u, w) => (u ? [Math.min(u[0], w[0]), Math.min(u[1], w[1]), Math.max(u[2], w[2]), Math.max(u[3], w[3])] : w),
      null,
    );
    if (!union) return null;
    const dx = (grid.east - grid.west) / grid.width;
    const dy = (grid.north - grid.south) / grid.height;
    const c0 = Math.max(0, Math.floor((union[0] - grid.west) / dx));
    const c1 = Math.min(grid.width, Math.ceil((union[2] - grid.west) / dx));
    const r0 = Math.max(0, Math.floor((grid.north - union[3]) / dy));
    const r1 = Math.min(grid.height, Math.ceil((grid.north - union[1]) / dy));
    if (c1 <= c0 || r1 <= r0) return null;
    const values: (number | null)[] = [];
    for (let r = r0; r < r1; r++) for (let c = c0; c < c1; c++) values.push(grid.values[r * grid.width + c]);
    return {
      ...grid,
      west: grid.west + c0 * dx,
      east: grid.west + c1 * dx,
      north: grid.north - r0 * dy,
      south: grid.north - r1 * dy,
      width: c1 - c0,
      height: r1 - r0,
      values,
    };
  }
}

function layerCollection(course: Course, layer: GeometryLayer, filter: HoleFilter | null) {
  const features = course.features.filter((f) => f.properties.layer === layer && (!filter || filter.keepsFeature(f)));
  return { type: 'FeatureCollection', features };
}

function produce(keyword: DatasetKeyword, course: Course, filter: HoleFilter | null): Produced {
  const holes = course.holes.filter((h) => !filter || filter.keepsHole(h.number)).sort((a, b) => a.number - b.number);
  const keepHole = (n: number) => !filter || filter.keepsHole(n);
  const setIds = course.teeSets.map((t) => t.id);
  const yardsByTeeSet = (hole: Course['holes'][number]) =>
    Object.fromEntries(Object.entries(teeSetLengths(hole, setIds)).map(([id, length]) => [id, length.yards]));
  if (keyword.startsWith('geometry.')) return layerCollection(course, keyword.slice('geometry.'.length) as GeometryLayer, filter);
  switch (keyword) {
    case 'identity': {
      const quality = qualityOf(course);
      return {
        id: course.id,
        name: course.name,
        location: course.location,
        classification: course.classification,
        holeCount: course.holes.length,
        active: course.active,
        completeness: quality.completeness,
        qualityFlags: quality.flags,
      };
    }
    case 'contact':
      return course.contact ?? todo('No contact details are recorded for this course.');
    case 'amenities':
      return course.amenities ?? todo('No amenities are recorded for this course.');
    case 'operations':
      return course.operations ?? todo('No operating information is recorded for this course.');
    case 'scorecard':
      // measured lengths are worth offering on their own: pars stay null where the source has none
      if (!course.holes.some((h) => h.par !== null || h.tees.some((t) => t.yards !== null)))
        return todo('The source has neither a par nor a tee with a length on any hole.');
      return {
        teeSets: course.teeSets,
        yardage: { basis: YARDAGE_BASIS, unit: 'yards', origins: yardageOrigins(course) },
        totalsByTeeSet: teeSetTotals(filter ? { ...course, holes } : course),
        holes: holes.map((h) => ({
          number: h.number,
          par: h.par,
          handicap: h.handicap,
          handicapsByTeeSet: h.handicapsByTeeSet,
          yardsByTeeSet: yardsByTeeSet(h),
          lengthsByTeeSet: teeSetLengths(h, setIds),
        })),
      };
    case 'holes.summary':
      return holes.map((h) => ({ number: h.number, name: h.name, par: h.par, handicap: h.handicap, yardsByTeeSet: yardsByTeeSet(h), flags: h.flags }));
    case 'holes.detail':
      return holes.map((h) => ({
        number: h.number,
        centerline: { type: 'LineString', coordinates: h.centerline },
        dogleg: h.dogleg ? { type: 'Point', coordinates: h.dogleg } : null,
        tees: h.tees.map((t) => ({
          teeSetId: t.teeSetId,
          featureId: t.featureId,
          center: { type: 'Point', coordinates: t.center },
          yards: t.yards,
          yardsOrigin: t.yardsOrigin ?? null,
          offLineMeters: t.offLineMeters ?? null,
        })),
        greenFeatureId: h.greenFeatureId,
        greenCenter: h.greenCenter ? { type: 'Point', coordinates: h.greenCenter } : null,
        pin: h.pin ? { type: 'Point', coordinates: h.pin } : null,
        bounds: h.bounds,
        flags: h.flags,
      }));
    case 'holes.strategy':
      return todo('Hole strategy notes are not available yet.');
    case 'greens.summary': {
      const greens = course.measurements.greens.filter((g) => keepHole(g.holeNumber));
      if (!course.measurements.greens.length) return todo('No green has been measured for this course.');
      return greens.map((g) => ({
        holeNumber: g.holeNumber,
        center: { type: 'Point', coordinates: g.center },
        depthYards: g.depthYards,
        widthYards: g.widthYards,
        areaSquareMeters: g.areaSquareMeters,
      }));
    }
    case 'greens.analysis': {
      if (!Object.keys(course.elevation.greens).length) return todo('No putting-surface elevation is available for this course.');
      return analyseGreens(course)
        .filter((a) => keepHole(a.holeNumber))
        .map(({ holeNumber, statistics }) => ({ holeNumber, ...statistics }));
    }
    case 'elevations.ground': {
      if (!course.elevation.ground) return todo('No ground elevation model is available for this course.');
      const ground = filter ? filter.cropGrid(course.elevation.ground) : course.elevation.ground;
      const greens = Object.fromEntries(Object.entries(course.elevation.greens).filter(([n]) => keepHole(Number(n))));
      // the grid spacing is not the source's precision: say what the source can resolve
      return { grid: ground, greens, precision: course.elevation.ground.precision ?? null };
    }
    case 'elevations.trees':
      return course.elevation.trees
        ? filter
          ? filter.cropGrid(course.elevation.trees)
          : course.elevation.trees
        : todo('No tree canopy heights are available for this course.');
    case 'measurements.greens':
      if (!course.measurements.greens.length) return todo('No green has been measured for this course.');
      return course.measurements.greens.filter((g) => keepHole(g.holeNumber));
    case 'measurements.fairways':
      if (!course.measurements.fairways.length) return todo('No fairway has been measured for this course.');
      return course.measurements.fairways.filter((f) => keepHole(f.holeNumber));
    case 'editorial.course':
    case 'editorial.holes':
    case 'editorial.greens':
    case 'editorial.operations': {
      const part = course.editorial?.[keyword.slice('editorial.'.length) as 'course'];
      return part ?? todo('No editorial content has been written for this course yet.');
    }
    case 'media.images':
      return course.media.images.length ? course.media.images : todo('No images are available for this course.');
    case 'media.videos':
      return course.media.videos.length ? course.media.videos : todo('No videos are available for this course.');
    case 'provenance':
      return { ...course.provenance, completeness: qualityOf(course).completeness };
  }
  return todo('Unknown dataset.');
}

/** Every distinct way the course's lengths were obtained ('measured: along-hole-line: …', 'source: dist:white'). */
function yardageOrigins(course: Course): { kind: string; detail: string }[] {
  const seen = new Map<string, { kind: string; detail: string }>();
  for (const hole of course.holes) {
    for (const length of Object.values(
      teeSetLengths(
        hole,
        course.teeSets.map((t) => t.id),
      ),
    )) {
      for (const tee of length.tees) seen.set(`${tee.origin.kind}:${tee.origin.detail}`, tee.origin);
    }
  }
  return [...seen.values()];
}

/**
 * Putting-surface statistics per green (2-ft grid, gradients across 6 ft: the same surface the
 * heatmaps and slope arrows use), memoized per parsed course snapshot.
 */
const greenAnalyses = new WeakMap<Course, { holeNumber: number; statistics: PuttingSurfaceStatistics }[]>();
function analyseGreens(course: Course) {
  let analyses = greenAnalyses.get(course);
  if (!analyses) {
    analyses = [];
    for (const [number, grid] of Object.entries(course.elevation.greens)) {
      const hole = course.holes.find((h) => h.number === Number(number));
      const green = course.features.find((f) => f.id === hole?.greenFeatureId);
      if (!green || (green.geometry.type !== 'Polygon' && green.geometry.type !== 'MultiPolygon')) continue;
      try {
        analyses.push({ holeNumber: Number(number), statistics: puttingSurfaceStatistics(buildPuttingSurface(green.geometry, grid)) });
      } catch {
        // a green whose surface cannot be built (no elevation inside it) has no analysis; nothing is invented
      }
    }
    analyses.sort((a, b) => a.holeNumber - b.holeNumber);
    greenAnalyses.set(course, analyses);
  }
  return analyses;
}

function setNested(target: Record<string, unknown>, keyword: string, value: unknown): void {
  const parts = keyword.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
  node[parts[parts.length - 1]] = value;
}

export function buildDataBundle(course: Course, request: BundleRequest): Bundle {
  const filter = request.holes ? new HoleFilter(course, request.holes) : null;
  const granted = new Set([...ALWAYS_GRANTED, ...request.granted]);
  const data: Record<string, unknown> = {};
  const returned: DatasetKeyword[] = [];
  const todoList: DatasetKeyword[] = [];
  const denied: DatasetKeyword[] = [];
  for (const keyword of request.datasets) {
    if (!granted.has(keyword)) {
      denied.push(keyword);
      setNested(data, keyword, { status: 'denied', reason: 'not-granted', detail: `This key is not granted the ${keyword} dataset.` });
      continue;
    }
    const value = produce(keyword, course, filter);
    if (isTodo(value)) {
      todoList.push(keyword);
      setNested(data, keyword, { status: 'todo', reason: 'not-available', detail: value[TODO] });
    } else {
      returned.push(keyword);
      setNested(data, keyword, value);
    }
  }
  const allHoles = course.holes.map((h) => h.number).sort((a, b) => a - b);
  return {
    data,
    meta: {
      complete: todoList.length === 0 && denied.length === 0,
      requestedDatasets: request.datasets,
      returnedDatasets: returned,
      todoDatasets: todoList,
      deniedDatasets: denied,
      requestedHoles: request.holes,
      resolvedHoles: request.holes ? allHoles.filter((n) => request.holes!.includes(n)) : allHoles,
      spatialFilter: request.holes ? { method: 'hole-bounds', contextBufferMeters: CONTEXT_BUFFER_METERS } : null,
    },
  };
}
