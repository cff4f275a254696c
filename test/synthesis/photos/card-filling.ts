import type { Box, CaptureDefinition } from '@caddie/fiducials';
import type { SeededRandom } from './seeded-random';

/** One field a player writes on the card: a number (as digit glyphs) or free text (a scribble). */
export interface FieldToWrite {
  /** `hole-3`, `totals`, `roundSummary`, ... (the rows the processing pipeline reads). */
  row: string;
  field: string;
  content: 'digits' | 'text';
  /** The number written (digit fields); null for text. */
  value: number | null;
  /** Where the pen goes, normalized to the capture surface. */
  box: Box;
  /** A table cell (small, bordered) or a supplemental field (large, with a printed caption). */
  area: 'cell' | 'field';
}

/** Supplemental fields print a caption on their top line; players write below it. */
const FIELD_CAPTION_MM = 4;

// Stroke counts relative to par a casual golfer writes, most often par or bogey.
const PAR_OFFSETS = [-2, -1, 0, 1, 2, 3, 4, 5] as const;
const PAR_OFFSET_WEIGHTS = [0.01, 0.1, 0.34, 0.3, 0.14, 0.06, 0.03, 0.02];
const PUTTS = [0, 1, 2, 3, 4] as const;
const PUTT_WEIGHTS = [0.04, 0.27, 0.54, 0.13, 0.02];

function weighted<T>(random: SeededRandom, items: readonly T[], weights: readonly number[]): T {
  let r = random.next() * weights.reduce((s, w) => s + w, 0);
  for (let i = 0; i < items.length; i++) {
    r -= weights[i];
    if (r < 0) return items[i];
  }
  return items[items.length - 1];
}

function holeScore(random: SeededRandom, par: number): number {
  // About one hole in twenty-five is a blow-up hole that needs two digits.
  if (random.chance(0.04)) return random.int(10, 14);
  return Math.max(1, par + weighted(random, PAR_OFFSETS, PAR_OFFSET_WEIGHTS));
}

function holePutts(random: SeededRandom, score: number): number {
  const putts = weighted(random, PUTTS, PUTT_WEIGHTS);
  return score <= 1 ? 0 : Math.min(putts, score - 1);
}

/** A sum as a careless player adds it: usually right, sometimes off by a few strokes. */
function writtenSum(random: SeededRandom, sum: number, wrongRate: number): number {
  if (!random.chance(wrongRate)) return sum;
  const off = random.int(1, 4) * (random.chance(0.5) ? 1 : -1);
  return sum + off > 0 ? sum + off : sum + Math.abs(off);
}

function belowCaption(capture: CaptureDefinition, box: Box): Box {
  return { ...box, y1: Math.min(box.y2, box.y1 + FIELD_CAPTION_MM / capture.heightMm) };
}

/**
 * What a player writes on one card: per hole a par-plausible score (sometimes two digits) and
 * putts (never more than the score), with blanks (an unfinished round, skipped cells, no putts
 * kept); the totals row (sums, sometimes wrong or left blank); on M18 back pages the Round
 * Summary and Penalty numbers; on M18 front pages scribbles in some Round Details fields.
 * Fields left blank are not in the list. `parOf` gives the printed par of a hole, if any.
 */
export function planFilledCard(capture: CaptureDefinition, parOf: (holeNumber: number) => number | null | undefined, random: SeededRandom): FieldToWrite[] {
  const fields: FieldToWrite[] = [];
  const { holes, totals, supplemental } = capture.regions;
  const stopAfter = random.chance(0.08) ? random.int(3, holes.length) : holes.length;
  const keepsPutts = random.chance(0.8);
  const scores: (number | null)[] = [];
  const putts: (number | null)[] = [];
  holes.forEach((hole, i) => {
    const row = `hole-${hole.holeNumber}`;
    const par = parOf(hole.holeNumber) ?? 4;
    const score = i < stopAfter && !random.chance(0.04) ? holeScore(random, par) : null;
    const putt = score !== null && keepsPutts && !random.chance(0.04) ? holePutts(random, score) : null;
    scores.push(score);
    putts.push(putt);
    if (score !== null) fields.push({ row, field: 'score', content: 'digits', value: score, box: hole.cells.score, area: 'cell' });
    if (putt !== null) fields.push({ row, field: 'putts', content: 'digits', value: putt, box: hole.cells.putts, area: 'cell' });
  });

  const totalsCell = (name: 'score' | 'putts'): Box => ({ x1: holes[0].cells[name].x1, x2: holes[0].cells[name].x2, y1: totals.y1, y2: totals.y2 });
  const sumOf = (values: (number | null)[]) => values.reduce((s: number, v) => s + (v ?? 0), 0);
  const complete = (values: (number | null)[]) => values.every((v) => v !== null);
  let totalScore: number | null = null;
  if (complete(scores) ? random.chance(0.87) : random.chance(0.4) && scores.some((s) => s !== null)) totalScore = writtenSum(random, sumOf(scores), 0.08);
  if (totalScore !== null) fields.push({ row: 'totals', field: 'score', content: 'digits', value: totalScore, box: totalsCell('score'), area: 'cell' });
  let totalPutts: number | null = null;
  if (complete(putts) && random.chance(0.75)) totalPutts = writtenSum(random, sumOf(putts), 0.06);
  if (totalPutts !== null) fields.push({ row: 'totals', field: 'putts', content: 'digits', value: totalPutts, box: totalsCell('putts'), area: 'cell' });

  const summary = supplemental.roundSummary;
  if (summary) {
    const digits = (field: string, value: number | null) => {
      if (value !== null)
        fields.push({ row: 'roundSummary', field, content: 'digits', value, box: belowCaption(capture, summary.fields[field]), area: 'field' });
    };
    // The front nine is on the other page: its total is invented around the back nine's.
    const outScore = random.chance(0.8) ? random.int(34, 56) : null;
    const inScore = totalScore !== null && random.chance(0.85) ? writtenSum(random, totalScore, 0.05) : null;
    const roundTotal = outScore !== null && inScore !== null && random.chance(0.85) ? writtenSum(random, outScore + inScore, 0.06) : null;
    const roundPutts = random.chance(0.6) ? random.int(12, 22) + sumOf(putts) : null;
    digits('outScore', outScore);
    digits('inScore', inScore);
    digits('totalScore', roundTotal);
    digits('totalPutts', roundPutts);
  }
  const penalty = supplemental.penalty;
  if (penalty && random.chance(0.35)) {
    const strokes = random.chance(0.1) ? 0 : random.int(1, 5);
    fields.push({
      row: 'penalty',
      field: 'penaltyStrokes',
      content: 'digits',
      value: strokes,
      box: belowCaption(capture, penalty.fields.penaltyStrokes),
      area: 'field',
    });
    if (strokes > 0 && random.chance(0.7)) {
      fields.push({
        row: 'penalty',
        field: 'penaltyHoles',
        content: 'text',
        value: null,
        box: belowCaption(capture, penalty.fields.penaltyHoles),
        area: 'field',
      });
    }
  }
  const details = supplemental.roundDetails;
  if (details) {
    for (const [field, box] of Object.entries(details.fields)) {
      if (random.chance(0.5)) fields.push({ row: 'roundDetails', field, content: 'text', value: null, box: belowCaption(capture, box), area: 'field' });
    }
  }
  return fields;
}
