import type { LonLatBounds } from './archive-header';

/** Inclusive range of tile columns and rows covered at one zoom. */
export interface TileRange {
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

/** Longitude of a tile's west edge (Web Mercator XYZ). */
export function tileXToLon(x: number, z: number): number {
  return (x / Math.pow(2, z)) * 360 - 180;
}

/** Latitude of a tile's north edge (Web Mercator XYZ, y grows southwards). */
export function tileYToLat(y: number, z: number): number {
  const mercatorY = Math.PI * (1 - (2 * y) / Math.pow(2, z));
  return (Math.atan(Math.sinh(mercatorY)) * 180) / Math.PI;
}

/** The geographic extent of a tile range, edges included. */
export function tileRangeBounds(range: TileRange, z: number): LonLatBounds {
  return {
    minLon: tileXToLon(range.minX, z),
    maxLon: tileXToLon(range.maxX + 1, z),
    minLat: tileYToLat(range.maxY + 1, z),
    maxLat: tileYToLat(range.minY, z),
  };
}

/** Smallest extent containing both. */
export function unionBounds(a: LonLatBounds, b: LonLatBounds): LonLatBounds {
  return {
    minLon: Math.min(a.minLon, b.minLon),
    minLat: Math.min(a.minLat, b.minLat),
    maxLon: Math.max(a.maxLon, b.maxLon),
    maxLat: Math.max(a.maxLat, b.maxLat),
  };
}
