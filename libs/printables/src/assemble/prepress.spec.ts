/**
 * What a print shop's preflight reads from a finished book: PDF/X-4 declared with an sRGB output
 * intent, trim and bleed boxes on every page, no Type 3 fonts, one subset name per font program.
 */
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFString, decodePDFRawStream } from 'pdf-lib';
import { courseRevision } from '@caddie/catalog';
import { compilePrintable } from '../compile/compile-printable';
import { parsePrintableRequest } from '../compile/printable-request';
import { renderPrintablePage } from '../render/render-printable-page';
import { demoCourse } from '../testing/demo-course.fixture';
import { pdfToolsAvailable, pdfFonts, qpdfCheck } from '../testing/pdf-tools';
import { assemblePrintable } from './assemble-printable';

async function book(template: string, options: Record<string, unknown>, pages?: number) {
  const { course } = demoCourse('demo-pine-hollow');
  const manifest = compilePrintable(course, courseRevision(course), parsePrintableRequest(template, options));
  const count = pages ?? manifest.pages.length;
  const trimmed = { ...manifest, pages: manifest.pages.slice(0, count) };
  const rendered = [];
  // 72 dpi keeps the test quick; the PDF structure is the same at 300
  for (let i = 0; i < count; i++) rendered.push(await renderPrintablePage(course, trimmed, i, 72));
  return (await assemblePrintable(trimmed, rendered)).pdf;
}

async function expectPdfX4(pdf: Uint8Array): Promise<void> {
  expect(Buffer.from(pdf.subarray(0, 8)).toString('latin1')).toBe('%PDF-1.6');
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const info = doc.context.lookup(doc.context.trailerInfo.Info, PDFDict);
  expect((info.get(PDFName.of('GTS_PDFXVersion')) as PDFString).decodeText()).toBe('PDF/X-4');
  expect(info.get(PDFName.of('Trapped'))).toBe(PDFName.of('False'));
  const intents = doc.catalog.lookup(PDFName.of('OutputIntents'), PDFArray);
  const intent = intents.lookup(0, PDFDict);
  expect(intent.get(PDFName.of('S'))).toBe(PDFName.of('GTS_PDFX'));
  expect((intent.get(PDFName.of('OutputConditionIdentifier')) as PDFString).decodeText()).toBe('sRGB IEC61966-2.1');
  const profile = intent.lookup(PDFName.of('DestOutputProfile')) as PDFRawStream;
  expect(profile.dict.get(PDFName.of('N'))?.toString()).toBe('3');
  const icc = Buffer.from(decodePDFRawStream(profile).decode());
  // an ICC display profile of RGB data: 'acsp' signature, colour space 'RGB '
  expect([icc.subarray(36, 40).toString('latin1'), icc.subarray(16, 20).toString('latin1')]).toEqual(['acsp', 'RGB ']);
  const xmp = Buffer.from(decodePDFRawStream(doc.catalog.lookup(PDFName.of('Metadata')) as PDFRawStream).decode()).toString('utf8');
  expect(xmp).toContain('<pdfxid:GTS_PDFXVersion>PDF/X-4</pdfxid:GTS_PDFXVersion>');
  expect(doc.context.trailerInfo.ID).toBeDefined();
  for (const page of doc.getPages()) {
    expect(page.node.get(PDFName.of('TrimBox'))).toBeDefined();
    expect(page.node.get(PDFName.of('BleedBox'))).toBeDefined();
  }
}

const withTools = pdfToolsAvailable() ? it : it.skip;

describe('prepress of an assembled book', () => {
  it('declares PDF/X-4 with an sRGB output intent and boxes on every page (plain and saddle-stitched)', async () => {
    await expectPdfX4(await book('yardage-book@2', {}, 6));
    await expectPdfX4(await book('yardage-book@2', { imposition: 'saddle-stitch' }, 6));
  }, 120_000);

  withTools(
    'has no Type 3 font and no subset name shared by two font programs (pdffonts), and passes qpdf --check',
    async () => {
      // a pin sheet with mapped pins prints haloed labels; a green book and hole pages the rest
      const { course } = demoCourse('demo-pine-hollow');
      const pinned = { ...course, holes: course.holes.map((h) => ({ ...h, pin: h.greenCenter })) };
      const sheet = compilePrintable(pinned, courseRevision(pinned), parsePrintableRequest('pin-sheet@2', { mappedPin: true }));
      const sheetPdf = (await assemblePrintable(sheet, [await renderPrintablePage(pinned, sheet, 0, 72), await renderPrintablePage(pinned, sheet, 1, 72)])).pdf;
      for (const pdf of [await book('yardage-book@2', {}, 8), sheetPdf]) {
        const fonts = pdfFonts(pdf);
        expect(fonts.length).toBeGreaterThan(3);
        expect(fonts.filter((f) => f.type === 'Type 3')).toEqual([]);
        const names = fonts.map((f) => f.name);
        expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
        expect(qpdfCheck(pdf)).toMatch(/No syntax or stream encoding errors/);
      }
    },
    120_000,
  );
});
