import { NOT_A_DIGIT, normalizeGlyph, segmentCell, type CellImage, type GlyphCandidate, type SegmentationHypothesis } from '@caddie/handwriting';
import type { SynthesizedCell } from '../cells/cell-synthesis';

export interface LabelledGlyph {
  /** 28x28 normalized ink. */
  image: Float32Array;
  /** 0..9 or NOT_A_DIGIT. */
  label: number;
}

/**
 * The truth for a segmented glyph, from which written glyph owns its pixels: one digit when
 * nearly all its owned pixels come from one written glyph and cover most of it; NOT_A_DIGIT
 * when it clearly is not (a speck, a fragment, a mix of two digits); null in between, where
 * either label would teach the classifier a contradiction.
 */
export function labelCandidate(candidate: GlyphCandidate, cell: SynthesizedCell, ownedPixels: readonly number[]): number | null {
  const counts = new Array<number>(cell.glyphs.length + 1).fill(0);
  for (const i of candidate.pixels) counts[cell.owners[i]]++;
  let best = 0;
  let owned = 0;
  for (let g = 1; g < counts.length; g++) {
    owned += counts[g];
    if (counts[g] > counts[best] || best === 0) best = g;
  }
  if (best === 0 || owned === 0) return NOT_A_DIGIT;
  const purity = counts[best] / owned;
  const coverage = counts[best] / Math.max(1, ownedPixels[best]);
  const inked = owned / candidate.pixels.length;
  if (purity >= 0.9 && coverage >= 0.7 && inked >= 0.3) return cell.glyphs[best - 1].digit;
  if (purity < 0.6 || coverage < 0.45 || inked < 0.15) return NOT_A_DIGIT;
  return null;
}

/** Pixels each written glyph owns in the cell (index 0: unowned). */
export function ownedPixelCounts(cell: SynthesizedCell): number[] {
  const counts = new Array<number>(cell.glyphs.length + 1).fill(0);
  for (let i = 0; i < cell.owners.length; i++) counts[cell.owners[i]]++;
  return counts;
}

export interface CellGlyphs {
  /** Every distinct glyph any segmentation hypothesis uses, labelled (ambiguous ones left out). */
  glyphs: LabelledGlyph[];
  /** Whether some hypothesis's digit glyphs spell the true value (blank: no digit glyph at all). */
  segmentable: boolean;
  /** Whether the most likely hypothesis by geometry alone does. */
  bestPriorSegmentable: boolean;
}

/** Segments a synthesized cell like the reader does and labels what it finds. */
export function labelledCellGlyphs(cell: SynthesizedCell): CellGlyphs {
  const segmentation = segmentCell(cell.cell.image, cell.cell.maxDigits ?? 3);
  const owned = ownedPixelCounts(cell);
  const labels = segmentation.glyphs.map((g) => labelCandidate(g, cell, owned));
  const glyphs: LabelledGlyph[] = [];
  segmentation.glyphs.forEach((g, k) => {
    const label = labels[k];
    if (label !== null) glyphs.push({ image: normalizeGlyph(g, segmentation.width), label });
  });
  const spelled = segmentation.hypotheses.map((h) =>
    h.glyphs
      .map((k) => labels[k])
      .filter((l) => l !== NOT_A_DIGIT && l !== null)
      .join(''),
  );
  const truth = cell.literal ?? '';
  return {
    glyphs,
    segmentable: segmentation.hypotheses.length === 0 ? truth === '' : spelled.includes(truth),
    bestPriorSegmentable: segmentation.hypotheses.length === 0 ? truth === '' : spelled[0] === truth,
  };
}

/**
 * Labelled glyphs of a cell known only by the digits written in it (a crop the page pipeline
 * cut from a photo, where no pixel ownership is known): the most probable segmentation
 * hypothesis that cuts the ink into exactly that many whole groups gets the digits, left to
 * right; other candidates stay unlabelled. No such hypothesis (touching digits, a broken
 * stroke) labels nothing: a guessed cut would teach the classifier a wrong shape.
 */
export function labelledWrittenGlyphs(cell: CellImage, digits: readonly number[]): LabelledGlyph[] {
  if (digits.length === 0) return [];
  const segmentation = segmentCell(cell.image, cell.maxDigits ?? 3);
  let chosen: SegmentationHypothesis | undefined;
  for (const h of segmentation.hypotheses) {
    if (h.glyphs.length !== digits.length || !h.glyphs.every((k) => segmentation.glyphs[k].whole)) continue;
    if (!chosen || h.prior > chosen.prior) chosen = h;
  }
  if (!chosen) return [];
  return chosen.glyphs.map((k, position) => ({ image: normalizeGlyph(segmentation.glyphs[k], segmentation.width), label: digits[position] }));
}
