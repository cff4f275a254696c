/**
 * Saddle-stitch imposition: reader pages onto printer spreads. A book of n pages (blanks added to
 * a multiple of 4) prints on n/4 sheets, each with a front and a back side of two pages; folded and
 * stapled in the middle, the sheets read in order.
 */
import { PDFDocument } from 'pdf-lib';
import { drawCropMarks, type PageBoxes } from '../render/print-marks';

/** Reader page index (or null for a blank) at [left, right] of each printed side, front then back. */
export function saddleStitchOrder(pageCount: number): [number | null, number | null][] {
  const padded = Math.max(4, Math.ceil(pageCount / 4) * 4);
  const at = (i: number) => (i < pageCount ? i : null);
  const sides: [number | null, number | null][] = [];
  for (let sheet = 0; sheet < padded / 4; sheet++) {
    sides.push([at(padded - 1 - 2 * sheet), at(2 * sheet)]);
    sides.push([at(2 * sheet + 1), at(padded - 2 - 2 * sheet)]);
  }
  return sides;
}

/** Builds the printer-spread PDF from the merged reader-order book. */
export async function imposeSaddleStitch(book: PDFDocument, boxes: PageBoxes): Promise<PDFDocument> {
  const out = await PDFDocument.create();
  out.setTitle(book.getTitle() ?? 'book');
  out.setCreator('Caddie printables');
  const spread: PageBoxes = { ...boxes, trimWidth: boxes.trimWidth * 2 };
  const inset = boxes.slug + boxes.bleed;
  const mediaWidth = spread.trimWidth + 2 * inset;
  const mediaHeight = spread.trimHeight + 2 * inset;
  for (const [left, right] of saddleStitchOrder(book.getPageCount())) {
    const side = out.addPage([mediaWidth, mediaHeight]);
    for (const [slot, index] of [
      [0, left],
      [1, right],
    ] as const) {
      if (index === null) continue;
      const source = book.getPage(index);
      const trim = source.getTrimBox();
      // the outer edges keep their bleed; the fold gets none (each page is cut at its trim there)
      const bleedLeft = slot === 0 ? boxes.bleed : 0;
      const bleedRight = slot === 1 ? boxes.bleed : 0;
      const embedded = await out.embedPage(source, {
        left: trim.x - bleedLeft,
        bottom: trim.y - boxes.bleed,
        right: trim.x + trim.width + bleedRight,
        top: trim.y + trim.height + boxes.bleed,
      });
      side.drawPage(embedded, {
        x: inset + slot * boxes.trimWidth - bleedLeft,
        y: inset - boxes.bleed,
        width: trim.width + bleedLeft + bleedRight,
        height: trim.height + 2 * boxes.bleed,
      });
    }
    side.setBleedBox(boxes.slug, boxes.slug, spread.trimWidth + 2 * boxes.bleed, spread.trimHeight + 2 * boxes.bleed);
    side.setTrimBox(inset, inset, spread.trimWidth, spread.trimHeight);
    if (boxes.slug > 0) drawCropMarks(side, spread);
  }
  return out;
}
