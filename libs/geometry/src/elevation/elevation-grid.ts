import type { ElevationPrecision } from './dem-precision';
import { EARTH_RADIUS_METERS } from '../earth';
import type { BBox } from '../geometry-types';
import { degreesToRadians } from '../units';
import { DemError, type DemRaster } from './dem-raster';
import { sampleElevation } from './elevation-sampling';

/**
 * Structural twin of the catalog's ElevationGrid. Row 0 is the northern edge, column 0 the
 * western; each value is the height at the centre of its cell:
 *   lon = west + (col + 0.5) * (east - west) / width,
 *   lat = north - (row + 0.5) * (north - south) / height.
 */
export interface ElevationGridData {
  west: number;
  south: number;
  east: number;
  north: number;
  width: number;
  height: number;
  resolutionMeters: number;
  values: (number | null)[];
  source: string;
  /** native resolution and vertical accuracy of the source DEM, when the grid was sampled from one */
  precision?: ElevationPrecision;
}

/** Grids larger than this are refused: a course grid is a few hundred thousand cells at most. */
export const MAX_ELEVATION_GRID_CELLS = 4_000_000;

export interface GridLayout {
  west: number;
  south: number;
  east: number;
  north: number;
  width: number;
  height: number;
}

/**
 * Lays a grid of square-ish cells of `resolutionMeters` over a bbox. The bbox is grown
 * symmetrically so that a whole number of cells fits, keeping the nominal resolution exact.
 */
export function layoutElevationGrid(bbox: BBox, resolutionMeters: number): GridLayout {
  const [west, south, east, north] = bbox;
  if (!(west < east && south < north)) {
    throw new DemError('grid-bbox-invalid', `bbox must be [west, south, east, north] with area, got ${bbox.join(',')}`);
  }
  if (!(resolutionMeters > 0)) {
    throw new DemError('grid-resolution-invalid', `resolution must be positive, got ${resolutionMeters}`);
  }
  const metersPerDegreeLat = degreesToRadians(EARTH_RADIUS_METERS);
  const metersPerDegreeLon = metersPerDegreeLat * Math.cos(degreesToRadians((south + north) / 2));
  const cellLon = resolutionMeters / metersPerDegreeLon;
  const cellLat = resolutionMeters / metersPerDegreeLat;
  const width = Math.max(1, Math.ceil((east - west) / cellLon - 1e-9));
  const height = Math.max(1, Math.ceil((north - south) / cellLat - 1e-9));
  if (width * height > MAX_ELEVATION_GRID_CELLS) {
    throw new DemError('grid-too-large', `${width}x${height} cells exceed ${MAX_ELEVATION_GRID_CELLS}`);
  }
  const padLon = (width * cellLon - (east - west)) / 2;
  const padLat = (height * cellLat - (north - south)) / 2;
  return { west: west - padLon, south: south - padLat, east: east + padLon, north: north + padLat, width, height };
}

/** Centre lon/lat of a grid cell. */
export function elevationGridCellCenter(grid: GridLayout, row: number, col: number): [number, number] {
  return [grid.west + ((col + 0.5) * (grid.east - grid.west)) / grid.width, grid.north - ((row + 0.5) * (grid.north - grid.south)) / grid.height];
}

/** Builds a grid by evaluating `heightAt(lon, lat)` at every cell centre. */
export function buildElevationGrid(
  bbox: BBox,
  resolutionMeters: number,
  source: string,
  heightAt: (lon: number, lat: number) => number | null,
): ElevationGridData {
  const layout = layoutElevationGrid(bbox, resolutionMeters);
  const values: (number | null)[] = new Array(layout.width * layout.height);
  for (let row = 0; row < layout.height; row++) {
    for (let col = 0; col < layout.width; col++) {
      const [lon, lat] = elevationGridCellCenter(layout, row, col);
      values[row * layout.width + col] = heightAt(lon, lat);
    }
  }
  return { ...layout, resolutionMeters, values, source };
}

/** Resamples DEM rasters (bilinear) onto a regular grid over a bbox. */
export function resampleToGrid(rasters: DemRaster | readonly DemRaster[], bbox: BBox, resolutionMeters: number, source: string): ElevationGridData {
  return buildElevationGrid(bbox, resolutionMeters, source, (lon, lat) => {
    const value = sampleElevation(rasters, lon, lat);
    return value === null ? null : Math.round(value * 100) / 100;
  });
}

/**
 * Bilinear height from a grid at lon/lat between cell centres; the outer half cell takes the
 * edge value. Null outside the grid or next to an empty cell.
 */
export function sampleElevationGrid(grid: ElevationGridData, lon: number, lat: number): number | null {
  if (lon < grid.west || lon > grid.east || lat < grid.south || lat > grid.north) return null;
  const x = Math.max(0, Math.min(grid.width - 1, ((lon - grid.west) / (grid.east - grid.west)) * grid.width - 0.5));
  const y = Math.max(0, Math.min(grid.height - 1, ((grid.north - lat) / (grid.north - grid.south)) * grid.height - 0.5));
  const col = Math.min(Math.floor(x), Math.max(0, grid.width - 2));
  const row = Math.min(Math.floor(y), Math.max(0, grid.height - 2));
  const fx = grid.width > 1 ? x - col : 0;
  const fy = grid.height > 1 ? y - row : 0;
  let total = 0;
  const cells: [number, number, number][] = [
    [row, col, (1 - fx) * (1 - fy)],
    [row, col + 1, fx * (1 - fy)],
    [row + 1, col, (1 - fx) * fy],
    [row + 1, col + 1, fx * fy],
  ];
  for (const [r, c, weight] of cells) {
    if (weight === 0) continue;
    const value = grid.values[r * grid.width + c];
    if (value === null || value === undefined) return null;
    total += value * weight;
  }
  return total;
}
