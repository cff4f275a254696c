import { unzipSync, strFromU8 } from 'fflate';
import { PDFDocument } from 'pdf-lib';
import { compilePrintable } from '../compile/compile-printable';
import { parsePrintableRequest } from '../compile/printable-request';
import type { PrintableManifest } from '../compile/printable-manifest';
import { finishPage, pageBoxes } from '../render/print-marks';
import type { RenderedPrintablePage } from '../render/render-printable-page';
import { demoCourse } from '../testing/demo-course.fixture';
import { describeWithPdfTools, pdfInfo, qpdfCheck } from '../testing/pdf-tools';
import { assemblePrintable, pagePngName } from './assemble-printable';
import { saddleStitchOrder } from './saddle-stitch';

/** A page whose only content is its reader page number, as text we can find in the PDF. */
async function numberedPage(manifest: PrintableManifest, index: number): Promise<RenderedPrintablePage> {
  const boxes = pageBoxes(manifest.page.widthIn, manifest.page.heightIn, true, manifest.options.cropMarks === true);
  const doc = await PDFDocument.create();
  const page = doc.addPage([boxes.trimWidth + 2 * (boxes.bleed + boxes.slug), boxes.trimHeight + 2 * (boxes.bleed + boxes.slug)]);
  page.drawText(`reader page ${index + 1}`, { x: 40, y: 200, size: 12 });
  return { index, pdf: await finishPage(await doc.save(), boxes, `page ${index}`), png: new Uint8Array([137, 80, 78, 71, index]) };
}

describe('saddleStitchOrder', () => {
  it('pads to a multiple of 4 and pairs pages so folded sheets read in order', () => {
    expect(saddleStitchOrder(6)).toEqual([
      [null, 0],
      [1, null],
      [5, 2],
      [3, 4],
    ]);
    const sides = saddleStitchOrder(40);
    expect(sides).toHaveLength(20);
    // every page exactly once, and the two pages of a side always add up to n-1
    expect(sides.flat().sort((a, b) => a! - b!)).toEqual([...Array(40).keys()]);
    for (const [left, right] of sides) expect(left! + right!).toBe(39);
  });
});

describeWithPdfTools('assemblePrintable', () => {
  const { course, revision } = demoCourse('demo-cedar-links');

  it('merges the pages in order and packages PDF, page PNGs and manifest in one ZIP', async () => {
    const manifest = compilePrintable(course, revision, parsePrintableRequest('green-book@1', {}));
    const pages = await Promise.all(manifest.pages.map((_, i) => numberedPage(manifest, i)));
    const result = await assemblePrintable(manifest, [...pages].reverse());
    qpdfCheck(result.pdf);
    const info = pdfInfo(result.pdf);
    expect(info.pages).toBe(manifest.pages.length);
    expect(info.trimBox[2] - info.trimBox[0]).toBe(306);
    const merged = await PDFDocument.load(result.pdf);
    expect(merged.getPageCount()).toBe(9);
    expect(result.pngs.map((p) => p.name)).toEqual(manifest.pages.map((_, i) => pagePngName(i)));
    const zip = unzipSync(result.zip);
    expect(Object.keys(zip).sort()).toEqual([
      'manifest.json',
      'pages/page-001.png',
      'pages/page-002.png',
      'pages/page-003.png',
      'pages/page-004.png',
      'pages/page-005.png',
      'pages/page-006.png',
      'pages/page-007.png',
      'pages/page-008.png',
      'pages/page-009.png',
      'printable.pdf',
    ]);
    expect(JSON.parse(strFromU8(zip['manifest.json']))).toEqual(JSON.parse(JSON.stringify(manifest)));
    expect(Buffer.from(zip['printable.pdf']).equals(Buffer.from(result.pdf))).toBe(true);
  });

  it('refuses to assemble with a page missing', async () => {
    const manifest = compilePrintable(course, revision, parsePrintableRequest('green-book@1', {}));
    const pages = await Promise.all(manifest.pages.slice(0, 8).map((_, i) => numberedPage(manifest, i)));
    await expect(assemblePrintable(manifest, pages)).rejects.toThrow(/cannot be assembled/);
  });

  it('imposes a saddle-stitched book on printer spreads with bleed on the outer edges and crop marks', async () => {
    const manifest = compilePrintable(course, revision, parsePrintableRequest('green-book@1', { imposition: 'saddle-stitch', cropMarks: true }));
    const pages = await Promise.all(manifest.pages.map((_, i) => numberedPage(manifest, i)));
    const result = await assemblePrintable(manifest, pages);
    qpdfCheck(result.pdf);
    const info = pdfInfo(result.pdf);
    // 9 pages padded to 12: 3 sheets, 6 printed sides of two 4.25 x 7 in pages
    expect(info.pages).toBe(6);
    expect([info.trimBox[2] - info.trimBox[0], info.trimBox[3] - info.trimBox[1]]).toEqual([612, 504]);
    expect(info.bleedBox[2] - info.bleedBox[0]).toBe(612 + 18);
    expect(info.mediaBox[2]).toBe(612 + 2 * 27);
  });
});
