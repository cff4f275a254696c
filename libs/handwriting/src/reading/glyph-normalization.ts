import { GLYPH_SIDE } from '../glyph-side';
import { sampleZeroPadded, signedDistance, strokeWidth } from '../raster-ops';
import type { GlyphCandidate } from './cell-segmentation';

// Module-level aliases: global lookups are slow inside Jest's VM contexts, and these run per pixel.
const { ceil, max, min } = Math;

/**
 * The digit's longer side in the 28 px square. MNIST fits it to 20 px, and the committed
 * networks were trained on glyphs fitted to 20 px (with +-15% scale augmentation), yet they read
 * segmented glyphs better a little larger: on the digit glyphs of 3,000 calibration cells
 * (MNIST items 600..749), 47 wrong at 20 px, 44 at 21, 41 at 22, 42 at 23, 43 at 24; on 3,000
 * other cells (seed 8) 57, 55, 52, 51, 56 (docs/handwriting-model-notebook.md, reader-18).
 */
const FIT_SIDE = 22;
/** MNIST strokes are about this share of the digit's longer side. */
const MNIST_STROKE_SHARE = 0.13;
/**
 * Strokes thinner than MNIST's are grown to it; strokes up to this many times MNIST's are kept
 * (thinning a heavy pen all the way would break its thin joins); wider ones are thinned to this.
 * The ink of small writing in a low-detail photo is widened by blur far past any pen: of the whole
 * glyphs in the digit cells of 20 synthetic photos, 81% were over 1.2 times MNIST's stroke and
 * 40% over 1.5 times, against 9% and 2.6% of training glyphs; the network had not seen such
 * fat strokes and read fat 1s as 6 or 8. Thinning to 1.25 times moved `eval:process` (120
 * photos) from 35.69% to 32.99% review at the same precision, without retraining: it changes
 * 14% of training glyph candidates, most of them pieces of split groups.
 */
const FAT_STROKE = 1.25;
/** Largest slant removed (x shift per pixel of height). */
const MAX_SKEW = 0.7;

/**
 * Turns a glyph's ink pixels into an MNIST-like 28x28 image (ink 0..1): thin strokes grown to
 * MNIST's relative width (a ballpoint is far thinner), blur-fattened ones thinned to
 * FAT_STROKE times it, slant removed, longer side fitted to FIT_SIDE with the aspect kept, centre
 * of mass at the centre.
 */
export function normalizeGlyph(glyph: GlyphCandidate, cropWidth: number): Float32Array {
  const longer = max(glyph.x1 - glyph.x0, glyph.y1 - glyph.y0);
  const target = MNIST_STROKE_SHARE * longer;
  const pad = ceil(target) + 3;
  const w = glyph.x1 - glyph.x0 + 2 * pad;
  const h = glyph.y1 - glyph.y0 + 2 * pad;
  const mask = new Uint8Array(w * h);
  for (const i of glyph.pixels) {
    const x = i % cropWidth;
    const y = (i - x) / cropWidth;
    mask[(y - glyph.y0 + pad) * w + (x - glyph.x0 + pad)] = 1;
  }
  const drawn = strokeWidth(mask, w, h);
  const offset = drawn > FAT_STROKE * target ? -(drawn - FAT_STROKE * target) / 2 : max(0, min((target - drawn) / 2, target));
  const sd = signedDistance(mask, w, h);
  const coverage = new Float32Array(w * h);
  let mass = 0;
  let mx = 0;
  let my = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const c = min(1, max(0, sd[y * w + x] + offset + 0.5));
      if (c <= 0) continue;
      coverage[y * w + x] = c;
      mass += c;
      mx += c * (x + 0.5);
      my += c * (y + 0.5);
    }
  }
  const out = new Float32Array(GLYPH_SIDE * GLYPH_SIDE);
  if (mass === 0) return out;
  mx /= mass;
  my /= mass;
  // Deslant by the ink's second moments (x drifting with y), the classic MNIST deskew: writers'
  // slants vary far more than the digits' shapes.
  let mxy = 0;
  let myy = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const c = coverage[y * w + x];
      if (c === 0) continue;
      mxy += c * (x + 0.5 - mx) * (y + 0.5 - my);
      myy += c * (y + 0.5 - my) * (y + 0.5 - my);
    }
  }
  const skew = myy > 0 ? min(MAX_SKEW, max(-MAX_SKEW, mxy / myy)) : 0;
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (coverage[y * w + x] === 0) continue;
      const upright = x + 0.5 - skew * (y + 0.5 - my);
      if (upright - 0.5 < minX) minX = upright - 0.5;
      if (upright + 0.5 > maxX) maxX = upright + 0.5;
      if (y < minY) minY = y;
      if (y + 1 > maxY) maxY = y + 1;
    }
  }
  const scale = FIT_SIDE / max(maxX - minX, maxY - minY);
  const samples = min(6, max(2, ceil(1 / scale)));
  const centre = GLYPH_SIDE / 2;
  for (let ty = 0; ty < GLYPH_SIDE; ty++) {
    for (let tx = 0; tx < GLYPH_SIDE; tx++) {
      let acc = 0;
      for (let sy = 0; sy < samples; sy++) {
        const dy = (ty + (sy + 0.5) / samples - centre) / scale;
        const py = my + dy;
        for (let sx = 0; sx < samples; sx++) {
          // The centre of mass stays put under the shear, so it lands on the centre.
          const px = mx + (tx + (sx + 0.5) / samples - centre) / scale + skew * dy;
          acc += sampleZeroPadded(coverage, w, h, px - 0.5, py - 0.5);
        }
      }
      out[ty * GLYPH_SIDE + tx] = acc / (samples * samples);
    }
  }
  return out;
}
