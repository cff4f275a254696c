import { compilePrintable } from '../compile/compile-printable';
import { greenOutline, METERS_PER_INCH } from '../compile/green-framing';
import { bookPageFrames, GREEN_PAGE_TABLE_IN } from '../compile/page-layout';
import { parsePrintableRequest } from '../compile/printable-request';
import { demoCourse } from '../testing/demo-course.fixture';
import { colorExtent, describeWithPdfTools, pdfText, rasterizeTrim, type Raster } from '../testing/pdf-tools';
import { greenMeasurementOf } from '../yardages/hole-yardages';
import { renderPrintablePage } from './render-printable-page';
import { SLOPE_BANDS } from './slope-arrows';

const DPI = 300;
const { course, revision } = demoCourse('demo-pine-hollow');
const book = (options: Record<string, unknown> = {}, template = 'green-book@3') => compilePrintable(course, revision, parsePrintableRequest(template, options));

describe('green book pages (issue 56)', () => {
  it('is a book from version 3: cover, key, the greens, a notes page; published versions 1 and 2 still start at "Green 1"', () => {
    const kinds = book().pages.map((p) => p.kind);
    expect(kinds.slice(0, 2)).toEqual(['cover', 'legend']);
    expect(kinds.slice(2, 20)).toEqual(Array(18).fill('green'));
    expect(kinds.slice(20)).toEqual(['notes']);
    for (const published of ['green-book@1', 'green-book@2']) expect(book({}, published).pages[0]).toMatchObject({ kind: 'green', title: 'Green 1' });
  });

  it('keeps slopes in colored-pencil books (the graphics API draws them there), not in pencil ones', () => {
    const slopes = (style: string) => book({ style }).pages.filter((p) => p.kind === 'green' && p.holds.includes('slopes')).length;
    expect(slopes('colored-pencil')).toBe(18);
    expect(slopes('traditional')).toBe(18);
    expect(slopes('pencil')).toBe(0);
    expect(book({ style: 'pencil' }).pages[1].holds).not.toContain('slope-key');
    // green-book@2 was published without them: its colored-pencil greens stay as they printed
    expect(book({ style: 'colored-pencil' }, 'green-book@2').pages.filter((p) => p.holds.includes('slopes'))).toHaveLength(0);
  });
});

/** The pixel of a page point at DPI. */
const pixel = (raster: Raster, [x, y]: [number, number]) => {
  const i = (Math.round((y / 72) * DPI) * raster.width + Math.round((x / 72) * DPI)) * 3;
  return [raster.data[i], raster.data[i + 1], raster.data[i + 2]];
};

describeWithPdfTools('green book pages read from the PDF (issue 56)', () => {
  const manifest = book();
  const render = (m: typeof manifest, holeNumber: number) =>
    renderPrintablePage(
      course,
      m,
      m.pages.findIndex((p) => p.kind === 'green' && p.holeNumber === holeNumber),
    );

  it('gives the book a cover and a key with the slope bands in %', async () => {
    const cover = pdfText((await renderPrintablePage(course, manifest, 0)).pdf);
    expect(cover).toContain('GREEN BOOK');
    expect(cover).not.toContain('Green 1');
    const key = pdfText((await renderPrintablePage(course, manifest, 1)).pdf);
    for (const band of SLOPE_BANDS) expect(key).toContain(band.label);
    expect(key).toMatch(/Centre of the green/);
    expect(pdfText((await renderPrintablePage(course, manifest, manifest.pages.length - 1)).pdf)).toContain('Notes');
  }, 120_000);

  // demo greens 1 and 11 have an arrow under the centre: the mark must still read (white ring, ink cross)
  it.each([1, 11])(
    'keeps the centre mark of green %i visible over the arrows, with numbered grid and slope-coloured arrows',
    async (holeNumber) => {
      const page = await render(manifest, holeNumber);
      const raster = await rasterizeTrim(page.pdf, DPI);
      const hole = course.holes.find((h) => h.number === holeNumber)!;
      // independent of the painter: the green centre sits at the frame centre, the mark at the measured centre
      const outline = greenOutline(course, hole)!;
      const frame = bookPageFrames(4.25, 7, GREEN_PAGE_TABLE_IN).art;
      const pointsPerMeter = 72 / (METERS_PER_INCH * manifest.pages.find((p) => p.holeNumber === holeNumber)!.greenScaleDenominator!);
      const [mx, my] = outline.project(greenMeasurementOf(course, hole)!.center);
      const centre: [number, number] = [(frame.x + frame.width / 2) * 72 + mx * pointsPerMeter, (frame.y + frame.height / 2) * 72 + my * pointsPerMeter];
      const dark = (rgb: number[]) => Math.max(...rgb) < 90;
      const white = (rgb: number[]) => Math.min(...rgb) > 230;
      expect(dark(pixel(raster, centre))).toBe(true);
      for (const [dx, dy] of [
        [3.4, 0],
        [-3.4, 0],
        [0, 3.4],
        [0, -3.4],
      ])
        expect(white(pixel(raster, [centre[0] + dx, centre[1] + dy]))).toBe(true);
      // arrows of at least two slope bands, in their key colours
      const region = {
        x0: Math.round(frame.x * DPI),
        y0: Math.round(frame.y * DPI),
        x1: Math.round((frame.x + frame.width) * DPI),
        y1: Math.round((frame.y + frame.height) * DPI),
      };
      const bands = SLOPE_BANDS.filter((b) => (colorExtent(raster, b.color, 12, region)?.count ?? 0) > 200);
      expect(bands.length).toBeGreaterThanOrEqual(2);
      // grid lines numbered in yards from the centre
      const words = pdfText(page.pdf);
      expect(words).toMatch(/\+10/);
      expect(words).toMatch(/−10/);
      expect(words).toMatch(/Grid: yd from the centre/);
    },
    120_000,
  );

  it('draws the slopes in a colored-pencil book', async () => {
    const raster = await rasterizeTrim((await render(book({ style: 'colored-pencil' }), 1)).pdf, DPI);
    expect(SLOPE_BANDS.filter((b) => (colorExtent(raster, b.color, 12)?.count ?? 0) > 200).length).toBeGreaterThanOrEqual(2);
  }, 120_000);
});
