import { compilePrintable } from '../compile/compile-printable';
import { greenOutline, METERS_PER_INCH } from '../compile/green-framing';
import { parsePrintableRequest } from '../compile/printable-request';
import { bookPageFrames, GREEN_PAGE_TABLE_IN } from '../compile/page-layout';
import { demoCourse } from '../testing/demo-course.fixture';
import { colorExtent, describeWithPdfTools, pdfFonts, pdfInfo, pdfText, qpdfCheck, rasterizeTrim } from '../testing/pdf-tools';
import { previewPrintable } from '../assemble/preview-printable';
import { renderPrintablePage } from './render-printable-page';
import { GREEN_EDGE_COLOR, SCALE_BAR_COLOR, SCALE_BAR_YARDS } from './scale-bar';

const YARD_IN = 36;

describeWithPdfTools('printable pages checked with qpdf and poppler', () => {
  const { course, revision } = demoCourse('demo-pine-hollow');
  const manifest = compilePrintable(course, revision, parsePrintableRequest('yardage-book@1', {}));
  const greenIndex = manifest.pages.findIndex((p) => p.kind === 'green' && p.holeNumber === 4);
  const holeIndex = manifest.pages.findIndex((p) => p.kind === 'hole' && p.holeNumber === 4);

  it('is a valid PDF at exactly 4.25 x 7 in trim with a 1/8 in bleed and every font embedded', async () => {
    const page = await renderPrintablePage(course, manifest, holeIndex);
    expect(qpdfCheck(page.pdf)).toMatch(/No syntax or stream encoding errors/);
    const info = pdfInfo(page.pdf);
    expect(info.pages).toBe(1);
    const [tx0, ty0, tx1, ty1] = info.trimBox;
    expect([tx1 - tx0, ty1 - ty0]).toEqual([306, 504]);
    const [bx0, by0, bx1, by1] = info.bleedBox;
    expect([tx0 - bx0, ty0 - by0, bx1 - tx1, by1 - ty1]).toEqual([9, 9, 9, 9]);
    const fonts = pdfFonts(page.pdf);
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.filter((f) => !f.embedded)).toEqual([]);
    // the PNG is the trimmed page at 300 dpi
    const png = Buffer.from(page.png);
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1275, 2100]);
  }, 60_000);

  it('draws the green at the printed scale: the scale bar and the green measured from the rasterized PDF', async () => {
    const page = await renderPrintablePage(course, manifest, greenIndex);
    const dpi = 300;
    const raster = await rasterizeTrim(page.pdf, dpi);
    // the bar: SCALE_BAR_YARDS on the ground
    const bar = colorExtent(raster, SCALE_BAR_COLOR, 40)!;
    expect(bar).not.toBeNull();
    const barInches = (bar.x1 - bar.x0 + 1) / dpi;
    const barScale = (SCALE_BAR_YARDS * YARD_IN) / barInches;
    expect(barScale).toBeGreaterThanOrEqual(480 * 0.99);
    expect(Math.abs(barScale / manifest.pages[greenIndex].greenScaleDenominator! - 1)).toBeLessThan(0.01);
    // the green's vector edge: its height on paper against the green's depth extent on the ground
    const outline = greenOutline(
      course,
      course.holes.find((h) => h.number === 4)!,
    )!;
    const groundMeters = outline.extent.top + outline.extent.bottom;
    const art = bookPageFrames(4.25, 7, GREEN_PAGE_TABLE_IN).art;
    const region = {
      x0: Math.round(art.x * dpi),
      y0: Math.round(art.y * dpi),
      x1: Math.round((art.x + art.width) * dpi),
      y1: Math.round((art.y + art.height) * dpi),
    };
    const edge = colorExtent(raster, GREEN_EDGE_COLOR, 30, region)!;
    expect(edge).not.toBeNull();
    // minus the stroke width (0.6 pt)
    const paperInches = (edge.y1 - edge.y0 + 1) / dpi - 0.6 / 72;
    const greenScale = groundMeters / METERS_PER_INCH / paperInches;
    expect(greenScale).toBeGreaterThanOrEqual(480 * 0.98);
    expect(Math.abs(greenScale / barScale - 1)).toBeLessThan(0.02);
  }, 60_000);

  it('adds crop marks outside the bleed when asked, keeping the trim size', async () => {
    const marked = compilePrintable(course, revision, parsePrintableRequest('yardage-book@1', { cropMarks: true }));
    const page = await renderPrintablePage(course, marked, 0);
    qpdfCheck(page.pdf);
    const info = pdfInfo(page.pdf);
    expect(info.mediaBox).toEqual([0, 0, 306 + 2 * 27, 504 + 2 * 27]);
    expect(info.trimBox).toEqual([27, 27, 333, 531]);
    expect(info.bleedBox).toEqual([18, 18, 342, 540]);
  }, 60_000);

  it('prints a plain statement on a green page whose green is not mapped', async () => {
    const lacking = { ...course, holes: course.holes.map((h) => (h.number === 4 ? { ...h, greenFeatureId: null } : h)) };
    const plan = compilePrintable(lacking, revision, parsePrintableRequest('green-book@1', {}));
    const page = await renderPrintablePage(lacking, plan, 3);
    expect(plan.pages[3]).toMatchObject({ holeNumber: 4, missing: ['hole-4.green'] });
    const raster = await rasterizeTrim(page.pdf, 100);
    // no green edge and no scale bar: nothing drawn that the data does not hold
    const art = bookPageFrames(4.25, 7, GREEN_PAGE_TABLE_IN).art;
    expect(
      colorExtent(raster, GREEN_EDGE_COLOR, 20, {
        x0: Math.round(art.x * 100),
        y0: Math.round(art.y * 100),
        x1: Math.round((art.x + art.width) * 100),
        y1: Math.round((art.y + art.height) * 100),
      }),
    ).toBeNull();
    expect(colorExtent(raster, SCALE_BAR_COLOR, 20)).toBeNull();
  }, 60_000);

  it('prints a scorecard page at its card size from the fiducials card, fonts embedded', async () => {
    const cards = compilePrintable(course, revision, parsePrintableRequest('scorecard@1', { design: 'M9H1' }));
    const page = await renderPrintablePage(course, cards, 0);
    qpdfCheck(page.pdf);
    const info = pdfInfo(page.pdf);
    const trim = cards.pages[0].trimIn!;
    expect(info.trimBox[2] - info.trimBox[0]).toBeCloseTo(trim.width * 72, 1);
    expect(info.trimBox[3] - info.trimBox[1]).toBeCloseTo(trim.height * 72, 1);
    expect(pdfFonts(page.pdf).every((f) => f.embedded)).toBe(true);
    const png = Buffer.from(page.png);
    expect(png.readUInt32BE(16)).toBe(Math.round(trim.width * 300));
  }, 60_000);

  it('credits OpenStreetMap on every page that draws OSM-derived geometry, as text', async () => {
    const osm = {
      ...course,
      provenance: {
        ...course.provenance,
        sources: [{ kind: 'osm', name: 'OpenStreetMap', license: 'ODbL-1.0', attribution: '© OpenStreetMap contributors', ids: [] }],
      },
    };
    const plan = compilePrintable(osm, revision, parsePrintableRequest('yardage-book@1', {}));
    expect(plan.attribution).toContain('© OpenStreetMap contributors (ODbL)');
    for (const kind of ['cover', 'course-overview', 'hole', 'green'] as const) {
      const index = plan.pages.findIndex((p) => p.kind === kind);
      const page = await renderPrintablePage(osm, plan, index);
      expect(pdfText(page.pdf)).toContain('OpenStreetMap contributors (ODbL)');
    }
    const notes = plan.pages.findIndex((p) => p.kind === 'notes');
    expect(pdfText((await renderPrintablePage(osm, plan, notes)).pdf)).not.toContain('OpenStreetMap');
  }, 120_000);

  it('prints hole numbers, par and yardages as text, and the Rule 4.3 notice when printed with rules "none"', async () => {
    const page = await renderPrintablePage(course, manifest, holeIndex);
    const words = pdfText(page.pdf);
    const hole = course.holes.find((h) => h.number === 4)!;
    expect(words).toContain(`Hole 4`);
    expect(words).toContain(`Par ${hole.par}`);
    for (const tee of hole.tees.filter((t) => t.yards !== null)) expect(words).toContain(String(tee.yards));
    expect(words).not.toContain('Rule 4.3');
    const practice = compilePrintable(course, revision, parsePrintableRequest('yardage-book@1', { rules: 'none', greenScale: 360 }));
    const green = await renderPrintablePage(course, practice, greenIndex);
    expect(pdfText(green.pdf)).toContain('Printed without Rule 4.3 limits: not for use during a round');
  }, 60_000);

  it('previews the first pages as small PNGs', async () => {
    const previews = await previewPrintable(course, manifest, 2);
    expect(previews.map((p) => p.index)).toEqual([0, 1]);
    const png = Buffer.from(previews[0].png);
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([255, 420]);
  }, 60_000);
});
