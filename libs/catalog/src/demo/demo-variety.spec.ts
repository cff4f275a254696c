import { LocalProjection, type LonLat, type Meters2 } from '@caddie/geometry';
import type { Polygon } from 'geojson';
import type { Course, CourseFeature, Hole } from '../model';
import { DEMO_COURSE_PLANS, generateDemoCourses } from './demo-courses';
import { bearingOf, convexHull, distance, pointInRing, signedArea } from './planar';

// Variety a golfer notices, measured from each course's own features (issue 55): tees of many
// sizes, lines that bend both ways, greens of many sizes and outlines, sand placed hole by hole.

interface Figures {
  /** distinct tee-box areas, whole m² */
  teeAreas: number;
  /** holes with a corner of 20 degrees or more */
  bentHoles: number;
  /** largest turn to the left and to the right, degrees */
  hardestLeft: number;
  hardestRight: number;
  /** par 5s whose play line turns 15 degrees or more at two corners */
  doubleBends: number;
  /** holes whose drive carries water lying inside the corner */
  capeHoles: number;
  /** largest green area over the smallest */
  greenAreaRatio: number;
  /** greens whose outline is clearly not convex (a kidney's bite, a pear's waist) */
  concaveGreens: number;
  /** distinct numbers of greenside bunkers per hole */
  greensideCounts: number;
  /** greens guarded by a mirrored pair of front bunkers */
  mirroredFronts: number;
  /** smallest yardage difference between two par 3s */
  par3Spread: number;
}

const turnAt = (a: Meters2, b: Meters2, c: Meters2) => ((bearingOf(b, c) - bearingOf(a, b) + 540) % 360) - 180;

function figuresOf(course: Course): Figures {
  const plan = DEMO_COURSE_PLANS.find((p) => p.id === course.id)!;
  const projection = new LocalProjection(plan.origin);
  const local = (p: LonLat | number[]): Meters2 => projection.toMeters(p as LonLat);
  const ring = (f: CourseFeature) => (f.geometry as Polygon).coordinates[0].slice(0, -1).map(local);
  const layer = (name: string) => course.features.filter((f) => f.properties.layer === name && f.geometry.type === 'Polygon');
  const ofHole = (f: CourseFeature, hole: Hole) => f.properties.holeNumbers.length === 1 && f.properties.holeNumbers[0] === hole.number;
  const area = (f: CourseFeature) => Math.abs(signedArea(ring(f)));

  const lines = course.holes.map((h) => h.centerline.map(local));
  const turns = lines.map((line) => line.slice(2).map((c, i) => turnAt(line[i], line[i + 1], c)));
  const allTurns = turns.flat();

  const water = layer('water').map(ring);
  const capeHoles = lines.filter((line, i) => {
    if (line.length < 3 || Math.abs(turns[i][0]) < 20) return false;
    // Water inside the first bend, within a drive's carry of the corner.
    const inside: Meters2[] = [line[0], line[1], line[2]];
    return water.some((w) => w.some((p) => pointInRing(p, inside) && distance(p, line[1]) < 120));
  }).length;

  const greens = course.holes.map((h) => course.features.find((f) => f.id === h.greenFeatureId)!);
  const greenAreas = greens.map(area);
  const concaveGreens = greens.filter((g) => area(g) / Math.abs(signedArea(convexHull(ring(g)))) < 0.99).length;

  const bunkers = layer('bunkers').filter((b) => b.properties.kind === 'greenside_bunker');
  const relativeBearings = course.holes.map((hole, i) => {
    const approach = bearingOf(lines[i][lines[i].length - 2], lines[i][lines[i].length - 1]);
    const center = local(hole.greenCenter as LonLat);
    return bunkers
      .filter((b) => ofHole(b, hole))
      .map((b) => {
        const r = ring(b);
        const middle: Meters2 = [r.reduce((s, p) => s + p[0], 0) / r.length, r.reduce((s, p) => s + p[1], 0) / r.length];
        return ((bearingOf(center, middle) - approach + 540) % 360) - 180;
      });
  });
  const mirroredFronts = relativeBearings.filter((rel) => rel.some((a) => rel.some((b) => a < -110 && b > 110 && Math.abs(a + b) < 15))).length;

  const par3 = course.holes
    .filter((h) => h.par === 3)
    .map((h) => h.tees[0].yards as number)
    .sort((a, b) => a - b);
  return {
    teeAreas: new Set(layer('tees').map((t) => Math.round(area(t)))).size,
    bentHoles: turns.filter((t) => t.some((a) => Math.abs(a) >= 20)).length,
    hardestLeft: -Math.min(0, ...allTurns),
    hardestRight: Math.max(0, ...allTurns),
    doubleBends: course.holes.filter((h, i) => h.par === 5 && turns[i].filter((a) => Math.abs(a) >= 15).length >= 2).length,
    capeHoles,
    greenAreaRatio: Math.max(...greenAreas) / Math.min(...greenAreas),
    concaveGreens,
    greensideCounts: new Set(relativeBearings.map((r) => r.length)).size,
    mirroredFronts,
    par3Spread: Math.min(...par3.slice(1).map((y, i) => y - par3[i])),
  };
}

const courses = generateDemoCourses();
const figures = new Map(courses.map((c) => [c.id, figuresOf(c)]));

describe('demo course variety', () => {
  it('Pine Hollow, the course a new user sees first, varies as a real course does', () => {
    const pine = figures.get('demo-pine-hollow')!;
    expect(pine.teeAreas).toBeGreaterThanOrEqual(20);
    expect(pine.bentHoles).toBeGreaterThanOrEqual(6);
    expect(pine.hardestLeft).toBeGreaterThanOrEqual(20);
    expect(pine.hardestRight).toBeGreaterThanOrEqual(30);
    expect(pine.doubleBends).toBeGreaterThanOrEqual(1);
    expect(pine.capeHoles).toBeGreaterThanOrEqual(1);
    expect(pine.greenAreaRatio).toBeGreaterThanOrEqual(2);
    expect(pine.concaveGreens).toBeGreaterThanOrEqual(4);
    expect(pine.greensideCounts).toBeGreaterThanOrEqual(3);
    expect(pine.mirroredFronts).toBeLessThanOrEqual(2);
    // Four par 3s of clearly different lengths, from a pitch to a long iron.
    expect(pine.par3Spread).toBeGreaterThanOrEqual(15);
  });

  it('Cedar Links, half the holes, varies in proportion', () => {
    const cedar = figures.get('demo-cedar-links')!;
    expect(cedar.teeAreas).toBeGreaterThanOrEqual(10);
    expect(cedar.bentHoles).toBeGreaterThanOrEqual(3);
    expect(cedar.hardestLeft).toBeGreaterThanOrEqual(20);
    expect(cedar.hardestRight).toBeGreaterThanOrEqual(20);
    expect(cedar.greenAreaRatio).toBeGreaterThanOrEqual(1.5);
    expect(cedar.greensideCounts).toBeGreaterThanOrEqual(2);
    expect(cedar.mirroredFronts).toBeLessThanOrEqual(1);
    expect(cedar.par3Spread).toBeGreaterThanOrEqual(15);
  });

  it('reports its figures', () => {
    // Printed so a reviewer sees the measured variety next to the thresholds above.
    for (const [id, f] of figures) console.log(id, JSON.stringify(f));
    expect(figures.size).toBe(2);
  });
});
