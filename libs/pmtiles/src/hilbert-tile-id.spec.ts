import * as reference from 'pmtiles';
import { MAX_TILE_ZOOM, tileIdToZxy, zxyToTileId } from './hilbert-tile-id';
import { InvalidTileCoordinateError } from './pmtiles-errors';
import { SeededRandom } from './testing/seeded-random';

describe('zxyToTileId', () => {
  it('numbers z0 as 0 and z1 along the Hilbert curve as 1..4', () => {
    expect(zxyToTileId(0, 0, 0)).toBe(0);
    expect(zxyToTileId(1, 0, 0)).toBe(1);
    expect(zxyToTileId(1, 0, 1)).toBe(2);
    expect(zxyToTileId(1, 1, 1)).toBe(3);
    expect(zxyToTileId(1, 1, 0)).toBe(4);
  });

  it('starts each zoom after all tiles of lower zooms', () => {
    expect(zxyToTileId(2, 0, 0)).toBe(5);
    expect(zxyToTileId(3, 0, 0)).toBe(21);
    // Sum of 4^k for k < 22.
    expect(zxyToTileId(22, 0, 0)).toBe((4 ** 22 - 1) / 3);
  });

  it('matches the example published with the v3 design (8/40/87 is 36052)', () => {
    expect(zxyToTileId(8, 40, 87)).toBe(36052);
  });

  it('ends each zoom at the north-east corner (x = 2^z - 1, y = 0)', () => {
    for (const z of [1, 5, 16, 22, MAX_TILE_ZOOM]) {
      expect(zxyToTileId(z, 2 ** z - 1, 0)).toBe((4 ** (z + 1) - 1) / 3 - 1);
    }
  });

  it('agrees with the reference implementation at random tiles up to z22', () => {
    const random = new SeededRandom(2203);
    for (let trial = 0; trial < 2000; trial += 1) {
      const z = random.int(0, 22);
      const x = random.int(0, 2 ** z - 1);
      const y = random.int(0, 2 ** z - 1);
      expect(zxyToTileId(z, x, y)).toBe(reference.zxyToTileId(z, x, y));
    }
  });

  it('gives every tile of a zoom a distinct id inside that zoom', () => {
    const ids = new Set<number>();
    for (let x = 0; x < 16; x += 1) for (let y = 0; y < 16; y += 1) ids.add(zxyToTileId(4, x, y));
    expect(ids.size).toBe(256);
    expect(Math.min(...ids)).toBe(85);
    expect(Math.max(...ids)).toBe(85 + 255);
  });

  it.each([
    [-1, 0, 0],
    [MAX_TILE_ZOOM + 1, 0, 0],
    [1.5, 0, 0],
    [3, 8, 0],
    [3, 0, -1],
    [3, 0.5, 0],
    [22, 2 ** 22, 0],
  ])('rejects %p/%p/%p', (z, x, y) => {
    expect(() => zxyToTileId(z, x, y)).toThrow(InvalidTileCoordinateError);
  });
});

describe('tileIdToZxy', () => {
  it('inverts the known values', () => {
    expect(tileIdToZxy(0)).toEqual([0, 0, 0]);
    expect(tileIdToZxy(2)).toEqual([1, 0, 1]);
    expect(tileIdToZxy(4)).toEqual([1, 1, 0]);
    expect(tileIdToZxy(36052)).toEqual([8, 40, 87]);
  });

  it('round-trips random tiles at every zoom up to the maximum', () => {
    const random = new SeededRandom(77);
    for (let trial = 0; trial < 3000; trial += 1) {
      const z = trial % (MAX_TILE_ZOOM + 1);
      const x = random.int(0, 2 ** z - 1);
      const y = random.int(0, 2 ** z - 1);
      const id = zxyToTileId(z, x, y);
      expect(tileIdToZxy(id)).toEqual([z, x, y]);
    }
  });

  it('round-trips ids beyond 2^32 (z22 and deeper)', () => {
    const random = new SeededRandom(5);
    for (let trial = 0; trial < 500; trial += 1) {
      const id = (4 ** 22 - 1) / 3 + random.int(0, 2 ** 31) * random.int(1, 2 ** 13);
      expect(id).toBeGreaterThan(2 ** 32);
      expect(zxyToTileId(...tileIdToZxy(id))).toBe(id);
      expect(tileIdToZxy(id)).toEqual(reference.tileIdToZxy(id));
    }
  });

  it.each([-1, 0.5, Number.MAX_SAFE_INTEGER, (4 ** (MAX_TILE_ZOOM + 1) - 1) / 3])('rejects id %p', (id) => {
    expect(() => tileIdToZxy(id)).toThrow(InvalidTileCoordinateError);
  });
});
