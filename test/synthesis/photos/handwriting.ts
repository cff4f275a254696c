import type { PixelImage } from '@caddie/fiducials';
import type { FieldToWrite } from './card-filling';
import type { SeededRandom } from './seeded-random';
import { MNIST_SIDE, mnistGlyph, mnistItems, mnistRangeSize, type MnistItemRange } from '@caddie/handwriting-training';

/** Training items per digit class that scenes may draw from (see @caddie/handwriting's gate). */
export const HANDWRITING_ITEMS_PER_DIGIT = mnistRangeSize('training');

/** One MNIST training glyph as 28x28 ink values 0..1; refuses any index outside the training range. */
export function handwritingGlyph(digit: number, index: number): Float32Array {
  return mnistGlyph(digit, index, 'training');
}

/** What a scene wrote into one field, for grading: the number and the MNIST glyphs that spell it. */
export interface WrittenField {
  row: string;
  field: string;
  content: 'digits' | 'text';
  /** The number written; null for a text scribble. */
  value: number | null;
  /** The digits written left to right (empty for a scribble). */
  digits: number[];
  /** The MNIST item of each digit, counted from the start of the scene's item range. */
  items: number[];
}

const PENS: readonly (readonly [number, number, number])[] = [
  [25, 35, 110],
  [20, 20, 25],
  [40, 40, 60],
];

/**
 * How the digits are written: `ink` a ballpoint or felt pen as MNIST draws it; `fine` a fine
 * pen (the stroke's core only, about a third of MNIST's width); `dry` a ballpoint running dry
 * (thinner strokes broken into pieces, uneven pressure); `light-pencil` a hard pencil pressed
 * lightly (MNIST's width, a third to a half of a pen's darkness, grainy). All three are what a
 * person still reads without effort.
 */
export type PenKind = 'ink' | 'fine' | 'dry' | 'light-pencil';

export const PEN_KINDS: readonly PenKind[] = ['ink', 'fine', 'dry', 'light-pencil'];

/** A pen's rendering of one glyph sample (0..1 of MNIST's ink) at raster pixel (x, y), 0..1 ink. */
type InkShaper = (glyphInk: number, x: number, y: number) => number;

const LIGHT_PENCIL: readonly [number, number, number] = [95, 95, 100];

/** Fine pen: only the stroke's core, MNIST's level 0.7 to 0.9 ramped to full ink. */
const fineStroke: InkShaper = (g) => Math.min(1, Math.max(0, (g - 0.7) / 0.2));

/** Value noise on a grid of `cell` raster pixels: smooth, deterministic in (x, y) and the seed. */
function valueNoise(seed: number, cell: number): (x: number, y: number) => number {
  const lattice = (i: number, j: number) => {
    let h = Math.imul(i, 374761393) ^ Math.imul(j, 668265263) ^ seed;
    h = Math.imul(h ^ (h >>> 13), 1274126177);
    return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
  };
  return (x, y) => {
    const fx = x / cell;
    const fy = y / cell;
    const i = Math.floor(fx);
    const j = Math.floor(fy);
    const tx = fx - i;
    const ty = fy - j;
    const sx = tx * tx * (3 - 2 * tx);
    const sy = ty * ty * (3 - 2 * ty);
    const top = lattice(i, j) * (1 - sx) + lattice(i + 1, j) * sx;
    const bottom = lattice(i, j + 1) * (1 - sx) + lattice(i + 1, j + 1) * sx;
    return top * (1 - sy) + bottom * sy;
  };
}

/**
 * The pen of one card: its colour, its strength and how it shapes a glyph's ink. `ink` draws
 * nothing from `random` beyond what cards always drew, so existing scenes keep their pixels.
 */
function penOf(kind: PenKind, random: SeededRandom, pixelsPerMm: number): { colour: readonly number[]; strength: number; shape: InkShaper } {
  const colour = random.pick(PENS);
  const strength = random.uniform(0.75, 0.95);
  if (kind === 'ink') return { colour, strength, shape: (g) => g };
  const style = random.fork(`pen-${kind}`);
  if (kind === 'fine') return { colour, strength, shape: fineStroke };
  if (kind === 'dry') {
    // Gaps about 0.6 to 1.2 mm long where the ball skips, and pressure varying along the stroke.
    const gaps = valueNoise(style.int(1, 2 ** 30), pixelsPerMm * style.uniform(0.6, 1.2));
    const pressure = valueNoise(style.int(1, 2 ** 30), pixelsPerMm * 2);
    const skipped = style.uniform(0.22, 0.36);
    return {
      colour,
      strength: style.uniform(0.6, 0.85),
      shape: (g, x, y) => (gaps(x, y) < skipped ? 0 : Math.min(1, Math.max(0, (g - 0.55) / 0.3)) * (0.55 + 0.45 * pressure(x, y))),
    };
  }
  // A light pencil: graphite grain of about a pixel, the paper's tooth showing through.
  const grainSeed = style.int(1, 2 ** 30);
  const grain = valueNoise(grainSeed, Math.max(1, pixelsPerMm * 0.15));
  return { colour: LIGHT_PENCIL, strength: style.uniform(0.32, 0.5), shape: (g, x, y) => g * (0.55 + 0.45 * grain(x, y)) };
}

/**
 * Writes the fields into an RGBA card raster (in place) with one pen: numbers as MNIST glyphs
 * of `range` side by side with a little human jitter, text as a cursive-like scribble.
 * `pixelsPerMm` is the raster's print resolution.
 */
export function writeFields(
  raster: PixelImage,
  fields: readonly FieldToWrite[],
  pixelsPerMm: number,
  random: SeededRandom,
  range: MnistItemRange = 'training',
  penKind: PenKind = 'ink',
): WrittenField[] {
  const { colour: pen, strength, shape } = penOf(penKind, random, pixelsPerMm);
  const written: WrittenField[] = [];
  for (const field of fields) {
    const x1 = field.box.x1 * raster.width;
    const y1 = field.box.y1 * raster.height;
    const w = (field.box.x2 - field.box.x1) * raster.width;
    const h = (field.box.y2 - field.box.y1) * raster.height;
    if (field.content === 'text' || field.value === null) {
      scribble(raster, { x1, y1, w, h }, pixelsPerMm, pen, strength, random);
      written.push({ row: field.row, field: field.field, content: field.content, value: null, digits: [], items: [] });
      continue;
    }
    const digits = String(field.value).split('').map(Number);
    const items = digits.map((digit) => random.pick(mnistItems(digit, range)));
    let side = field.area === 'cell' ? Math.min(w, h) * random.uniform(0.95, 1.25) : Math.min(h * 0.9, pixelsPerMm * random.uniform(8, 12));
    let advance = side * random.uniform(0.52, 0.66);
    // A glyph's ink spans about 0.72 of its 28-pixel box; several digits must fit the cell.
    const extent = advance * (digits.length - 1) + side * 0.72;
    if (extent > 0.9 * w) {
      const shrink = (0.9 * w) / extent;
      side *= shrink;
      advance *= shrink;
    }
    const span = advance * (digits.length - 1) + side * 0.72;
    const cx =
      field.area === 'cell'
        ? x1 + w / 2 + random.uniform(-1, 1) * Math.min(0.15 * w, Math.max(0, (w - span) / 2))
        : x1 + span / 2 + random.uniform(0.05, 0.45) * Math.max(0, w - span);
    const cy = y1 + h / 2 + random.uniform(-0.08, 0.08) * h;
    digits.forEach((digit, i) => {
      const glyphSide = side * random.uniform(0.93, 1.07);
      const gx = cx - (advance * (digits.length - 1)) / 2 + i * advance;
      const gy = cy + random.uniform(-0.04, 0.04) * side;
      stampGlyph(raster, mnistGlyph(digit, items[i], range), gx - glyphSide / 2, gy - glyphSide / 2, glyphSide, pen, strength, shape);
    });
    written.push({ row: field.row, field: field.field, content: field.content, value: field.value, digits, items });
  }
  return written;
}

function blend(raster: PixelImage, x: number, y: number, ink: number, pen: readonly number[]): void {
  const i = (y * raster.width + x) * raster.channels;
  for (let c = 0; c < 3; c++) raster.data[i + c] = Math.round(raster.data[i + c] * (1 - ink) + pen[c] * ink);
}

function stampGlyph(
  raster: PixelImage,
  glyph: Float32Array,
  left: number,
  top: number,
  side: number,
  pen: readonly number[],
  strength: number,
  shape: InkShaper,
): void {
  const x0 = Math.max(0, Math.floor(left));
  const y0 = Math.max(0, Math.floor(top));
  const x1 = Math.min(raster.width - 1, Math.ceil(left + side));
  const y1 = Math.min(raster.height - 1, Math.ceil(top + side));
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const gx = ((x + 0.5 - left) / side) * MNIST_SIDE - 0.5;
      const gy = ((y + 0.5 - top) / side) * MNIST_SIDE - 0.5;
      const sampled = sampleGlyph(glyph, gx, gy);
      const ink = sampled > 0 ? shape(sampled, x, y) * strength : 0;
      if (ink > 0.01) blend(raster, x, y, ink, pen);
    }
  }
}

function sampleGlyph(glyph: Float32Array, x: number, y: number): number {
  if (x < -1 || y < -1 || x > MNIST_SIDE || y > MNIST_SIDE) return 0;
  const ix = Math.floor(x);
  const iy = Math.floor(y);
  const fx = x - ix;
  const fy = y - iy;
  const at = (cx: number, cy: number) => (cx < 0 || cy < 0 || cx >= MNIST_SIDE || cy >= MNIST_SIDE ? 0 : glyph[cy * MNIST_SIDE + cx]);
  return (at(ix, iy) * (1 - fx) + at(ix + 1, iy) * fx) * (1 - fy) + (at(ix, iy + 1) * (1 - fx) + at(ix + 1, iy + 1) * fx) * fy;
}

/**
 * Cursive-looking text: a word or three of loops (trochoids) of varying height along the
 * field's middle, drawn into an ink mask first so crossing strokes do not darken twice.
 */
function scribble(
  raster: PixelImage,
  area: { x1: number; y1: number; w: number; h: number },
  pixelsPerMm: number,
  pen: readonly number[],
  strength: number,
  random: SeededRandom,
): void {
  const radius = Math.max(0.6, (pixelsPerMm * random.uniform(0.3, 0.5)) / 2);
  const xHeight = Math.min(area.h * 0.35, pixelsPerMm * random.uniform(1.2, 2));
  const baseline = area.y1 + area.h * random.uniform(0.55, 0.7);
  const slope = random.uniform(-0.04, 0.04);
  const strokes: { x: number; y: number }[][] = [];
  let x = area.x1 + area.w * random.uniform(0.04, 0.15);
  const end = area.x1 + area.w * random.uniform(0.45, 0.9);
  while (x < end) {
    const loops = random.int(3, 9);
    const heights = Array.from({ length: loops }, () => xHeight * (random.chance(0.2) ? random.uniform(1.8, 2.4) : random.uniform(0.7, 1.15)));
    const advance = pixelsPerMm * random.uniform(1.4, 2.2);
    const points: { x: number; y: number }[] = [];
    const steps = loops * 40;
    for (let s = 0; s <= steps; s++) {
      const t = s / 40;
      const loop = Math.min(loops - 1, Math.floor(t));
      const r = heights[loop] / 2;
      const phase = 2 * Math.PI * t;
      points.push({ x: x + t * advance - r * Math.sin(phase) * 0.7, y: baseline + slope * (x + t * advance - area.x1) - r * (1 - Math.cos(phase)) });
    }
    strokes.push(points);
    x += loops * advance + pixelsPerMm * random.uniform(2, 4);
  }
  const all = strokes.flat();
  const x0 = Math.max(0, Math.floor(Math.min(...all.map((p) => p.x)) - radius - 1));
  const x1 = Math.min(raster.width - 1, Math.ceil(Math.max(...all.map((p) => p.x)) + radius + 1));
  const y0 = Math.max(0, Math.floor(Math.min(...all.map((p) => p.y)) - radius - 1));
  const y1 = Math.min(raster.height - 1, Math.ceil(Math.max(...all.map((p) => p.y)) + radius + 1));
  if (x1 <= x0 || y1 <= y0) return;
  const mw = x1 - x0 + 1;
  const mask = new Float32Array(mw * (y1 - y0 + 1));
  const dab = (px: number, py: number) => {
    for (let y = Math.max(y0, Math.floor(py - radius - 1)); y <= Math.min(y1, Math.ceil(py + radius + 1)); y++) {
      for (let x = Math.max(x0, Math.floor(px - radius - 1)); x <= Math.min(x1, Math.ceil(px + radius + 1)); x++) {
        const coverage = Math.min(1, Math.max(0, radius + 0.5 - Math.hypot(x + 0.5 - px, y + 0.5 - py)));
        const k = (y - y0) * mw + (x - x0);
        if (coverage > mask[k]) mask[k] = coverage;
      }
    }
  };
  for (const points of strokes) {
    for (let i = 1; i < points.length; i++) {
      const a = points[i - 1];
      const b = points[i];
      const n = Math.max(1, Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) / 0.5));
      for (let k = 0; k < n; k++) dab(a.x + ((b.x - a.x) * k) / n, a.y + ((b.y - a.y) * k) / n);
    }
  }
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const ink = mask[(y - y0) * mw + (x - x0)] * strength;
      if (ink > 0.01) blend(raster, x, y, ink, pen);
    }
  }
}
