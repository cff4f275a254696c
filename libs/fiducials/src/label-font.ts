import { GlobalFonts, createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { dirname, join } from 'node:path';
import type { GreyImage } from './pixel-image';

/** Family name under which the bundled DejaVu Sans Mono Bold is registered (never a system font). */
export const LABEL_FONT_FAMILY = 'CaddieLabelMonoBold';
/** Font size as a fraction of the label line height. */
export const LABEL_FONT_EM_PER_HEIGHT = 0.9;

export class LabelFontUnavailableError extends Error {
  readonly code = 'scorecard-design-detection-unavailable';
}

let registered = false;

export function registerLabelFont(): void {
  if (registered) return;
  const fontPath = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf', 'DejaVuSansMono-Bold.ttf');
  if (!GlobalFonts.registerFromPath(fontPath, LABEL_FONT_FAMILY)) {
    throw new LabelFontUnavailableError(`could not register ${fontPath}`);
  }
  registered = true;
}

/**
 * Draws `text` in black, left-aligned, with its line box (cap height centred) at
 * `(x, y, heightPx)`. Shared by label rendering and page rendering so print and reader agree.
 */
export function drawLabelText(ctx: SKRSContext2D, text: string, x: number, y: number, heightPx: number): void {
  registerLabelFont();
  const fontSize = heightPx * LABEL_FONT_EM_PER_HEIGHT;
  ctx.save();
  ctx.fillStyle = '#000';
  ctx.font = `${fontSize}px ${LABEL_FONT_FAMILY}`;
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  ctx.fillText(text, x, y + heightPx / 2);
  ctx.restore();
}

export function labelTextWidth(text: string, heightPx: number): number {
  registerLabelFont();
  const ctx = createCanvas(1, 1).getContext('2d');
  ctx.font = `${heightPx * LABEL_FONT_EM_PER_HEIGHT}px ${LABEL_FONT_FAMILY}`;
  return ctx.measureText(text).width;
}

/** Grey image of the printed label: black text on white with a quarter-height margin. */
export function renderLabel(text: string, heightPx: number): GreyImage {
  const margin = Math.ceil(heightPx / 4);
  const width = Math.ceil(labelTextWidth(text, heightPx)) + 2 * margin;
  const height = Math.ceil(heightPx) + 2 * margin;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);
  drawLabelText(ctx, text, margin, margin, heightPx);
  const rgba = ctx.getImageData(0, 0, width, height).data;
  const data = new Uint8Array(width * height);
  for (let i = 0; i < data.length; i++) data[i] = rgba[i * 4 + 1];
  return { data, width, height };
}
