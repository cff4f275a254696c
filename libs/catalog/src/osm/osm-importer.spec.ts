import { readdirSync } from 'node:fs';
import { lineString, point, pointToLineDistance } from '@turf/turf';
import { courseRevision } from '../course-revision';
import { GEOMETRY_LAYERS, type Course } from '../model';
import { importOsm, type OsmImportProgress, type OsmImportResult } from './osm-importer';
import { parseOsmInput } from './osm-parser';
import { readSharedOsm, SHARED_OSM_DIR, sharedOsmAvailable } from './shared-osm-data.fixture';
import { required } from '../../../../test/support/requirements';

const available = required('the shared OpenStreetMap data (../shared/data/osm)', sharedOsmAvailable());
const describeData = available ? describe : describe.skip;

const cache = new Map<string, OsmImportResult>();
function imported(fileName: string): OsmImportResult {
  if (!cache.has(fileName)) cache.set(fileName, importOsm([readSharedOsm(fileName)]));
  return cache.get(fileName) as OsmImportResult;
}
function onlyCourse(fileName: string): Course {
  const { courses } = imported(fileName);
  expect(courses).toHaveLength(1);
  return courses[0];
}
const oneTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describeData('importOsm on the shared OpenStreetMap extracts (GeoJSON)', () => {
  // it.each refuses an empty table, even in a skipped describe
  const geojsonFiles = available
    ? readdirSync(SHARED_OSM_DIR)
        .filter((f) => f.endsWith('.geojson'))
        .sort()
    : ['(no data)'];

  it.each(geojsonFiles)('imports %s into well-formed, deterministic courses', (fileName) => {
    const { courses, reports } = imported(fileName);
    expect(courses.length).toBeGreaterThan(0);
    expect(reports.map((r) => r.courseId)).toEqual(courses.map((c) => c.id));
    for (const course of courses) {
      expect(course.id).toMatch(/^osm-(inferred-)?way-\d+(-[a-z0-9-]+)?$/);
      expect(course.active).toBe(course.holes.length > 0);
      expect(course.holes.map((h) => h.number)).toEqual([...course.holes.map((h) => h.number)].sort((a, b) => a - b));
      const ids = course.features.map((f) => f.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const feature of course.features) expect(GEOMETRY_LAYERS).toContain(feature.properties.layer);
      expect(course.features.filter((f) => f.properties.layer === 'course-boundary')).toHaveLength(1);
      expect(course.provenance.sources[0]).toMatchObject({ kind: 'osm', license: 'ODbL-1.0', attribution: '© OpenStreetMap contributors' });
      expect(course.elevation).toEqual({ ground: null, greens: {}, trees: null });
      // the extracts carry no par or handicap: never invented
      for (const hole of course.holes) {
        expect(hole.par).toBeNull();
        expect(hole.flags).toEqual(expect.arrayContaining(['par-missing', 'handicap-missing']));
      }
    }
  });

  it('splits Tournette into its two 18-hole courses', () => {
    const { courses } = imported('ogm_be_golf_chateau_de_la_tournette.geojson');
    expect(courses.map((c) => [c.id, c.holes.map((h) => h.number)])).toEqual([
      ['osm-way-27416448-l-americain', oneTo(18)],
      ['osm-way-27416448-l-anglais', oneTo(18)],
    ]);
    // the hole named just "L'Américain" fills the only gap, 9, and says so
    const americain9 = courses[0].holes[8];
    expect(americain9.flags).toContain('number-inferred');
    expect(courses[0].provenance.inferences.some((i) => i.subject === 'hole 9' && /only number missing/.test(i.how))).toBe(true);
    // no hole line appears in both courses
    const lines = (c: Course) => c.features.filter((f) => f.properties.layer === 'centerlines').map((f) => f.id);
    expect(lines(courses[0]).filter((id) => lines(courses[1]).includes(id))).toEqual([]);
  });

  it('splits the Iceland country file into one course per boundary and counts the ones with holes', () => {
    const { courses: all, unplaced } = imported('ogm_country_is_iceland_all_golf_features.geojson');
    const courses = all.filter((c) => !c.quality?.flags.includes('boundary-inferred'));
    expect(courses).toHaveLength(51);
    expect(all).toHaveLength(51 + unplaced.inferredCourses.length);
    const withHoles = courses.filter((c) => c.holes.length > 0);
    expect(withHoles.map((c) => c.name).sort()).toEqual(
      ['Brautarholtsvöllur', 'Grafarholtsvöllur', 'Kiðjabergsvöllur', 'Strandarvöllur', 'Vestmannaeyjavöllur'].sort(),
    );
    expect(courses.filter((c) => c.active)).toEqual(withHoles);
    expect(all.every((c) => c.location.country === 'IS')).toBe(true);
    // hole lines mapped without a boundary are reported, not silently lost
    expect(unplaced.holeLinesOutsideBoundaries.length).toBeGreaterThan(0);
    expect(withHoles.find((c) => c.name === 'Grafarholtsvöllur')?.holes.map((h) => h.number)).toEqual(oneTo(18));
  });

  it('keeps Pestana Vila Sol as one 27-hole layout', () => {
    expect(onlyCourse('ogm_pt_pestana_vila_sol_golf_course.geojson').holes.map((h) => h.number)).toEqual(oneTo(27));
  });

  it('reads the Warsaw hole numbers from the Polish names', () => {
    const course = onlyCourse('ogm_pl_first_warsaw_golf_country_club.geojson');
    expect(course.holes.map((h) => h.number)).toEqual(oneTo(18));
    expect(course.holes[3].name).toBe("Devil's Elbow");
    expect(course.holes[11].name).toBe('No Mistakes');
    expect(course.holes.every((h) => h.flags.includes('number-from-name'))).toBe(true);
    expect(course.provenance.inferences.filter((i) => /^hole number \d+ from name/.test(i.what))).toHaveLength(18);
    // colour words in the Polish tee names become tee sets
    expect(course.teeSets.map((t) => t.id)).toEqual(expect.arrayContaining(['black', 'white', 'yellow', 'red', 'blue']));
  });

  it('sorts Krumlov holes that the file lists out of order', () => {
    const fileName = 'ogm_cz_golf_club_cesky_krumlov.geojson';
    const sourceOrder = parseOsmInput(fileName, readSharedOsm(fileName).content)
      .features.filter((f) => f.tags['golf'] === 'hole')
      .map((f) => Number(f.tags['name']));
    expect(sourceOrder).not.toEqual(oneTo(18));
    expect(onlyCourse(fileName).holes.map((h) => h.number)).toEqual(oneTo(18));
  });

  it.each(['ogm_no_kongsvinger_golfklubb.geojson', 'ogm_is_grafarholtsvollur.geojson', 'ogm_it_country_club_castel_gandolfo_golf_course.geojson'])(
    'finds 18 holes, each with a green and a tee, in %s',
    (fileName) => {
      const course = onlyCourse(fileName);
      expect(course.holes.map((h) => h.number)).toEqual(oneTo(18));
      expect(course.holes.filter((h) => h.greenFeatureId === null)).toEqual([]);
      expect(course.holes.filter((h) => h.tees.length === 0)).toEqual([]);
    },
  );

  it('gives the same revision on re-import and a new one when a coordinate moves', () => {
    const fileName = 'ogm_cz_golf_club_cesky_krumlov.geojson';
    const text = readSharedOsm(fileName).content.toString('utf8');
    const first = importOsm([{ name: fileName, content: text }]).courses[0];
    const again = importOsm([{ name: fileName, content: Buffer.from(text) }]).courses[0];
    expect(courseRevision(again)).toBe(courseRevision(first));
    expect(JSON.stringify(again)).toBe(JSON.stringify(first));

    const hole = first.holes[0];
    const [lon, lat] = hole.centerline[0];
    const moved = text.replace(`[${lon}, ${lat}]`, `[${lon}, ${(lat + 0.00002).toFixed(5)}]`);
    expect(moved).not.toBe(text);
    expect(courseRevision(importOsm([{ name: fileName, content: moved }]).courses[0])).not.toBe(courseRevision(first));
  });

  it('flags tees far off the hole line and never lists a tee at the green end at 0 yd', () => {
    const krumlov18 = onlyCourse('ogm_cz_golf_club_cesky_krumlov.geojson').holes.find((h) => h.number === 18)!;
    expect(krumlov18.flags).toContain('tee-off-line');
    const off = krumlov18.tees.find((t) => t.featureId === 'way/1270591209')!;
    // a second reading of the same geometry: turf's distance from the tee centre to the hole line
    const meters = pointToLineDistance(point(off.center), lineString(krumlov18.centerline), { units: 'meters' });
    expect(off.offLineMeters).toBeGreaterThan(25);
    expect(Math.abs(off.offLineMeters! - meters)).toBeLessThan(2);
    expect(
      krumlov18.tees
        .filter((t) => t.offLineMeters === undefined)
        .every((t) => pointToLineDistance(point(t.center), lineString(krumlov18.centerline), { units: 'meters' }) <= 26),
    ).toBe(true);

    const anglais = imported('ogm_be_golf_chateau_de_la_tournette.geojson').courses.find((c) => c.id === 'osm-way-27416448-l-anglais')!;
    const second = anglais.holes.find((h) => h.number === 2)!;
    expect(second.flags).toContain('tee-at-green-end');
    expect(second.tees.find((t) => t.featureId === 'way/169196714')).toMatchObject({ yards: null });
    for (const file of readdirSync(SHARED_OSM_DIR).filter((f) => f.endsWith('.geojson') || f.endsWith('.osm'))) {
      for (const course of imported(file).courses)
        for (const hole of course.holes) for (const tee of hole.tees) if (tee.yards !== null) expect(tee.yards).toBeGreaterThan(0);
    }
  });

  it('gives the same revision whatever the file is called, and names the file in the report only', () => {
    const fileName = 'ogm_cz_golf_club_cesky_krumlov.geojson';
    const text = readSharedOsm(fileName).content.toString('utf8');
    const first = importOsm([{ name: fileName, content: text }]);
    const renamed = importOsm([{ name: 'krumlov-2026-12-07.geojson', content: text }]);
    expect(courseRevision(renamed.courses[0])).toBe(courseRevision(first.courses[0]));
    expect(JSON.stringify(renamed.courses[0])).not.toContain('krumlov-2026');
    expect(first.reports[0].inputs).toEqual([fileName]);
    expect(renamed.reports[0].inputs).toEqual(['krumlov-2026-12-07.geojson']);
  });

  it('reports progress through every stage', () => {
    const seen: OsmImportProgress[] = [];
    importOsm([readSharedOsm('ogm_no_kongsvinger_golfklubb.geojson')], { onProgress: (p) => seen.push(p) });
    expect(seen.map((p) => p.stage)).toEqual(expect.arrayContaining(['parse', 'classify', 'assemble']));
    const last = seen[seen.length - 1];
    expect(last).toEqual({ stage: 'assemble', done: 1, total: 1, item: null });
  });
});
