import { gaussianBlur, type CellImage } from '@caddie/handwriting';
import { mnistGlyph, mnistItems, type MnistItemRange } from '@caddie/handwriting-training';
import { HOLE_FIELDS, TOTALS_FIELDS, type ValueRule } from '@caddie/scorecards';
import { placedGlyphWidth, stampGlyph, type GlyphPlacement, type InkCanvas, type PenStroke } from './glyph-stamp';
import { SeededRandom } from './seeded-random';

// Module-level aliases: global lookups are slow inside Jest's VM contexts, and these run per pixel.
const { PI, ceil, floor, hypot, max, min, round } = Math;

/** Largest overlap of neighbouring written digits' boxes, as a share of the narrower one's width (ink of slanted digits overlaps more). */
const MAX_OVERLAP = 0.1;

/** Canonical pages are rendered at 8 px per millimetre. */
export const CANONICAL_PX_PER_MM = 8;
/** The crop handed to a reader adds this share of the cell height on every side. */
export const CELL_CROP_MARGIN = 0.12;

export type SynthesizedCellKind = 'score' | 'putts' | 'total';
export type BlankMark = 'clean' | 'specks' | 'dot' | 'smudge';

export interface CellSynthesisOptions {
  /** MNIST items to draw from: training cells never see calibration items and vice versa. */
  range: MnistItemRange;
  kind?: SynthesizedCellKind;
  /** Share of blank cells (default 0.25). */
  blankRate?: number;
  /** 'realistic' golf values (default) or uniformly drawn digits (balanced classes for training). */
  values?: 'realistic' | 'uniform';
  /** Force a value ('' for blank), e.g. for tests. */
  literal?: string;
  /** Force the blank cell's mark. */
  blankMark?: BlankMark;
}

export interface SynthesizedCell {
  cell: CellImage;
  /** The truth: the written number, or null for a blank cell. */
  literal: string | null;
  kind: SynthesizedCellKind;
  /** Per pixel: 0 no glyph ink, i+1 ink of glyph i (left to right). */
  owners: Uint8Array;
  glyphs: { digit: number; item: number }[];
  blankMark: BlankMark | null;
  /** Where the printed cell box lies inside the crop (line centres), pixels. */
  box: { left: number; top: number; right: number; bottom: number };
}

/** The field each kind of cell stands for (its digits and valid values, as the page pipeline reads it). */
const KIND_FIELDS: Record<SynthesizedCellKind, ValueRule> = { score: HOLE_FIELDS.score, putts: HOLE_FIELDS.putts, total: TOTALS_FIELDS.score };

/** One cropped digit cell as the page pipeline hands it to a reader, with its truth. */
export function synthesizeDigitCell(seed: number, options: CellSynthesisOptions): SynthesizedCell {
  const random = new SeededRandom(seed);
  const kind = options.kind ?? (['score', 'putts', 'total'] as const)[random.weighted([0.45, 0.3, 0.25])];
  const { maxDigits, range } = KIND_FIELDS[kind] as Required<Pick<ValueRule, 'maxDigits' | 'range'>>;
  const realistic = (options.values ?? 'realistic') === 'realistic' && options.literal === undefined;
  const literal =
    options.literal !== undefined ? options.literal : random.chance(options.blankRate ?? 0.25) ? '' : chooseValue(random, kind, options.values ?? 'realistic');

  const cellH = round(random.uniform(9, 12) * CANONICAL_PX_PER_MM);
  const cellW = round(random.uniform(13, 28) * CANONICAL_PX_PER_MM);
  const margin = round(CELL_CROP_MARGIN * cellH);
  const width = cellW + 2 * margin;
  const height = cellH + 2 * margin;
  const jitter = () => random.gaussian(0.012 * height);
  const box = { left: margin + jitter(), top: margin + jitter(), right: margin + cellW + jitter(), bottom: margin + cellH + jitter() };

  const canvas: InkCanvas = {
    lum: new Float32Array(width * height),
    width,
    height,
    owners: new Uint8Array(width * height),
    ownerAlpha: new Float32Array(width * height),
  };
  paintPaper(canvas, random);
  paintGridLines(canvas, box, random);
  if (random.chance(0.12)) paintNeighbourMarks(canvas, box, random);

  const glyphs: { digit: number; item: number }[] = [];
  let blankMark: BlankMark | null = null;
  if (literal === '') {
    blankMark = options.blankMark ?? (['clean', 'specks', 'dot', 'smudge'] as const)[random.weighted([0.62, 0.16, 0.12, 0.1])];
    paintBlankMark(canvas, box, blankMark, random);
  } else {
    for (const ch of literal) glyphs.push({ digit: Number(ch), item: random.pick(mnistItems(Number(ch), options.range)) });
    writeNumber(
      canvas,
      box,
      glyphs.map((g) => mnistGlyph(g.digit, g.item, options.range)),
      random,
    );
  }
  const data = finishPhotograph(canvas, random);
  return {
    // Realistic values lie in the field's range, which the reader may then condition on;
    // uniformly drawn digits (training glyphs) may not, so those cells name no range.
    cell: { id: `synthetic-${seed}`, content: 'digits', maxDigits, ...(realistic ? { range } : {}), image: { data, width, height } },
    literal: literal === '' ? null : literal,
    kind,
    owners: canvas.owners,
    glyphs,
    blankMark,
    box,
  };
}

function chooseValue(random: SeededRandom, kind: SynthesizedCellKind, values: 'realistic' | 'uniform'): string {
  if (values === 'uniform') {
    const count = kind === 'putts' ? 1 : kind === 'score' ? (random.chance(0.4) ? 2 : 1) : 1 + random.weighted([0.15, 0.55, 0.3]);
    let out = '';
    for (let i = 0; i < count; i++) out += String(i === 0 && count > 1 ? random.int(1, 10) : random.int(0, 10));
    return out;
  }
  if (kind === 'putts') return String(random.weighted([0.04, 0.26, 0.52, 0.14, 0.03, 0.01]));
  if (kind === 'score') {
    if (random.chance(0.08)) return String(random.int(10, 14));
    return String(2 + random.weighted([0.04, 0.2, 0.3, 0.24, 0.12, 0.06, 0.025, 0.015]));
  }
  const band = random.weighted([0.7, 0.2, 0.1]);
  return String(band === 0 ? random.int(27, 61) : band === 1 ? random.int(61, 100) : random.int(100, 131));
}

function paintPaper(canvas: InkCanvas, random: SeededRandom): void {
  const base = random.uniform(200, 252);
  const gx = random.uniform(-8, 8) / canvas.width;
  const gy = random.uniform(-8, 8) / canvas.height;
  const grain = random.uniform(0.3, 2.5);
  for (let y = 0; y < canvas.height; y++) {
    for (let x = 0; x < canvas.width; x++) {
      canvas.lum[y * canvas.width + x] = min(255, base + gx * (x - canvas.width / 2) + gy * (y - canvas.height / 2) + random.gaussian(grain));
    }
  }
}

type CellBox = SynthesizedCell['box'];

/** The printed cell border: four straight lines running through the whole crop. */
function paintGridLines(canvas: InkCanvas, box: CellBox, random: SeededRandom): void {
  const lineLum = random.uniform(15, 110);
  const draw = (horizontal: boolean, centre: number) => {
    const thickness = random.uniform(1.4, 3.4);
    const slope = random.gaussian(0.004);
    const along = horizontal ? canvas.width : canvas.height;
    const across = horizontal ? canvas.height : canvas.width;
    for (let a = 0; a < along; a++) {
      const c = centre + slope * (a - along / 2);
      const from = max(0, floor(c - thickness / 2));
      const to = min(across - 1, ceil(c + thickness / 2));
      for (let b = from; b <= to; b++) {
        const coverage = max(0, min(b + 1, c + thickness / 2) - max(b, c - thickness / 2));
        if (coverage <= 0) continue;
        const i = horizontal ? b * canvas.width + a : a * canvas.width + b;
        canvas.lum[i] -= coverage * max(0, canvas.lum[i] - lineLum);
      }
    }
  };
  draw(true, box.top);
  draw(true, box.bottom);
  draw(false, box.left);
  draw(false, box.right);
}

function paintBlob(canvas: InkCanvas, cx: number, cy: number, rx: number, ry: number, darkness: number, clip?: (x: number, y: number) => boolean): void {
  const x0 = max(0, floor(cx - rx - 2));
  const x1 = min(canvas.width - 1, ceil(cx + rx + 2));
  const y0 = max(0, floor(cy - ry - 2));
  const y1 = min(canvas.height - 1, ceil(cy + ry + 2));
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      if (clip && !clip(x, y)) continue;
      const d = hypot((x + 0.5 - cx) / rx, (y + 0.5 - cy) / ry);
      const coverage = min(1, max(0, (1 - d) * min(rx, ry) + 0.5));
      if (coverage > 0) canvas.lum[y * canvas.width + x] -= coverage * darkness * (canvas.lum[y * canvas.width + x] / 255);
    }
  }
}

/** Printed text or ink of neighbouring cells showing in the crop's margin, outside the box. */
function paintNeighbourMarks(canvas: InkCanvas, box: CellBox, random: SeededRandom): void {
  const count = random.int(1, 4);
  for (let k = 0; k < count; k++) {
    const side = random.int(0, 4);
    const outside = (x: number, y: number) =>
      side === 0 ? x < box.left - 2 : side === 1 ? x > box.right + 2 : side === 2 ? y < box.top - 2 : y > box.bottom + 2;
    const cx = side === 0 ? random.uniform(0, box.left - 2) : side === 1 ? random.uniform(box.right + 2, canvas.width) : random.uniform(box.left, box.right);
    const cy = side === 2 ? random.uniform(0, box.top - 2) : side === 3 ? random.uniform(box.bottom + 2, canvas.height) : random.uniform(box.top, box.bottom);
    paintBlob(canvas, cx, cy, random.uniform(1.5, 6), random.uniform(1.5, 6), random.uniform(80, 200), outside);
  }
}

function paintBlankMark(canvas: InkCanvas, box: CellBox, mark: BlankMark, random: SeededRandom): void {
  const inX = () => random.uniform(box.left + 4, box.right - 4);
  const inY = () => random.uniform(box.top + 4, box.bottom - 4);
  if (mark === 'specks') {
    const count = random.int(1, 5);
    for (let k = 0; k < count; k++) paintBlob(canvas, inX(), inY(), random.uniform(0.5, 1.4), random.uniform(0.5, 1.4), random.uniform(40, 140));
  } else if (mark === 'dot') {
    const r = random.uniform(1.2, 3.5);
    paintBlob(canvas, inX(), inY(), r, r * random.uniform(0.7, 1.3), random.uniform(120, 220));
  } else if (mark === 'smudge') {
    const h = box.bottom - box.top;
    paintBlob(canvas, inX(), inY(), random.uniform(0.08, 0.3) * h, random.uniform(0.06, 0.22) * h, random.uniform(12, 55));
  }
}

/** Writes the number's glyphs left to right with a human's size, slant, spacing and pen. */
function writeNumber(canvas: InkCanvas, box: CellBox, glyphs: Float32Array[], random: SeededRandom): void {
  const cellW = box.right - box.left;
  const cellH = box.bottom - box.top;
  const pencil = random.chance(0.08);
  const pen: PenStroke = {
    luminance: pencil ? random.uniform(90, 140) : random.chance(0.5) ? random.uniform(12, 55) : random.uniform(40, 105),
    width: pencil ? random.uniform(1.6, 3.5) : random.uniform(2, 6.2),
    pressure: random.uniform(0.75, 1),
    wobble: random.uniform(0, 0.2),
    phase: random.uniform(0, PI * 2),
  };
  let height = cellH * (random.chance(0.1) ? random.uniform(0.88, 1.1) : random.uniform(0.42, 0.9));
  const shear = random.uniform(-0.12, 0.38);
  const rotation = random.gaussian(0.06);
  const xScale = random.uniform(0.8, 1.2);
  const sizes = glyphs.map(() => random.uniform(0.92, 1.08));
  const gaps = glyphs.map(() => (random.chance(0.12) ? random.uniform(-0.12, 0.02) : random.uniform(0.02, 0.4)));
  // Neighbours may touch, their boxes overlapping by a tenth of the narrower one at most:
  // a 1 written over most of another is no "11" a reader (or a person) could see.
  const unitWidths = glyphs.map((g, i) => placedGlyphWidth(g, { height: sizes[i], xScale }));
  for (let i = 1; i < glyphs.length; i++) gaps[i] = max(gaps[i], -MAX_OVERLAP * min(unitWidths[i - 1], unitWidths[i]));
  const span = (h: number) => glyphs.reduce((sum, g, i) => sum + placedGlyphWidth(g, { height: h * sizes[i], xScale }) + (i > 0 ? gaps[i] * h : 0), 0);
  const limit = cellW * random.uniform(0.85, 1.05);
  if (span(height) > limit) height *= limit / span(height);
  const total = span(height);
  const slack = (cellW - total) / 2;
  let x = box.left + cellW / 2 - total / 2 + random.uniform(-0.7, 0.7) * max(0, slack);
  const cy = (box.top + box.bottom) / 2 + random.uniform(-0.12, 0.12) * cellH;
  glyphs.forEach((glyph, i) => {
    const h = height * sizes[i];
    const w = placedGlyphWidth(glyph, { height: h, xScale });
    if (i > 0) x += gaps[i] * height;
    const placement: GlyphPlacement = {
      cx: x + w / 2,
      cy: cy + random.gaussian(0.04 * height),
      height: h,
      xScale,
      shear: shear + random.gaussian(0.05),
      rotation: rotation + random.gaussian(0.03),
    };
    stampGlyph(canvas, glyph, placement, pen, i);
    x += w;
  });
}

/** Optics and encoding of the photo the canonical page was warped from. */
function finishPhotograph(canvas: InkCanvas, random: SeededRandom): Uint8Array {
  gaussianBlur(canvas.lum, canvas.width, canvas.height, random.uniform(0.2, 1.1));
  const noise = random.uniform(0.5, 5);
  const jpeg = random.chance(0.4);
  const step = jpeg ? random.uniform(2, 6) : 1;
  const blockShift = new Float32Array(ceil(canvas.width / 8) * ceil(canvas.height / 8));
  if (jpeg) for (let i = 0; i < blockShift.length; i++) blockShift[i] = random.uniform(-2.5, 2.5);
  const blocksPerRow = ceil(canvas.width / 8);
  const out = new Uint8Array(canvas.width * canvas.height);
  for (let y = 0; y < canvas.height; y++) {
    for (let x = 0; x < canvas.width; x++) {
      let v = canvas.lum[y * canvas.width + x] + random.gaussian(noise);
      if (jpeg) v = round((v + blockShift[(y >> 3) * blocksPerRow + (x >> 3)]) / step) * step;
      out[y * canvas.width + x] = max(0, min(255, round(v)));
    }
  }
  return out;
}
