import { LRUCache } from 'lru-cache';
import { LabelFontUnavailableError, renderLabel } from './label-font';
import { IDENTITY_ALPHABET } from './identity-checksum';
import { sampleBilinear, type GreyImage } from './pixel-image';

// Module-level aliases: global lookups are slow inside Jest's VM contexts, and these run per pixel.
const { min, max, round, sqrt, cos, sin, atan2, hypot, PI } = Math;

export interface LabelCharacter {
  char: string;
  /** Normalized cross-correlation with the best glyph template, 0..1. */
  confidence: number;
  /** The runner-up glyph and its correlation, for erasure-style retries. */
  alternative: { char: string; confidence: number };
  /** The best-scoring glyphs, best first (at most CANDIDATES_PER_CHARACTER). */
  candidates: { char: string; confidence: number }[];
}

export interface LabelReading {
  text: string;
  characters: LabelCharacter[];
  /** The weakest character's confidence (0 when nothing was read). */
  confidence: number;
}

/** Glyphs the printed identity can contain. */
export const LABEL_GLYPHS = `${IDENTITY_ALPHABET}-`;

const CELL_WIDTH = 20;
const CELL_HEIGHT = 28;
const TEMPLATE_HEIGHT = 96;

interface GlyphTemplate {
  char: string;
  /** The box blur the template was rendered with (TEMPLATE_BLUR_RADII). */
  radius: number;
  vector: Float64Array;
}

interface Templates {
  glyphs: GlyphTemplate[];
  /** Character advance divided by cap height, fixed for a monospaced font. */
  pitchPerCapHeight: number;
}

const TEMPLATE_BLUR_RADII = [0, 1, 2, 3, 4, 6];
/** Glyphs kept per character for decoders that weigh alternatives. */
export const CANDIDATES_PER_CHARACTER = 6;

function boxBlur(image: GreyImage, radius: number): GreyImage {
  if (radius === 0) return image;
  const { width, height, data } = image;
  const horizontal = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      for (let k = -radius; k <= radius; k++) sum += data[y * width + min(width - 1, max(0, x + k))];
      horizontal[y * width + x] = sum / (2 * radius + 1);
    }
  }
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      for (let k = -radius; k <= radius; k++) sum += horizontal[min(height - 1, max(0, y + k)) * width + x];
      out[y * width + x] = round(sum / (2 * radius + 1));
    }
  }
  return { data: out, width, height };
}

interface FontMetrics {
  pitchPerCapHeight: number;
  capHeightPerLine: number;
}

let metrics: FontMetrics | undefined;
const templatesByCapHeight = new LRUCache<number, Templates>({ max: 32 });

function otsuThreshold(image: GreyImage): number {
  const histogram = new Array<number>(256).fill(0);
  for (const v of image.data) histogram[v]++;
  const total = image.data.length;
  let sumAll = 0;
  for (let i = 0; i < 256; i++) sumAll += i * histogram[i];
  let sumBack = 0;
  let weightBack = 0;
  let best = 0;
  let threshold = 127;
  for (let t = 0; t < 256; t++) {
    weightBack += histogram[t];
    if (weightBack === 0) continue;
    const weightFore = total - weightBack;
    if (weightFore === 0) break;
    sumBack += t * histogram[t];
    const meanBack = sumBack / weightBack;
    const meanFore = (sumAll - sumBack) / weightFore;
    const between = weightBack * weightFore * (meanBack - meanFore) ** 2;
    if (between > best) {
      best = between;
      threshold = t;
    }
  }
  return threshold;
}

/** The paper's level around each pixel is looked for this share of the crop's height away (wider than a stroke, narrower than a shadow's edge). */
const SHADING_RADIUS_SHARE = 1 / 6;

/**
 * Running maximum of `count` values of `source` (read from `offset` with `stride`) over `radius`
 * either side, written to the same places of `target`. A queue of candidate positions whose
 * values decrease keeps it linear in `count` whatever the radius.
 */
function runningMax(source: Float32Array, target: Float32Array, count: number, offset: number, stride: number, radius: number): void {
  const queue = new Int32Array(count);
  let head = 0;
  let tail = 0;
  const value = (k: number) => source[offset + k * stride];
  for (let entering = 0; entering < count + radius; entering++) {
    if (entering < count) {
      while (tail > head && value(queue[tail - 1]) <= value(entering)) tail--;
      queue[tail++] = entering;
    }
    const i = entering - radius;
    if (i < 0) continue;
    while (queue[head] < i - radius) head++;
    target[offset + i * stride] = value(queue[head]);
  }
}

/**
 * Divides the crop by its paper's level: a shadow or a light falling off across the label makes
 * one end of the line darker than the other, which a single threshold takes for ink (the whole
 * band, then no character runs). The paper's level is the local maximum (ink removed) smoothed
 * by a box; a crop lit evenly comes back unchanged but for the scale.
 */
function flattenShading(image: GreyImage): GreyImage {
  let flat = flattened.get(image);
  if (!flat) {
    flat = dividedByPaper(image);
    flattened.set(image, flat);
  }
  return flat;
}

/** Flattened crops by the crop they came from: the free reading and the readings against each layout share one. */
const flattened = new WeakMap<GreyImage, GreyImage>();

function dividedByPaper(image: GreyImage): GreyImage {
  const { width, height, data } = image;
  const radius = max(2, round(height * SHADING_RADIUS_SHARE));
  const source = Float32Array.from(data);
  const rows = new Float32Array(width * height);
  for (let y = 0; y < height; y++) runningMax(source, rows, width, y * width, 1, radius);
  const paper = new Float32Array(width * height);
  for (let x = 0; x < width; x++) runningMax(rows, paper, height, x, width, radius);
  const smooth = boxBlur({ data: Uint8Array.from(paper, (v) => round(v)), width, height }, radius);
  const out = new Uint8Array(width * height);
  for (let i = 0; i < out.length; i++) out[i] = min(255, round((255 * data[i]) / max(1, smooth.data[i])));
  return { data: out, width, height };
}

/** Rows and columns holding ink: the text band and the character runs inside it. */
function inkLayout(image: GreyImage): { top: number; bottom: number; runs: [number, number][] } | undefined {
  const threshold = otsuThreshold(image);
  const ink = (x: number, y: number) => image.data[y * image.width + x] <= threshold;
  const rowInk = new Array<number>(image.height).fill(0);
  for (let y = 0; y < image.height; y++) for (let x = 0; x < image.width; x++) if (ink(x, y)) rowInk[y]++;
  const peak = max(...rowInk);
  if (peak === 0) return undefined;
  // Rows with a sliver of ink (noise, a stray border) do not define the text band.
  const minRow = max(1, peak * 0.08);
  const top = rowInk.findIndex((v) => v >= minRow);
  const bottom = image.height - 1 - [...rowInk].reverse().findIndex((v) => v >= minRow);
  if (bottom - top < 3) return undefined;
  const runs: [number, number][] = [];
  let start = -1;
  for (let x = 0; x <= image.width; x++) {
    let count = 0;
    if (x < image.width) for (let y = top; y <= bottom; y++) if (ink(x, y)) count++;
    if (count > 0 && start < 0) start = x;
    if (count === 0 && start >= 0) {
      runs.push([start, x - 1]);
      start = -1;
    }
  }
  return { top, bottom: bottom + 1, runs };
}

/** Resamples one character cell to the fixed template grid, zero-mean and unit-norm. */
function cellVector(image: GreyImage, centerX: number, top: number, bottom: number, pitch: number): Float64Array {
  const vector = new Float64Array(CELL_WIDTH * CELL_HEIGHT);
  const height = bottom - top;
  let mean = 0;
  for (let j = 0; j < CELL_HEIGHT; j++) {
    for (let i = 0; i < CELL_WIDTH; i++) {
      const x = centerX - pitch / 2 + ((i + 0.5) / CELL_WIDTH) * pitch - 0.5;
      const y = top + ((j + 0.5) / CELL_HEIGHT) * height - 0.5;
      const inside = x >= -0.5 && x <= image.width - 0.5;
      const v = inside ? sampleBilinear(image, x, y) : 255;
      vector[j * CELL_WIDTH + i] = v;
      mean += v;
    }
  }
  mean /= vector.length;
  let norm = 0;
  for (let k = 0; k < vector.length; k++) {
    vector[k] -= mean;
    norm += vector[k] * vector[k];
  }
  norm = sqrt(norm) || 1;
  for (let k = 0; k < vector.length; k++) vector[k] /= norm;
  return vector;
}

function fontMetrics(): FontMetrics {
  if (!metrics) {
    const reference = renderLabel('HH', TEMPLATE_HEIGHT);
    const band = inkLayout(reference);
    if (!band || band.runs.length !== 2) throw new LabelFontUnavailableError('label font reference did not render');
    const capHeight = band.bottom - band.top;
    metrics = { pitchPerCapHeight: (band.runs[1][0] - band.runs[0][0]) / capHeight, capHeightPerLine: capHeight / TEMPLATE_HEIGHT };
  }
  return metrics;
}

/**
 * Glyph templates rendered at the crop's own text size, so the font's hinting and
 * anti-aliasing at that size (what tells B from 8 in small print) match what is being read.
 */
function templatesFor(capHeight: number): Templates {
  const { pitchPerCapHeight, capHeightPerLine } = fontMetrics();
  const key = max(8, min(TEMPLATE_HEIGHT, round(capHeight / capHeightPerLine)));
  const cached = templatesByCapHeight.get(key);
  if (cached) return cached;
  // The cap band comes from a reference line at the same size, so every glyph (the hyphen
  // included) sits vertically in its cell exactly as it does inside a printed label.
  const reference = renderLabel('HH', key);
  const sharpBand = inkLayout(reference);
  if (!sharpBand || sharpBand.runs.length !== 2) throw new LabelFontUnavailableError('label font reference did not render');
  const pitch = sharpBand.runs[1][0] - sharpBand.runs[0][0];
  // Camera blur rounds corners (a blurred B looks like a sharp 8) and widens the measured text
  // band: blurred variants are measured the same way as a blurred crop.
  const variants = TEMPLATE_BLUR_RADII.map((radius) => ({ radius, band: inkLayout(boxBlur(reference, radius)) ?? sharpBand }));
  const glyphs: GlyphTemplate[] = [];
  for (const char of LABEL_GLYPHS) {
    const image = renderLabel(`H${char}H`, key);
    const layout = inkLayout(image);
    if (!layout || layout.runs.length < 3) continue;
    // The glyph's advance cell follows the first H's (symmetric, so its ink centre is its cell centre).
    const center = (layout.runs[0][0] + layout.runs[0][1] + 1) / 2 + pitch;
    for (const { radius, band } of variants) {
      glyphs.push({ char, radius, vector: cellVector(boxBlur(image, radius), center, band.top, band.bottom, pitch) });
    }
  }
  const templates = { glyphs, pitchPerCapHeight };
  templatesByCapHeight.set(key, templates);
  return templates;
}

/**
 * The label is monospaced, so characters sit on a regular grid: fit its origin and pitch to
 * the centres of single-glyph runs. Unlike splitting runs, this stays right when blur fuses
 * neighbouring glyphs.
 */
function fitCharacterGrid(runs: [number, number][], nominalPitch: number): { origin: number; pitch: number; first: number; last: number } {
  const singles = runs.filter(([a, b]) => b - a + 1 <= 1.15 * nominalPitch && b - a + 1 >= 0.12 * nominalPitch).map(([a, b]) => (a + b + 1) / 2);
  const centres = singles.length ? singles : runs.map(([a, b]) => (a + b + 1) / 2);
  // Comb fit: the pitch whose phases of the glyph centres agree best (mean resultant length).
  // Blur inflates the measured cap height, so the nominal pitch is only a starting range.
  let best = { score: -1, pitch: nominalPitch, phase: 0 };
  for (let pitch = nominalPitch * 0.75; pitch <= nominalPitch * 1.25; pitch += nominalPitch * 0.0025) {
    let re = 0;
    let im = 0;
    for (const c of centres) {
      re += cos((2 * PI * c) / pitch);
      im += sin((2 * PI * c) / pitch);
    }
    const score = hypot(re, im) / centres.length;
    if (score > best.score + 1e-9) best = { score, pitch, phase: atan2(im, re) };
  }
  const pitch = best.pitch;
  // Centres sit at origin + (k + 0.5) * pitch.
  const origin = (best.phase / (2 * PI)) * pitch - 0.5 * pitch;
  const inkStart = runs[0][0];
  const inkEnd = runs[runs.length - 1][1] + 1;
  return {
    origin,
    pitch,
    first: round((inkStart - origin) / pitch),
    last: round((inkEnd - origin) / pitch) - 1,
  };
}

/** Every glyph's best correlation with the character cell at `center` (small shifts absorb blur and resampling), best first. */
function scoreCharacter(crop: GreyImage, glyphs: readonly GlyphTemplate[], center: number, top: number, bottom: number, pitch: number): LabelCharacter {
  const shifts = [-0.08, -0.04, 0, 0.04, 0.08].map((f) => f * pitch);
  const vectors = shifts.map((dx) => cellVector(crop, center + dx, top, bottom, pitch));
  const bestByChar = new Map<string, number>();
  for (const g of glyphs) {
    for (const vector of vectors) {
      let dot = 0;
      for (let k = 0; k < vector.length; k++) dot += vector[k] * g.vector[k];
      if (dot > (bestByChar.get(g.char) ?? -1)) bestByChar.set(g.char, dot);
    }
  }
  const scored = [...bestByChar].map(([char, score]) => ({ char, confidence: max(0, score) })).sort((a, b) => b.confidence - a.confidence);
  return { char: scored[0].char, confidence: scored[0].confidence, alternative: scored[1], candidates: scored.slice(0, CANDIDATES_PER_CHARACTER) };
}

function readingOf(characters: LabelCharacter[]): LabelReading {
  return {
    text: characters.map((c) => c.char).join(''),
    characters,
    confidence: characters.length ? min(...characters.map((c) => c.confidence)) : 0,
  };
}

/**
 * Reads a printed identity label from a crop of the normalized (upright, canonical) page:
 * divide by the paper's level (flattenShading), binarize, find the text band and character
 * runs, then match each character cell against glyph templates rendered from the same DejaVu
 * Sans Mono Bold the label is printed with.
 */
export function readLabel(photographed: GreyImage): LabelReading {
  const crop = flattenShading(photographed);
  const layout = inkLayout(crop);
  if (!layout) return { text: '', characters: [], confidence: 0 };
  const { glyphs, pitchPerCapHeight } = templatesFor(layout.bottom - layout.top);
  const grid = fitCharacterGrid(layout.runs, (layout.bottom - layout.top) * pitchPerCapHeight);
  const pitch = grid.pitch;
  const centers: number[] = [];
  for (let k = grid.first; k <= grid.last; k++) {
    const center = grid.origin + (k + 0.5) * pitch;
    // Cells without ink in their middle are spaces, not characters.
    if (layout.runs.some(([a, b]) => b >= center - 0.3 * pitch && a <= center + 0.3 * pitch)) centers.push(center);
  }
  return readingOf(centers.map((center) => scoreCharacter(crop, glyphs, center, layout.top, layout.bottom, pitch)));
}

/** Pitches tried between the shortest and the longest grid the ink allows, and grid offsets tried around the ink's centre. */
const LENGTH_FIT_PITCHES = 24;
const LENGTH_FIT_OFFSETS = [-0.2, -0.1, 0, 0.1, 0.2];

/**
 * Reads a label known to hold exactly `length` characters (the layout the markers' design
 * prints): the grid is not fitted to runs of ink, which blur fuses and noise splits, but
 * chosen among grids of that many cells spanning the line's ink by how well the glyph
 * templates match their cells. Undefined when the crop holds no text band.
 */
export function readLabelOfLength(photographed: GreyImage, length: number): LabelReading | undefined {
  const crop = flattenShading(photographed);
  const layout = inkLayout(crop);
  if (!layout || length < 1) return undefined;
  const { glyphs } = templatesFor(layout.bottom - layout.top);
  const inkStart = layout.runs[0][0];
  const inkEnd = layout.runs[layout.runs.length - 1][1] + 1;
  const inkCentre = (inkStart + inkEnd) / 2;
  // The ink spans the characters' cells less the outer glyphs' side bearings.
  const shortest = (inkEnd - inkStart) / length;
  const longest = (inkEnd - inkStart) / max(1, length - 0.8);
  const cellsOf = (pitch: number, offset: number) => Array.from({ length }, (_, k) => inkCentre + (k - (length - 1) / 2 + offset) * pitch);
  const fit = (templates: readonly GlyphTemplate[], pitch: number, offset: number) =>
    cellsOf(pitch, offset).reduce((sum, center) => sum + bestCorrelation(crop, templates, center, layout.top, layout.bottom, pitch), 0);
  // The search scores cells against the templates of the crop's blur alone (six times fewer):
  // the blur whose templates fit a middle grid best.
  const middle = (shortest + longest) / 2;
  const blurred = TEMPLATE_BLUR_RADII.map((radius) => glyphs.filter((g) => g.radius === radius)).reduce((a, b) =>
    fit(b, middle, 0) > fit(a, middle, 0) ? b : a,
  );
  let best: { score: number; pitch: number; offset: number } | undefined;
  for (let step = 0; step < LENGTH_FIT_PITCHES; step++) {
    const pitch = shortest + ((longest - shortest) * step) / (LENGTH_FIT_PITCHES - 1);
    for (const offset of LENGTH_FIT_OFFSETS) {
      const score = fit(blurred, pitch, offset);
      if (!best || score > best.score) best = { score, pitch, offset };
    }
  }
  const { pitch, offset } = best!;
  return readingOf(cellsOf(pitch, offset).map((center) => scoreCharacter(crop, glyphs, center, layout.top, layout.bottom, pitch)));
}

/** The best template correlation of one unshifted cell (the grid search's cheap score). */
function bestCorrelation(crop: GreyImage, glyphs: readonly GlyphTemplate[], center: number, top: number, bottom: number, pitch: number): number {
  const vector = cellVector(crop, center, top, bottom, pitch);
  let best = -1;
  for (const g of glyphs) {
    let dot = 0;
    for (let k = 0; k < vector.length; k++) dot += vector[k] * g.vector[k];
    if (dot > best) best = dot;
  }
  return best;
}
