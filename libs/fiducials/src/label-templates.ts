/**
 * Glyph templates of the label font, rendered at the size being read and at several blurs, and the
 * resampling of a character cell to the templates' grid.
 */
import { LRUCache } from 'lru-cache';
import { IDENTITY_ALPHABET } from './identity-checksum';
import { boxBlur, inkLayout } from './label-ink';
import { LabelFontUnavailableError, renderLabel } from './label-font';
import { sampleBilinear, type GreyImage } from './pixel-image';

// Module-level aliases: global lookups are slow inside Jest's VM contexts, and these run per pixel.
const { min, max, round, sqrt } = Math;

/** Glyphs the printed identity can contain. */
export const LABEL_GLYPHS = `${IDENTITY_ALPHABET}-`;

const CELL_WIDTH = 20;
const CELL_HEIGHT = 28;
const TEMPLATE_HEIGHT = 96;

export interface GlyphTemplate {
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

export const TEMPLATE_BLUR_RADII = [0, 1, 2, 3, 4, 6];

interface FontMetrics {
  pitchPerCapHeight: number;
  capHeightPerLine: number;
}

let metrics: FontMetrics | undefined;
const templatesByCapHeight = new LRUCache<number, Templates>({ max: 32 });

/** Resamples one character cell to the fixed template grid, zero-mean and unit-norm. */
export function cellVector(image: GreyImage, centerX: number, top: number, bottom: number, pitch: number): Float64Array {
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
export function templatesFor(capHeight: number): Templates {
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
