/**
 * Pencil's perimeter as one hand-drawn line. The union of the Classic shapes (landing circles,
 * buffered play line, tees, fairways, green) has a scalloped "snowman" outline; Pencil smooths
 * that union into one soft field (the shapes blurred over ~12 yards at reduced resolution) and
 * takes its half-level as the envelope. The outline is that iso-line drawn at an even width
 * (distance to the level = |f - 1/2| / |grad f|), and the same level is a crisp mask, so hatching,
 * tree crowns and water lines stop at the line instead of fading across it.
 */
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { yardsToMeters } from '@caddie/geometry';
import type { EnvelopeShape } from '../composition/perimeter-shapes';
import type { ViewTransform } from '../composition/view-transform';
import { traceEnvelope } from './perimeter-mask';

const SMOOTHING_METERS = yardsToMeters(12);
// Bound once: a global `Math` lookup per pixel is slow inside vm sandboxes (Jest)
const { abs, floor, hypot, max, min } = Math;
/** the smoothing kernel spans about this many field pixels */
const SMOOTHING_FIELD_PIXELS = 6;

export interface PencilEnvelope {
  /** full-size canvas whose alpha keeps the inside of the smoothed envelope (anti-aliased) */
  mask: Canvas;
  /** full-size canvas with the envelope line in `color` */
  outline: Canvas;
}

export function pencilEnvelope(
  shapes: readonly EnvelopeShape[],
  transform: ViewTransform,
  width: number,
  height: number,
  color: string,
  lineWidth: number,
): PencilEnvelope {
  const sigmaOut = SMOOTHING_METERS * transform.pixelsPerMeter;
  const scale = Math.min(0.5, Math.max(0.02, SMOOTHING_FIELD_PIXELS / Math.max(1, sigmaOut)));
  const fw = Math.max(8, Math.ceil(width * scale));
  const fh = Math.max(8, Math.ceil(height * scale));
  const sharp = createCanvas(fw, fh);
  const sctx = sharp.getContext('2d');
  const [a, b, c, d, e, f] = transform.scaled(fw / width).matrix;
  sctx.setTransform(a, b, c, d, e, f);
  traceEnvelope(sctx, shapes, 0, '#ffffff');
  const soft = createCanvas(fw, fh);
  const soft2d = soft.getContext('2d');
  soft2d.filter = `blur(${(sigmaOut * (fw / width)).toFixed(3)}px)`;
  soft2d.drawImage(sharp, 0, 0);
  const raw = soft2d.getImageData(0, 0, fw, fh).data;
  const field = new Float32Array(fw * fh);
  for (let i = 0; i < field.length; i++) field[i] = raw[i * 4 + 3] / 255;

  const at = (u: number, v: number) => field[min(fh - 1, max(0, v)) * fw + min(fw - 1, max(0, u))];
  const mask = createCanvas(width, height);
  const outline = createCanvas(width, height);
  const maskImage = mask.getContext('2d').createImageData(width, height);
  const lineImage = outline.getContext('2d').createImageData(width, height);
  const rgb = parseColor(color);
  const half = lineWidth / 2;
  const sx = fw / width;
  const sy = fh / height;
  // field cells wholly inside or outside the band need no per-pixel work: fill or skip them whole
  const cellState = new Uint8Array(fw * fh);
  for (let v = 0; v < fh; v++) {
    for (let u = 0; u < fw; u++) {
      const lo = min(at(u, v), at(u + 1, v), at(u, v + 1), at(u + 1, v + 1));
      const hi = max(at(u, v), at(u + 1, v), at(u, v + 1), at(u + 1, v + 1));
      cellState[v * fw + u] = hi <= 0.02 ? 0 : lo >= 0.98 ? 2 : 1;
    }
  }
  for (let y = 0; y < height; y++) {
    const fy = (y + 0.5) * sy - 0.5;
    const v0 = floor(fy);
    const ty = fy - v0;
    const cellRow = min(fh - 1, max(0, v0)) * fw;
    for (let x = 0; x < width; x++) {
      const fx = (x + 0.5) * sx - 0.5;
      const u0 = floor(fx);
      const state = cellState[cellRow + min(fw - 1, max(0, u0))];
      const o = (y * width + x) * 4;
      if (state === 0) continue;
      if (state === 2) {
        maskImage.data[o + 3] = 255;
        continue;
      }
      const tx = fx - u0;
      const f00 = at(u0, v0);
      const f10 = at(u0 + 1, v0);
      const f01 = at(u0, v0 + 1);
      const f11 = at(u0 + 1, v0 + 1);
      const value = (f00 * (1 - tx) + f10 * tx) * (1 - ty) + (f01 * (1 - tx) + f11 * tx) * ty;
      if (value <= 0.02) continue;
      if (value >= 0.98) {
        maskImage.data[o + 3] = 255;
        continue;
      }
      // gradient of the bilinear field, per output pixel
      const gx = ((f10 - f00) * (1 - ty) + (f11 - f01) * ty) * sx;
      const gy = ((f01 - f00) * (1 - tx) + (f11 - f10) * tx) * sy;
      const slope = max(1e-6, hypot(gx, gy));
      const signed = (value - 0.5) / slope;
      maskImage.data[o + 3] = 255 * min(1, max(0, signed + 0.5));
      const ink = min(1, max(0, half + 0.5 - abs(signed)));
      if (ink > 0) {
        lineImage.data[o] = rgb[0];
        lineImage.data[o + 1] = rgb[1];
        lineImage.data[o + 2] = rgb[2];
        lineImage.data[o + 3] = 255 * ink * rgb[3];
      }
    }
  }
  mask.getContext('2d').putImageData(maskImage, 0, 0);
  outline.getContext('2d').putImageData(lineImage, 0, 0);
  return { mask, outline };
}

/** `#RRGGBB` or `#RRGGBBAA` -> r, g, b, alpha 0..1 (graphicStyling colours are hex). */
function parseColor(hex: string): [number, number, number, number] {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})?$/i.exec(hex);
  if (!m) return [60, 60, 60, 1];
  return [parseInt(m[1], 16), parseInt(m[2], 16), parseInt(m[3], 16), m[4] ? parseInt(m[4], 16) / 255 : 1];
}
