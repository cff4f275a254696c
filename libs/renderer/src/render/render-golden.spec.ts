import { generateDemoCourses, type Course } from '@caddie/catalog';
import { parseGraphicsBody, parseGraphicsQuery } from '@caddie/styles';
import { compareWithGolden, DEFAULT_GOLDEN_TOLERANCE } from './golden-images';
import { renderGraphic } from './render-graphic';

// Small renders of every subject x style and each integration, against stored goldens.
let pine: Course;
const style = (c: Course) => ({ classification: c.classification, country: c.location.country, region: c.location.region });

beforeAll(() => {
  pine = generateDemoCourses()[0];
});

const HOLE = { width: '400', height: '667' };
const CASES: [string, string, Record<string, string>][] = [
  ['hole-traditional', 'hole-7', HOLE],
  ['hole-pencil', 'hole-7', { ...HOLE, graphicStyle: 'pencil' }],
  ['hole-colored-pencil', 'hole-7', { ...HOLE, graphicStyle: 'colored-pencil' }],
  ['green-traditional', 'green-7', { width: '400', height: '400' }],
  ['green-pencil', 'green-7', { width: '400', height: '400', graphicStyle: 'pencil' }],
  ['green-colored-pencil', 'green-7', { width: '400', height: '400', graphicStyle: 'colored-pencil' }],
  ['course-traditional', 'course', { width: '600', height: '400' }],
  ['course-pencil', 'course', { width: '600', height: '400', graphicStyle: 'pencil' }],
  ['course-colored-pencil', 'course', { width: '600', height: '400', graphicStyle: 'colored-pencil' }],
  ['green-heatmap', 'green-7', { width: '400', height: '400', heatmap: 'elevation' }],
  ['green-arrows', 'green-7', { width: '400', height: '400', breaks: 'true', breakStyle: 'grid' }],
  ['hole-transparent', 'hole-7', { ...HOLE, paperTheme: 'transparent' }],
  ['hole-landscape', 'hole-7', { width: '667', height: '400', layout: 'landscape', teeSide: 'right' }],
  ['hole-exact', 'hole-7', { ...HOLE, flagX: '70', flagY: '15', teeX: '30', teeY: '95' }],
  ['profile', 'profile-elevation-7', { width: '800', height: '320' }],
];

describe('golden images (demo-pine-hollow, hole 7)', () => {
  it.each(CASES)(
    '%s matches its golden',
    async (name, subject, query) => {
      const rendered = await renderGraphic(pine, parseGraphicsQuery(subject, 'png', query, style(pine)));
      const result = await compareWithGolden(name, rendered.bytes);
      expect(result.sameSize).toBe(true);
      expect(result.meanAbsolute).toBeLessThanOrEqual(DEFAULT_GOLDEN_TOLERANCE.meanAbsolute);
      expect(result.differingShare).toBeLessThanOrEqual(DEFAULT_GOLDEN_TOLERANCE.differingShare);
    },
    20_000,
  );

  it('hole-region frames two measured points', async () => {
    const request = parseGraphicsBody(
      {
        subject: { type: 'hole-region', holeNumber: 7 },
        output: { format: 'png', width: 400, height: 667 },
        regionComposition: { pointA: { offsetYards: 150 }, pointB: { reference: 'green', offsetYards: 0.5 } },
      },
      style(pine),
    );
    const rendered = await renderGraphic(pine, request);
    const result = await compareWithGolden('hole-region', rendered.bytes);
    expect(result.meanAbsolute).toBeLessThanOrEqual(DEFAULT_GOLDEN_TOLERANCE.meanAbsolute);
  });
});
