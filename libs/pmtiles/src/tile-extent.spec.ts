import { tileRangeBounds, unionBounds } from './tile-extent';

// Latitude where Web Mercator's square world ends: atan(sinh(pi)).
const MERCATOR_LIMIT = 85.0511287798066;

describe('tile extent', () => {
  it('spans the Web Mercator world at z0', () => {
    expect(tileRangeBounds({ minX: 0, maxX: 0, minY: 0, maxY: 0 }, 0)).toEqual({
      minLon: -180,
      maxLon: 180,
      minLat: expect.closeTo(-MERCATOR_LIMIT, 10),
      maxLat: expect.closeTo(MERCATOR_LIMIT, 10),
    });
  });

  it('puts z1 tile 1/1 in the south-east quarter (y grows southwards)', () => {
    const bounds = tileRangeBounds({ minX: 1, maxX: 1, minY: 1, maxY: 1 }, 1);
    expect(bounds.minLon).toBe(0);
    expect(bounds.maxLon).toBe(180);
    expect(bounds.maxLat).toBeCloseTo(0, 12);
    expect(bounds.minLat).toBeCloseTo(-MERCATOR_LIMIT, 10);
  });

  it('agrees with the forward lon/lat to tile formula over St Andrews', () => {
    const lon = -2.8025;
    const lat = 56.3429;
    const z = 16;
    const latRad = (lat * Math.PI) / 180;
    const x = Math.floor(((lon + 180) / 360) * 2 ** z);
    const y = Math.floor(((1 - Math.log(Math.tan(latRad) + 1 / Math.cos(latRad)) / Math.PI) / 2) * 2 ** z);
    const bounds = tileRangeBounds({ minX: x, maxX: x, minY: y, maxY: y }, z);
    expect(bounds.minLon).toBeLessThanOrEqual(lon);
    expect(bounds.maxLon).toBeGreaterThan(lon);
    expect(bounds.minLat).toBeLessThan(lat);
    expect(bounds.maxLat).toBeGreaterThanOrEqual(lat);
    // A z16 tile is 360 / 65536 degrees wide.
    expect(bounds.maxLon - bounds.minLon).toBeCloseTo(360 / 2 ** 16, 12);
  });

  it('unites extents', () => {
    const a = { minLon: 0, minLat: 1, maxLon: 2, maxLat: 3 };
    const b = { minLon: -1, minLat: 2, maxLon: 1, maxLat: 4 };
    expect(unionBounds(a, b)).toEqual({ minLon: -1, minLat: 1, maxLon: 2, maxLat: 4 });
  });
});
