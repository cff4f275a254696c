import { createCanvas, PDFDocument } from '@napi-rs/canvas';
import sharp from 'sharp';
import { registerFonts } from '@caddie/renderer';
import { pageBoxes, mediaSize, finishPage, type PageBoxes } from './print-marks';
import type { PagePainter, PageContext } from './page-context';

/** JPEG quality of raster artwork inside page PDFs. */
export const PDF_IMAGE_QUALITY = 92;

/** The page as a vector PDF: media box with bleed (and slug), trim origin at the top-left of the trim. */
export async function paintPdfPage(painter: PagePainter, boxes: PageBoxes, title: string): Promise<Uint8Array> {
  registerFonts();
  const media = mediaSize(boxes);
  // raster artwork as high-quality JPEG (what print shops expect for continuous-tone images)
  const doc = new PDFDocument({ title, creator: 'Caddie printables', producer: 'Caddie (Skia PDF, pdf-lib)', encodingQuality: PDF_IMAGE_QUALITY });
  const ctx = doc.beginPage(media.width, media.height) as unknown as PageContext;
  ctx.translate(boxes.slug + boxes.bleed, boxes.slug + boxes.bleed);
  // nothing of the page may reach into the slug, where the crop marks go
  ctx.beginPath();
  ctx.rect(-boxes.bleed, -boxes.bleed, boxes.trimWidth + 2 * boxes.bleed, boxes.trimHeight + 2 * boxes.bleed);
  ctx.clip();
  painter(ctx);
  doc.endPage();
  return finishPage(doc.close(), boxes, title);
}

/** The finished (trimmed) page as a PNG at `dpi`, with the density recorded in the file. */
export async function paintPngPage(painter: PagePainter, trimWidthIn: number, trimHeightIn: number, dpi: number): Promise<Uint8Array> {
  registerFonts();
  const width = Math.round(trimWidthIn * dpi);
  const height = Math.round(trimHeightIn * dpi);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.scale(width / (trimWidthIn * 72), height / (trimHeightIn * 72));
  painter(ctx);
  const rgba = ctx.getImageData(0, 0, width, height).data;
  const png = await sharp(Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength), { raw: { width, height, channels: 4 } })
    .removeAlpha()
    .withMetadata({ density: dpi })
    .png({ compressionLevel: 6 })
    .toBuffer();
  return new Uint8Array(png);
}

export { pageBoxes };
