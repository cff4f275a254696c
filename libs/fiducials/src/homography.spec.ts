import { canonicalJson } from './canonical-json';
import { applyHomography, fitHomography, invertHomography, type Homography } from './homography';

describe('homography', () => {
  const truth: Homography = [1.3, 0.2, 40, -0.1, 0.9, 25, 0.0004, -0.0002, 1];
  const grid = Array.from({ length: 16 }, (_, i) => ({ x: (i % 4) * 100, y: Math.floor(i / 4) * 80 }));

  it('recovers a projective transform from exact correspondences', () => {
    const h = fitHomography(
      grid,
      grid.map((p) => applyHomography(truth, p)),
    )!;
    for (const p of [
      { x: 17, y: 300 },
      { x: 420, y: -30 },
    ]) {
      const a = applyHomography(h, p);
      const b = applyHomography(truth, p);
      expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeLessThan(1e-6);
    }
    const back = applyHomography(invertHomography(h), applyHomography(h, { x: 5, y: 6 }));
    expect(back.x).toBeCloseTo(5, 8);
    expect(back.y).toBeCloseTo(6, 8);
  });

  it('averages noisy correspondences', () => {
    let seed = 9;
    const jitter = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32 - 0.5) * 0.6;
    const h = fitHomography(
      grid,
      grid.map((p) => applyHomography(truth, p)).map((q) => ({ x: q.x + jitter(), y: q.y + jitter() })),
    )!;
    const a = applyHomography(h, { x: 150, y: 120 });
    const b = applyHomography(truth, { x: 150, y: 120 });
    expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeLessThan(0.3);
  });

  it('refuses too few or collinear points', () => {
    expect(fitHomography(grid.slice(0, 3), grid.slice(0, 3))).toBeUndefined();
    const line = [0, 1, 2, 3, 4].map((i) => ({ x: i * 10, y: i * 5 }));
    expect(fitHomography(line, line)).toBeUndefined();
  });

  it('serializes canonical JSON with sorted keys at every level', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { f: 1, e: 0 }], c: null } })).toBe('{"a":{"c":null,"d":[2,{"e":0,"f":1}]},"b":1}');
  });
});
