/**
 * A scorecard page: the card of @caddie/fiducials (vector PDF, markers and printed identity the
 * scorecard service reads) placed unchanged on a page with bleed and optional crop marks.
 */
import type { Course } from '@caddie/catalog';
import { renderPrintableCard } from '@caddie/fiducials';
import { PDFDocument } from 'pdf-lib';
import type { PrintableManifest } from '../compile/printable-manifest';
import { finishPage, mediaSize, type PageBoxes } from './print-marks';
import type { RenderedPrintablePage } from './render-printable-page';

export async function renderScorecardPage(
  course: Course,
  manifest: PrintableManifest,
  index: number,
  boxes: PageBoxes,
  dpi: number,
): Promise<RenderedPrintablePage> {
  const page = manifest.pages[index];
  const card = await renderPrintableCard(String(page.design), 'single-page', course, { dpi });
  const doc = await PDFDocument.create();
  doc.setTitle(`${manifest.courseName} · ${page.title}`);
  doc.setCreator('Caddie printables');
  const media = mediaSize(boxes);
  const sheet = doc.addPage([media.width, media.height]);
  const [embedded] = await doc.embedPdf(card.pdf);
  const inset = boxes.slug + boxes.bleed;
  sheet.drawPage(embedded, { x: inset, y: inset, width: boxes.trimWidth, height: boxes.trimHeight });
  const pdf = await finishPage(await doc.save(), boxes, `${manifest.courseName} · ${page.title}`);
  return { index, pdf, png: new Uint8Array(card.png) };
}
