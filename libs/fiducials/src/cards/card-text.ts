import type { PDFDocument } from '@napi-rs/canvas';
import { font, registerFonts } from '@caddie/renderer';
import type { Box } from '../capture-geometry';
import type { RectMm } from '../design-layout';

/** The 2D context both the PDF pages and the raster canvas hand out; cards draw on it in millimetres. */
export type CardContext = ReturnType<PDFDocument['beginPage']>;

export type CardFontFamily = 'sans' | 'condensed' | 'mono';

export interface TextStyle {
  family?: CardFontFamily;
  sizeMm: number;
  weight?: 'normal' | 'bold';
  align?: 'left' | 'center' | 'right';
  color?: string;
}

/** Text with its middle at `y`, shrunk until it fits `maxWidthMm` (printed text never overflows a cell). */
export function drawFittedText(ctx: CardContext, text: string, x: number, y: number, maxWidthMm: number, style: TextStyle): void {
  if (!text) return;
  registerFonts();
  const family = style.family ?? 'sans';
  const weight = style.weight ?? 'normal';
  let size = style.sizeMm;
  ctx.font = font(family, size, weight);
  const width = ctx.measureText(text).width;
  if (width > maxWidthMm && width > 0) {
    size *= maxWidthMm / width;
    ctx.font = font(family, size, weight);
  }
  ctx.fillStyle = style.color ?? '#000';
  ctx.textAlign = style.align ?? 'left';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, x, y);
}

/** A normalized capture box in surface millimetres. */
export function boxToMm(box: Box, widthMm: number, heightMm: number): RectMm {
  return { x: box.x1 * widthMm, y: box.y1 * heightMm, width: (box.x2 - box.x1) * widthMm, height: (box.y2 - box.y1) * heightMm };
}

export function strokeRect(ctx: CardContext, r: RectMm, lineWidthMm: number, color = '#000'): void {
  ctx.strokeStyle = color;
  ctx.lineWidth = lineWidthMm;
  ctx.strokeRect(r.x, r.y, r.width, r.height);
}

export function fillRect(ctx: CardContext, r: RectMm, color: string): void {
  ctx.fillStyle = color;
  ctx.fillRect(r.x, r.y, r.width, r.height);
}
