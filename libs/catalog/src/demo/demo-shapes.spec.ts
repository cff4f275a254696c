import { filletedPath, irregularOval, rectangleRing, ribbonRing } from './demo-shapes';
import { distance, signedArea } from './planar';
import { SeededRandom } from './seeded-random';

describe('SeededRandom', () => {
  it('repeats a sequence for a seed and differs between seeds', () => {
    const a = new SeededRandom('pine');
    const b = new SeededRandom('pine');
    const c = new SeededRandom('cedar');
    const seqA = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 5 }, () => c.next())).not.toEqual(seqA);
    const r = new SeededRandom('range');
    const values = Array.from({ length: 1000 }, () => r.range(3, 4));
    const ints = new Set(Array.from({ length: 1000 }, () => r.int(1, 3)));
    expect(values.every((v) => v >= 3 && v < 4)).toBe(true);
    expect([...ints].sort()).toEqual([1, 2, 3]);
  });
});

describe('demo shapes', () => {
  it('builds irregular ovals of an exact area, counter-clockwise and closed', () => {
    const ring = irregularOval({ center: [10, 20], bearing: 30, depth: 32, width: 24, irregularity: 0.07, area: 640 }, new SeededRandom('g'));
    expect(ring[0]).toEqual(ring[ring.length - 1]);
    expect(signedArea(ring.slice(0, -1))).toBeCloseTo(640, 6);
    const radii = ring.map((p) => distance(p, [10, 20]));
    expect(Math.min(...radii)).toBeGreaterThan(9);
    expect(Math.max(...radii)).toBeLessThan(20);
  });

  it('builds rectangles of the requested size', () => {
    const ring = rectangleRing([0, 0], 45, 14, 9);
    expect(signedArea(ring.slice(0, -1))).toBeCloseTo(126, 9);
    expect(distance(ring[0], ring[1])).toBeCloseTo(9, 9);
  });

  it('rounds a dogleg so the ribbon around it keeps a positive area and smooth tangents', () => {
    const path = filletedPath(
      [
        [0, 0],
        [0, 250],
        [150, 400],
      ],
      110,
      4,
    );
    expect(path[0].along).toBe(0);
    for (let i = 1; i < path.length; i++) {
      const turn = Math.acos(Math.min(1, path[i].tangent[0] * path[i - 1].tangent[0] + path[i].tangent[1] * path[i - 1].tangent[1]));
      expect(turn).toBeLessThan(0.1);
    }
    const ring = ribbonRing(path, 120, 300, () => 18);
    // A 36 m ribbon over 180 m of path plus two half-round caps of radius 18 m.
    const expected = 36 * 180 + Math.PI * 18 * 18;
    expect(signedArea(ring.slice(0, -1)) / expected).toBeGreaterThan(0.97);
    expect(signedArea(ring.slice(0, -1)) / expected).toBeLessThan(1.03);
  });
});
