/** The parent job of a printable: merge the page PDFs, impose when asked, package everything. */
import { zipSync, strToU8 } from 'fflate';
import { PDFDocument } from 'pdf-lib';
import type { PrintableManifest } from '../compile/printable-manifest';
import { pageBoxes } from '../render/print-marks';
import { savePdfX4 } from '../render/pdf-x';
import type { RenderedPrintablePage } from '../render/render-printable-page';
import { imposeSaddleStitch } from './saddle-stitch';

export interface PrintablePackage {
  pdf: Uint8Array;
  pngs: { name: string; bytes: Uint8Array }[];
  manifestJson: Uint8Array;
  zip: Uint8Array;
}

export const PACKAGE_PDF_NAME = 'printable.pdf';
export const PACKAGE_MANIFEST_NAME = 'manifest.json';
export const pagePngName = (index: number) => `pages/page-${String(index + 1).padStart(3, '0')}.png`;

export async function assemblePrintable(manifest: PrintableManifest, pages: RenderedPrintablePage[]): Promise<PrintablePackage> {
  const ordered = [...pages].sort((a, b) => a.index - b.index);
  if (ordered.length !== manifest.pages.length || ordered.some((p, i) => p.index !== i)) {
    throw new Error(`a printable of ${manifest.pages.length} pages cannot be assembled from pages ${ordered.map((p) => p.index).join(',')}`);
  }
  let book = await PDFDocument.create();
  book.setTitle(`${manifest.courseName} · ${manifest.template}`);
  book.setCreator('Caddie printables');
  book.setProducer('Caddie (Skia PDF, pdf-lib)');
  book.setSubject(`${manifest.courseId} revision ${manifest.courseRevision}`);
  for (const page of ordered) {
    const source = await PDFDocument.load(page.pdf);
    const [copied] = await book.copyPages(source, [0]);
    book.addPage(copied);
  }
  if (manifest.options.imposition === 'saddle-stitch') {
    const boxes = pageBoxes(manifest.page.widthIn, manifest.page.heightIn, manifest.page.bleedIn > 0, manifest.options.cropMarks === true);
    book = await imposeSaddleStitch(book, boxes);
  }
  const pdf = await savePdfX4(book, `${manifest.courseName} · ${manifest.template}`);
  const pngs = ordered.map((p) => ({ name: pagePngName(p.index), bytes: p.png }));
  const manifestJson = strToU8(`${JSON.stringify(manifest, null, 2)}\n`);
  const entries: Record<string, Uint8Array | [Uint8Array, { level: 0 }]> = {
    [PACKAGE_PDF_NAME]: pdf,
    [PACKAGE_MANIFEST_NAME]: manifestJson,
  };
  // PNGs are already deflated: store them
  for (const png of pngs) entries[png.name] = [png.bytes, { level: 0 }];
  const zip = zipSync(entries, { level: 6 });
  return { pdf, pngs, manifestJson, zip };
}
