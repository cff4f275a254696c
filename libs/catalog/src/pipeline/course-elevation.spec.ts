import type { DemRaster } from '@caddie/geometry';
import { generateDemoCourses } from '../demo';
import { attachGroundElevation, keepStoredGroundElevation } from './course-elevation';

/** A synthetic 1-arc-second DEM: height rises 1 m per 0.001° east. */
function rampRaster(originLon: number, originLat: number, size: number): DemRaster {
  const step = 1 / 3600;
  const values = new Float32Array(size * size);
  for (let r = 0; r < size; r++) for (let c = 0; c < size; c++) values[r * size + c] = (originLon + c * step - originLon) * 1000;
  return { width: size, height: size, originLon, originLat, lonStep: step, latStep: step, values, noData: null, source: 'srtm1:test' };
}

describe('attachGroundElevation', () => {
  const [course] = generateDemoCourses();
  const stripped = { ...course, elevation: { ground: null, greens: {}, trees: null } };

  it('samples a ground grid over the course from covering rasters, with provenance', () => {
    const lon = course.location.longitude!;
    const lat = course.location.latitude!;
    const raster = rampRaster(lon - 0.05, lat + 0.05, 360);
    const withGround = attachGroundElevation(stripped, [raster]);
    const grid = withGround.elevation.ground!;
    expect(grid).not.toBeNull();
    expect(grid.source).toBe('srtm1:test');
    expect(grid.resolutionMeters).toBeGreaterThan(20);
    expect(grid.resolutionMeters).toBeLessThan(32);
    // the ramp: heights grow eastward across the grid
    const row = Math.floor(grid.height / 2);
    expect(grid.values[row * grid.width + grid.width - 1]!).toBeGreaterThan(grid.values[row * grid.width]!);
    expect(withGround.provenance.sources.map((s) => s.kind)).toContain('srtm');
  });

  it('leaves a course the rasters do not cover unchanged', () => {
    const far = rampRaster(10, 50, 100);
    expect(attachGroundElevation(stripped, [far])).toBe(stripped);
  });
});

describe('keepStoredGroundElevation', () => {
  const [course] = generateDemoCourses();
  const stripped = {
    ...course,
    elevation: { ground: null, greens: {}, trees: null },
    provenance: { ...course.provenance, sources: course.provenance.sources.filter((s) => s.kind !== 'srtm'), missing: ['no elevation data'] },
  };
  const raster = rampRaster(course.location.longitude! - 0.05, course.location.latitude! + 0.05, 360);
  const stored = attachGroundElevation(stripped, [raster]);

  it('keeps the stored ground model and its sources for a re-import without elevation', () => {
    const kept = keepStoredGroundElevation(stripped, stored)!;
    expect(kept.elevation.ground).toBe(stored.elevation.ground);
    expect(kept.provenance.sources.filter((s) => s.kind === 'srtm')).toHaveLength(1);
    expect(kept.provenance.missing).toEqual([]);
    expect(kept).toEqual(stored);
  });

  it('keeps nothing when the import has its own ground, the stored course had none, or the grid no longer covers the course', () => {
    expect(keepStoredGroundElevation(stored, stored)).toBeNull();
    expect(keepStoredGroundElevation(stripped, stripped)).toBeNull();
    const shift = (c: number[]) => [c[0] + 0.2, c[1]];
    const moved = {
      ...stripped,
      features: stripped.features.map((f) => ({
        ...f,
        geometry: {
          ...f.geometry,
          coordinates: JSON.parse(JSON.stringify(f.geometry.coordinates), (_k, v) => (Array.isArray(v) && typeof v[0] === 'number' ? shift(v) : v)),
        },
      })),
    } as typeof stripped;
    expect(keepStoredGroundElevation(moved, stored)).toBeNull();
  });

  it('replaces, not repeats, the elevation sources when a DEM is attached again', () => {
    expect(attachGroundElevation(stored, [raster]).provenance.sources.filter((s) => s.kind === 'srtm')).toHaveLength(1);
  });
});
