/**
 * Partial and orphan data in the Iceland country dump: courses mapped in part say so, hole
 * lines mapped without a boundary become candidate courses or are listed with a reason.
 */
import type { Course } from '../model';
import { importOsm, type OsmImportResult } from './osm-importer';
import { readSharedOsm, sharedOsmAvailable } from './shared-osm-data.fixture';
import { required } from '../../../../test/support/requirements';

const available = required('the shared OpenStreetMap data (../shared/data/osm)', sharedOsmAvailable());
const describeData = available ? describe : describe.skip;

describeData('partial and orphan data in the Iceland dump', () => {
  let result: OsmImportResult;
  beforeAll(() => {
    result = importOsm([readSharedOsm('ogm_country_is_iceland_all_golf_features.geojson')]);
  });
  const named = (name: string) => result.courses.find((c) => c.name === name) as Course;

  it('marks Strandarvöllur partial: holes 12-18 mapped of 18, the rest listed as missing', () => {
    const strandar = named('Strandarvöllur');
    expect(strandar.quality?.flags).toContain('partial');
    expect(strandar.quality?.completeness).toMatchObject({
      status: 'partial',
      holesMapped: 7,
      holesExpected: 18,
      holesExpectedFrom: 'highest-hole-number',
      holesMissing: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
    });
    expect(strandar.provenance.missing[0]).toMatch(/^holes 1, 2, .*11: not mapped \(18 expected/);
    expect(result.reports.find((r) => r.courseId === strandar.id)?.completeness.status).toBe('partial');
    expect(named('Grafarholtsvöllur').quality?.completeness.status).toBe('complete');
  });

  it('finds Keilir as a candidate course flagged boundary-inferred, its 18 named holes numbered', () => {
    const keilir = result.courses.find((c) => c.holes.find((h) => h.number === 1)?.name === 'Alfaraleid') as Course;
    expect(keilir).toBeDefined();
    expect(keilir.id).toMatch(/^osm-inferred-way-\d+$/);
    expect(keilir.quality?.flags).toContain('boundary-inferred');
    expect(keilir.holes.map((h) => h.number)).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
    expect(keilir.holes.every((h) => h.greenFeatureId !== null && h.tees.length > 0)).toBe(true);
    expect(keilir.location.country).toBe('IS');
    expect(keilir.name).toMatch(/^Unnamed golf course at 64\.05/);
    expect(keilir.provenance.inferences[0]).toMatchObject({ subject: 'course', what: expect.stringMatching(/boundary drawn around hole lines/) });
    expect(result.unplaced.inferredCourses).toContain(keilir.id);
  });

  it('drops no hole line silently: each is on a course or listed with a reason', () => {
    const onCourses = new Set(result.courses.flatMap((c) => c.features.filter((f) => f.properties.layer === 'centerlines').map((f) => f.id)));
    const listed = result.unplaced.holeLinesLeftOut.flatMap((l) => l.holeLineIds);
    expect([...listed].sort()).toEqual([...result.unplaced.holeLinesOutsideBoundaries].sort());
    for (const entry of result.unplaced.holeLinesLeftOut) expect(entry.reason).toMatch(/inside no course boundary/);
    const source = JSON.parse(readSharedOsm('ogm_country_is_iceland_all_golf_features.geojson').content.toString('utf8')) as {
      features: { properties: Record<string, unknown> }[];
    };
    const allLines = source.features.filter((f) => f.properties['golf'] === 'hole').map((f) => `${f.properties['osm_type']}/${f.properties['osm_id']}`);
    for (const id of allLines) expect({ id, accounted: onCourses.has(id) || listed.includes(id) }).toEqual({ id, accounted: true });
  });
});
