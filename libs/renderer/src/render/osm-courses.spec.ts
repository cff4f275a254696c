import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { importOsm, type Course } from '@caddie/catalog';
import { parseGraphicsQuery } from '@caddie/styles';
import { GraphicDataMissingError } from './graphic-data-missing-error';
import { paintGraphic } from './render-graphic';
import { encodeRgba } from './image-encoder';
import { required } from '../../../../test/support/requirements';

// Every hole of every course in the shared OSM extracts: hole and green subjects at a small size.
const OSM_DIR = path.resolve(__dirname, '..', '..', '..', '..', '..', 'shared', 'data', 'osm');
const available = required(`the shared OpenStreetMap data (../shared/data/osm) at ${OSM_DIR}`, existsSync(OSM_DIR));

const SIZE = { width: '320', height: '534' };

(available ? describe : describe.skip)('renders every hole of the shared OSM courses', () => {
  const files = available
    ? readdirSync(OSM_DIR)
        .filter((f) => /\.(osm|geojson|json)$/.test(f))
        .sort()
    : [];

  it.each(files)(
    '%s',
    async (file) => {
      const { courses } = importOsm([{ name: file, content: readFileSync(path.join(OSM_DIR, file)) }]);
      const outcomes = { rendered: 0, missing: new Map<string, number>() };
      let encodedOne = false;
      for (const course of courses.filter((c: Course) => c.holes.length)) {
        const style = { classification: course.classification, country: course.location.country, region: course.location.region };
        for (const hole of course.holes) {
          for (const subject of [`hole-${hole.number}`, `green-${hole.number}`]) {
            try {
              const painted = paintGraphic(
                course,
                parseGraphicsQuery(subject, 'png', subject.startsWith('green') ? { width: '320', height: '320' } : SIZE, style),
              );
              expect(painted.sidecar.contentBounds.width).toBeGreaterThan(0);
              if (!encodedOne) {
                // encoding is covered elsewhere; one per file proves the bitmap is sound
                const out = await encodeRgba(painted.canvas.data(), painted.canvas.width, painted.canvas.height, { format: 'png', opaque: true, dpi: 300 });
                expect(out.bytes.length).toBeGreaterThan(1000);
                encodedOne = true;
              }
              outcomes.rendered++;
            } catch (error) {
              if (!(error instanceof GraphicDataMissingError)) throw new Error(`${course.id} ${subject}: ${(error as Error).stack}`, { cause: error });
              outcomes.missing.set(error.code, (outcomes.missing.get(error.code) ?? 0) + 1);
            }
          }
        }
      }
      expect(outcomes.rendered).toBeGreaterThan(0);
      console.log(`${file}: ${outcomes.rendered} rendered, missing data: ${JSON.stringify(Object.fromEntries(outcomes.missing))}`);
    },
    60_000,
  );
});
