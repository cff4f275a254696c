/**
 * Woods under a feathered perimeter. The feather fades everything it crosses, and a wood faded
 * over the paper reads as a grey ghost. So woods are drawn on their own layer cut at the
 * feather's midline (mask coverage 1/2, anti-aliased over about a pixel), and inside that cut
 * the perimeter keeps them whole: the wood ends in a clean edge, the rough beyond it fades as before.
 */
import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { PaintContext } from './paint-context';

/** coverage at which a wood is cut: the feather's midline, where trees are kept whole too */
const CUT_COVERAGE = 0.5;
/** width of the anti-aliased cut, output pixels */
const CUT_RAMP_PIXELS = 1.5;

export interface WoodsCut {
  /** full-size canvas whose alpha is 1 inside the cut, 0 beyond it */
  inside: Canvas;
  /** woods layers drawn so far (their alpha is where the perimeter keeps the artwork whole) */
  footprints: Canvas[];
}

/** The soft perimeter mask, at output size, thresholded at its midline. */
export function woodsCut(softMask: Canvas, width: number, height: number): WoodsCut {
  const inside = createCanvas(width, height);
  const ctx = inside.getContext('2d');
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(softMask, 0, 0, width, height);
  const image = ctx.getImageData(0, 0, width, height);
  const data = image.data;
  // the steepest coverage change per output pixel sets how sharp the threshold must be
  let slope = 0;
  for (let y = 0; y < height; y += 4) {
    for (let x = 1; x < width; x += 4) {
      const i = (y * width + x) * 4 + 3;
      const d = Math.abs(data[i] - data[i - 4]) / 255;
      if (d > slope) slope = d;
    }
  }
  const gain = slope > 0 ? 1 / (slope * CUT_RAMP_PIXELS) : 1e6;
  for (let i = 3; i < data.length; i += 4) {
    const t = (data[i] / 255 - CUT_COVERAGE) * gain + 0.5;
    data[i] = t <= 0 ? 0 : t >= 1 ? 255 : 255 * t;
    data[i - 3] = data[i - 2] = data[i - 1] = 255;
  }
  ctx.putImageData(image, 0, 0);
  return { inside, footprints: [] };
}

/** Draws woods through `draw`, cut cleanly at the perimeter when one will clip the artwork. */
export function paintWoodsLayer(ctx: SKRSContext2D, p: PaintContext, draw: (layer: SKRSContext2D) => void): void {
  const cut = p.woodsCut;
  if (!cut) {
    draw(ctx);
    return;
  }
  const { width, height } = p.scene;
  const layer = createCanvas(width, height);
  const lctx = layer.getContext('2d');
  draw(lctx);
  lctx.save();
  lctx.setTransform(1, 0, 0, 1, 0, 0);
  lctx.globalCompositeOperation = 'destination-in';
  lctx.drawImage(cut.inside, 0, 0);
  lctx.restore();
  cut.footprints.push(layer);
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.drawImage(layer, 0, 0);
  ctx.restore();
}

/** The perimeter mask at output size with the cut woods kept whole: max(soft mask, woods). */
export function maskKeepingWoods(softMask: Canvas, cut: WoodsCut, width: number, height: number): Canvas {
  const mask = createCanvas(width, height);
  const ctx = mask.getContext('2d');
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'low';
  ctx.drawImage(softMask, 0, 0, width, height);
  for (const footprint of cut.footprints) ctx.drawImage(footprint, 0, 0);
  return mask;
}
