import { findCapture } from '@caddie/fiducials';
import type { CellReading } from '@caddie/handwriting';
import { decideByArithmetic } from './consistent-reading';
import { crossCheckPage } from './cross-checks';
import { decideField, type FieldDecision } from './field-decisions';
import { fieldPlan } from './field-plan';
import { decideSummary, SUMMARY_RULE } from './summary-reading';

const back = fieldPlan(findCapture('M18B/back-nine-page')!)!.fields;
const reader = { acceptThreshold: 0.99, readsText: false };

const SCORES = [4, 5, 3, 4, 6, 4, 5, 3, 5]; // 39
const PUTTS = [2, 2, 1, 2, 3, 2, 2, 1, 2]; // 17
const WRITTEN: Record<string, string> = { 'totals.score': '39', 'totals.putts': '17', 'roundSummary.outScore': '41', 'roundSummary.inScore': '39', 'roundSummary.totalScore': '80', 'roundSummary.totalPutts': '33' };

type Read = { literal: string | null; confidence: number; alternatives?: [string, number][] };

/** Confident readings of a correctly filled back nine and its Round Summary, with `overrides` by cell id. */
function readings(overrides: Record<string, Read> = {}): Map<string, CellReading> {
  const out = new Map<string, CellReading>();
  for (const spec of back) {
    const hole = spec.holeNumber;
    let literal: string | null = WRITTEN[spec.id] ?? null;
    if (hole !== undefined) literal = String((spec.field === 'score' ? SCORES : PUTTS)[hole - 10]);
    const read = overrides[spec.id] ?? { literal, confidence: 0.9995 };
    out.set(spec.id, { id: spec.id, blank: read.literal === null, literal: read.literal, confidence: read.confidence, alternatives: (read.alternatives ?? []).map(([l, c]) => ({ literal: l, confidence: c })) });
  }
  return out;
}

/** The page's decisions as process-photo makes them. */
function decide(cells: Map<string, CellReading>): FieldDecision[] {
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

  it('flags inScore and the totals row when they disagree, as the cross-check does', () => {
    const decisions = decide(readings({ 'roundSummary.inScore': { literal: '38', confidence: 0.9995 }, 'roundSummary.totalScore': { literal: '79', confidence: 0.9995 } }));
    expect(reviewed(decisions).sort()).toEqual(['roundSummary.inScore', 'totals.score']);
  });

  it('decides nothing when a summary score is blank (the cross-checks stay as they were)', () => {
    const cells = readings({ 'roundSummary.outScore': { literal: null, confidence: 0.9995 } });
    const own = back.map((spec) => decideField(spec, cells.get(spec.id)!, reader));
    expect(decideSummary(back, own, cells, reader)).toEqual({ decisions: own, decided: false });
  });
});
