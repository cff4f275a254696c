import { destinationPoint, haversineDistance } from './geodesy';
import type { LonLat } from './geometry-types';
import { bearingAlongPolyline, interpolateAlongPolyline, nearestPointOnPolyline, polylineLength } from './polyline';

describe('polyline', () => {
  const tee: LonLat = [-79.17, 35.45];
  const corner = destinationPoint(tee, 0, 250);
  const green = destinationPoint(corner, 90, 150);
  const hole = [tee, corner, green];

  it('sums segment lengths', () => {
    expect(polylineLength(hole)).toBeCloseTo(400, 6);
    expect(polylineLength([tee])).toBe(0);
  });

  it('interpolates by distance along the line and clamps at the ends', () => {
    const mid = interpolateAlongPolyline(hole, 100);
    expect(haversineDistance(tee, mid.point)).toBeCloseTo(100, 2);
    expect(mid.segmentIndex).toBe(0);
    const second = interpolateAlongPolyline(hole, 300);
    expect(second.segmentIndex).toBe(1);
    expect(haversineDistance(corner, second.point)).toBeCloseTo(50, 2);
    expect(interpolateAlongPolyline(hole, -5).point).toEqual(tee);
    expect(interpolateAlongPolyline(hole, 1e6).point).toEqual(green);
    expect(bearingAlongPolyline(hole, 100)).toBeCloseTo(0, 6);
    expect(bearingAlongPolyline(hole, 300)).toBeCloseTo(90, 1);
  });

  it('finds the nearest point with its along distance', () => {
    const beside = destinationPoint(interpolateAlongPolyline(hole, 320).point, 0, 30);
    const nearest = nearestPointOnPolyline(hole, beside);
    expect(nearest.alongMeters).toBeCloseTo(320, 0);
    expect(nearest.distanceMeters).toBeCloseTo(30, 0);
    expect(nearest.segmentIndex).toBe(1);
    const behindTee = destinationPoint(tee, 180, 20);
    expect(nearestPointOnPolyline(hole, behindTee).alongMeters).toBe(0);
  });

  it('rejects a single point', () => {
    expect(() => interpolateAlongPolyline([tee], 1)).toThrow(expect.objectContaining({ code: 'polyline-too-short' }));
  });
});
