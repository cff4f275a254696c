import { generateDemoCourses, type Course } from '@caddie/catalog';
import { LocalProjection, yardsToMeters } from '@caddie/geometry';
import { classicHoleShapes, envelopeSupport, landingScale } from './perimeter-shapes';
import { firstRadialIntersection } from './radial-centerline';

let pine: Course;
beforeAll(() => {
  pine = generateDemoCourses()[0];
});

describe('radial intersections', () => {
  it('finds the first point of a line at a true radius from the reference', () => {
    // an L-shaped line: 100 m east then 100 m north
    const line: [number, number][] = [
      [0, 0],
      [100, 0],
      [100, 100],
    ];
    expect(firstRadialIntersection(line, [0, 0], 50)).toEqual([50, 0]);
    const p = firstRadialIntersection(line, [0, 0], 120)!;
    expect(Math.hypot(p[0], p[1])).toBeCloseTo(120, 9);
    expect(p[0]).toBe(100);
    expect(firstRadialIntersection(line, [0, 0], 200)).toBeNull();
  });
});

describe('Classic perimeter (rule 10)', () => {
  it('has the centerline buffer, landing circles at true radii omitted near the green, and the dogleg circle', () => {
    const hole = pine.holes.find((h) => h.number === 1)!;
    const projection = new LocalProjection(hole.centerline[0]);
    const shapes = classicHoleShapes(pine, hole, projection);
    const line = shapes.find((s) => s.kind === 'line')!;
    expect(line.radius).toBeCloseTo(yardsToMeters(21.6), 9);
    const green = projection.toMeters(hole.greenCenter!);
    const tee = projection.toMeters(hole.tees.reduce((a, b) => ((b.yards ?? 0) > (a.yards ?? 0) ? b : a)).center);
    const landing = shapes.filter((s) => s.kind === 'circle' && [60, 50, 40, 35].some((y) => Math.abs(s.radius - yardsToMeters(y)) < 1e-9));
    for (const c of landing) {
      if (c.kind !== 'circle') continue;
      const fromTee = Math.hypot(c.center[0] - tee[0], c.center[1] - tee[1]);
      const fromGreen = Math.hypot(c.center[0] - green[0], c.center[1] - green[1]);
      // a forward circle sits at one of the true radial distances and at least 150 yards from the green
      const forward = [350, 300, 250, 200, 150, 100].some((y) => Math.abs(fromTee - yardsToMeters(y)) < 1e-6);
      if (forward) expect(fromGreen).toBeGreaterThanOrEqual(yardsToMeters(150) - 1e-6);
    }
    expect(shapes.some((s) => s.kind === 'circle' && Math.abs(s.radius - yardsToMeters(50)) < 1e-9 && hole.dogleg !== null)).toBe(true);
  });

  it('wide variants enlarge only the landing circles', () => {
    expect([landingScale('classic'), landingScale('classic-wide'), landingScale('classic-wider'), landingScale('classic-widest')]).toEqual([1, 1.1, 1.2, 1.3]);
    // A two-shot hole: par 3s have no landing circles.
    const hole = pine.holes.find((h) => h.number > 1 && h.par !== 3)!;
    const projection = new LocalProjection(hole.centerline[0]);
    const base = classicHoleShapes(pine, hole, projection, 1);
    const wide = classicHoleShapes(pine, hole, projection, 1.3);
    expect(wide.length).toBe(base.length);
    const changed = wide.filter((s, i) => s.radius !== base[i].radius);
    expect(changed.length).toBeGreaterThan(0);
    for (const s of changed) expect([60, 50, 40, 35].map((y) => yardsToMeters(y) * 1.3).some((r) => Math.abs(r - s.radius) < 1e-9)).toBe(true);
    expect(envelopeSupport(wide, [1, 0])).toBeGreaterThanOrEqual(envelopeSupport(base, [1, 0]));
  });
});
