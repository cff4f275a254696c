import { METERS_PER_YARD } from '@caddie/geometry';
import { axisAlong, axisX, layOutDistanceAxis, PROFILE_BREAK_MIN_YARDS } from './profile-distance-axis';
import { fitVerticalScale, verticalY } from './profile-vertical-scale';

describe('layOutDistanceAxis', () => {
  it('keeps profiles under 300 yards continuous across the plot', () => {
    const length = 299 * METERS_PER_YARD;
    const axis = layOutDistanceAxis(length, 20, 1580, 80);
    expect(axis.break).toBeNull();
    expect(axisX(axis, 0)).toBe(20);
    expect(axisX(axis, length)).toBeCloseTo(1580, 6);
  });

  it('omits a middle stretch of long profiles behind a blank band at one scale', () => {
    const length = (PROFILE_BREAK_MIN_YARDS + 262) * METERS_PER_YARD;
    const axis = layOutDistanceAxis(length, 20, 1580, 80);
    const b = axis.break!;
    expect(b.rightPixels - b.leftPixels).toBeCloseTo(80, 6);
    expect(b.startMeters).toBeGreaterThan(0);
    expect(b.endMeters).toBeLessThan(length);
    expect(axisX(axis, (b.startMeters + b.endMeters) / 2)).toBeNull();
    expect(axisX(axis, length)).toBeCloseTo(1580, 6);
    // one scale on both sides of the band
    const left = (axisX(axis, b.startMeters)! - axisX(axis, 0)!) / b.startMeters;
    const right = (axisX(axis, length)! - axisX(axis, b.endMeters)!) / (length - b.endMeters);
    expect(left).toBeCloseTo(right, 9);
    for (const along of [0, 50, b.startMeters, b.endMeters, b.endMeters + 30, length]) {
      expect(axisAlong(axis, axisX(axis, along)!)).toBeCloseTo(along, 6);
    }
  });
});

describe('fitVerticalScale', () => {
  it('picks a nice exaggeration whose relief fits the band, centred', () => {
    const scale = fitVerticalScale(-10, 10, 4, 100, 500);
    expect([1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25]).toContain(scale.verticalExaggeration);
    const top = verticalY(scale, 10);
    const bottom = verticalY(scale, -10);
    expect(bottom - top).toBeLessThanOrEqual(0.8 * 400 + 1e-9);
    expect(top - 100).toBeCloseTo(500 - bottom, 6);
  });

  it('caps the exaggeration of flat ground', () => {
    expect(fitVerticalScale(0, 0.5, 4, 100, 500).verticalExaggeration).toBe(25);
  });
});
