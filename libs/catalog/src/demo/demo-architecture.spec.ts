import { LocalProjection, type LonLat, type Meters2 } from '@caddie/geometry';
import type { Polygon } from 'geojson';
import type { Course, CourseFeature, Hole } from '../model';
import { generateDemoCourses, DEMO_COURSE_PLANS } from './demo-courses';
import { nines } from './hole-routing';
import { bearingOf, distance, distanceToPolyline, pointInRing, signedArea } from './planar';

// What a golf architect (and a golfer reading the routing plan) expects of a real course.

const PAR_YARDS: Record<number, [number, number]> = { 3: [130, 220], 4: [330, 470], 5: [480, 580] };
/** Play lines of holes that share the land lie within this of each other, a belt of trees between. */
const NEIGHBOUR_METERS = 150;

const courses = generateDemoCourses();
const cases = courses.map((course) => {
  const plan = DEMO_COURSE_PLANS.find((p) => p.id === course.id)!;
  const projection = new LocalProjection(plan.origin);
  return [course.id, { course, local: (p: LonLat | number[]): Meters2 => projection.toMeters(p as LonLat) }] as const;
});
type Local = (p: LonLat | number[]) => Meters2;

const feature = (course: Course, id: string) => course.features.find((f) => f.id === id) as CourseFeature;
const ringOf = (f: CourseFeature, local: Local) => (f.geometry as Polygon).coordinates[0].map(local);
const backTee = (hole: Hole) => hole.tees[0];

type Box = [number, number, number, number];
const boxOf = (ring: readonly Meters2[]): Box => [
  Math.min(...ring.map((p) => p[0])),
  Math.min(...ring.map((p) => p[1])),
  Math.max(...ring.map((p) => p[0])),
  Math.max(...ring.map((p) => p[1])),
];
const boxGap = (a: Box, b: Box) => Math.hypot(Math.max(0, a[0] - b[2], b[0] - a[2]), Math.max(0, a[1] - b[3], b[1] - a[3]));

/** Smallest distance between two rings that do not cross (0 if one holds a vertex of the other). */
function ringGap(a: readonly Meters2[], b: readonly Meters2[]): number {
  const gap = boxGap(boxOf(a), boxOf(b));
  // Far apart: the boxes' gap is a lower bound and all the callers need.
  if (gap > 50) return gap;
  if (a.some((p) => pointInRing(p, b)) || b.some((p) => pointInRing(p, a))) return 0;
  return Math.min(...a.map((p) => distanceToPolyline(p, b)), ...b.map((p) => distanceToPolyline(p, a)));
}

/** Change of heading at each corner of the play line, degrees; positive turns right. */
function turnsOf(hole: Hole, local: Local): number[] {
  const line = hole.centerline.map(local);
  return line.slice(2).map((p, i) => {
    const turn = bearingOf(line[i + 1], p) - bearingOf(line[i], line[i + 1]);
    return ((turn + 540) % 360) - 180;
  });
}

describe.each(cases)('%s, as an architect routes it', (_, { course, local }) => {
  const clubhouse = ringOf(feature(course, 'clubhouse'), local);
  const fromClubhouse = (p: LonLat) => (pointInRing(local(p), clubhouse) ? 0 : distanceToPolyline(local(p), clubhouse));

  it('plays returning nines: each loop starts and finishes at the clubhouse', () => {
    const loops = nines(course.holes);
    expect(loops).toHaveLength(course.holes.length / 9);
    for (const loop of loops) {
      expect(fromClubhouse(backTee(loop[0]).center)).toBeLessThan(100);
      expect(fromClubhouse(loop[loop.length - 1].greenCenter as LonLat)).toBeLessThan(150);
      // ...and goes well away from it in between.
      expect(Math.max(...loop.map((h) => fromClubhouse(h.greenCenter as LonLat)))).toBeGreaterThan(500);
    }
  });

  it('has a realistic par mix, with the par 3s and par 5s spread out', () => {
    const pars = course.holes.map((h) => h.par as number);
    const total = pars.reduce((a, b) => a + b, 0);
    const count = (par: number) => pars.filter((p) => p === par).length;
    if (course.holes.length === 18) {
      expect([71, 72]).toContain(total);
      for (const loop of nines(pars)) expect([35, 36]).toContain(loop.reduce((a, b) => a + b, 0));
      expect(count(3)).toBeGreaterThanOrEqual(4);
      expect(count(5)).toBeGreaterThanOrEqual(3);
    } else {
      expect([35, 36]).toContain(total);
      expect(count(3)).toBeGreaterThanOrEqual(2);
      expect(count(5)).toBeGreaterThanOrEqual(1);
    }
    expect(count(4)).toBeGreaterThanOrEqual(pars.length / 2 - 1);
    // Never two short holes in a row, and no nine opens with one.
    pars.slice(1).forEach((par, i) => expect(par === 3 && pars[i] === 3).toBe(false));
    for (const loop of nines(pars)) expect(loop[0]).not.toBe(3);
  });

  it('sets back-tee lengths in the range for each par, with variety among the par 4s', () => {
    for (const hole of course.holes) {
      const [min, max] = PAR_YARDS[hole.par as number];
      expect(backTee(hole).yards).toBeGreaterThanOrEqual(min);
      expect(backTee(hole).yards).toBeLessThanOrEqual(max);
    }
    const par4 = course.holes.filter((h) => h.par === 4).map((h) => backTee(h).yards as number);
    expect(Math.max(...par4) - Math.min(...par4)).toBeGreaterThanOrEqual(60);
    const total = course.holes.reduce((sum, h) => sum + (backTee(h).yards as number), 0);
    if (course.holes.length === 18) {
      expect(total).toBeGreaterThanOrEqual(6500);
      expect(total).toBeLessThanOrEqual(7200);
    }
  });

  it('bends holes both ways at authored dogleg points', () => {
    const turns = course.holes.flatMap((h) => turnsOf(h, local));
    const perNine = course.holes.length / 9;
    expect(turns.filter((t) => t <= -8).length).toBeGreaterThanOrEqual(2 * perNine);
    expect(turns.filter((t) => t >= 8).length).toBeGreaterThanOrEqual(2 * perNine);
    // Doglegs turn at the landing area, not off the tee or just short of the green.
    for (const hole of course.holes.filter((h) => h.dogleg)) {
      const [tee, corner] = hole.centerline.map(local);
      const cornerYards = distance(tee, corner) / 0.9144;
      expect(cornerYards).toBeGreaterThan(180);
      expect(cornerYards).toBeLessThan((backTee(hole).yards as number) - 100);
    }
  });

  it("keeps every fairway apart from every other hole's fairway, green and tees", () => {
    const surfaces = course.features.filter((f) => ['fairways', 'greens', 'tees'].includes(f.properties.layer) && f.properties.holeNumbers.length === 1);
    const fairways = surfaces.filter((f) => f.properties.layer === 'fairways');
    const rings = new Map(surfaces.map((f) => [f.id, ringOf(f, local)]));
    const gaps: string[] = [];
    for (const a of fairways) {
      for (const b of surfaces) {
        if (b.properties.holeNumbers[0] === a.properties.holeNumbers[0]) continue;
        const gap = ringGap(rings.get(a.id)!, rings.get(b.id)!);
        if (gap < 10) gaps.push(`${a.id} ${b.id} ${gap.toFixed(1)} m`);
      }
    }
    expect(gaps).toEqual([]);
  });

  it('shares the land: every two-shot hole runs alongside another hole, not alone in its own rectangle', () => {
    const lines = course.holes.map((h) => h.centerline.map(local));
    const alone: number[] = [];
    course.holes.forEach((hole, i) => {
      // Short holes may turn the routing at the edge of the property.
      if (hole.par === 3) return;
      const neighbours = lines.filter((other, j) => {
        if (Math.abs(i - j) <= 1) return false;
        return lines[i].some((p) => distanceToPolyline(p, other) < NEIGHBOUR_METERS) || other.some((p) => distanceToPolyline(p, lines[i]) < NEIGHBOUR_METERS);
      });
      if (neighbours.length === 0) alone.push(hole.number);
    });
    expect(alone).toEqual([]);
    // Compact: the holes' land is a fraction of the hull an isolated loop would enclose.
    const area = Math.abs(signedArea(ringOf(feature(course, 'course-boundary'), local))) / 10_000;
    expect(area / course.holes.length).toBeLessThan(6.5);
  });

  it('links each green to the next tee by cart path, and both ends of a loop to the clubhouse', () => {
    for (const loop of nines(course.holes)) {
      loop.forEach((hole, i) => {
        const path = (feature(course, `hole-${hole.number}-cartpath`).geometry.coordinates as LonLat[]).map(local);
        const start = path[0];
        const end = path[path.length - 1];
        if (i === 0) expect(distance(start, [0, 0])).toBeLessThan(50);
        expect(distanceToPolyline(local(backTee(hole).center), path)).toBeLessThan(30);
        expect(distanceToPolyline(local(hole.greenCenter as LonLat), path)).toBeLessThan(60);
        if (i === loop.length - 1) expect(distance(end, [0, 0])).toBeLessThan(50);
        else expect(distance(end, local(backTee(loop[i + 1]).center))).toBeLessThan(40);
      });
    }
  });

  it('has a clubhouse, car park and practice ground mapped with the OpenStreetMap tags an importer reads', () => {
    const kinds = (layer: string) => course.features.filter((f) => f.properties.layer === layer);
    expect(kinds('buildings').filter((f) => f.properties.kind === 'clubhouse')).toHaveLength(1);
    expect(kinds('parking')).toHaveLength(1);
    const range = kinds('other').filter((f) => f.properties.kind === 'driving_range');
    expect(range).toHaveLength(1);
    const practiceGreens = kinds('greens').filter((f) => f.properties.holeNumbers.length === 0);
    expect(practiceGreens.map((f) => f.properties.name)).toEqual(['Practice putting green']);
    const rangeRing = ringOf(range[0], local);
    expect(Math.abs(signedArea(rangeRing))).toBeGreaterThan(15_000);
    const practice = [rangeRing, ringOf(practiceGreens[0], local)];
    for (const ring of practice) expect(Math.min(...ring.map((p) => distance(p, [0, 0])))).toBeLessThan(120);
    // Nobody plays across the practice ground.
    const holeSurfaces = course.features.filter(
      (f) =>
        f.properties.holeNumbers.length > 0 &&
        f.geometry.type === 'Polygon' &&
        f.properties.layer !== 'hole-boundaries' &&
        f.properties.layer !== 'trees' &&
        f.properties.layer !== 'water',
    );
    for (const ring of practice) {
      for (const s of holeSurfaces) expect(ringGap(ring, ringOf(s, local))).toBeGreaterThan(10);
    }
  });

  it('numbers stroke indexes odd on the front nine and even on the back', () => {
    if (course.holes.length !== 18) return;
    for (const hole of course.holes) expect((hole.handicap as number) % 2).toBe(hole.number <= 9 ? 1 : 0);
  });
});
