import { zipSync } from 'fflate';
import { DemError } from './dem-raster';
import { parseHgtTileName, readHgt, readHgtZip } from './hgt-reader';
import { sampleElevation } from './elevation-sampling';

/** An SRTM3-sized tile whose height encodes its position: row * 2 + col % 7, one void sample. */
function syntheticTile(): Uint8Array {
  const n = 1201;
  const bytes = new Uint8Array(n * n * 2);
  const view = new DataView(bytes.buffer);
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) view.setInt16((row * n + col) * 2, row * 2 + (col % 7) - 100, false);
  }
  view.setInt16((10 * n + 10) * 2, -32768, false);
  return bytes;
}

describe('parseHgtTileName', () => {
  it.each([
    ['N55W004.hgt', 55, -4, 'N55W004'],
    ['/tmp/tiles/s01e036.hgt.zip', -1, 36, 'S01E036'],
    ['N00E000.hgt', 0, 0, 'N00E000'],
  ])('%s -> south %d, west %d', (name, south, west, canonical) => {
    expect(parseHgtTileName(name)).toEqual({ south, west, name: canonical });
  });

  it('rejects names without a tile corner', () => {
    expect(() => parseHgtTileName('elevation.hgt')).toThrow(expect.objectContaining({ code: 'hgt-name-invalid' }));
  });
});

describe('readHgt', () => {
  const tile = readHgt(syntheticTile(), 'S34E151.hgt');

  it('places the north-west sample on the whole-degree corner and decodes big-endian values', () => {
    expect(tile.originLon).toBe(151);
    expect(tile.originLat).toBe(-33);
    expect(tile.source).toBe('srtm3:S34E151');
    expect(tile.values[0]).toBe(-100);
    expect(tile.values[1200 * 1201 + 3]).toBe(1200 * 2 + 3 - 100);
  });

  it('interpolates bilinearly between samples and voids on -32768', () => {
    const lon = 151 + 2.5 / 1200;
    const lat = -33 - 4.25 / 1200;
    // rows 4..5 and cols 2..3: mean over cols = 2.5, rows weighted 0.75/0.25 -> 4.25 * 2
    expect(sampleElevation(tile, lon, lat)).toBeCloseTo(4.25 * 2 + 2.5 - 100, 9);
    expect(sampleElevation(tile, 151 + 10 / 1200, -33 - 10 / 1200)).toBeNull();
    expect(sampleElevation(tile, 151 + 9.5 / 1200, -33 - 10 / 1200)).toBeNull();
    expect(sampleElevation(tile, 151 + 9 / 1200, -33 - 10 / 1200)).toBe(10 * 2 + (9 % 7) - 100);
    expect(sampleElevation(tile, 150.9, -33.5)).toBeNull();
  });

  it('rejects byte lengths that are not SRTM1 or SRTM3', () => {
    expect(() => readHgt(new Uint8Array(1000), 'N55W004.hgt')).toThrow(DemError);
    expect(() => readHgt(new Uint8Array(1000), 'N55W004.hgt')).toThrow(expect.objectContaining({ code: 'hgt-size-invalid' }));
  });
});

describe('readHgtZip', () => {
  it('reads the single .hgt entry and takes the corner from the entry name', () => {
    const zip = zipSync({ 'N10E020.hgt': syntheticTile(), 'README.txt': new Uint8Array([65]) });
    const tile = readHgtZip(zip, 'whatever.zip');
    expect([tile.originLon, tile.originLat, tile.width]).toEqual([20, 11, 1201]);
  });

  it('falls back to the archive name when the entry name has no corner', () => {
    const zip = zipSync({ 'tile.hgt': syntheticTile() });
    expect(readHgtZip(zip, 'N10W020.hgt.zip').originLon).toBe(-20);
  });

  it('rejects archives without exactly one .hgt entry and non-zip bytes', () => {
    expect(() => readHgtZip(zipSync({ 'a.txt': new Uint8Array([1]) }), 'x.zip')).toThrow(expect.objectContaining({ code: 'hgt-zip-invalid' }));
    expect(() => readHgtZip(new Uint8Array([1, 2, 3, 4]), 'x.zip')).toThrow(expect.objectContaining({ code: 'hgt-zip-invalid' }));
  });
});
