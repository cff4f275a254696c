import { importOsm, type OsmImportResult } from './osm-importer';
import { readSharedOsm, sharedOsmAvailable } from './shared-osm-data.fixture';
import { required } from '../../../../test/support/requirements';

const available = required('the shared OpenStreetMap data (../shared/data/osm)', sharedOsmAvailable());
const describeData = available ? describe : describe.skip;

describeData('importOsm on Augusta National (OSM XML with full hole tags)', () => {
  let result: OsmImportResult;
  beforeAll(() => {
    result = importOsm([readSharedOsm('augusta_national_us.osm')]);
  });
  const national = () => result.courses.find((c) => c.id === 'osm-way-871993734');
  const countryClub = () => result.courses.find((c) => c.id === 'osm-way-871997938');

  it('reads the file as OSM XML and finds both boundaries', () => {
    expect(result.inputs).toEqual([{ name: 'augusta_national_us.osm', format: 'osm-xml', features: expect.any(Number) }]);
    expect(result.courses.map((c) => c.name).sort()).toEqual(['Augusta Country Club', 'Augusta National Golf Club']);
  });

  it('takes 18 holes with par and handicap from the tags', () => {
    const course = national();
    expect(course?.holes.map((h) => h.number)).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
    expect(course?.holes[0]).toMatchObject({ number: 1, name: 'Tea Olive', par: 4, handicap: 9 });
    expect(course?.holes[11]).toMatchObject({ number: 12, name: 'Golden Bell', par: 3, handicap: 16 });
    expect(course?.holes.reduce((sum, h) => sum + (h.par ?? 0), 0)).toBe(72);
    expect(new Set(course?.holes.map((h) => h.handicap))).toEqual(new Set(Array.from({ length: 18 }, (_, i) => i + 1)));
    for (const hole of course?.holes ?? []) {
      expect(hole.flags).not.toContain('par-missing');
      expect(hole.flags).not.toContain('number-from-name');
    }
  });

  it('gives every hole a green, a tee, a pin and sensible yardages', () => {
    for (const hole of national()?.holes ?? []) {
      expect({ hole: hole.number, green: hole.greenFeatureId !== null }).toEqual({ hole: hole.number, green: true });
      expect(hole.tees.length).toBeGreaterThan(0);
      expect(hole.pin).not.toBeNull();
      const longest = hole.tees[0].yards ?? 0;
      const range = hole.par === 3 ? [100, 280] : hole.par === 4 ? [280, 520] : [450, 640];
      expect({ hole: hole.number, longest, inRange: longest >= range[0] && longest <= range[1] }).toMatchObject({ inRange: true });
    }
  });

  it('builds fairway multipolygon relations into the course', () => {
    const fairways = national()?.features.filter((f) => f.properties.layer === 'fairways') ?? [];
    const relation = fairways.find((f) => f.id === 'relation/14003907');
    expect(relation?.properties.holeNumbers).toEqual([1]);
  });

  it('does not give Augusta National holes to the neighbouring Augusta Country Club', () => {
    const neighbour = countryClub();
    expect(neighbour?.holes).toEqual([]);
    expect(neighbour?.active).toBe(false);
    const nationalLines = new Set(
      national()
        ?.features.filter((f) => f.properties.layer === 'centerlines')
        .map((f) => f.id),
    );
    expect(nationalLines.size).toBe(18);
    expect(neighbour?.features.some((f) => nationalLines.has(f.id))).toBe(false);
    expect(neighbour?.features.every((f) => f.properties.holeNumbers.length === 0)).toBe(true);
  });

  it('reports per layer what was tied to holes', () => {
    const report = result.reports.find((r) => r.courseId === 'osm-way-871993734');
    expect(report?.holeCount).toBe(18);
    expect(report?.features.greens.assigned).toBe(18);
    expect(report?.features.centerlines).toEqual({ assigned: 18, unassigned: 0 });
    expect(report?.holesWithoutGreen).toEqual([]);
    expect(report?.holesWithoutTee).toEqual([]);
  });
});
