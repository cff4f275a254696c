import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { importOsm, type Course } from '@caddie/catalog';
import { parseGraphicsQuery } from '@caddie/styles';
import { paintGraphic } from '../render/render-graphic';
import { ROOF_COLORS } from './palettes';
import { projectWithSidecar } from '../render/spatial-sidecar';
import { required } from '../../../../test/support/requirements';

// Augusta National's bridges and shelters are mapped `building=yes`; inside the course boundary
// they take the neutral structure colour, not a house roof colour (the stray orange and blue
// rectangles among the trees of holes 12 and 13).
const AUGUSTA = path.resolve(__dirname, '..', '..', '..', '..', '..', 'shared', 'data', 'osm', 'augusta_national_us.osm');
const available = required(`Augusta National from the shared data (${AUGUSTA})`, existsSync(AUGUSTA));

(available ? describe : describe.skip)('course structures (Augusta National)', () => {
  it.each([12, 13])(
    'hole %i: on-course buildings are painted in the neutral structure colour',
    (holeNumber) => {
      const { courses } = importOsm([{ name: 'augusta_national_us.osm', content: readFileSync(AUGUSTA) }]);
      const course = courses.find((c: Course) => c.holes.length)!;
      const request = parseGraphicsQuery(
        `hole-${holeNumber}`,
        'png',
        { width: '720', height: '1200' },
        { classification: course.classification, country: course.location.country, region: course.location.region },
      );
      const painted = paintGraphic(course, request);
      const image = painted.canvas.getContext('2d').getImageData(0, 0, 720, 1200).data;
      const roofs = ROOF_COLORS.mixed.map((hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)));
      let neutral = 0;
      let roofed = 0;
      for (const f of course.features.filter((x) => x.properties.layer === 'buildings' && x.properties.kind === 'yes' && x.geometry.type === 'Polygon')) {
        const ring = (f.geometry.coordinates as number[][][])[0];
        const lon = ring.reduce((s, p) => s + p[0], 0) / ring.length;
        const lat = ring.reduce((s, p) => s + p[1], 0) / ring.length;
        const [x, y] = projectWithSidecar(painted.sidecar, [lon, lat]).map(Math.round);
        if (x < 2 || y < 2 || x > 717 || y > 1197) continue;
        const o = (y * 720 + x) * 4;
        const pixel = [image[o], image[o + 1], image[o + 2]];
        const near = (color: number[]) => Math.abs(pixel[0] - color[0]) + Math.abs(pixel[1] - color[1]) + Math.abs(pixel[2] - color[2]) < 45;
        if (roofs.some(near)) roofed++;
        if (near([0xcf, 0xc4, 0xb2])) neutral++;
      }
      expect(roofed).toBe(0);
      expect(neutral).toBeGreaterThan(0);
    },
    60_000,
  );
});
