import type { ElevationGrid } from '@caddie/catalog';
import { feetToMeters, LocalProjection, sampleElevationGrid, type LonLat } from '@caddie/geometry';
import type { MultiPolygon, Polygon } from 'geojson';
import { normalizeGreenElevations, type ElevationNormalization } from './elevation-normalization';
import { GreenDataError } from './green-data-error';
import { distanceToGreenEdge, greenLonLatRings, insideGreen, projectRings, type GreenRings } from './green-outline';

/** The slope grid of the putting-surface bundle: 2-foot cells. */
// Bound once: a global `Math` lookup per call is slow inside vm sandboxes (Jest).
const { floor } = Math;

export const PUTTING_SURFACE_CELL_METERS = feetToMeters(2);
/** Gradients are central differences across 6 feet (3 feet either side of the cell centre). */
export const GRADIENT_BASELINE_METERS = feetToMeters(6);
/** Cells beyond the green edge, so the clipped heatmap reaches the exact outline. */
export const PUTTING_SURFACE_MARGIN_METERS = 2;
/** A green is at most a few thousand square metres; this bounds a malformed polygon. */
export const MAX_PUTTING_SURFACE_CELLS = 1_000_000;

/**
 * A green's 2-foot slope grid in a local tangent plane (x metres east, y metres north of
 * `projection.origin`). Row 0 is the northern row; cell (row, col) has its centre at
 *   x = westMeters + (col + 0.5) * cellSizeMeters,  y = northMeters - (row + 0.5) * cellSizeMeters.
 */
export interface PuttingSurface {
  projection: LocalProjection;
  cellSizeMeters: number;
  westMeters: number;
  northMeters: number;
  columns: number;
  rows: number;
  /** metres above datum per cell, NaN without data */
  elevation: Float64Array;
  /** rise per metre toward east and north (slope 0.02 = 2 %), NaN without data */
  gradientEast: Float64Array;
  gradientNorth: Float64Array;
  /** 1 where the cell centre lies inside the green (holes excluded) */
  insideGreen: Uint8Array;
  /** metres from the cell centre to the nearest green edge, positive inside, negative outside */
  edgeDistance: Float64Array;
  /** green outline, lon/lat, for clipping through the renderer's projection */
  greenRings: LonLat[][];
  /** the same rings in the local frame */
  greenRingsMeters: GreenRings;
  normalization: ElevationNormalization;
}

export function buildPuttingSurface(green: Polygon | MultiPolygon, grid: ElevationGrid): PuttingSurface {
  const greenRings = greenLonLatRings(green);
  let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const ring of greenRings) {
    for (const [lon, lat] of ring) {
      west = Math.min(west, lon);
      east = Math.max(east, lon);
      south = Math.min(south, lat);
      north = Math.max(north, lat);
    }
  }
  const projection = new LocalProjection([(west + east) / 2, (south + north) / 2]);
  const greenRingsMeters = projectRings(greenRings, projection);
  const [minX, minY] = projection.toMeters([west, south]);
  const [maxX, maxY] = projection.toMeters([east, north]);
  const cellSizeMeters = PUTTING_SURFACE_CELL_METERS;
  const westMeters = minX - PUTTING_SURFACE_MARGIN_METERS;
  const northMeters = maxY + PUTTING_SURFACE_MARGIN_METERS;
  const columns = Math.max(1, Math.ceil((maxX - minX + 2 * PUTTING_SURFACE_MARGIN_METERS) / cellSizeMeters));
  const rows = Math.max(1, Math.ceil((maxY - minY + 2 * PUTTING_SURFACE_MARGIN_METERS) / cellSizeMeters));
  if (columns * rows > MAX_PUTTING_SURFACE_CELLS) {
    throw new GreenDataError('green-too-large', `${columns}x${rows} two-foot cells exceed ${MAX_PUTTING_SURFACE_CELLS}`);
  }

  const heightAt = (x: number, y: number): number => {
    const [lon, lat] = projection.toLonLat([x, y]);
    return sampleElevationGrid(grid, lon, lat) ?? NaN;
  };
  const cells = columns * rows;
  const elevation = new Float64Array(cells);
  const gradientEast = new Float64Array(cells);
  const gradientNorth = new Float64Array(cells);
  const inside = new Uint8Array(cells);
  const edgeDistance = new Float64Array(cells);
  const half = GRADIENT_BASELINE_METERS / 2;
  const insideElevations: number[] = [];
  for (let row = 0; row < rows; row++) {
    const y = northMeters - (row + 0.5) * cellSizeMeters;
    for (let col = 0; col < columns; col++) {
      const x = westMeters + (col + 0.5) * cellSizeMeters;
      const index = row * columns + col;
      const here = heightAt(x, y);
      elevation[index] = here;
      gradientEast[index] = centralDifference(heightAt(x - half, y), here, heightAt(x + half, y), half);
      gradientNorth[index] = centralDifference(heightAt(x, y - half), here, heightAt(x, y + half), half);
      const isInside = insideGreen(greenRingsMeters, x, y);
      edgeDistance[index] = (isInside ? 1 : -1) * distanceToGreenEdge(greenRingsMeters, x, y);
      if (isInside) {
        inside[index] = 1;
        if (Number.isFinite(here)) insideElevations.push(here);
      }
    }
  }
  if (insideElevations.length === 0) {
    throw new GreenDataError('green-elevation-missing', `the elevation grid (${grid.source}) has no value inside the green`);
  }
  return {
    projection,
    cellSizeMeters,
    westMeters,
    northMeters,
    columns,
    rows,
    elevation,
    gradientEast,
    gradientNorth,
    insideGreen: inside,
    edgeDistance,
    greenRings,
    greenRingsMeters,
    normalization: normalizeGreenElevations(insideElevations),
  };
}

/** Across the full baseline when both sides have data, one-sided at the edge of the data. */
function centralDifference(before: number, here: number, after: number, half: number): number {
  if (Number.isFinite(before) && Number.isFinite(after)) return (after - before) / (2 * half);
  if (Number.isFinite(after) && Number.isFinite(here)) return (after - here) / half;
  if (Number.isFinite(before) && Number.isFinite(here)) return (here - before) / half;
  return NaN;
}

/** Local-frame centre of a cell. */
export function puttingCellCenter(surface: PuttingSurface, row: number, col: number): [number, number] {
  return [surface.westMeters + (col + 0.5) * surface.cellSizeMeters, surface.northMeters - (row + 0.5) * surface.cellSizeMeters];
}

/**
 * Bilinear read of a per-cell field at a local-frame point, ignoring cells without data;
 * NaN outside the grid or where no neighbour has data.
 */
export function sampleSurfaceField(surface: PuttingSurface, field: Float64Array, x: number, y: number): number {
  const u = (x - surface.westMeters) / surface.cellSizeMeters - 0.5;
  const v = (surface.northMeters - y) / surface.cellSizeMeters - 0.5;
  const { columns, rows } = surface;
  if (!(u >= -0.5 && v >= -0.5 && u <= columns - 0.5 && v <= rows - 0.5)) return NaN;
  const col = floor(u);
  const row = floor(v);
  const fx = u - col;
  const fy = v - row;
  // Unrolled, no allocation: this runs for every heatmap sample.
  const c0 = col >= 0;
  const c1 = col + 1 < columns;
  const r0 = row >= 0;
  const r1 = row + 1 < rows;
  let total = 0;
  let weights = 0;
  let w = (1 - fx) * (1 - fy);
  let value = r0 && c0 ? field[row * columns + col] : NaN;
  if (w > 0 && value === value) {
    total += value * w;
    weights += w;
  }
  w = fx * (1 - fy);
  value = r0 && c1 ? field[row * columns + col + 1] : NaN;
  if (w > 0 && value === value) {
    total += value * w;
    weights += w;
  }
  w = (1 - fx) * fy;
  value = r1 && c0 ? field[(row + 1) * columns + col] : NaN;
  if (w > 0 && value === value) {
    total += value * w;
    weights += w;
  }
  w = fx * fy;
  value = r1 && c1 ? field[(row + 1) * columns + col + 1] : NaN;
  if (w > 0 && value === value) {
    total += value * w;
    weights += w;
  }
  return weights > 0 ? total / weights : NaN;
}
