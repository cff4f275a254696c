import { destinationPoint, haversineDistance, initialBearing, normalizeLongitude } from './geodesy';
import type { LonLat } from './geometry-types';
import { metersToYards, yardsToMeters, METERS_PER_YARD, metersToFeet } from './units';

describe('units', () => {
  it('uses the international yard and foot', () => {
    expect(yardsToMeters(100)).toBeCloseTo(91.44, 10);
    expect(metersToYards(METERS_PER_YARD * 250)).toBeCloseTo(250, 10);
    expect(metersToFeet(0.9144)).toBeCloseTo(3, 10);
  });
});

describe('geodesy', () => {
  it('measures one degree of latitude as about 111.2 km', () => {
    expect(haversineDistance([0, 0], [0, 1])).toBeCloseTo(111_195, -1);
  });

  it('measures London to Paris as about 343.5 km', () => {
    const london: LonLat = [-0.1278, 51.5074];
    const paris: LonLat = [2.3522, 48.8566];
    expect(haversineDistance(london, paris) / 1000).toBeCloseTo(343.5, 0);
    expect(initialBearing(london, paris)).toBeCloseTo(148.1, 0);
  });

  it('gives cardinal bearings', () => {
    expect(initialBearing([0, 0], [0, 1])).toBeCloseTo(0, 9);
    expect(initialBearing([0, 0], [1, 0])).toBeCloseTo(90, 9);
    expect(initialBearing([0, 1], [0, 0])).toBeCloseTo(180, 9);
    expect(initialBearing([1, 0], [0, 0])).toBeCloseTo(270, 9);
  });

  it('round-trips destination point with distance and bearing', () => {
    const origin: LonLat = [-79.17, 35.45];
    for (const bearing of [0, 37, 90, 181, 300]) {
      const to = destinationPoint(origin, bearing, 412.3);
      expect(haversineDistance(origin, to)).toBeCloseTo(412.3, 6);
      expect(initialBearing(origin, to)).toBeCloseTo(bearing, 6);
    }
  });

  it('wraps longitudes across the antimeridian', () => {
    expect(normalizeLongitude(190)).toBeCloseTo(-170, 9);
    expect(destinationPoint([179.9999, 0], 90, 100)[0]).toBeLessThan(-179.99);
  });
});
