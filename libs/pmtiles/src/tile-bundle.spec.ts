import { decodeTileBundle, encodeTileBundle, InvalidTileBundleError } from './tile-bundle';

describe('tile bundles', () => {
  const tiles = [
    { z: 20, x: 1_048_575, y: 7, bytes: Uint8Array.from([1, 2, 3]) },
    { z: 0, x: 0, y: 0, bytes: Uint8Array.from([9]) },
    { z: 15, x: 16_384, y: 12_000, bytes: new Uint8Array(70_000).fill(5) },
  ];

  it('round-trips tiles, coordinates and bytes in order', () => {
    const decoded = decodeTileBundle(encodeTileBundle(tiles));
    expect(decoded.map(({ z, x, y }) => [z, x, y])).toEqual(tiles.map(({ z, x, y }) => [z, x, y]));
    decoded.forEach((t, i) => expect(Buffer.from(t.bytes).equals(Buffer.from(tiles[i].bytes))).toBe(true));
    expect(decodeTileBundle(encodeTileBundle([]))).toEqual([]);
  });

  it('refuses what is not a whole bundle', () => {
    const bundle = encodeTileBundle(tiles);
    expect(() => decodeTileBundle(Buffer.from('nope'))).toThrow(InvalidTileBundleError);
    expect(() => decodeTileBundle(bundle.subarray(0, bundle.length - 1))).toThrow(/runs past the end/);
    expect(() => decodeTileBundle(Buffer.concat([bundle, Buffer.from([0])]))).toThrow(/1 bytes follow/);
    expect(() => decodeTileBundle(bundle.subarray(0, 10))).toThrow(/needs more than/);
  });
});
