/**
 * The perimeter treatment as a raster mask: the envelope shapes filled (buffers become round
 * strokes twice the radius wide), feathered over 20 physical yards, drawn at reduced resolution
 * (the feather spans ~10 mask pixels) because a feathered edge has no detail to lose. Applied with
 * destination-in only where it changes something: a full-size pass would cost as much as the
 * rest of the painting at print sizes.
 */
import { createCanvas, type Canvas, type Path2D, type SKRSContext2D } from '@napi-rs/canvas';
import { CLASSIC_FEATHER_METERS, type EnvelopeShape } from '../composition/perimeter-shapes';
import { featherBands, type FeatherRaster } from './feather-raster';
import { clipTo } from './pixel-regions';
import type { ViewTransform } from '../composition/view-transform';
import { traceRing } from '../render/view-scene';

/** the feather spans about this many mask pixels; the mask scale follows from it */
const FEATHER_MASK_PIXELS = 10;

/** Adds the shapes grown by `grow` metres (negative shrinks buffers; polygons never shrink below their outline). */
export function traceEnvelope(ctx: SKRSContext2D, shapes: readonly EnvelopeShape[], grow: number, fill: string): void {
  ctx.fillStyle = fill;
  ctx.strokeStyle = fill;
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  for (const s of shapes) {
    const r = s.radius + grow;
    if (s.kind === 'circle') {
      if (r <= 0) continue;
      ctx.beginPath();
      ctx.arc(s.center[0], s.center[1], r, 0, Math.PI * 2);
      ctx.fill();
    } else if (s.kind === 'line') {
      if (r <= 0) continue;
      ctx.beginPath();
      traceRing(ctx, s.points, false);
      ctx.lineWidth = 2 * r;
      ctx.stroke();
    } else {
      ctx.beginPath();
      for (const ring of s.rings) traceRing(ctx, ring, true);
      ctx.fill('evenodd');
      if (r > 0) {
        ctx.lineWidth = 2 * r;
        ctx.stroke();
      }
    }
  }
}

export function buildPerimeterMask(
  shapes: readonly EnvelopeShape[],
  transform: ViewTransform,
  width: number,
  height: number,
  featherMeters = CLASSIC_FEATHER_METERS,
): Canvas {
  const featherPx = featherMeters * transform.pixelsPerMeter;
  const scale = Math.min(0.5, Math.max(0.05, FEATHER_MASK_PIXELS / Math.max(1, featherPx)));
  const mw = Math.max(8, Math.ceil(width * scale));
  const mh = Math.max(8, Math.ceil(height * scale));
  const sx = mw / width;
  const sharp = createCanvas(mw, mh);
  const sctx = sharp.getContext('2d');
  const [a, b, c, d, e, f] = transform.scaled(sx).matrix;
  sctx.setTransform(a, b, c, d, e, f);
  traceEnvelope(sctx, shapes, 0, '#ffffff');
  const sigma = (featherMeters * transform.pixelsPerMeter * sx) / 4;
  if (sigma < 0.3) return sharp;
  const soft = createCanvas(mw, mh);
  const soft2d = soft.getContext('2d');
  soft2d.filter = `blur(${sigma.toFixed(3)}px)`;
  soft2d.drawImage(sharp, 0, 0);
  return soft;
}

/** The reduced mask's pixels, read once per render. */
export function featherRaster(mask: Canvas, width: number, height: number): FeatherRaster {
  return { rgba: mask.getContext('2d').getImageData(0, 0, mask.width, mask.height).data, mw: mask.width, mh: mask.height, width, height };
}

/**
 * Applies the reduced feathered mask: clears where it is 0, multiplies by its bilinear upscale
 * where it is partial, leaves the rest. Each entry of `passes` is a list of clips (output pixels)
 * under which one multiplication happens; together they must cover every pixel once, except
 * where the artwork is to be kept whole (woods-edge.ts).
 */
export function applyFeatheredMask(ctx: SKRSContext2D, mask: Canvas, raster: FeatherRaster, passes: readonly (readonly Path2D[])[] = [[]]): void {
  const bands = featherBands(raster);
  if (!bands.any) return;
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.globalCompositeOperation = 'destination-out';
  ctx.fillStyle = '#000';
  ctx.fill(bands.clear);
  ctx.globalCompositeOperation = 'destination-in';
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'low';
  for (const clips of passes) {
    ctx.save();
    ctx.clip(bands.partial);
    for (const clip of clips) clipTo(ctx, clip);
    ctx.drawImage(mask, 0, 0, raster.width, raster.height);
    ctx.restore();
  }
  ctx.restore();
}

export function applyMask(ctx: SKRSContext2D, mask: Canvas, width: number, height: number): void {
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.globalCompositeOperation = 'destination-in';
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'low';
  ctx.drawImage(mask, 0, 0, width, height);
  ctx.restore();
}
