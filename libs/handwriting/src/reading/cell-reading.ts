import type { CellAlternative } from '../provider';
import { writingHeight } from './cell-ink';
import type { CellSegmentation, GlyphCandidate } from './cell-segmentation';
import { STROKE_EVIDENCE_EXTENT } from './faint-marks';
import { NOT_A_DIGIT } from './glyph-classes';

const { max, min } = Math;

/** Literals kept per hypothesis while combining glyphs (the rest of the mass is dropped, which only lowers confidence). */
const KEPT_LITERALS = 64;
const ALTERNATIVES = 3;
/** Marks at least this share of the cell height tall or wide are writing, not specks. */
const WRITING_SIZE = 0.3;
/**
 * Odds factor on "not a digit" for a writing-sized glyph that is a whole group of ink rather
 * than a piece a split hypothesis cut. The network learns "not a digit" mostly from pieces (half
 * a 4 looks like a 1), so it keeps about 1% of that class on every clean 1. Among the reader's
 * own candidates of training-range cells (items 0..599, 4,000 cells), 61 of 4,531 writing-sized
 * whole groups are no digit (1.35%, merged pairs), against 972 of 5,909 candidates in all, which
 * the trainer weighs at 0.3 (5.6% effective): a label-shift correction of
 * (0.0135 / 0.9865) / (0.056 / 0.944) = 0.23. Small whole marks (29 of 32 no digit) keep the
 * network's odds.
 */
export const WHOLE_GROUP_NOT_A_DIGIT_ODDS = 0.23;
/**
 * Prior odds of a literal the field cannot hold (more digits than `maxDigits`, a leading zero,
 * outside the field's range) against one it can. The field plan defines such a number as a
 * misread (no hole takes 46 strokes), so a split hypothesis reading a 4 as "46" in a hole's
 * score cell is mostly the segmenter's doubt, not the writer's: its mass goes back to what the
 * field can hold. Not zero: when the ink reads clearly as an impossible number, a faint valid
 * alternative must not become a confident reading (the range is a prior, not evidence).
 */
export const FIELD_INVALID_ODDS = 0.05;

/**
 * How much more the network's evidence counts than the geometric prior when segmentation
 * hypotheses are weighed: a hypothesis weighs prior x product of (1 - P(not a digit))^k over its
 * glyphs. The prior is a hand-set function of a group's width alone (a 5 with a long flag is as
 * wide as two digits), the network sees the shapes. At k = 1 a width prior of 0.99 for a cut
 * kept most of the weight even when the cut's flag read "not a digit" at 0.93 and the whole
 * group read 5 at 1.00, and the cell read 5 at 0.07. Coverage of the 24,000 calibration cells at
 * the certified threshold (same weights): k = 1 75.8%, 3 80.7%, 4 81.6%, 6 82.2%, 10 82.9% (k = 1
 * before the faint-mark check below; model notebook, reader-9). The prior still decides between
 * hypotheses the network cannot tell apart.
 */
export const SEGMENTATION_EVIDENCE_POWER = 10;

export interface DigitCellDecision {
  blank: boolean;
  literal: string | null;
  confidence: number;
  alternatives: CellAlternative[];
}

/**
 * A mark too faint to count as ink that reaches this share of the cell height (tall or wide) is
 * as large as writing: the cell may hold a light pencil entry the ink thresholds missed, so it is
 * no evidence of a blank. Among 24,000 calibration cells (seeds 3,000,000..3,023,999), 73 cells
 * without ink held such a mark: 7 held an entry written in light pencil, 66 were blank with a
 * smudge; all 81 with a smaller faint mark (0.12..0.3) were blank. A fixed doubt of 0.45 let the
 * calibration accept the group with the clean blanks it came with, and a user would lose those
 * entries. (Measured on the cell height, unlike WRITING_SIZE, which is of the writing height.)
 */
export const FAINT_WRITING_EXTENT = 0.3;

/**
 * Probability that a cell with no writing-sized ink is blank: near certain when nothing was
 * found, lower as the largest ignored speck approaches the size of writing or as a mark too
 * faint to count as ink grows (a light pencil may have written there), and none when that
 * faint mark is as large as writing (FAINT_WRITING_EXTENT), or when the pieces of stroke it
 * holds add up to a stroke a person sees (STROKE_EVIDENCE_EXTENT: a thin or broken pen, a light
 * pencil): such a cell is never accepted as blank (chooseAcceptThreshold never accepts a
 * reading of no confidence).
 */
export function blankCertainty(
  segmentation: Pick<CellSegmentation, 'strayInk' | 'faintInk' | 'strokePieces'> & Partial<Pick<CellSegmentation, 'foldHidInk'>>,
): number {
  if (segmentation.faintInk >= FAINT_WRITING_EXTENT || segmentation.strokePieces >= STROKE_EVIDENCE_EXTENT || segmentation.foldHidInk) return 0;
  const speck = 0.4 * min(1, max(0, (segmentation.strayInk - 0.75) / 0.25));
  return 0.9995 - speck - faintDoubt(segmentation.faintInk);
}

/** Doubt a faint mark raises, from its extent as a share of the cell height: none below 0.12, 0.45 from 0.27. */
function faintDoubt(extent: number): number {
  return 0.45 * min(1, max(0, (extent - 0.12) / 0.15));
}

/**
 * Combines per-glyph class probabilities into the cell's reading. Within one segmentation
 * hypothesis each glyph is a digit or "not a digit" (then ignored), so a literal's
 * probability sums the products over the glyph assignments that spell it; hypotheses mix
 * by their geometric prior times how digit-like their glyphs are (SEGMENTATION_EVIDENCE_POWER).
 * A faint mark apart from the writing lowers every reading (faintBesideCertainty). Literals the
 * field cannot hold (longer than `maxDigits`, a leading zero, outside `range`) are no reading: their mass,
 * but FIELD_INVALID_ODDS of it, goes back to the readings it can hold. A writing-sized glyph
 * that is not a digit keeps no probability (that mass stays doubt). The "not a digit" odds of
 * writing-sized whole groups are first shifted to their own prior (WHOLE_GROUP_NOT_A_DIGIT_ODDS).
 */
export function decideDigitCell(
  segmentation: CellSegmentation,
  glyphProbabilities: readonly Float64Array[],
  maxDigits: number,
  range?: { min: number; max: number },
): DigitCellDecision {
  if (segmentation.hypotheses.length === 0) {
    return { blank: true, literal: null, confidence: blankCertainty(segmentation), alternatives: [] };
  }
  const cellHeight = writingHeight(segmentation.box);
  const writingSized = (glyph: GlyphCandidate) => max(glyph.y1 - glyph.y0, glyph.x1 - glyph.x0) >= WRITING_SIZE * cellHeight;
  const probabilities = glyphProbabilities.map((p, g) =>
    segmentation.glyphs[g].whole && writingSized(segmentation.glyphs[g]) ? wholeGroupProbabilities(p) : p,
  );
  const weights = segmentation.hypotheses.map((h) =>
    h.glyphs.reduce((w, g) => w * (1 - probabilities[g][NOT_A_DIGIT]) ** SEGMENTATION_EVIDENCE_POWER, h.prior),
  );
  const unseen = faintBesideCertainty(segmentation);
  let weightSum = weights.reduce((a, b) => a + b, 0);
  if (!(weightSum > 0)) {
    weights.fill(1);
    weightSum = weights.length;
  }
  const total = new Map<string, number>();
  // Mass of literals the field cannot hold (too long, leading zero, out of range).
  let invalid = 0;
  segmentation.hypotheses.forEach((hypothesis, k) => {
    let literals = new Map<string, number>([['', 1]]);
    for (const g of hypothesis.glyphs) {
      const p = probabilities[g];
      // A writing-sized mark that is no digit (a scribble, a crossed-out entry) makes the cell
      // unreadable, not blank: that reading keeps no probability.
      const writing = writingSized(segmentation.glyphs[g]);
      const next = new Map<string, number>();
      for (const [literal, q] of literals) {
        for (let c = 0; c < p.length; c++) {
          if (c === NOT_A_DIGIT && writing) continue;
          const extended = c === NOT_A_DIGIT ? literal : literal + String(c);
          if (extended.length > maxDigits) {
            invalid += (weights[k] / weightSum) * q * p[c];
            continue;
          }
          next.set(extended, (next.get(extended) ?? 0) + q * p[c]);
        }
      }
      literals = new Map([...next].sort((a, b) => b[1] - a[1]).slice(0, KEPT_LITERALS));
    }
    const weight = weights[k] / weightSum;
    for (const [literal, q] of literals) total.set(literal, (total.get(literal) ?? 0) + weight * q);
  });
  const valid = (literal: string) =>
    literal === '' || ((literal.length <= 1 || literal[0] !== '0') && (!range || (Number(literal) >= range.min && Number(literal) <= range.max)));
  for (const [literal, q] of total) if (!valid(literal)) invalid += q;
  // Conditioned on the field: invalid literals keep FIELD_INVALID_ODDS of their mass, as doubt.
  const scale = 1 / (1 - (1 - FIELD_INVALID_ODDS) * min(1, invalid));
  const ranked = [...total]
    .filter(([literal]) => valid(literal))
    .map(([literal, q]): [string, number] => [literal, q * scale * unseen])
    .sort((a, b) => b[1] - a[1]);
  const [best, confidence] = ranked[0] ?? ['', 0];
  const alternatives = ranked
    .slice(1)
    .filter(([literal, q]) => literal !== '' && q >= 0.001)
    .slice(0, ALTERNATIVES)
    .map(([literal, q]) => ({ literal, confidence: clamp01(q) }));
  // Read as blank (its marks no digit), yet holding as much stroke as writing: not a blank either.
  const blankConfidence = segmentation.strokePieces >= STROKE_EVIDENCE_EXTENT || segmentation.foldHidInk ? 0 : clamp01(confidence);
  return best === ''
    ? { blank: true, literal: null, confidence: blankConfidence, alternatives }
    : { blank: false, literal: best, confidence: clamp01(confidence), alternatives };
}

/**
 * Share of a written cell's reading that stands when a mark too faint to count as ink lies
 * apart from the writing: a light digit beside a dark one (a "48" whose 4 is pale) would
 * otherwise read as the dark digit alone, with full confidence.
 */
export function faintBesideCertainty(segmentation: Pick<CellSegmentation, 'faintBeside'>): number {
  return 1 - faintDoubt(segmentation.faintBeside);
}

/**
 * A text cell as the digit reader sees it: only whether something is written. Confidence is
 * that of the blank decision alone.
 */
export function decideTextCell(segmentation: CellSegmentation): DigitCellDecision {
  if (segmentation.hypotheses.length === 0) {
    return { blank: true, literal: null, confidence: blankCertainty(segmentation), alternatives: [] };
  }
  const cellHeight = writingHeight(segmentation.box);
  const tallest = max(...segmentation.glyphs.map((g) => g.y1 - g.y0));
  return { blank: false, literal: null, confidence: tallest >= 0.3 * cellHeight ? 0.99 : 0.9, alternatives: [] };
}

/** A writing-sized whole group's class probabilities, "not a digit" shifted to the prior of such groups. */
function wholeGroupProbabilities(p: Float64Array): Float64Array {
  const shifted = Float64Array.from(p);
  shifted[NOT_A_DIGIT] *= WHOLE_GROUP_NOT_A_DIGIT_ODDS;
  const sum = shifted.reduce((a, b) => a + b, 0);
  return sum > 0 ? shifted.map((v) => v / sum) : shifted;
}

function clamp01(v: number): number {
  return min(1, max(0, v));
}
