import { distanceToMask, pruneSpurs, sampleZeroPadded, strokeWidth, thin } from '@caddie/handwriting';
import { MNIST_SIDE } from '@caddie/handwriting-training';

// Module-level aliases: global lookups are slow inside Jest's VM contexts, and these run per pixel.
const { PI, ceil, cos, floor, max, min, sin } = Math;

/** Below this share of its shape explained by the centre line, a glyph is stamped as its outline (see stampGlyph). */
const MIN_EXPLAINED_SHARE = 0.88;

/** Where and how one handwritten glyph lands on a cell raster. */
export interface GlyphPlacement {
  /** Centre of the glyph's ink box on the raster, pixels. */
  cx: number;
  cy: number;
  /** Height of the glyph's ink box, pixels. */
  height: number;
  /** Horizontal stretch relative to the glyph's own proportions. */
  xScale: number;
  /** Slant: x shift per pixel upwards (positive leans right). */
  shear: number;
  /** Rotation, radians. */
  rotation: number;
}

export interface PenStroke {
  /** Luminance of full-pressure ink (0 black .. 255 paper). */
  luminance: number;
  /** Stroke width on the raster, pixels. */
  width: number;
  /** Mean pressure 0..1 (share of the pen's darkness reached). */
  pressure: number;
  /** Pressure wobble amplitude and phase along the glyph. */
  wobble: number;
  phase: number;
}

/** Luminance canvas plus which glyph owns each pixel's ink (0 none, i+1 glyph i). */
export interface InkCanvas {
  lum: Float32Array;
  width: number;
  height: number;
  owners: Uint8Array;
  ownerAlpha: Float32Array;
}

/** Ink box of an MNIST glyph (pixels with ink above 0.2), in glyph pixel coordinates. */
export function glyphInkBox(glyph: Float32Array): { x0: number; y0: number; x1: number; y1: number } {
  let x0 = MNIST_SIDE;
  let y0 = MNIST_SIDE;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < MNIST_SIDE; y++) {
    for (let x = 0; x < MNIST_SIDE; x++) {
      if (glyph[y * MNIST_SIDE + x] <= 0.2) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  if (x1 < 0) return { x0: 0, y0: 0, x1: MNIST_SIDE - 1, y1: MNIST_SIDE - 1 };
  return { x0, y0, x1: x1 + 1, y1: y1 + 1 };
}

/** Width of the glyph's ink box on the raster for a placement (ignoring slant). */
export function placedGlyphWidth(glyph: Float32Array, placement: Pick<GlyphPlacement, 'height' | 'xScale'>): number {
  const box = glyphInkBox(glyph);
  return ((box.x1 - box.x0) / (box.y1 - box.y0)) * placement.height * placement.xScale;
}

/**
 * Draws an MNIST glyph as pen ink: the glyph is warped onto the raster, thresholded into a
 * shape, thinned to its centre line and redrawn at the pen's width (or drawn as its outline where
 * that line would lose part of the digit). Marks owned pixels.
 */
export function stampGlyph(canvas: InkCanvas, glyph: Float32Array, placement: GlyphPlacement, pen: PenStroke, index: number): void {
  const box = glyphInkBox(glyph);
  const scale = placement.height / (box.y1 - box.y0);
  const sx = scale * placement.xScale;
  const gcx = (box.x0 + box.x1) / 2;
  const gcy = (box.y0 + box.y1) / 2;
  const cosR = cos(placement.rotation);
  const sinR = sin(placement.rotation);
  // Raster bounding box of the warped 28x28 square, grown by the pen.
  const grow = pen.width + 2;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const [u, v] of [
    [box.x0, box.y0],
    [box.x1, box.y0],
    [box.x0, box.y1],
    [box.x1, box.y1],
  ]) {
    let dx = (u - gcx) * sx;
    const dy = (v - gcy) * scale;
    dx -= placement.shear * dy;
    const x = placement.cx + dx * cosR - dy * sinR;
    const y = placement.cy + dx * sinR + dy * cosR;
    minX = min(minX, x);
    maxX = max(maxX, x);
    minY = min(minY, y);
    maxY = max(maxY, y);
  }
  const left = floor(minX - grow);
  const top = floor(minY - grow);
  const w = ceil(maxX + grow) - left + 1;
  const h = ceil(maxY + grow) - top + 1;
  const mask = new Uint8Array(w * h);
  const shape = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const rx = left + x + 0.5 - placement.cx;
      const ry = top + y + 0.5 - placement.cy;
      const dy = -rx * sinR + ry * cosR;
      let dx = rx * cosR + ry * sinR;
      dx += placement.shear * dy;
      const u = dx / sx + gcx;
      const v = dy / scale + gcy;
      shape[y * w + x] = sampleZeroPadded(glyph, MNIST_SIDE, MNIST_SIDE, u - 0.5, v - 0.5);
      if (shape[y * w + x] >= 0.45) mask[y * w + x] = 1;
    }
  }
  // A ballpoint draws a constant-width line along the writer's path: redraw the glyph's centre
  // line at the pen's width (MNIST strokes are far thicker relative to the digit). Where that
  // line cannot stand for the shape (a loop written solid thins to a stub that is pruned as a
  // spur, so a 6 would come out as a "(" and its label would lie), the glyph keeps its written
  // outline instead, as a felt-tip or a heavy hand draws it.
  const maskStroke = strokeWidth(mask, w, h);
  const path = pruneSpurs(thin(mask, w, h), w, h, 0.7 * maskStroke);
  const distance = distanceToMask(path, w, h);
  const outline = explainedShare(mask, distance, maskStroke) < MIN_EXPLAINED_SHARE;
  const radius = pen.width / 2;
  for (let y = 0; y < h; y++) {
    const ry = top + y;
    if (ry < 0 || ry >= canvas.height) continue;
    for (let x = 0; x < w; x++) {
      const rx = left + x;
      if (rx < 0 || rx >= canvas.width) continue;
      const coverage = outline ? min(1, max(0, (shape[y * w + x] - 0.45) / 0.3 + 0.5)) : min(1, max(0, radius - distance[y * w + x] + 0.5));
      if (coverage <= 0) continue;
      const along = (x / w + y / h) * PI * 2;
      const pressure = min(1, max(0.25, pen.pressure + pen.wobble * sin(along + pen.phase)));
      const alpha = coverage * pressure;
      const i = ry * canvas.width + rx;
      const current = canvas.lum[i];
      if (current > pen.luminance) canvas.lum[i] = current - alpha * (current - pen.luminance);
      if (alpha >= 0.4 && alpha > canvas.ownerAlpha[i]) {
        canvas.ownerAlpha[i] = alpha;
        canvas.owners[i] = index + 1;
      }
    }
  }
}

/**
 * Share of a glyph's shape within reach of its redrawn centre line: half the shape's stroke
 * width plus a pixel and a half (thinning shortens every stroke end by about half a width).
 */
function explainedShare(mask: Uint8Array, pathDistance: Float32Array, maskStroke: number): number {
  const reach = maskStroke / 2 + 1.5;
  let inked = 0;
  let explained = 0;
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    inked++;
    if (pathDistance[i] <= reach) explained++;
  }
  return inked === 0 ? 1 : explained / inked;
}
