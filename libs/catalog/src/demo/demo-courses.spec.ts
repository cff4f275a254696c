import { haversineDistance, polylineLength, sampleElevationGrid, type LonLat } from '@caddie/geometry';
import { area, bbox, booleanIntersects, booleanPointInPolygon, kinks } from '@turf/turf';
import type { Polygon } from 'geojson';
import { COURSE_ID_PATTERN, GEOMETRY_LAYERS, type Course, type CourseFeature } from '../model';
import { measureCourse } from '../measure/measure-course';
import { generateDemoCourses } from './demo-courses';

const YARD = 0.9144;
/** What an architect builds from the back tees, by par. */
const PAR_YARDS: Record<number, [number, number]> = { 3: [130, 220], 4: [330, 470], 5: [480, 580] };
/** Forward tees play shorter, but a par is still a par. */
const FORWARD_MIN_YARDS: Record<number, number> = { 3: 90, 4: 250, 5: 400 };

let courses: Course[];
let randomCalls: number;
let dateCalls: number;

beforeAll(() => {
  const random = jest.spyOn(Math, 'random');
  const now = jest.spyOn(Date, 'now');
  courses = generateDemoCourses();
  randomCalls = random.mock.calls.length;
  dateCalls = now.mock.calls.length;
  random.mockRestore();
  now.mockRestore();
});

const byId = (id: string) => courses.find((c) => c.id === id) as Course;
const polygonsOf = (course: Course, layer: string) =>
  course.features.filter((f) => f.properties.layer === layer && f.geometry.type === 'Polygon') as (CourseFeature & {
    geometry: Polygon;
  })[];
/** Even-odd test on the outer ring; quicker than turf for the thousands of grid cells checked. */
function insideRing(point: number[], ring: number[][]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > point[1] !== yj > point[1] && point[0] < ((xj - xi) * (point[1] - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}
const boxesOverlap = (a: number[], b: number[]) => a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];

describe('generateDemoCourses', () => {
  it('is deterministic and uses no Math.random or clock', () => {
    const again = generateDemoCourses();
    expect(JSON.stringify(again)).toBe(JSON.stringify(courses));
    expect(randomCalls).toBe(0);
    expect(dateCalls).toBe(0);
  });

  it('produces the 18-hole Pine Hollow and the 9-hole Cedar Links', () => {
    const pine = byId('demo-pine-hollow');
    const cedar = byId('demo-cedar-links');
    expect(pine.holes).toHaveLength(18);
    expect(cedar.holes).toHaveLength(9);
    expect(pine.holes.reduce((sum, h) => sum + (h.par ?? 0), 0)).toBe(72);
    expect(cedar.holes.reduce((sum, h) => sum + (h.par ?? 0), 0)).toBe(35);
    expect(pine.location).toMatchObject({ country: 'US', region: 'NC', city: 'Sanford' });
    expect(cedar.location).toMatchObject({ country: 'US', region: 'OR', city: 'Redmond' });
    expect(pine.classification).toBe('private');
    expect(cedar.classification).toBe('public');
    for (const course of courses) {
      expect(course.id).toMatch(COURSE_ID_PATTERN);
      expect(course.holes.map((h) => h.number)).toEqual(course.holes.map((_, i) => i + 1));
      expect(course.teeSets.every((t) => /^#[0-9A-F]{6}$/.test(t.color ?? ''))).toBe(true);
      expect(course.provenance.sources[0]).toMatchObject({ kind: 'demo' });
      expect(course.active).toBe(true);
    }
    expect(pine.teeSets.map((t) => t.id)).toEqual(['black', 'blue', 'white', 'red']);
  });

  it('gives the back tee a yardage in the range for its par, shorter ones from every forward set', () => {
    for (const course of courses) {
      for (const hole of course.holes) {
        const [min, max] = PAR_YARDS[hole.par as number];
        expect(hole.tees.map((t) => t.teeSetId)).toEqual(course.teeSets.map((t) => t.id));
        const yards = hole.tees.map((t) => t.yards as number);
        expect(yards[0]).toBeGreaterThanOrEqual(min);
        expect(yards[0]).toBeLessThanOrEqual(max);
        for (const y of yards) expect(y).toBeGreaterThanOrEqual(FORWARD_MIN_YARDS[hole.par as number]);
        expect([...yards].sort((a, b) => b - a)).toEqual(yards);
        // The back tee's yardage is the play line's length.
        expect(polylineLength(hole.centerline) / YARD).toBeCloseTo(yards[0], 0);
      }
    }
  });

  it('numbers stroke indexes 1..n once per tee set', () => {
    for (const course of courses) {
      const expected = course.holes.map((_, i) => i + 1);
      for (const set of course.teeSets) {
        const indexes = course.holes.map((h) => h.handicapsByTeeSet[set.id]).sort((a, b) => a - b);
        expect(indexes).toEqual(expected);
      }
      expect(course.holes.map((h) => h.handicap).sort((a, b) => (a as number) - (b as number))).toEqual(expected);
    }
  });

  it('gives every hole a green, tees, a play line and (par 4 and 5) a fairway', () => {
    for (const course of courses) {
      const features = new Map(course.features.map((f) => [f.id, f]));
      let doglegs = 0;
      for (const hole of course.holes) {
        const green = features.get(hole.greenFeatureId as string) as CourseFeature & { geometry: Polygon };
        expect(green.properties.layer).toBe('greens');
        expect(green.properties.holeNumbers).toEqual([hole.number]);
        expect(booleanPointInPolygon(hole.greenCenter as LonLat, green)).toBe(true);
        expect(booleanPointInPolygon(hole.pin as LonLat, green)).toBe(true);
        // From a tight 4,000 sq ft par-3 green to a 10,000 sq ft target for a long iron.
        const greenArea = area(green);
        expect(greenArea).toBeGreaterThanOrEqual(350);
        expect(greenArea).toBeLessThanOrEqual(950);
        for (const tee of hole.tees) {
          const teeFeature = features.get(tee.featureId) as CourseFeature;
          expect(teeFeature.properties).toMatchObject({ layer: 'tees', teeSetId: tee.teeSetId, holeNumbers: [hole.number] });
          expect(booleanPointInPolygon(tee.center, teeFeature as CourseFeature & { geometry: Polygon })).toBe(true);
        }
        expect(haversineDistance(hole.centerline[0], hole.tees[0].center)).toBeLessThan(0.05);
        expect(haversineDistance(hole.centerline[hole.centerline.length - 1], hole.greenCenter as LonLat)).toBeLessThan(0.05);
        const fairways = polygonsOf(course, 'fairways').filter((f) => f.properties.holeNumbers.includes(hole.number));
        expect(fairways).toHaveLength(hole.par === 3 ? 0 : 1);
        if (hole.dogleg) {
          doglegs++;
          expect(hole.centerline[1]).toEqual(hole.dogleg);
        }
        const [w, s, e, n] = hole.bounds;
        for (const [lon, lat] of [...hole.centerline, ...green.geometry.coordinates[0]]) {
          expect(lon >= w && lon <= e && lat >= s && lat <= n).toBe(true);
        }
        expect(hole.flags).toEqual([]);
      }
      expect(doglegs).toBeGreaterThanOrEqual(4);
    }
  });

  it('tags every feature with a known layer, holes, kind and a unique demo source', () => {
    for (const course of courses) {
      const holeNumbers = new Set(course.holes.map((h) => h.number));
      const layers = new Set<string>(GEOMETRY_LAYERS);
      const ids = new Set(course.features.map((f) => f.id));
      expect(ids.size).toBe(course.features.length);
      const badlyTagged = course.features.filter(
        (f) =>
          !layers.has(f.properties.layer) ||
          !f.properties.holeNumbers.every((n) => holeNumbers.has(n)) ||
          f.properties.source.kind !== 'demo' ||
          !f.properties.source.id.endsWith(f.id) ||
          !(f.properties.kind === null || typeof f.properties.kind === 'string'),
      );
      expect(badlyTagged.map((f) => f.id)).toEqual([]);
      const kinds = (layer: string) => new Set(course.features.filter((f) => f.properties.layer === layer).map((f) => f.properties.kind));
      expect(kinds('bunkers')).toEqual(new Set(['fairway_bunker', 'greenside_bunker']));
      expect(kinds('trees')).toEqual(new Set(['wood', 'tree']));
      expect(kinds('roads')).toEqual(new Set(['residential', 'service']));
      expect(kinds('buildings')).toEqual(new Set(['clubhouse', 'house']));
      expect(kinds('water').has('lateral_water_hazard')).toBe(true);
      expect(kinds('water').has('water_hazard')).toBe(true);
      for (const layer of ['course-boundary', 'hole-boundaries', 'centerlines', 'cart-paths', 'parking']) {
        expect(kinds(layer).size).toBeGreaterThan(0);
      }
      expect(course.features.find((f) => f.properties.kind === 'residential')?.properties.name).toMatch(/Drive|Road/);
      expect(polygonsOf(course, 'hole-boundaries')).toHaveLength(course.holes.length);
    }
  });

  it('draws closed polygon rings without self-intersections', () => {
    for (const course of courses) {
      const problems: string[] = [];
      for (const f of course.features) {
        if (f.geometry.type !== 'Polygon') continue;
        for (const ring of f.geometry.coordinates) {
          const [first, last] = [ring[0], ring[ring.length - 1]];
          if (ring.length < 4 || first[0] !== last[0] || first[1] !== last[1]) problems.push(`${f.id}: open ring`);
        }
        if (kinks(f as CourseFeature & { geometry: Polygon }).features.length > 0) problems.push(`${f.id}: self-intersects`);
      }
      expect(problems).toEqual([]);
    }
  });

  it('keeps play inside the boundary, houses and road outside, and holes apart from each other and from water', () => {
    for (const course of courses) {
      const boundary = polygonsOf(course, 'course-boundary')[0];
      const surfaces = [...polygonsOf(course, 'greens'), ...polygonsOf(course, 'fairways'), ...polygonsOf(course, 'tees')];
      for (const s of surfaces) {
        expect(s.geometry.coordinates[0].every((p) => booleanPointInPolygon(p, boundary))).toBe(true);
      }
      for (const house of polygonsOf(course, 'buildings').filter((b) => b.properties.kind === 'house')) {
        expect(booleanIntersects(house, boundary)).toBe(false);
      }
      const road = course.features.find((f) => f.id === 'road-main') as CourseFeature;
      expect(booleanIntersects(road, boundary)).toBe(false);

      const boxes = new Map(surfaces.map((s) => [s.id, bbox(s)]));
      const clashes: string[] = [];
      const hazards = [...polygonsOf(course, 'water'), ...polygonsOf(course, 'bunkers')];
      for (const a of surfaces) {
        for (const b of [...surfaces, ...hazards]) {
          const sameHole = a.properties.holeNumbers[0] === b.properties.holeNumbers[0];
          const isHazard = b.properties.layer === 'water' || b.properties.layer === 'bunkers';
          if (a.id >= b.id && !isHazard) continue;
          if (sameHole && !isHazard) continue;
          if (!boxesOverlap(boxes.get(a.id) as number[], boxes.get(b.id) ?? bbox(b))) continue;
          if (booleanIntersects(a, b)) clashes.push(`${a.id} x ${b.id}`);
        }
      }
      expect(clashes).toEqual([]);
    }
  });

  it('models the ground at 3-5 m and every green at one yard with a 20 m buffer', () => {
    for (const course of courses) {
      const ground = course.elevation.ground;
      expect(ground).not.toBeNull();
      expect(ground?.resolutionMeters).toBeGreaterThanOrEqual(3);
      expect(ground?.resolutionMeters).toBeLessThanOrEqual(5);
      expect(ground?.source).toBe('demo');
      expect(ground?.values).toHaveLength((ground?.width ?? 0) * (ground?.height ?? 0));
      expect(ground?.values.every((v) => typeof v === 'number' && Number.isFinite(v))).toBe(true);
      const [bw, bs, be, bn] = bbox(polygonsOf(course, 'course-boundary')[0]);
      expect(ground!.west <= bw && ground!.south <= bs && ground!.east >= be && ground!.north >= bn).toBe(true);

      expect(Object.keys(course.elevation.greens).sort()).toEqual(course.holes.map((h) => String(h.number)).sort());
      for (const hole of course.holes) {
        const grid = course.elevation.greens[String(hole.number)];
        expect(grid.resolutionMeters).toBeCloseTo(0.9144, 6);
        const green = course.features.find((f) => f.id === hole.greenFeatureId) as CourseFeature & { geometry: Polygon };
        const [w, s, e, n] = bbox(green);
        const metersPerDegreeLat = 111_195;
        const metersPerDegreeLon = metersPerDegreeLat * Math.cos((((s + n) / 2) * Math.PI) / 180);
        // Green plus at least 19.9 m of buffer on every side.
        expect((w - grid.west) * metersPerDegreeLon).toBeGreaterThan(19.9);
        expect((grid.east - e) * metersPerDegreeLon).toBeGreaterThan(19.9);
        expect((s - grid.south) * metersPerDegreeLat).toBeGreaterThan(19.9);
        expect((grid.north - n) * metersPerDegreeLat).toBeGreaterThan(19.9);
        // The coarse ground and the fine green grid describe the same surface.
        const [lon, lat] = hole.greenCenter as LonLat;
        const fine = sampleElevationGrid(grid, lon, lat) as number;
        const coarse = sampleElevationGrid(ground!, lon, lat) as number;
        expect(Math.abs(fine - coarse)).toBeLessThan(0.5);
      }
    }
  });

  it('gives putting surfaces real undulation: some steep shelves, mostly gentle slopes', () => {
    for (const course of courses) {
      for (const hole of course.holes) {
        const grid = course.elevation.greens[String(hole.number)];
        const green = course.features.find((f) => f.id === hole.greenFeatureId) as CourseFeature & { geometry: Polygon };
        const slopes: number[] = [];
        const steepest: number[] = [];
        const heights: number[] = [];
        const cell = grid.resolutionMeters;
        const [gw, gs, ge, gn] = bbox(green);
        const colOf = (lon: number) => Math.floor(((lon - grid.west) / (grid.east - grid.west)) * grid.width);
        const rowOf = (lat: number) => Math.floor(((grid.north - lat) / (grid.north - grid.south)) * grid.height);
        for (let row = rowOf(gn); row <= rowOf(gs); row++) {
          for (let col = colOf(gw); col <= colOf(ge); col++) {
            const lon = grid.west + ((col + 0.5) * (grid.east - grid.west)) / grid.width;
            const lat = grid.north - ((row + 0.5) * (grid.north - grid.south)) / grid.height;
            if (!insideRing([lon, lat], green.geometry.coordinates[0])) continue;
            const here = grid.values[row * grid.width + col] as number;
            const east = grid.values[row * grid.width + col + 1] as number;
            const south = grid.values[(row + 1) * grid.width + col] as number;
            heights.push(here);
            slopes.push(Math.abs(east - here) / cell);
            // Shelves face every way: the steepest fall at the cell, not only toward the east.
            steepest.push(Math.hypot(east - here, south - here) / cell);
          }
        }
        slopes.sort((a, b) => a - b);
        const relief = Math.max(...heights) - Math.min(...heights);
        expect(heights.length).toBeGreaterThan(400);
        expect(relief).toBeGreaterThan(0.3);
        expect(relief).toBeLessThan(2.5);
        expect(slopes[Math.floor(slopes.length / 2)]).toBeLessThan(0.04);
        expect(Math.max(...steepest)).toBeGreaterThan(0.06);
      }
    }
  });

  it('measures every green and fairway with sane figures', () => {
    for (const course of courses) {
      expect(course.measurements).toEqual(measureCourse(course));
      expect(course.measurements.greens.map((g) => g.holeNumber)).toEqual(course.holes.map((h) => h.number));
      for (const g of course.measurements.greens) {
        for (const yards of [g.depthYards, g.widthYards]) {
          expect(yards).toBeGreaterThanOrEqual(15);
          expect(yards).toBeLessThanOrEqual(50);
        }
        expect(g.areaSquareMeters).toBeGreaterThan(350);
      }
      const withFairway = course.holes.filter((h) => h.par !== 3).map((h) => h.number);
      expect(course.measurements.fairways.map((f) => f.holeNumber)).toEqual(withFairway);
      for (const f of course.measurements.fairways) {
        expect(f.stations.length).toBeGreaterThan(10);
        expect(f.stations.every((s) => s.stationYards % 10 === 0)).toBe(true);
        const widths = f.stations.map((s) => s.widthYards);
        expect(Math.max(...widths)).toBeLessThanOrEqual(46);
        const inRange = widths.filter((w) => w >= 25 && w <= 45).length;
        expect(inRange / widths.length).toBeGreaterThan(0.8);
      }
    }
  });
});
