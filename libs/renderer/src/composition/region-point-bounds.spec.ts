import { generateDemoCourses } from '@caddie/catalog';
import { parseGraphicsBody } from '@caddie/styles';
import { GraphicDataMissingError } from '../render/graphic-data-missing-error';
import { checkRegionRequest } from './region-composition-frame';
import { REGION_POINT_MAX_DISTANCE_METERS, REGION_POINT_MIN_SEPARATION_METERS } from './region-point-bounds';

const course = generateDemoCourses()[0];
const hole = course.holes[3];
const context = { classification: null, country: null, region: null };
/** about this many metres north of a coordinate */
const north = ([lon, lat]: [number, number], metres: number) => ({ source: 'coordinates' as const, longitude: lon, latitude: lat + metres / 111_320 });
const region = (pointA: unknown, pointB: unknown) =>
  parseGraphicsBody({ subject: { type: 'hole-region', holeNumber: hole.number }, regionComposition: { pointA, pointB } }, context);

function codeOf(run: () => void): string | null {
  try {
    run();
    return null;
  } catch (error) {
    if (error instanceof GraphicDataMissingError) return `${error.code}: ${error.message}`;
    throw error;
  }
}

describe('hole-region framing points', () => {
  const middle = hole.centerline[Math.floor(hole.centerline.length / 2)] as [number, number];

  it('accepts two distinct points on the hole, and measured points along it', () => {
    expect(codeOf(() => checkRegionRequest(course, region(north(middle, 0), north(middle, 60))))).toBeNull();
    expect(codeOf(() => checkRegionRequest(course, region({ offsetYards: 100 }, { offsetYards: 200 })))).toBeNull();
  });

  it('refuses points that coincide or lie within a few metres', () => {
    expect(codeOf(() => checkRegionRequest(course, region(north(middle, 0), north(middle, 0))))).toMatch(
      /^region-points-coincide: pointA and pointB resolve 0\.0 m apart/,
    );
    expect(codeOf(() => checkRegionRequest(course, region(north(middle, 0), north(middle, REGION_POINT_MIN_SEPARATION_METERS - 1))))).toMatch(
      /^region-points-coincide/,
    );
    // the same measured point twice
    expect(codeOf(() => checkRegionRequest(course, region({ offsetYards: 150 }, { offsetYards: 150 })))).toMatch(/^region-points-coincide/);
  });

  it('refuses a point far from the hole, saying how far', () => {
    expect(codeOf(() => checkRegionRequest(course, region(north(middle, 0), north(middle, 1_000_000))))).toMatch(
      /^region-point-too-far: pointB lies (99\d|100\d) km from hole 4; framing points must lie within 2 km/,
    );
    expect(codeOf(() => checkRegionRequest(course, region(north(middle, REGION_POINT_MAX_DISTANCE_METERS + 700), north(middle, 0))))).toMatch(
      /^region-point-too-far: pointA lies \d+ m from hole 4/,
    );
    expect(codeOf(() => checkRegionRequest(course, region(north(middle, 0), north(middle, REGION_POINT_MAX_DISTANCE_METERS - 300))))).toBeNull();
  });

  it('leaves other subjects alone', () => {
    expect(codeOf(() => checkRegionRequest(course, parseGraphicsBody({ subject: { type: 'green', holeNumber: 1 } }, context)))).toBeNull();
  });
});
