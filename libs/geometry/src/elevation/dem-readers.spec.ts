import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { demSample, demSampleBounds, type DemRaster } from './dem-raster';
import { readGeoTiffDem } from './geotiff-reader';
import { readHgtZip } from './hgt-reader';
import { sampleElevation } from './elevation-sampling';
import { resampleToGrid, sampleElevationGrid } from './elevation-grid';
import { required } from '../../../../test/support/requirements';

// geotiff's CommonJS build requires the ESM-only quick-lru, which Jest cannot load before
// Node 24.9; reading from an in-memory buffer never uses the cache, so a Map stands in.
jest.mock('quick-lru', () => ({
  __esModule: true,
  default: class QuickLruStandIn<K, V> extends Map<K, V> {},
}));

const repoRoot = path.resolve(__dirname, '..', '..', '..', '..');
const elevationDir = path.resolve(repoRoot, '..', 'shared', 'data', 'elevation');
const haveData = required(`the shared elevation data (${elevationDir})`, existsSync(elevationDir));
const describeData = haveData ? describe : describe.skip;

function range(raster: DemRaster): { min: number; max: number; voids: number } {
  let min = Infinity;
  let max = -Infinity;
  let voids = 0;
  const values = raster.values;
  for (let i = 0; i < raster.width * raster.height; i++) {
    const v = values[i];
    if (v === raster.noData) voids++;
    else {
      if (v < min) min = v;
      if (v > max) max = v;
    }
  }
  return { min, max, voids };
}

describeData('SRTM and GeoTIFF readers on the Edinburgh tiles', () => {
  let west: DemRaster;
  let east: DemRaster;
  let crop: DemRaster;

  beforeAll(async () => {
    west = readHgtZip(readFileSync(path.join(elevationDir, 'N55W004.hgt.zip')), 'N55W004.hgt.zip');
    east = readHgtZip(readFileSync(path.join(elevationDir, 'N55W003.hgt.zip')), 'N55W003.hgt.zip');
    crop = await readGeoTiffDem(readFileSync(path.join(elevationDir, 'srtm3_edinburgh_crop_N55W004.tif')), 'srtm3_edinburgh_crop_N55W004.tif');
  });

  it('reads both HGT zips as SRTM3 tiles on their whole-degree corners', () => {
    expect([west.width, west.height, east.width, east.height]).toEqual([1201, 1201, 1201, 1201]);
    expect(west.source).toBe('srtm3:N55W004');
    expect(demSampleBounds(west)).toEqual([-4, 55, -3, 56]);
    expect(demSampleBounds(east)).toEqual([-3, 55, -2, 56]);
  });

  it('finds the documented height ranges (-1..839 m and -22..816 m)', () => {
    // SOURCES.md says no voids were seen, but N55W004 holds 13 void (-32768) samples in
    // three short runs (rows 626, 693, 710); they are excluded from the range.
    expect(range(west)).toEqual({ min: -1, max: 839, voids: 13 });
    expect(range(east)).toEqual({ min: -22, max: 816, voids: 0 });
  });

  it('returns null next to the void run at row 626, cols 747..753 of N55W004', () => {
    const lat = 56 - 626 / 1200;
    expect(demSample(west, 626, 747)).toBeNull();
    expect(sampleElevation(west, -4 + 750 / 1200, lat)).toBeNull();
    expect(sampleElevation(west, -4 + 746.5 / 1200, lat)).toBeNull();
    expect(sampleElevation(west, -4 + 746 / 1200, lat)).toBe(demSample(west, 626, 746));
    expect(demSample(west, 626, 746)).not.toBeNull();
  });

  it('reads the GeoTIFF crop size, nodata and extent', () => {
    expect([crop.width, crop.height]).toEqual([336, 132]);
    expect(crop.noData).toBe(-32768);
    const [w, s, e, n] = demSampleBounds(crop);
    // gdal_translate -projwin -3.36 55.99 -3.08 55.88, snapped to the SRTM3 lattice.
    expect(w).toBeGreaterThan(-3.3605);
    expect(w).toBeLessThan(-3.3595);
    expect(n).toBeGreaterThan(55.9895);
    expect(n).toBeLessThan(55.9905);
    expect(e).toBeGreaterThan(-3.081);
    expect(s).toBeGreaterThan(55.88);
    expect(range(crop)).toEqual({ min: 0, max: 483, voids: 0 });
  });

  it('agrees with the HGT tile exactly at every GeoTIFF pixel centre', () => {
    let compared = 0;
    let mismatches = 0;
    for (let row = 0; row < crop.height; row++) {
      for (let col = 0; col < crop.width; col++) {
        const lon = crop.originLon + col * crop.lonStep;
        const lat = crop.originLat - row * crop.latStep;
        if (sampleElevation(west, lon, lat) !== demSample(crop, row, col)) mismatches++;
        compared++;
      }
    }
    expect(compared).toBe(336 * 132);
    expect(mismatches).toBe(0);
  });

  it('agrees with the HGT tile between pixel centres too (same lattice, so bilinear matches)', () => {
    let worst = 0;
    for (let i = 0; i < 500; i++) {
      // A fixed quasi-random walk over the crop, away from its edge samples.
      const lon = -3.355 + ((i * 0.61803) % 1) * 0.27;
      const lat = 55.885 + ((i * 0.41421) % 1) * 0.1;
      const a = sampleElevation(crop, lon, lat);
      const b = sampleElevation(west, lon, lat);
      expect(a).not.toBeNull();
      worst = Math.max(worst, Math.abs((a as number) - (b as number)));
    }
    expect(worst).toBeLessThan(1e-6);
  });

  it("puts Arthur's Seat well above the surrounding city", () => {
    const summit = sampleElevation([west, east], -3.1618, 55.9441) as number;
    const newTown = sampleElevation([west, east], -3.195, 55.955) as number;
    expect(summit).toBeGreaterThan(150);
    expect(summit).toBeLessThan(260);
    expect(newTown).toBeLessThan(100);
  });

  it('samples across the shared edge of the two tiles and returns null outside both', () => {
    const onEdge = sampleElevation([west, east], -3, 55.95);
    expect(onEdge).not.toBeNull();
    expect(sampleElevation(west, -3, 55.95)).toBe(sampleElevation(east, -3, 55.95));
    expect(sampleElevation([west, east], -2.5, 55.5)).toBe(sampleElevation(east, -2.5, 55.5));
    expect(sampleElevation([west, east], -1.5, 55.5)).toBeNull();
    expect(sampleElevation([west, east], -3.5, 56.5)).toBeNull();
  });

  it('resamples a course-sized bbox to a north-up grid that matches direct sampling', () => {
    const bbox: [number, number, number, number] = [-3.175, 55.935, -3.15, 55.95];
    const grid = resampleToGrid([west, east], bbox, 30, 'srtm3');
    expect(grid.width).toBeGreaterThan(40);
    expect(grid.height).toBeGreaterThan(50);
    expect(grid.west).toBeLessThanOrEqual(bbox[0]);
    expect(grid.north).toBeGreaterThanOrEqual(bbox[3]);
    expect(grid.values.every((v) => v !== null)).toBe(true);
    const lon = grid.west + (3.5 * (grid.east - grid.west)) / grid.width;
    const latNorth = grid.north - (0.5 * (grid.north - grid.south)) / grid.height;
    expect(grid.values[3]).toBeCloseTo(sampleElevation(west, lon, latNorth) as number, 1);
    const summitGrid = sampleElevationGrid(grid, -3.1618, 55.9441) as number;
    expect(Math.abs(summitGrid - (sampleElevation(west, -3.1618, 55.9441) as number))).toBeLessThan(15);
  });
});

describe('readGeoTiffDem input checks', () => {
  it('rejects bytes that are not a TIFF with a typed error', async () => {
    await expect(readGeoTiffDem(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]), 'junk.tif')).rejects.toMatchObject({
      name: 'DemError',
      code: 'geotiff-invalid',
    });
  });
});
