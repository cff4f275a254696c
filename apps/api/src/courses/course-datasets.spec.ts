import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { importOsm, type Course } from '@caddie/catalog';
import { buildDataBundle } from './course-datasets';
import { required } from '../../../../test/support/requirements';

const OSM_DIR = path.resolve(__dirname, '..', '..', '..', '..', '..', 'shared', 'data', 'osm');
const available = required(`the shared OpenStreetMap data (../shared/data/osm) at ${OSM_DIR}`, existsSync(OSM_DIR));
const describeData = available ? describe : describe.skip;
const load = (file: string) => importOsm([{ name: file, content: readFileSync(path.join(OSM_DIR, file)) }]).courses;
const bundle = (course: Course, datasets: string[], holes: number[] | null = null) =>
  buildDataBundle(course, { datasets: datasets as never, holes, granted: datasets }).data as Record<string, any>;

describeData('course datasets on imported courses', () => {
  let augusta: Course;
  let iceland: Course[];
  beforeAll(() => {
    augusta = load('augusta_national_us.osm').find((c) => c.id === 'osm-way-871993734') as Course;
    iceland = load('ogm_country_is_iceland_all_golf_features.geojson');
  });

  it('scorecard: the longest tee of each set, its origin, every tee of the set ordered, and totals per set', () => {
    const { scorecard } = bundle(augusta, ['scorecard']);
    expect(scorecard.yardage).toEqual({
      basis: 'longest-tee-of-set',
      unit: 'yards',
      origins: [{ kind: 'measured', detail: expect.stringMatching(/^along-hole-line/) }],
    });
    expect(Math.abs(scorecard.totalsByTeeSet.default.yards - 7370) / 7370).toBeLessThan(0.03);
    const sum = scorecard.holes.reduce((s: number, h: { yardsByTeeSet: { default: number } }) => s + h.yardsByTeeSet.default, 0);
    expect(sum).toBe(scorecard.totalsByTeeSet.default.yards);
    for (const hole of scorecard.holes) {
      const tees = hole.lengthsByTeeSet.default.tees.map((t: { yards: number }) => t.yards);
      expect(tees).toEqual([...tees].sort((a: number, b: number) => b - a));
      expect(hole.yardsByTeeSet.default).toBe(tees[0]);
    }
    const one = bundle(augusta, ['scorecard'], [12]).scorecard;
    expect(one.totalsByTeeSet.default).toEqual({ yards: one.holes[0].yardsByTeeSet.default, holesCounted: 1, holesWithoutLength: [] });
  });

  it('identity and provenance carry completeness; Strandarvöllur is partial', () => {
    const strandar = iceland.find((c) => c.name === 'Strandarvöllur') as Course;
    const data = bundle(strandar, ['identity', 'provenance']);
    expect(data.identity.completeness).toMatchObject({ status: 'partial', holesMapped: 7, holesExpected: 18 });
    expect(data.identity.qualityFlags).toContain('partial');
    expect(data.provenance.completeness).toEqual(data.identity.completeness);
    const keilir = iceland.find((c) => c.quality?.flags.includes('boundary-inferred') && c.holes[0]?.name === 'Alfaraleid') as Course;
    expect(bundle(keilir, ['identity']).identity.qualityFlags).toEqual(['boundary-inferred']);
    expect(bundle(augusta, ['identity']).identity.completeness.status).toBe('complete');
  });

  it('scorecard: offered with the measured yardages and null pars when the source has no par', () => {
    const parless = { ...augusta, holes: augusta.holes.map((h) => ({ ...h, par: null })) };
    const { scorecard } = bundle(parless, ['scorecard']);
    expect(scorecard.status).toBeUndefined();
    expect(scorecard.holes.map((h: { par: number | null }) => h.par)).toEqual(augusta.holes.map(() => null));
    expect(scorecard.totalsByTeeSet).toEqual(bundle(augusta, ['scorecard']).scorecard.totalsByTeeSet);
    const bare = { ...parless, holes: parless.holes.map((h) => ({ ...h, tees: [] })) };
    expect(bundle(bare, ['scorecard']).scorecard).toMatchObject({ status: 'todo', reason: 'not-available' });
  });

  it('provenance states the date of the OSM data (Augusta: mapped as of January 2023)', () => {
    const { provenance } = bundle(augusta, ['provenance']);
    expect(provenance.sources[0]).toMatchObject({ kind: 'osm', name: 'OpenStreetMap', lastEdited: '2023-01-21T04:27:05Z' });
  });
});
