import { LocalProjection, haversineDistance, type LonLat, type Meters2 } from '@caddie/geometry';
import type { Polygon } from 'geojson';
import type { CourseFeature, GeometryLayer, Hole } from '../model';
import { measureCourse } from './measure-course';
import { measureFairwayWidths } from './fairway-widths';
import { measureGreen } from './green-measurement';

const projection = new LocalProjection([-79.17, 35.45]);
const YARD = 0.9144;

/** A rectangle in local metres: `depth` along `heading` (degrees from north), `width` across. */
function rectangle(center: Meters2, heading: number, depth: number, width: number): Polygon {
  const t = (heading * Math.PI) / 180;
  const along: Meters2 = [Math.sin(t), Math.cos(t)];
  const across: Meters2 = [along[1], -along[0]];
  const corner = (a: number, b: number): LonLat => projection.toLonLat([center[0] + along[0] * a + across[0] * b, center[1] + along[1] * a + across[1] * b]);
  const ring = [corner(-depth / 2, -width / 2), corner(depth / 2, -width / 2), corner(depth / 2, width / 2), corner(-depth / 2, width / 2)];
  return { type: 'Polygon', coordinates: [[...ring, ring[0]]] };
}

function line(...points: Meters2[]): LonLat[] {
  return points.map((p) => projection.toLonLat(p));
}

function feature(id: string, layer: GeometryLayer, holeNumber: number, geometry: Polygon): CourseFeature {
  return {
    type: 'Feature',
    id,
    geometry,
    properties: { layer, holeNumbers: [holeNumber], kind: null, name: null, source: { kind: 'test', id } },
  };
}

function hole(number: number, centerline: LonLat[], greenFeatureId: string | null): Hole {
  return {
    number,
    name: null,
    par: 4,
    handicap: null,
    handicapsByTeeSet: {},
    centerline,
    dogleg: null,
    tees: [],
    greenFeatureId,
    greenCenter: centerline[centerline.length - 1],
    pin: null,
    bounds: [0, 0, 0, 0],
    flags: [],
  };
}

describe('measureGreen', () => {
  it('measures a 30 m x 20 m green approached along its long axis', () => {
    const green = rectangle([0, 400], 0, 30, 20);
    const m = measureGreen(1, line([0, 0], [0, 400]), green);
    expect(m.depthYards).toBeCloseTo(30 / YARD, 1);
    expect(m.widthYards).toBeCloseTo(20 / YARD, 1);
    expect(m.areaSquareMeters).toBeGreaterThan(598);
    expect(m.areaSquareMeters).toBeLessThan(602);
    expect(projection.toMeters(m.front)[1]).toBeCloseTo(385, 1);
    expect(projection.toMeters(m.back)[1]).toBeCloseTo(415, 1);
    expect(haversineDistance(m.center, projection.toLonLat([0, 400]))).toBeLessThan(0.05);
  });

  it('swaps depth and width when the same green is approached from the side', () => {
    const green = rectangle([0, 400], 0, 30, 20);
    const m = measureGreen(2, line([-400, 400], [0, 400]), green);
    expect(m.depthYards).toBeCloseTo(20 / YARD, 1);
    expect(m.widthYards).toBeCloseTo(30 / YARD, 1);
  });

  it('takes the approach direction from 100 yards back along a dogleg, not from the tee', () => {
    // Tee due south of the corner, then the hole turns east for 150 m to the green.
    const green = rectangle([150, 300], 90, 36, 18);
    const m = measureGreen(3, line([0, 0], [0, 300], [150, 300]), green);
    expect(m.depthYards).toBeCloseTo(36 / YARD, 1);
    expect(m.widthYards).toBeCloseTo(18 / YARD, 1);
    expect(projection.toMeters(m.front)[0]).toBeCloseTo(132, 1);
  });

  it('measures an oblique approach to a rotated green', () => {
    const green = rectangle([300, 300], 45, 32, 22);
    const m = measureGreen(4, line([0, 0], [300, 300]), green);
    expect(m.depthYards).toBeCloseTo(32 / YARD, 1);
    expect(m.widthYards).toBeCloseTo(22 / YARD, 1);
  });
});

describe('measureFairwayWidths', () => {
  const centerline = line([0, 0], [0, 400]);

  it('reports a station every 10 yards where a 40 m wide fairway lies across the line', () => {
    const fairway = rectangle([0, 250], 0, 200, 40);
    const m = measureFairwayWidths(5, centerline, [fairway]);
    const expected: number[] = [];
    for (let yards = 0; yards * YARD <= 400; yards += 10) if (yards * YARD > 150 && yards * YARD < 350) expected.push(yards);
    expect(m.stations.map((s) => s.stationYards)).toEqual(expected);
    for (const station of m.stations) {
      expect(station.widthYards).toBeCloseTo(40 / YARD, 1);
      expect(projection.toMeters(station.left)[0]).toBeCloseTo(-20, 1);
      expect(projection.toMeters(station.right)[0]).toBeCloseTo(20, 1);
      expect(projection.toMeters(station.left)[1]).toBeCloseTo(station.stationYards * YARD, 1);
    }
  });

  it('treats overlapping fairway pieces as one surface and respects inner rings', () => {
    const first = rectangle([0, 200], 0, 120, 30);
    const second = rectangle([5, 290], 0, 100, 30);
    const withIsland = rectangle([0, 120], 0, 60, 40);
    const island = rectangle([12, 120], 0, 20, 10).coordinates[0].slice().reverse();
    withIsland.coordinates.push(island);
    const m = measureFairwayWidths(6, centerline, [first, second, withIsland]);
    const at = (yards: number) => m.stations.find((s) => s.stationYards === yards);
    // 280 yd = 256.0 m: inside both pieces (x -15..15 and -10..20, together -15..20).
    expect(at(280)?.widthYards).toBeCloseTo(35 / YARD, 1);
    // 130 yd = 118.9 m: crosses the island 7..17 m right of the line, so the section ends at it.
    expect(at(130)?.widthYards).toBeCloseTo(27 / YARD, 1);
    expect(projection.toMeters(at(130)!.right)[0]).toBeCloseTo(7, 1);
  });

  it('measures perpendicular to a diagonal line and snaps to a fairway just off the line', () => {
    const diagonal = line([0, 0], [300, 300]);
    const fairway = rectangle([150 + 10 / Math.SQRT2, 150 - 10 / Math.SQRT2], 45, 100, 12);
    const m = measureFairwayWidths(7, diagonal, [fairway]);
    expect(m.stations.length).toBeGreaterThan(8);
    for (const s of m.stations) expect(s.widthYards).toBeCloseTo(12 / YARD, 1);
  });
});

describe('measureCourse', () => {
  it('measures every hole with a green and leaves out holes without fairway', () => {
    const features = [
      feature('g1', 'greens', 1, rectangle([0, 400], 0, 30, 20)),
      feature('f1', 'fairways', 1, rectangle([0, 250], 0, 200, 40)),
      feature('g2', 'greens', 2, rectangle([100, 160], 0, 28, 22)),
    ];
    const holes = [hole(1, line([0, 0], [0, 400]), 'g1'), hole(2, line([100, 0], [100, 160]), null)];
    const { greens, fairways } = measureCourse({ holes, features });
    expect(greens.map((g) => g.holeNumber)).toEqual([1, 2]);
    expect(greens[1].depthYards).toBeCloseTo(28 / YARD, 1);
    expect(fairways.map((f) => f.holeNumber)).toEqual([1]);
    expect(fairways[0].stations.length).toBe(22);
  });
});
