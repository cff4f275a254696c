/**
 * What a course's map archive covers: the course bounds plus a margin, the zoom levels drawn
 * (chosen from the course's size) and the inclusive XYZ tile ranges per zoom.
 */
import type { BBox, Course } from '@caddie/catalog';
import { lonLatToWorldPixel, tileRangeForBBox, type TileRange } from '@caddie/geometry';
import { featureBounds } from '../render/view-scene';

/** Tile zooms the API accepts (spec limits). */
export const TILE_ZOOM_RANGE = { min: 0, max: 22, default: 17 } as const;
export const TILE_SIZES = [256, 512] as const;
export type MapTileSize = (typeof TILE_SIZES)[number];

/** Surroundings drawn around the mapped features, metres. */
export const COVERAGE_MARGIN_METERS = 60;
/** The deepest zoom an archive is drawn at: about 12 cm per pixel at mid latitudes. */
export const MAX_ARCHIVE_ZOOM = 20;
/** The shallowest zoom: where the whole course spans about two 256-pixel tiles. */
const OVERVIEW_SPAN_PIXELS = 512;
/** Tile budget of one archive; the deepest zooms are dropped until the archive fits. */
export const MAX_ARCHIVE_TILES = 4096;

export class TileCoverageError extends Error {
  readonly code = 'course-geometry-missing';
  constructor(message: string) {
    super(message);
    this.name = 'TileCoverageError';
  }
}

export interface TileCoverage {
  /** [west, south, east, north] of what the archive draws */
  bounds: BBox;
  minZoom: number;
  maxZoom: number;
  /** one range per zoom, minZoom..maxZoom */
  ranges: TileRange[];
  tileCount: number;
}

/** Bounds of every mapped feature, padded by COVERAGE_MARGIN_METERS. */
export function courseMapBounds(course: Course): BBox {
  let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const b of featureBounds(course).values()) {
    if (!b.every(Number.isFinite)) continue;
    w = Math.min(w, b[0]);
    s = Math.min(s, b[1]);
    e = Math.max(e, b[2]);
    n = Math.max(n, b[3]);
  }
  if (!Number.isFinite(w)) throw new TileCoverageError(`course ${course.id} has no mapped geometry to draw`);
  const dLat = COVERAGE_MARGIN_METERS / 111_320;
  const dLon = dLat / Math.cos((((s + n) / 2) * Math.PI) / 180);
  return [w - dLon, s - dLat, e + dLon, n + dLat].map((v) => Math.round(v * 1e7) / 1e7) as BBox;
}

export function tileCount(range: TileRange): number {
  return (range.maxX - range.minX + 1) * (range.maxY - range.minY + 1);
}

/** The archive's zoom range and tile ranges; deterministic for a course. */
export function courseTileCoverage(course: Course): TileCoverage {
  return coverageOfBounds(courseMapBounds(course));
}

export function coverageOfBounds(bounds: BBox): TileCoverage {
  const [w, s, e, n] = bounds;
  let minZoom = 0;
  for (let z = 0; z <= MAX_ARCHIVE_ZOOM; z++) {
    const a = lonLatToWorldPixel([w, n], z);
    const b = lonLatToWorldPixel([e, s], z);
    if (Math.max(b[0] - a[0], b[1] - a[1]) <= OVERVIEW_SPAN_PIXELS) minZoom = z;
    else break;
  }
  let maxZoom = MAX_ARCHIVE_ZOOM;
  for (;;) {
    const ranges = zoomRanges(bounds, minZoom, maxZoom);
    const count = ranges.reduce((sum, r) => sum + tileCount(r), 0);
    if (count <= MAX_ARCHIVE_TILES || maxZoom === minZoom) return { bounds, minZoom, maxZoom, ranges, tileCount: count };
    maxZoom -= 1;
  }
}

function zoomRanges(bounds: BBox, minZoom: number, maxZoom: number): TileRange[] {
  const ranges: TileRange[] = [];
  for (let z = minZoom; z <= maxZoom; z++) ranges.push(tileRangeForBBox(bounds, z));
  return ranges;
}

/** The coverage range at a zoom, or null when the archive has no tiles at that zoom. */
export function rangeAtZoom(coverage: TileCoverage, zoom: number): TileRange | null {
  return coverage.ranges.find((r) => r.zoom === zoom) ?? null;
}

export function tileInCoverage(coverage: TileCoverage, z: number, x: number, y: number): boolean {
  const r = rangeAtZoom(coverage, z);
  return r !== null && x >= r.minX && x <= r.maxX && y >= r.minY && y <= r.maxY;
}

/** Every tile of the coverage, zoom by zoom, row by row. */
export function* coverageTiles(coverage: TileCoverage): Generator<[number, number, number]> {
  for (const r of coverage.ranges) {
    for (let y = r.minY; y <= r.maxY; y++) for (let x = r.minX; x <= r.maxX; x++) yield [r.zoom, x, y];
  }
}
