import { generateDemoCourses, type Course } from '@caddie/catalog';
import { parseGraphicsQuery } from '@caddie/styles';
import sharp from 'sharp';
import { compareWithGolden, DEFAULT_GOLDEN_TOLERANCE } from './golden-images';
import { renderGraphic } from './render-graphic';

// Scale-aware styling: each subject at its default size matches its golden, and the same graphic
// rendered at 3x that size, reduced to the default size, matches the same golden: strokes, labels,
// badges, flags and arrows all grew with the output (fixed pixel sizes would come out a third as big).
let pine: Course;
const context = (c: Course) => ({ classification: c.classification, country: c.location.country, region: c.location.region });
beforeAll(() => {
  pine = generateDemoCourses()[0];
});

const CASES: [string, string, { width: number; height: number }, Record<string, string>][] = [
  ['scale-green-arrows-heatmap', 'green-7', { width: 1200, height: 1200 }, { breaks: 'true', heatmap: 'elevation' }],
  ['scale-profile', 'profile-elevation-4', { width: 1600, height: 600 }, {}],
  ['scale-hole-pencil', 'hole-16', { width: 720, height: 1200 }, { graphicStyle: 'pencil' }],
];

async function render(subject: string, width: number, height: number, query: Record<string, string>): Promise<Buffer> {
  const request = parseGraphicsQuery(subject, 'png', { ...query, width: String(width), height: String(height) }, context(pine));
  return (await renderGraphic(pine, request)).bytes;
}

describe('golden images at 1x and 3x the default size', () => {
  it.each(CASES)(
    '%s at 1x matches its golden',
    async (name, subject, size, query) => {
      const result = await compareWithGolden(name, await render(subject, size.width, size.height, query));
      expect(result.sameSize).toBe(true);
      expect(result.meanAbsolute).toBeLessThanOrEqual(DEFAULT_GOLDEN_TOLERANCE.meanAbsolute);
      expect(result.differingShare).toBeLessThanOrEqual(DEFAULT_GOLDEN_TOLERANCE.differingShare);
    },
    30_000,
  );

  it.each(CASES)(
    '%s at 3x, reduced to 1x, matches the same golden',
    async (name, subject, size, query) => {
      if (process.env.UPDATE_GOLDEN === '1') return;
      const large = await render(subject, size.width * 3, size.height * 3, query);
      const reduced = await sharp(large).resize(size.width, size.height, { kernel: 'lanczos3' }).png().toBuffer();
      // paper grain, flecks and anti-aliasing differ in detail at 3x; the composition and every size must not
      const tolerance = { ...DEFAULT_GOLDEN_TOLERANCE, meanAbsolute: 3, differingShare: 0.01 };
      const result = await compareWithGolden(name, reduced, tolerance);
      expect(result.sameSize).toBe(true);
      expect(result.meanAbsolute).toBeLessThanOrEqual(tolerance.meanAbsolute);
      expect(result.differingShare).toBeLessThanOrEqual(tolerance.differingShare);
    },
    60_000,
  );
});
