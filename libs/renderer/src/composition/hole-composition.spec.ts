import { generateDemoCourses, type Course } from '@caddie/catalog';
import { parseGraphicsQuery } from '@caddie/styles';
import { composeCourse } from './course-composition';
import { composeGreen } from './green-composition';
import { composeHole, holeFrameSettings, requireHole } from './hole-composition';
import { similarityThrough, type AffineMatrix } from './view-transform';
import { flagPoint, teePoint } from './course-geometry';

let pine: Course;
const ctx = (c: Course) => ({ classification: c.classification, country: c.location.country, region: c.location.region });
const request = (subject: string, query: Record<string, string>) => parseGraphicsQuery(subject, 'png', query, ctx(pine));

beforeAll(() => {
  pine = generateDemoCourses()[0];
});

/** A uniform, unstretched map: equal axis scales, orthogonal axes. */
function expectUniform(m: AffineMatrix): void {
  const [a, b, c, d] = m;
  expect(Math.hypot(a, b)).toBeCloseTo(Math.hypot(c, d), 9);
  expect(a * c + b * d).toBeCloseTo(0, 9);
}

describe('similarityThrough', () => {
  it('maps both source points exactly onto their targets', () => {
    const m = similarityThrough(
      [
        [10, -20],
        [130, 240],
      ],
      [
        [50, 900],
        [300, 80],
      ],
    );
    const apply = ([x, y]: [number, number]) => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
    expect(apply([10, -20])[0]).toBeCloseTo(50, 9);
    expect(apply([10, -20])[1]).toBeCloseTo(900, 9);
    expect(apply([130, 240])[0]).toBeCloseTo(300, 9);
    expect(apply([130, 240])[1]).toBeCloseTo(80, 9);
    expectUniform(m);
  });
});

describe('hole composition', () => {
  it.each([[1], [5], [7], [12]])('portrait hole %i: tee below flag, uniform scale, envelope inside the 5%% padding touching a band', (n) => {
    const req = request(`hole-${n}`, { width: '720', height: '1200' });
    const hole = requireHole(pine, n);
    const c = composeHole(pine, hole, holeFrameSettings(req), 'classic');
    expectUniform(c.transform.matrix);
    const tee = c.transform.project(teePoint(hole));
    const flag = c.transform.project(flagPoint(hole));
    expect(tee[1]).toBeGreaterThan(flag[1]);
    // middle anchors put both ends on the vertical centre line
    expect(tee[0]).toBeCloseTo(360, 6);
    expect(flag[0]).toBeCloseTo(360, 6);
    const b = c.contentBounds;
    const tolerance = 0.02;
    expect(b.x).toBeGreaterThanOrEqual(36 - tolerance);
    expect(b.y).toBeGreaterThanOrEqual(60 - tolerance);
    expect(b.x + b.width).toBeLessThanOrEqual(684 + tolerance);
    expect(b.y + b.height).toBeLessThanOrEqual(1140 + tolerance);
    const touches = [b.x - 36, b.y - 60, 684 - (b.x + b.width), 1140 - (b.y + b.height)].some((gap) => Math.abs(gap) < 0.05);
    expect(touches).toBe(true);
    expect(c.overflow.clipped).toBe(false);
  });

  it('keeps the requested aspect ratio for any output size', () => {
    for (const [w, h] of [
      [400, 667],
      [1440, 2400],
      [320, 8000],
    ]) {
      const req = request('hole-3', { width: String(w), height: String(h) });
      const c = composeHole(pine, requireHole(pine, 3), holeFrameSettings(req), 'classic');
      expectUniform(c.transform.matrix);
      expect(c.contentBounds.width).toBeLessThanOrEqual(w);
      expect(c.contentBounds.height).toBeLessThanOrEqual(h);
    }
  });

  it('landscape with teeSide left runs play left to right; right mirrors it', () => {
    const hole = requireHole(pine, 4);
    for (const side of ['left', 'right']) {
      const req = request('hole-4', { layout: 'landscape', teeSide: side, width: '1200', height: '720' });
      const c = composeHole(pine, hole, holeFrameSettings(req), 'classic');
      const tee = c.transform.project(teePoint(hole));
      const flag = c.transform.project(flagPoint(hole));
      if (side === 'left') expect(flag[0]).toBeGreaterThan(tee[0]);
      else expect(flag[0]).toBeLessThan(tee[0]);
      expect(tee[1]).toBeCloseTo(360, 6);
    }
  });

  it('anchors left/right place the ends at 25% and 75% of the width', () => {
    const hole = requireHole(pine, 2);
    const req = request('hole-2', { flagAnchor: 'right', teeAnchor: 'left', width: '800', height: '1200', padding: '0' });
    const c = composeHole(pine, hole, holeFrameSettings(req), 'none');
    const tee = c.transform.project(teePoint(hole));
    const flag = c.transform.project(flagPoint(hole));
    expect(flag[0]).toBeGreaterThan(tee[0]);
    // the ends sit on the line between the two anchor targets (before any preset shrink, x spread is 25%..75%)
    expect(flag[0] - tee[0]).toBeLessThanOrEqual(400 + 1e-6);
  });

  it('exact mode lands the content edges on the requested pixels and records clipping', () => {
    const hole = requireHole(pine, 6);
    const req = request('hole-6', { width: '600', height: '1000', flagX: '50', flagY: '10', teeX: '50', teeY: '90' });
    expect(req.composition?.mode).toBe('exact');
    const c = composeHole(pine, hole, holeFrameSettings(req), 'classic');
    expect(c.contentBounds.y).toBeCloseTo(100, 1);
    expect(c.contentBounds.y + c.contentBounds.height).toBeCloseTo(900, 1);
    const tight = request('hole-6', { width: '600', height: '1000', flagY: '-0', teeY: '100', flagX: '50', teeX: '50' });
    const clipped = composeHole(
      pine,
      hole,
      holeFrameSettings({ ...tight, composition: { ...tight.composition!, flagTarget: { x: 50, y: -30 }, teeTarget: { x: 50, y: 130 } } }),
      'classic',
    );
    expect(clipped.overflow.clipped).toBe(true);
    expect(clipped.overflow.top).toBeCloseTo(300, 0);
    expect(clipped.overflow.bottom).toBeCloseTo(300, 0);
  });

  it('explicit pixel padding is respected', () => {
    const req = request('hole-9', { width: '600', height: '1000', padding: '100px 50px' });
    const c = composeHole(pine, requireHole(pine, 9), holeFrameSettings(req), 'classic');
    expect(c.contentBounds.y).toBeGreaterThanOrEqual(100 - 0.02);
    expect(c.contentBounds.x).toBeGreaterThanOrEqual(50 - 0.02);
    expect(c.contentBounds.y + c.contentBounds.height).toBeLessThanOrEqual(900 + 0.02);
  });
});

describe('green composition', () => {
  it('centre gravity puts the green centre at the image centre with at least the metric padding', () => {
    const hole = requireHole(pine, 7);
    const req = request('green-7', { width: '800', height: '600', greenPaddingMeters: '10' });
    const c = composeGreen(pine, hole, req);
    const center = c.transform.project(hole.greenCenter!);
    expect(center[0]).toBeCloseTo(400, 6);
    expect(center[1]).toBeCloseTo(300, 6);
    const pad = 10 * c.transform.pixelsPerMeter;
    const b = c.contentBounds;
    expect(b.x).toBeGreaterThanOrEqual(pad - 0.02);
    expect(b.y).toBeGreaterThanOrEqual(pad - 0.02);
    expect(800 - (b.x + b.width)).toBeGreaterThanOrEqual(pad - 0.02);
    expect(600 - (b.y + b.height)).toBeGreaterThanOrEqual(pad - 0.02);
  });

  it('approach orientation brings the approach from the bottom; rotation turns it clockwise', () => {
    const hole = requireHole(pine, 7);
    const c = composeGreen(pine, hole, request('green-7', {}));
    const tee = c.transform.project(hole.centerline[0]);
    expect(tee[1]).toBeGreaterThan(600);
    const rotated = composeGreen(pine, hole, request('green-7', { greenRotationDegrees: '90' }));
    const teeR = rotated.transform.project(hole.centerline[0]);
    // rotating the picture 90 degrees clockwise moves what came from the bottom to the left
    expect(teeR[0]).toBeLessThan(0);
    const north = composeGreen(pine, hole, request('green-7', { greenOrientation: 'north' }));
    expect(north.transform.northRotationDegrees).toBeCloseTo(0, 9);
  });
});

describe('course composition', () => {
  it('fits the whole course north up inside the canonical padding', () => {
    const c = composeCourse(pine, request('course', { width: '1200', height: '800' }));
    expectUniform(c.transform.matrix);
    expect(c.transform.northRotationDegrees).toBeCloseTo(0, 9);
    const b = c.contentBounds;
    expect(b.x).toBeGreaterThanOrEqual(32 - 0.02);
    expect(b.y).toBeGreaterThanOrEqual(32 - 0.02);
    expect(b.x + b.width).toBeLessThanOrEqual(1168 + 0.02);
    expect(b.y + b.height).toBeLessThanOrEqual(768 + 0.02);
  });
});
