import type { Course } from '../model';
import { importOsm } from '../osm/osm-importer';
import { readSharedOsm, sharedOsmAvailable } from '../osm/shared-osm-data.fixture';
import { asInput, collection, line, osmFeature, square } from '../osm/synthetic-course.fixture';
import { teeSetLengths, teeSetTotals } from './tee-set-yardages';
import { required } from '../../../../test/support/requirements';

const available = required('the shared OpenStreetMap data (../shared/data/osm)', sharedOsmAvailable());
const describeData = available ? describe : describe.skip;

describeData('scorecard yardages on Augusta National', () => {
  let augusta: Course;
  beforeAll(() => {
    augusta = importOsm([readSharedOsm('augusta_national_us.osm')]).courses.find((c) => c.id === 'osm-way-871993734') as Course;
  });

  it('totals the back tees within 3% of 7,370 yd (the longest tee of the set, not the shortest)', () => {
    const totals = teeSetTotals(augusta);
    expect(Object.keys(totals)).toEqual(['default']);
    expect(totals.default.holesCounted).toBe(18);
    expect(totals.default.holesWithoutLength).toEqual([]);
    expect(Math.abs(totals.default.yards - 7370) / 7370).toBeLessThan(0.03);
  });

  it('lists every tee of the set longest first, the set length being the first, each marked measured along the hole line', () => {
    for (const hole of augusta.holes) {
      const { default: set } = teeSetLengths(hole, ['default']);
      const yards = set.tees.map((t) => t.yards);
      expect({ hole: hole.number, yards }).toEqual({ hole: hole.number, yards: [...yards].sort((a, b) => b - a) });
      expect(set.yards).toBe(yards[0]);
      expect(set.tees.length).toBe(hole.tees.length);
      for (const tee of set.tees) expect(tee.origin).toMatchObject({ kind: 'measured', detail: expect.stringMatching(/^along-hole-line/) });
    }
    expect(teeSetLengths(augusta.holes[1], ['default']).default.tees.length).toBe(2);
  });
});

describe('lengths the source states', () => {
  const tee = (id: number, y: number, colour: string) => osmFeature('way', id, { golf: 'tee', 'tee:colour': colour }, square(0, y, 5));
  const fixture = (holeTags: Record<string, string>) =>
    collection(
      osmFeature('way', 1, { leisure: 'golf_course', name: 'Tagged' }, square(0, 200, 400)),
      osmFeature('way', 2, { golf: 'hole', ref: '1', par: '4', ...holeTags }, line([0, 0], [0, 350])),
      osmFeature('way', 3, { golf: 'green' }, square(0, 355, 12)),
      tee(4, -10, 'white'),
      tee(5, 40, 'red'),
    );

  it('take the place of the measured length of their set, and say which tag they came from', () => {
    const course = importOsm([asInput('tagged.geojson', fixture({ 'dist:white': '400', 'dist:red': '320 yd' }))]).courses[0];
    const lengths = teeSetLengths(course.holes[0], ['white', 'red']);
    expect(lengths.white).toMatchObject({ yards: Math.round(400 / 0.9144), origin: { kind: 'source', detail: 'dist:white' } });
    expect(lengths.red).toMatchObject({ yards: 320, origin: { kind: 'source', detail: 'dist:red' } });
  });

  it('leave the measured length, marked measured, when no tag states one', () => {
    const course = importOsm([asInput('untagged.geojson', fixture({}))]).courses[0];
    const lengths = teeSetLengths(course.holes[0], ['white', 'red']);
    expect(lengths.white.origin.kind).toBe('measured');
    expect(lengths.white.yards).toBeGreaterThan(lengths.red.yards);
  });
});
