import type { BBox } from '../geometry-types';

/**
 * A north-up elevation raster georeferenced by its sample centres, so that SRTM tiles
 * (samples on whole-degree grid lines) and GeoTIFFs (pixel-is-area or pixel-is-point)
 * share one meaning: sample (row, col) is at
 *   lon = originLon + col * lonStep,  lat = originLat - row * latStep.
 */
export interface DemRaster {
  width: number;
  height: number;
  /** longitude of the centre of column 0 */
  originLon: number;
  /** latitude of the centre of row 0 (the northernmost row) */
  originLat: number;
  /** degrees per column, > 0 */
  lonStep: number;
  /** degrees per row, > 0 (rows go south) */
  latStep: number;
  /** row-major metres, `values[row * width + col]` */
  values: ArrayLike<number>;
  /** void marker; NaN is always treated as void too */
  noData: number | null;
  /** 'srtm3:N55W004', 'geotiff:<name>', … */
  source: string;
}

export class DemError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'DemError';
  }
}

/** Extent of the sample centres [west, south, east, north]: where bilinear sampling is defined. */
export function demSampleBounds(raster: DemRaster): BBox {
  return [raster.originLon, raster.originLat - (raster.height - 1) * raster.latStep, raster.originLon + (raster.width - 1) * raster.lonStep, raster.originLat];
}

/** Value of one sample, or null when it is void. */
export function demSample(raster: DemRaster, row: number, col: number): number | null {
  const value = raster.values[row * raster.width + col];
  if (value === undefined || Number.isNaN(value) || (raster.noData !== null && value === raster.noData)) return null;
  return value;
}
