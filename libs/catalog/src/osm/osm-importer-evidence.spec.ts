/**
 * Feature-to-hole assignment by evidence on the real extracts: hole numbers in names win over
 * position, conflicts become hole flags, greens are never borrowed, out-of-play tees and point
 * tees inside tee boxes set no yardage.
 */
import type { Course } from '../model';
import { importOsm, type OsmImportResult } from './osm-importer';
import { readSharedOsm, sharedOsmAvailable } from './shared-osm-data.fixture';
import { required } from '../../../../test/support/requirements';

const available = required('the shared OpenStreetMap data (../shared/data/osm)', sharedOsmAvailable());
const describeData = available ? describe : describe.skip;

const cache = new Map<string, OsmImportResult>();
function course(fileName: string, id?: string): Course {
  if (!cache.has(fileName)) cache.set(fileName, importOsm([readSharedOsm(fileName)]));
  const courses = (cache.get(fileName) as OsmImportResult).courses;
  return (id ? courses.find((c) => c.id === id) : courses[0]) as Course;
}
const holesOf = (c: Course, featureId: string) => c.features.find((f) => f.id === featureId)?.properties.holeNumbers;
const hole = (c: Course, n: number) => c.holes.find((h) => h.number === n);

describeData('assignment by evidence on First Warsaw', () => {
  const warsaw = () => course('ogm_pl_first_warsaw_golf_country_club.geojson');

  it('puts every tee named for hole 1 on hole 1, the red and blue box among them, with its own yardage', () => {
    const named = warsaw().features.filter((f) => f.properties.layer === 'tees' && /Dołek nr 1 /.test(f.properties.name ?? ''));
    expect(named.map((f) => f.id).sort()).toEqual(['way/787818642', 'way/787818643', 'way/787818649']);
    for (const tee of named) expect({ id: tee.id, holes: tee.properties.holeNumbers }).toEqual({ id: tee.id, holes: [1] });
    expect(
      hole(warsaw(), 1)
        ?.tees.filter((t) => t.featureId === 'way/787818643')
        .map((t) => t.teeSetId)
        .sort(),
    ).toEqual(['blue', 'red']);
    expect(hole(warsaw(), 7)?.tees.some((t) => t.featureId === 'way/787818643')).toBe(false);
    expect(hole(warsaw(), 1)?.flags).toContain('name-geometry-conflict');
  });

  it("gives hole 17 no green rather than hole 14's, and flags the contested green on both holes", () => {
    const h14 = hole(warsaw(), 14);
    const h17 = hole(warsaw(), 17);
    expect(h14?.greenFeatureId).toBe('way/788537831');
    expect(h17?.greenFeatureId).toBeNull();
    expect(h17?.greenCenter).toBeNull();
    expect(h17?.flags).toEqual(expect.arrayContaining(['green-missing', 'green-contested', 'green-named-for-other-hole']));
    expect(h14?.flags).toContain('green-contested');
    expect(holesOf(warsaw(), 'way/788537831')).toEqual([14]);
  });
});

describeData('assignment by evidence on Castel Gandolfo', () => {
  const gandolfo = () => course('ogm_it_country_club_castel_gandolfo_golf_course.geojson');

  it('puts every feature whose name says "Hole N" on hole N only', () => {
    const named = gandolfo().features.filter((f) => f.properties.layer !== 'centerlines' && /^Hole (\d+) /.test(f.properties.name ?? ''));
    expect(named.length).toBeGreaterThan(100);
    for (const f of named) {
      const n = Number(/^Hole (\d+) /.exec(f.properties.name as string)?.[1]);
      expect({ id: f.id, name: f.properties.name, holes: f.properties.holeNumbers }).toEqual({ id: f.id, name: f.properties.name, holes: [n] });
    }
    expect(holesOf(gandolfo(), 'way/996953220')).toEqual([16]);
    expect(holesOf(gandolfo(), 'way/996953218')).toEqual([16]);
    expect(holesOf(gandolfo(), 'way/997149886')).toEqual([7]);
  });

  it('flags the holes that took a feature against its position, and says which in the inferences', () => {
    expect(hole(gandolfo(), 16)?.flags).toContain('name-geometry-conflict');
    expect(hole(gandolfo(), 7)?.flags).toContain('name-geometry-conflict');
    const notes = gandolfo().provenance.inferences.filter((i) => i.subject === 'hole 16' && /Hole 16 fairway/.test(i.what));
    expect(notes).toHaveLength(1);
    expect(notes[0].what).toMatch(/beside hole 17; assigned by its name/);
  });

  it('keeps unused tees out of the yardages but draws them', () => {
    const unused = gandolfo().features.filter((f) => f.properties.layer === 'tees' && /unused|unusued/.test(f.properties.name ?? ''));
    expect(unused.length).toBe(8);
    for (const tee of unused) {
      expect(tee.properties.usage).toBe('unused');
      expect(tee.properties.holeNumbers.length).toBe(1);
      expect(gandolfo().holes.some((h) => h.tees.some((t) => t.featureId === tee.id))).toBe(false);
    }
    // hole 7's longest tee used to be the unused box at 191 yd
    expect(hole(gandolfo(), 7)?.tees[0].featureId).toBe('way/997149882');
    expect(hole(gandolfo(), 7)?.flags).toContain('tee-out-of-play');
  });

  it('counts a point tee inside a tee box once', () => {
    const h4 = hole(gandolfo(), 4);
    expect(h4?.tees.map((t) => t.featureId)).toEqual(['way/996962321', 'way/996962322', 'way/996962323', 'way/996962324']);
  });
});

describeData('assignment by geometry where names are silent', () => {
  it("keeps Augusta hole 12's greenside bunkers off hole 13, whose tee is beside them", () => {
    const augusta = course('augusta_national_us.osm', 'osm-way-871993734');
    for (const id of ['way/855657866', 'way/870798506', 'way/929662897']) expect({ id, holes: holesOf(augusta, id) }).toEqual({ id, holes: [12] });
  });

  it('leaves the Grafarholtsvöllur fairway behind the 18th green off hole 18, so its graphic does not reach it', () => {
    const grafarholt = course('ogm_is_grafarholtsvollur.geojson');
    expect(holesOf(grafarholt, 'way/245448434')).toEqual([]);
    const [, , , north] = hole(grafarholt, 18)?.bounds ?? [];
    expect(north).toBeLessThan(64.12355);
    expect(holesOf(grafarholt, 'way/245055587')).toEqual([18]);
  });
});
