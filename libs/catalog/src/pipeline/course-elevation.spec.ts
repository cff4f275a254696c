import type { DemRaster } from '@caddie/geometry';
import { generateDemoCourses } from '../demo';
import { attachGroundElevation } from './course-elevation';

/** A synthetic 1-arc-second DEM: height rises 1 m per 0.001° east. */
function rampRaster(originLon: number, originLat: number, size: number): DemRaster {
  const step = 1 / 3600;
  const values = new Float32Array(size * size);
  for (let r = 0; r < size; r++) for (let c = 0; c < size; c++) values[r * size + c] = ((originLon + c * step) - originLon) * 1000;
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
