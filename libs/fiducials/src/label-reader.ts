import { flattenShading, inkLayout } from './label-ink';
import { cellVector, TEMPLATE_BLUR_RADII, templatesFor, type GlyphTemplate } from './label-templates';
import type { GreyImage } from './pixel-image';

// Module-level aliases: global lookups are slow inside Jest's VM contexts, and these run per pixel.
const { min, max, round, cos, sin, atan2, hypot, PI } = Math;

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

/** Glyphs kept per character for decoders that weigh alternatives. */
export const CANDIDATES_PER_CHARACTER = 6;

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
