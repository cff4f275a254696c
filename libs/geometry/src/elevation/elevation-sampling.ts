import { demSample, type DemRaster } from './dem-raster';

// Bound once: a global `Math` lookup per call is slow inside vm sandboxes (Jest), and these run per grid cell.
const { abs, floor, min, round } = Math;

/** Fractions this close to a whole sample index snap to it, so pixel centres read exactly. */
const SNAP = 1e-6;

function snapIndex(position: number): number {
  const nearest = round(position);
  return abs(position - nearest) < SNAP ? nearest : position;
}

function sampleOne(raster: DemRaster, lon: number, lat: number): number | null | undefined {
  const x = snapIndex((lon - raster.originLon) / raster.lonStep);
  const y = snapIndex((raster.originLat - lat) / raster.latStep);
  if (x < 0 || y < 0 || x > raster.width - 1 || y > raster.height - 1) return undefined;
  const col = min(floor(x), raster.width - 2);
  const row = min(floor(y), raster.height - 2);
  const fx = x - col;
  const fy = y - row;
  const corners: [number, number, number][] = [
    [row, col, (1 - fx) * (1 - fy)],
    [row, col + 1, fx * (1 - fy)],
    [row + 1, col, (1 - fx) * fy],
    [row + 1, col + 1, fx * fy],
  ];
  let total = 0;
  for (const [r, c, weight] of corners) {
    if (weight === 0) continue;
    const value = demSample(raster, r, c);
    // A void neighbour that carries weight makes the interpolated height meaningless.
    if (value === null) return null;
    total += value * weight;
  }
  return total;
}

/**
 * Bilinear height at lon/lat from the first raster whose sample extent holds the point.
 * Null when the point is outside every raster or touches a void sample.
 */
export function sampleElevation(rasters: DemRaster | readonly DemRaster[], lon: number, lat: number): number | null {
  const list = Array.isArray(rasters) ? rasters : [rasters as DemRaster];
  // Overlapping tiles share their edge samples; a void in one may have data in the next.
  for (const raster of list) {
    const value = sampleOne(raster, lon, lat);
    if (value !== undefined && value !== null) return value;
  }
  return null;
}
