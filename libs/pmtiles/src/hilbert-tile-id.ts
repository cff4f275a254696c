import { InvalidTileCoordinateError } from './pmtiles-errors';

/**
 * Deepest zoom whose tile ids stay below Number.MAX_SAFE_INTEGER: the ids up to z26 sum to about
 * 6e15 < 2^53, so plain numbers are exact and no bigint is needed. Bit operators are avoided on
 * ids and Hilbert distances, which exceed 32 bits from z16 on.
 */
export const MAX_TILE_ZOOM = 26;

/** Number of tile ids used by all zooms below z: 4^0 + 4^1 + … + 4^(z-1) = (4^z - 1) / 3. */
function firstTileIdAtZoom(z: number): number {
  return (Math.pow(4, z) - 1) / 3;
}

const LAST_TILE_ID = firstTileIdAtZoom(MAX_TILE_ZOOM + 1) - 1;

function checkCoordinate(z: number, x: number, y: number): void {
  if (!Number.isInteger(z) || z < 0 || z > MAX_TILE_ZOOM) {
    throw new InvalidTileCoordinateError(`zoom ${z} is not an integer in 0..${MAX_TILE_ZOOM}`);
  }
  const side = Math.pow(2, z);
  if (!Number.isInteger(x) || !Number.isInteger(y) || x < 0 || y < 0 || x >= side || y >= side) {
    throw new InvalidTileCoordinateError(`tile ${z}/${x}/${y} is outside the ${side}x${side} grid of zoom ${z}`);
  }
}

/**
 * PMTiles v3 tile id: all tiles of lower zooms come first, then the tile's distance along the
 * Hilbert curve that fills the 2^z x 2^z grid, starting at (0,0) and ending at (2^z - 1, 0).
 */
export function zxyToTileId(z: number, x: number, y: number): number {
  checkCoordinate(z, x, y);
  let distance = 0;
  // x and y stay below 2^26, so bit operators on them are safe.
  for (let half = Math.pow(2, z - 1); half >= 1; half /= 2) {
    const right = (x & half) !== 0 ? 1 : 0;
    const upper = (y & half) !== 0 ? 1 : 0;
    distance += half * half * ((3 * right) ^ upper);
    // Map the quadrant back onto the curve's base orientation for the next finer level.
    x &= half - 1;
    y &= half - 1;
    if (upper === 0) {
      if (right === 1) {
        x = half - 1 - x;
        y = half - 1 - y;
      }
      const swap = x;
      x = y;
      y = swap;
    }
  }
  return firstTileIdAtZoom(z) + distance;
}

/** Inverse of zxyToTileId: returns [z, x, y]. */
export function tileIdToZxy(tileId: number): [number, number, number] {
  if (!Number.isSafeInteger(tileId) || tileId < 0 || tileId > LAST_TILE_ID) {
    throw new InvalidTileCoordinateError(`tile id ${tileId} is not an integer in 0..${LAST_TILE_ID}`);
  }
  let z = 0;
  let first = 0;
  while (tileId >= first + Math.pow(4, z)) {
    first += Math.pow(4, z);
    z += 1;
  }
  let remaining = tileId - first;
  let x = 0;
  let y = 0;
  for (let size = 1; size < Math.pow(2, z); size *= 2) {
    const quadrant = remaining % 4;
    const right = (quadrant >> 1) & 1;
    const upper = (quadrant ^ right) & 1;
    if (upper === 0) {
      if (right === 1) {
        x = size - 1 - x;
        y = size - 1 - y;
      }
      const swap = x;
      x = y;
      y = swap;
    }
    x += size * right;
    y += size * upper;
    remaining = Math.floor(remaining / 4);
  }
  return [z, x, y];
}
