import { findCapture } from '@caddie/fiducials';
import type { CellReading } from '@caddie/handwriting';
import { decideCardArithmetic } from './card-arithmetic';
import { decideByArithmetic } from './consistent-reading';
import { crossCheckPage } from './cross-checks';
import { decideField, type FieldDecision } from './field-decisions';
import { fieldPlan } from './field-plan';
import { decideSummary, SUMMARY_RULE } from './summary-reading';

const back = fieldPlan(findCapture('M18B/back-nine-page')!)!.fields;
const reader = { acceptThreshold: 0.99, readsText: false };

const SCORES = [4, 5, 3, 4, 6, 4, 5, 3, 5]; // 39
const PUTTS = [2, 2, 1, 2, 3, 2, 2, 1, 2]; // 17
const WRITTEN: Record<string, string> = {
  'totals.score': '39',
  'totals.putts': '17',
  'roundSummary.outScore': '41',
  'roundSummary.inScore': '39',
  'roundSummary.totalScore': '80',
  'roundSummary.totalPutts': '33',
};

type Read = { literal: string | null; confidence: number; alternatives?: [string, number][] };

/** Confident readings of a correctly filled back nine and its Round Summary, with `overrides` by cell id. */
function readings(overrides: Record<string, Read> = {}): Map<string, CellReading> {
  const out = new Map<string, CellReading>();
  for (const spec of back) {
    const hole = spec.holeNumber;
    let literal: string | null = WRITTEN[spec.id] ?? null;
    if (hole !== undefined) literal = String((spec.field === 'score' ? SCORES : PUTTS)[hole - 10]);
    const read = overrides[spec.id] ?? { literal, confidence: 0.9995 };
    out.set(spec.id, {
      id: spec.id,
      blank: read.literal === null,
      literal: read.literal,
      confidence: read.confidence,
      alternatives: (read.alternatives ?? []).map(([l, c]) => ({ literal: l, confidence: c })),
    });
  }
  return out;
}

/** The page's decisions as process-photo makes them. */
function decide(cells: Map<string, CellReading>): FieldDecision[] {
  const own = back.map((spec) => decideField(spec, cells.get(spec.id)!, reader));
  const arithmetic = decideCardArithmetic(back, own, cells, reader);
  return crossCheckPage(back, arithmetic.decisions, undefined, arithmetic.decided);
}

/** The decisions when the column and the summary are decided apart, each with the totals row's own reading only. */
function decideApart(cells: Map<string, CellReading>): FieldDecision[] {
  const own = back.map((spec) => decideField(spec, cells.get(spec.id)!, reader));
  const columns = decideByArithmetic(back, own, cells, reader);
  const summary = decideSummary(back, columns.decisions, cells, reader);
  const decided = new Set<string>(columns.decidedColumns);
  if (summary.decided) decided.add(SUMMARY_RULE);
  return crossCheckPage(back, summary.decisions, undefined, decided);
}

const byId = (decisions: FieldDecision[]) => new Map(decisions.map((d) => [`${d.row}.${d.field}`, d]));
const reviewed = (decisions: FieldDecision[]) => decisions.filter((d) => d.decision === 'NEEDS_REVIEW').map((d) => `${d.row}.${d.field}`);

describe('decideSummary', () => {
  it('leaves a confident, consistent summary as it is', () => {
    expect(reviewed(decide(readings()))).toEqual([]);
  });

  it('accepts uncertain summary cells that its sum and the totals row vouch for', () => {
    const decisions = byId(
      decide(
        readings({
          'roundSummary.outScore': { literal: '41', confidence: 0.8, alternatives: [['47', 0.15]] },
          'roundSummary.inScore': { literal: '39', confidence: 0.6, alternatives: [['37', 0.3]] },
        }),
      ),
    );
    expect(decisions.get('roundSummary.outScore')).toMatchObject({ decision: 'ACCEPTED', value: 41, reasonCodes: ['decided-by-cross-check'] });
    expect(decisions.get('roundSummary.inScore')).toMatchObject({ decision: 'ACCEPTED', value: 39, reasonCodes: ['decided-by-cross-check'] });
    expect(reviewed([...decisions.values()])).toEqual([]);
  });

  it('corrects a misread total whose runner-up makes the sum hold', () => {
    const decisions = byId(decide(readings({ 'roundSummary.totalScore': { literal: '30', confidence: 0.55, alternatives: [['80', 0.44]] } })));
    expect(decisions.get('roundSummary.totalScore')).toMatchObject({ decision: 'ACCEPTED', value: 80, literal: '30', reasonCodes: ['decided-by-cross-check'] });
  });

  it('sends only the total to review when the player mis-added a confidently read summary', () => {
    const decisions = decide(readings({ 'roundSummary.totalScore': { literal: '81', confidence: 0.9995 } }));
    expect(reviewed(decisions)).toEqual(['roundSummary.totalScore']);
    expect(byId(decisions).get('roundSummary.totalScore')).toMatchObject({ bestGuess: 81, reasonCodes: ['summary-mismatch'] });
  });

  it('flags only inScore when it disagrees with a totals row that the holes vouch for (a mis-copy)', () => {
    const decisions = decide(
      readings({ 'roundSummary.inScore': { literal: '38', confidence: 0.9995 }, 'roundSummary.totalScore': { literal: '79', confidence: 0.9995 } }),
    );
    expect(reviewed(decisions)).toEqual(['roundSummary.inScore']);
    expect(byId(decisions).get('roundSummary.inScore')).toMatchObject({ bestGuess: 38, reasonCodes: ['summary-mismatch'] });
    expect(byId(decisions).get('totals.score')).toMatchObject({ decision: 'ACCEPTED', value: 39 });
  });

  it('sends a doubtful totals row to review when a confident copy of it disagrees', () => {
    // A hole unreadable (the column cannot vouch for its total), the row doubtful, its runner-up
    // the value the summary copied and added.
    const decisions = decide(
      readings({
        'hole-15.score': { literal: null, confidence: 0.2 },
        'totals.score': { literal: '39', confidence: 0.9, alternatives: [['38', 0.08]] },
        'roundSummary.inScore': { literal: '38', confidence: 0.9995 },
        'roundSummary.totalScore': { literal: '79', confidence: 0.9995 },
      }),
    );
    expect(reviewed(decisions).sort()).toEqual(['hole-15.score', 'totals.score']);
    expect(byId(decisions).get('totals.score')).toMatchObject({ bestGuess: 38, reasonCodes: ['low-confidence', 'summary-mismatch'] });
  });

  it('trusts a confident totals row over a confident copy that differs: the copy goes to review', () => {
    const decisions = decide(
      readings({
        'hole-15.score': { literal: null, confidence: 0.2 },
        'roundSummary.inScore': { literal: '38', confidence: 0.9995 },
        'roundSummary.totalScore': { literal: '79', confidence: 0.9995 },
      }),
    );
    expect(reviewed(decisions).sort()).toEqual(['hole-15.score', 'roundSummary.inScore']);
  });

  it('checks the copy of the totals row even when the sum rule lacks a cell', () => {
    const cells = readings({
      'roundSummary.outScore': { literal: null, confidence: 0.9995 },
      'roundSummary.inScore': { literal: '39', confidence: 0.6, alternatives: [['38', 0.35]] },
    });
    const decisions = byId(decide(cells));
    expect(decisions.get('roundSummary.inScore')).toMatchObject({ decision: 'ACCEPTED', value: 39, reasonCodes: ['decided-by-cross-check'] });
  });

  it('decides nothing when inScore is blank (the cross-checks stay as they were)', () => {
    const cells = readings({ 'roundSummary.inScore': { literal: null, confidence: 0.9995 } });
    const own = back.map((spec) => decideField(spec, cells.get(spec.id)!, reader));
    expect(decideSummary(back, own, cells, reader)).toEqual({ decisions: own, decided: false });
  });
});

describe('decideCardArithmetic: the totals row is shared by the score column and the summary', () => {
  it('settles a doubtful hole and totals row from the summary that copied the total', () => {
    // Hole 12 reads 3 (or 8) and the totals row 39 (or 44): the column alone allows both
    // readings (39 = the holes with a 3, 44 with an 8); the summary's inScore 39, which adds up
    // with 41 to 80, tells which. Decided apart, the summary settles the row but not the hole.
    const cells = readings({
      'hole-12.score': { literal: '3', confidence: 0.6, alternatives: [['8', 0.35]] },
      'totals.score': { literal: '39', confidence: 0.55, alternatives: [['44', 0.4]] },
    });
    expect(reviewed(decideApart(cells))).toEqual(['hole-12.score']);
    const decisions = byId(decide(cells));
    expect(decisions.get('hole-12.score')).toMatchObject({ decision: 'ACCEPTED', value: 3, reasonCodes: ['decided-by-cross-check'] });
    expect(decisions.get('totals.score')).toMatchObject({ decision: 'ACCEPTED', value: 39, reasonCodes: ['decided-by-cross-check'] });
    expect(reviewed([...decisions.values()])).toEqual([]);
  });

  it('settles a doubtful inScore from a totals row that the holes vouch for', () => {
    // inScore 39 (or 38) with totalScore 80 (or 79): the summary adds up either way, and the
    // totals row's own reading leans too little to tell. The holes add up to 39: the column
    // accepts the row either way, but the summary apart weighs only the row's own reading.
    // (totalScore stays in review: its evidence is the player's sum, which may be mis-added.)
    const cells = readings({
      'totals.score': { literal: '39', confidence: 0.6, alternatives: [['38', 0.35]] },
      'roundSummary.inScore': { literal: '39', confidence: 0.6, alternatives: [['38', 0.35]] },
      'roundSummary.totalScore': { literal: '80', confidence: 0.6, alternatives: [['79', 0.35]] },
    });
    expect(reviewed(decideApart(cells)).sort()).toEqual(['roundSummary.inScore', 'roundSummary.totalScore']);
    const decisions = byId(decide(cells));
    expect(decisions.get('roundSummary.inScore')).toMatchObject({ decision: 'ACCEPTED', value: 39 });
    expect(decisions.get('totals.score')).toMatchObject({ decision: 'ACCEPTED', value: 39 });
  });

  it('does not let a confident summary overrule confident holes and totals row', () => {
    // The player copied 38 into inScore (and added 41 + 38 = 79): the card's own page is right.
    const decisions = decide(
      readings({ 'roundSummary.inScore': { literal: '38', confidence: 0.9995 }, 'roundSummary.totalScore': { literal: '79', confidence: 0.9995 } }),
    );
    const byField = byId(decisions);
    for (const hole of [10, 11, 12, 13, 14, 15, 16, 17, 18])
      expect(byField.get(`hole-${hole}.score`)).toMatchObject({ decision: 'ACCEPTED', value: SCORES[hole - 10] });
    expect(byField.get('totals.score')).toMatchObject({ decision: 'ACCEPTED', value: 39 });
    expect(reviewed(decisions)).toEqual(['roundSummary.inScore']);
  });
});
