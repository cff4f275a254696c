/**
 * Print-shop finishing of one page PDF with pdf-lib: MediaBox, BleedBox and TrimBox, and crop
 * marks in the slug outside the bleed.
 */
import { PDFDocument, rgb } from 'pdf-lib';
import { savePdfX4 } from './pdf-x';
import { BLEED_IN, POINTS_PER_INCH, SLUG_IN } from '../templates/page-sizes';

/** Sizes of one page in points: trim, bleed on each side, slug on each side (0 without crop marks). */
export interface PageBoxes {
  trimWidth: number;
  trimHeight: number;
  bleed: number;
  slug: number;
}

export function pageBoxes(trimWidthIn: number, trimHeightIn: number, bleed: boolean, cropMarks: boolean): PageBoxes {
  return {
    trimWidth: trimWidthIn * POINTS_PER_INCH,
    trimHeight: trimHeightIn * POINTS_PER_INCH,
    bleed: bleed ? BLEED_IN * POINTS_PER_INCH : 0,
    slug: cropMarks ? SLUG_IN * POINTS_PER_INCH : 0,
  };
}

export function mediaSize(boxes: PageBoxes): { width: number; height: number } {
  const edge = 2 * (boxes.bleed + boxes.slug);
  return { width: boxes.trimWidth + edge, height: boxes.trimHeight + edge };
}

/** Sets the boxes of every page of a one-page PDF and draws crop marks when there is a slug. */
export async function finishPage(pdf: Uint8Array, boxes: PageBoxes, title: string): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf);
  const page = doc.getPage(0);
  const media = mediaSize(boxes);
  const inset = boxes.slug + boxes.bleed;
  page.setMediaBox(0, 0, media.width, media.height);
  page.setCropBox(0, 0, media.width, media.height);
  page.setBleedBox(boxes.slug, boxes.slug, boxes.trimWidth + 2 * boxes.bleed, boxes.trimHeight + 2 * boxes.bleed);
  page.setTrimBox(inset, inset, boxes.trimWidth, boxes.trimHeight);
  if (boxes.slug > 0) drawCropMarks(page, boxes);
  return savePdfX4(doc, title);
}

/**
 * Registration-black hairlines on each corner, in line with the trim edges, starting a little
 * outside the bleed so they never print on the finished page.
 */
export function drawCropMarks(page: ReturnType<PDFDocument['getPage']>, boxes: PageBoxes, origin: [number, number] = [0, 0]): void {
  const inset = boxes.slug + boxes.bleed;
  const gap = boxes.bleed + 3;
  const length = boxes.slug - 3;
  const left = origin[0] + inset;
  const bottom = origin[1] + inset;
  const right = left + boxes.trimWidth;
  const top = bottom + boxes.trimHeight;
  const line = (x1: number, y1: number, x2: number, y2: number) =>
    page.drawLine({ start: { x: x1, y: y1 }, end: { x: x2, y: y2 }, thickness: 0.25, color: rgb(0, 0, 0) });
  for (const x of [left, right]) {
    line(x, bottom - gap, x, bottom - gap - length);
    line(x, top + gap, x, top + gap + length);
  }
  for (const y of [bottom, top]) {
    line(left - gap, y, left - gap - length, y);
    line(right + gap, y, right + gap + length, y);
  }
}
