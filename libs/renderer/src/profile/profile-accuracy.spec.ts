import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { attachGroundElevation, importOsm, type Course } from '@caddie/catalog';
import { readHgtZip } from '@caddie/geometry';
import { paintProfileElevation } from './profile-painter';
import { required } from '../../../../test/support/requirements';

const HGT = path.resolve(__dirname, '..', '..', '..', '..', '..', 'shared', 'data', 'elevation', 'N55W004.hgt.zip');
const available = required(`the shared SRTM tile (${HGT})`, existsSync(HGT));
const describeData = available ? describe : describe.skip;

/** One 400 m hole on Braid Hills, Edinburgh (inside the SRTM3 tile N55W004), west to east. */
function braidHillsHole(): Course {
  const at = (dx: number, dy: number) => [-3.2 + dx / 62_300, 55.915 + dy / 111_320];
  const square = (dx: number, dy: number, h: number) => ({
    type: 'Polygon',
    coordinates: [[at(dx - h, dy - h), at(dx + h, dy - h), at(dx + h, dy + h), at(dx - h, dy + h), at(dx - h, dy - h)]],
  });
  const feature = (id: number, tags: Record<string, string>, geometry: unknown) => ({
    type: 'Feature',
    geometry,
    properties: { osm_type: 'way', osm_id: id, ...tags },
  });
  const fc = {
    type: 'FeatureCollection',
    features: [
      feature(1, { leisure: 'golf_course', name: 'Braid test' }, square(200, 0, 400)),
      feature(2, { golf: 'hole', ref: '1', par: '4' }, { type: 'LineString', coordinates: [at(0, 0), at(400, 0)] }),
      feature(3, { golf: 'green' }, square(405, 0, 12)),
      feature(4, { golf: 'tee', 'tee:colour': 'white' }, square(-5, 0, 5)),
    ],
  };
  const [course] = importOsm([{ name: 'braid.geojson', content: JSON.stringify(fc) }]).courses;
  return attachGroundElevation(course, [readHgtZip(new Uint8Array(readFileSync(HGT)), 'N55W004.hgt.zip')]);
}

describeData('profiles from a coarse ground model (SRTM3 at 56°N)', () => {
  let course: Course;
  beforeAll(() => {
    course = braidHillsHole();
  });

  it('states the native pixel size along both axes and the SRTM vertical accuracy', () => {
    const precision = course.elevation.ground?.precision;
    expect(precision?.nativeResolution.eastWestMeters).toBeCloseTo(52, 0);
    expect(precision?.nativeResolution.northSouthMeters).toBeCloseTo(92.8, 0);
    expect(precision?.verticalAccuracy).toMatchObject({ absoluteMeters: 16, relativeMeters: { min: 6, max: 10 }, confidence: 0.9 });
  });

  it('rounds elevation labels to 10 ft and prints an accuracy note', () => {
    const size = { width: 1600, height: 600 };
    const ctx = createCanvas(size.width, size.height).getContext('2d');
    const meta = paintProfileElevation(ctx, size, course, 1, { graphicStyle: 'traditional' } as never);
    expect(meta.elevationAccuracy.labelStepFeet).toBe(10);
    expect(meta.elevationAccuracy.note).toMatch(/^Heights from a 52 × 93 m elevation model \(±6-10 m relative\), rounded to 10 ft$/);
    const elevationTexts = meta.labels.filter((l) => l.kind === 'station-elevation' || l.kind === 'tee-badge').map((l) => l.text);
    expect(elevationTexts.length).toBeGreaterThan(0);
    for (const text of elevationTexts) expect(Number(/(-?\+?\d+) ft$/.exec(text.replace('+', ''))?.[1]) % 10).toBe(0);
    expect(meta.labels.some((l) => l.kind === 'accuracy-note' && l.text === meta.elevationAccuracy.note)).toBe(true);
  });
});
