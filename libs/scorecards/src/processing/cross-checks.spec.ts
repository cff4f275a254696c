import { findCapture } from '@caddie/fiducials';
import { crossCheckPage, plausibleScoreRange } from './cross-checks';
import type { FieldDecision } from './field-decisions';
import { fieldPlan } from './field-plan';

const back = fieldPlan(findCapture('M18B/back-nine-page')!)!.fields;
const front = fieldPlan(findCapture('M9H1/front-nine-page')!)!.fields;

const SCORES = [4, 5, 3, 4, 6, 4, 5, 3, 5]; // 39
const PUTTS = [2, 2, 1, 2, 3, 2, 2, 1, 2]; // 17

/** Accepted decisions from `id -> value` (absent ids are confident blanks); `review` ids carry the value as a guess. */
function page(specs: typeof back, values: Record<string, number | null>, review: string[] = []): FieldDecision[] {
  return specs.map((s) => {
    const v = values[s.id] ?? null;
    if (review.includes(s.id))
      return {
        row: s.row,
        field: s.field,
        decision: 'NEEDS_REVIEW',
        value: null,
        literal: String(v),
        ...(v === null ? {} : { bestGuess: v }),
        reasonCodes: ['low-confidence'],
      };
    return { row: s.row, field: s.field, decision: 'ACCEPTED', value: v, literal: v === null ? null : String(v), reasonCodes: [] };
  });
}

function filled(first: number, overrides: Record<string, number | null> = {}): Record<string, number | null> {
  const values: Record<string, number | null> = {};
  SCORES.forEach((s, i) => {
    values[`hole-${first + i}.score`] = s;
    values[`hole-${first + i}.putts`] = PUTTS[i];
  });
  return { ...values, 'totals.score': 39, 'totals.putts': 17, ...overrides };
}

const flagged = (decisions: FieldDecision[]) =>
  Object.fromEntries(decisions.filter((d) => d.decision === 'NEEDS_REVIEW').map((d) => [`${d.row}.${d.field}`, d.reasonCodes]));

describe('crossCheckPage', () => {
  it('leaves a consistent page untouched', () => {
    const values = filled(10, {
      'roundSummary.outScore': 41,
      'roundSummary.inScore': 39,
      'roundSummary.totalScore': 80,
      'roundSummary.totalPutts': 33,
      'penalty.penaltyStrokes': 2,
    });
    const decisions = page(back, values);
    expect(crossCheckPage(back, decisions, { 10: 4, 11: 5, 12: 3 })).toEqual(decisions);
  });

  it('flags putts above the score on both fields and moves the values to bestGuess', () => {
    const result = crossCheckPage(front, page(front, filled(1, { 'hole-3.putts': 4, 'totals.putts': 20 })));
    expect(flagged(result)).toEqual({ 'hole-3.score': ['putts-exceed-score'], 'hole-3.putts': ['putts-exceed-score'] });
    expect(result.find((d) => d.row === 'hole-3' && d.field === 'putts')).toEqual({
      row: 'hole-3',
      field: 'putts',
      decision: 'NEEDS_REVIEW',
      value: null,
      literal: '4',
      bestGuess: 4,
      reasonCodes: ['putts-exceed-score'],
    });
    // Putts equal to the score pass.
    expect(flagged(crossCheckPage(front, page(front, filled(1, { 'hole-3.putts': 3, 'totals.putts': 19 }))))).toEqual({});
  });

  it('checks the score against par only where a par is given', () => {
    expect(plausibleScoreRange(3)).toEqual({ min: 1, max: 9 });
    expect(plausibleScoreRange(5)).toEqual({ min: 2, max: 15 });
    const values = filled(1, { 'hole-1.score': 13, 'hole-2.score': 1, 'hole-2.putts': 0, 'totals.score': 44, 'totals.putts': 15 });
    expect(flagged(crossCheckPage(front, page(front, values)))).toEqual({});
    expect(flagged(crossCheckPage(front, page(front, values), { 1: 4, 2: 5 }))).toEqual({
      'hole-1.score': ['score-out-of-range-for-par'],
      'hole-2.score': ['score-out-of-range-for-par'],
    });
    expect(flagged(crossCheckPage(front, page(front, values), { 1: 5, 2: 4 }))).toEqual({});
  });

  it('flags the totals row and every hole when the sum differs', () => {
    const result = flagged(crossCheckPage(front, page(front, filled(1, { 'totals.score': 40 }))));
    expect(Object.keys(result).sort()).toEqual(['totals.score', ...SCORES.map((_, i) => `hole-${i + 1}.score`)].sort());
    expect(new Set(Object.values(result).flat())).toEqual(new Set(['total-mismatch']));
    const putts = flagged(crossCheckPage(front, page(front, filled(1, { 'totals.putts': 16 }))));
    expect(Object.keys(putts)).toHaveLength(10);
    expect(putts['totals.putts']).toEqual(['total-mismatch']);
  });

  it('skips the totals check when a hole has no reading, but uses review guesses', () => {
    expect(flagged(crossCheckPage(front, page(front, filled(1, { 'hole-9.score': null, 'totals.score': 50 }))))).toEqual({});
    // hole 2 is in review with a guess; the guess makes the sum complete, and the mismatch flags everyone.
    const result = crossCheckPage(front, page(front, filled(1, { 'totals.score': 38 }), ['hole-2.score']));
    const hole2 = result.find((d) => d.row === 'hole-2' && d.field === 'score')!;
    expect(hole2).toMatchObject({ decision: 'NEEDS_REVIEW', value: null, bestGuess: 5, reasonCodes: ['low-confidence', 'total-mismatch'] });
    expect(result.find((d) => d.row === 'totals' && d.field === 'score')).toMatchObject({ decision: 'NEEDS_REVIEW', bestGuess: 38 });
    expect(result.filter((d) => d.field === 'score' && d.decision === 'ACCEPTED')).toEqual([]);
  });

  it('compares inScore with the totals row, or with the hole sum when the totals row is blank', () => {
    const summary = { 'roundSummary.outScore': 41, 'roundSummary.totalScore': 80 };
    expect(flagged(crossCheckPage(back, page(back, filled(10, { ...summary, 'roundSummary.inScore': 40, 'roundSummary.totalScore': 81 }))))).toEqual({
      'roundSummary.inScore': ['summary-mismatch'],
      'totals.score': ['summary-mismatch'],
    });
    const noTotals = flagged(
      crossCheckPage(back, page(back, filled(10, { ...summary, 'totals.score': null, 'roundSummary.inScore': 40, 'roundSummary.totalScore': 81 }))),
    );
    expect(Object.keys(noTotals).sort()).toEqual(['roundSummary.inScore', ...SCORES.map((_, i) => `hole-${10 + i}.score`)].sort());
  });

  it('flags outScore, inScore and totalScore when they do not add up', () => {
    const result = flagged(
      crossCheckPage(back, page(back, filled(10, { 'roundSummary.outScore': 41, 'roundSummary.inScore': 39, 'roundSummary.totalScore': 79 }))),
    );
    expect(result).toEqual({
      'roundSummary.outScore': ['summary-mismatch'],
      'roundSummary.inScore': ['summary-mismatch'],
      'roundSummary.totalScore': ['summary-mismatch'],
    });
    // Without outScore the sum cannot be checked.
    expect(flagged(crossCheckPage(back, page(back, filled(10, { 'roundSummary.inScore': 39, 'roundSummary.totalScore': 79 }))))).toEqual({});
  });

  it('flags total putts below the back nine putts', () => {
    expect(flagged(crossCheckPage(back, page(back, filled(10, { 'roundSummary.totalPutts': 16 }))))).toEqual({
      'roundSummary.totalPutts': ['summary-mismatch'],
      'totals.putts': ['summary-mismatch'],
    });
    expect(flagged(crossCheckPage(back, page(back, filled(10, { 'roundSummary.totalPutts': 17 }))))).toEqual({});
    const noTotals = flagged(crossCheckPage(back, page(back, filled(10, { 'totals.putts': null, 'roundSummary.totalPutts': 16 }))));
    expect(Object.keys(noTotals)).toHaveLength(10);
  });

  it('drops decided-by-cross-check from a field it flags', () => {
    const decisions = page(front, filled(1, { 'hole-3.putts': 4, 'totals.putts': 20 })).map((d): FieldDecision =>
      d.row === 'hole-3' && d.field === 'score' ? { ...d, reasonCodes: ['decided-by-cross-check'] } : d,
    );
    const score = crossCheckPage(front, decisions).find((d) => d.row === 'hole-3' && d.field === 'score')!;
    expect(score).toMatchObject({ decision: 'NEEDS_REVIEW', bestGuess: 3, reasonCodes: ['putts-exceed-score'] });
  });

  it('collects several reasons on one field without duplicates', () => {
    const values = filled(1, { 'hole-1.putts': 5, 'totals.putts': 20 });
    const result = crossCheckPage(front, page(front, values, ['hole-1.putts']));
    expect(result.find((d) => d.row === 'hole-1' && d.field === 'putts')!.reasonCodes).toEqual(['low-confidence', 'putts-exceed-score']);
    expect(result.find((d) => d.row === 'totals' && d.field === 'putts')!.decision).toBe('ACCEPTED');
  });
});
