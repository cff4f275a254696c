import { destinationPoint, haversineDistance } from './geodesy';
import type { LonLat } from './geometry-types';
import { LocalProjection, bearingVector, planarBearing } from './local-projection';

describe('LocalProjection', () => {
  const origin: LonLat = [-3.17, 55.94];
  const projection = new LocalProjection(origin);

  it('maps the origin to 0,0 and round-trips exactly', () => {
    expect(projection.toMeters(origin)).toEqual([0, 0]);
    const p: LonLat = [-3.1523, 55.9511];
    const back = projection.toLonLat(projection.toMeters(p));
    expect(back[0]).toBeCloseTo(p[0], 12);
    expect(back[1]).toBeCloseTo(p[1], 12);
  });

  it('keeps distances within 0.1 % of great-circle distances across a course-sized area', () => {
    for (const [bearing, distance] of [
      [0, 1500],
      [90, 1500],
      [45, 2000],
      [200, 800],
    ]) {
      const p = destinationPoint(origin, bearing, distance);
      const [x, y] = projection.toMeters(p);
      expect(Math.abs(Math.hypot(x, y) - distance) / distance).toBeLessThan(1e-3);
      const turn = ((planarBearing(x, y) - bearing + 540) % 360) - 180;
      expect(Math.abs(turn)).toBeLessThan(0.1);
    }
    const a = destinationPoint(origin, 300, 900);
    const b = destinationPoint(origin, 120, 900);
    const [ax, ay] = projection.toMeters(a);
    const [bx, by] = projection.toMeters(b);
    expect(Math.abs(Math.hypot(ax - bx, ay - by) - haversineDistance(a, b))).toBeLessThan(1.8);
  });

  it('points east for bearing 90', () => {
    const [x, y] = bearingVector(90);
    expect(x).toBeCloseTo(1, 12);
    expect(y).toBeCloseTo(0, 12);
  });

  it('refuses a polar origin', () => {
    expect(() => new LocalProjection([0, 89.9])).toThrow(expect.objectContaining({ code: 'projection-origin-invalid' }));
  });
});
