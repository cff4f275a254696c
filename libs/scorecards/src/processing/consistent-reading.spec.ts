import { findCapture } from '@caddie/fiducials';
import type { CellReading } from '@caddie/handwriting';
import { decideByArithmetic, puttsWithinScore, sumPosteriors, valueDistribution } from './consistent-reading';
import { crossCheckPage } from './cross-checks';
import { decideField, type FieldDecision, type ReaderTraits } from './field-decisions';
import { fieldPlan } from './field-plan';

const front = fieldPlan(findCapture('M9H1/front-nine-page')!)!.fields;
const reader = { acceptThreshold: 0.99, readsText: false };

const SCORES = [4, 5, 3, 4, 6, 4, 5, 3, 5]; // 39
const PUTTS = [2, 2, 1, 2, 3, 2, 2, 1, 2]; // 17

type Read = { literal: string | null; confidence: number; alternatives?: [string, number][] };

/** Confident readings of a correctly filled front nine, with `overrides` by cell id. */
function readings(overrides: Record<string, Read> = {}): Map<string, CellReading> {
  const out = new Map<string, CellReading>();
  for (const spec of front) {
    const hole = spec.holeNumber;
    let literal: string | null = null;
    if (hole !== undefined && spec.field === 'score') literal = String(SCORES[hole - 1]);
    else if (hole !== undefined && spec.field === 'putts') literal = String(PUTTS[hole - 1]);
    else if (spec.id === 'totals.score') literal = '39';
    else if (spec.id === 'totals.putts') literal = '17';
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

/** The page's decisions as process-photo makes them: own reading, then the arithmetic, then the remaining cross-checks. */
function decide(cells: Map<string, CellReading>, traits: ReaderTraits = reader): FieldDecision[] {
  const own = front.map((spec) => decideField(spec, cells.get(spec.id)!, traits));
  const { decisions, decidedColumns } = decideByArithmetic(front, own, cells, traits);
  return crossCheckPage(front, decisions, undefined, decidedColumns);
}

const byId = (decisions: FieldDecision[]) => new Map(decisions.map((d) => [`${d.row}.${d.field}`, d]));
const reviewed = (decisions: FieldDecision[]) => decisions.filter((d) => d.decision === 'NEEDS_REVIEW').map((d) => `${d.row}.${d.field}`);

describe('valueDistribution', () => {
  it('puts the reading and its valid alternatives first and spreads at least the floor over the range', () => {
    // Without the putts prior (value-priors.spec.ts weighs it in): the reading's own distribution.
    const spec = { ...front.find((s) => s.id === 'hole-1.putts')!, prior: undefined };
    const d = valueDistribution(spec, {
      id: spec.id,
      blank: false,
      literal: '2',
      confidence: 0.9,
      alternatives: [
        { literal: '12', confidence: 0.05 },
        { literal: '7', confidence: 0.04 },
      ],
    })!;
    expect(d.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    expect(d[2]).toBeGreaterThan(0.89);
    expect(d[7]).toBeGreaterThan(0.039);
    // 12 putts are not field-valid: their mass joins the unlisted share, half spread over 0..9,
    // half over the values one digit away from the reading 2 (any other putt count).
    expect(d[5]).toBeCloseTo((1 - 0.94) / 2 / 10 + (1 - 0.94) / 2 / 9, 6);
    const total = front.find((s) => s.id === 'totals.score')!;
    const t = valueDistribution(total, { id: total.id, blank: false, literal: '38', confidence: 0.8, alternatives: [] })!;
    // 39 and 48 are one misread digit from 38, 47 is not.
    expect(t[39]).toBeCloseTo(t[48], 9);
    expect(t[39]).toBeGreaterThan(5 * t[47]);
    expect(d.length).toBe(10);
  });
});

describe('sumPosteriors and puttsWithinScore', () => {
  it('blames the part whose alternative restores the sum, weighing the evidence', () => {
    const point = (size: number, entries: Record<number, number>) => {
      const d = new Float64Array(size).fill(0.001);
      for (const [v, q] of Object.entries(entries)) d[Number(v)] = q;
      const sum = d.reduce((a, b) => a + b, 0);
      return d.map((q) => q / sum);
    };
    // Parts read 3 (sure) and 7 (or 1), total read 4 (sure): the second part must be 1.
    const { parts, total } = sumPosteriors([point(10, { 3: 0.99 }), point(10, { 7: 0.7, 1: 0.25 })], point(20, { 4: 0.99 }));
    expect(parts[1][1]).toBeGreaterThan(0.99);
    expect(parts[0][3]).toBeGreaterThan(0.99);
    expect(total[4]).toBeGreaterThan(0.99);
    const hole = puttsWithinScore(point(10, { 3: 0.99 }), point(10, { 8: 0.6, 2: 0.39 }));
    expect(hole.putts[2]).toBeGreaterThan(0.95);
  });
});

describe('decideByArithmetic', () => {
  it('leaves a confident, consistent page as it is', () => {
    const decisions = decide(readings());
    expect(reviewed(decisions)).toEqual([]);
    expect(decisions.every((d) => d.reasonCodes.length === 0)).toBe(true);
  });

  it('accepts an uncertain cell the totals row vouches for, saying so', () => {
    const decisions = byId(decide(readings({ 'hole-4.score': { literal: '4', confidence: 0.7, alternatives: [['9', 0.28]] } })));
    expect(decisions.get('hole-4.score')).toMatchObject({ decision: 'ACCEPTED', value: 4, literal: '4', reasonCodes: ['decided-by-cross-check'] });
    expect([...decisions.values()].filter((d) => d.decision === 'NEEDS_REVIEW')).toEqual([]);
  });

  it("decides each field at its role's threshold: a sum never accepted alone is accepted when its holes vouch for it", () => {
    const perRole: ReaderTraits = {
      acceptThreshold: 0.99,
      roleThresholds: { entry: { number: 0.95, blank: 0.6 }, sum: { number: null, blank: 0.6 } },
      readsText: false,
    };
    const cells = readings({
      'hole-2.score': { literal: '5', confidence: 0.96, alternatives: [['6', 0.03]] },
      'totals.putts': { literal: '17', confidence: 0.98, alternatives: [['11', 0.01]] },
    });
    const own = byId(front.map((spec) => decideField(spec, cells.get(spec.id)!, perRole)));
    expect(own.get('hole-2.score')).toMatchObject({ decision: 'ACCEPTED', value: 5, reasonCodes: [] });
    expect(own.get('totals.score')).toMatchObject({ decision: 'NEEDS_REVIEW', bestGuess: 39, reasonCodes: ['low-confidence'] });
    const decisions = byId(decide(cells, perRole));
    expect(decisions.get('hole-2.score')).toMatchObject({ decision: 'ACCEPTED', value: 5, reasonCodes: [] });
    // The holes add up to the totals as read: the column's posterior clears the all-field threshold.
    expect(decisions.get('totals.score')).toMatchObject({ decision: 'ACCEPTED', value: 39, reasonCodes: ['decided-by-cross-check'] });
    expect(decisions.get('totals.putts')).toMatchObject({ decision: 'ACCEPTED', value: 17, reasonCodes: ['decided-by-cross-check'] });
    expect(reviewed([...decisions.values()])).toEqual([]);
    // With the all-field threshold alone (0.99), the same hole reading goes to review unless the arithmetic vouches for it.
    expect(byId(front.map((spec) => decideField(spec, cells.get(spec.id)!, reader))).get('hole-2.score')).toMatchObject({ decision: 'NEEDS_REVIEW' });
  });

  it('resolves a single misread cell by the totals when its alternative restores the sum', () => {
    // Hole 5's 6 is read as 8, with 6 a close runner-up: the total corrects it (a mis-add by 2 explains the readings far less well).
    const decisions = byId(decide(readings({ 'hole-5.score': { literal: '8', confidence: 0.6, alternatives: [['6', 0.39]] } })));
    expect(decisions.get('hole-5.score')).toMatchObject({ decision: 'ACCEPTED', value: 6, literal: '8', reasonCodes: ['decided-by-cross-check'] });
    expect(reviewed([...decisions.values()])).toEqual([]);
  });

  it('flags only the misread cell when the totals cannot tell its value', () => {
    // Hole 7's 5 read as 7 without 5 among the alternatives: the sum is off by 2, and only hole 7 is uncertain.
    const decisions = decide(readings({ 'hole-7.score': { literal: '7', confidence: 0.8, alternatives: [['1', 0.03]] } }));
    expect(reviewed(decisions)).toEqual(['hole-7.score']);
    expect(byId(decisions).get('hole-7.score')).toMatchObject({ decision: 'NEEDS_REVIEW', value: null, reasonCodes: ['low-confidence', 'total-mismatch'] });
    // The other holes and the totals row stay accepted with their own values.
    expect(byId(decisions).get('totals.score')).toMatchObject({ decision: 'ACCEPTED', value: 39 });
    expect(byId(decisions).get('hole-5.score')).toMatchObject({ decision: 'ACCEPTED', value: 6 });
  });

  it('flags an uncertain misread in the totals row alone, with the hole sum as its guess', () => {
    const decisions = decide(readings({ 'totals.score': { literal: '38', confidence: 0.6 } }));
    expect(reviewed(decisions)).toEqual(['totals.score']);
    expect(byId(decisions).get('totals.score')).toMatchObject({ bestGuess: 39, reasonCodes: ['low-confidence', 'total-mismatch'] });
  });

  it('flags only the total when every cell is read confidently and the player mis-added', () => {
    const decisions = decide(readings({ 'totals.score': { literal: '38', confidence: 0.9995 } }));
    expect(reviewed(decisions)).toEqual(['totals.score']);
    expect(byId(decisions).get('totals.score')).toMatchObject({
      decision: 'NEEDS_REVIEW',
      value: null,
      literal: '38',
      bestGuess: 38,
      reasonCodes: ['total-mismatch'],
    });
    expect(byId(decisions).get('hole-5.score')).toMatchObject({ decision: 'ACCEPTED', value: 6, reasonCodes: [] });
  });

  it('without the mis-add allowance, the same page could blame no cell and every one would go to review', () => {
    const total = valueDistribution(
      front.find((s) => s.id === 'totals.score')!,
      readings({ 'totals.score': { literal: '38', confidence: 0.9995 } }).get('totals.score')!,
    )!;
    const parts = SCORES.map((v, i) =>
      valueDistribution(
        front.find((s) => s.id === `hole-${i + 1}.score`)!,
        readings().get(`hole-${i + 1}.score`)!,
      )!,
    );
    const strict = sumPosteriors(parts, total, 0);
    const allowing = sumPosteriors(parts, total);
    expect(Math.max(...strict.parts.map((p, i) => p[SCORES[i]]))).toBeLessThan(0.99);
    expect(Math.min(...allowing.parts.map((p, i) => p[SCORES[i]]))).toBeGreaterThan(0.99);
    expect(allowing.misadded).toBeGreaterThan(0.9);
    expect(allowing.total[38]).toBeGreaterThan(0.99);
    expect(strict.misadded).toBe(0);
  });

  it('counts confidently blank holes as 0: a partly filled card is checked against what was played', () => {
    // Hole 9 not played (blank), the total 34 of the eight others; hole 4 uncertain between 4 and 9.
    const cells = readings({
      'hole-9.score': { literal: null, confidence: 0.9995 },
      'hole-9.putts': { literal: null, confidence: 0.9995 },
      'totals.score': { literal: '34', confidence: 0.9995 },
      'totals.putts': { literal: '15', confidence: 0.9995 },
      'hole-4.score': { literal: '4', confidence: 0.7, alternatives: [['9', 0.28]] },
    });
    const decisions = byId(decide(cells));
    expect(decisions.get('hole-4.score')).toMatchObject({ decision: 'ACCEPTED', value: 4, reasonCodes: ['decided-by-cross-check'] });
    expect(decisions.get('hole-9.score')).toMatchObject({ decision: 'ACCEPTED', value: null, reasonCodes: [] });
    expect(reviewed([...decisions.values()])).toEqual([]);
    // The same total on a card whose ninth hole is unreadable is not checked: the column is left alone.
    const unsure = byId(decide(new Map([...cells, ['hole-9.score', { id: 'hole-9.score', blank: true, literal: null, confidence: 0.5, alternatives: [] }]])));
    expect(unsure.get('hole-4.score')).toMatchObject({ decision: 'NEEDS_REVIEW', reasonCodes: ['low-confidence'] });
  });

  it('falls back to flagging the whole column when a cell has no numeric reading', () => {
    const decisions = decide(readings({ 'hole-2.score': { literal: null, confidence: 0.3 }, 'totals.score': { literal: '40', confidence: 0.9995 } }));
    // A blank hole: the totals check is skipped, as before, and nothing else changes.
    expect(reviewed(decisions)).toEqual(['hole-2.score']);
  });
});

describe('putts <= score decided from the two cells', () => {
  // No putts total: the putts column is not decided by its sum, so the hole's own rule decides.
  const noPuttsTotal = { 'totals.putts': { literal: null, confidence: 0.9995 } };

  it('flags only the putts when a confident score leaves them one possible value', () => {
    const decisions = byId(decide(readings({ ...noPuttsTotal, 'hole-3.putts': { literal: '7', confidence: 0.53, alternatives: [['1', 0.46]] } })));
    expect(decisions.get('hole-3.score')).toMatchObject({ decision: 'ACCEPTED', value: 3 });
    expect(decisions.get('hole-3.putts')).toMatchObject({ decision: 'NEEDS_REVIEW', value: null, bestGuess: 1 });
    expect(decisions.get('hole-3.putts')!.reasonCodes).toContain('putts-exceed-score');
    expect(reviewed([...decisions.values()])).toEqual(['hole-3.putts']);
  });

  it('flags both when neither reading is sure', () => {
    const decisions = decide(
      readings({
        ...noPuttsTotal,
        'hole-3.score': { literal: '3', confidence: 0.6, alternatives: [['8', 0.35]] },
        'hole-3.putts': { literal: '7', confidence: 0.6, alternatives: [['1', 0.35]] },
      }),
    );
    expect(reviewed(decisions)).toEqual(expect.arrayContaining(['hole-3.score', 'hole-3.putts']));
    for (const id of ['hole-3.score', 'hole-3.putts']) expect(byId(decisions).get(id)!.reasonCodes).toContain('putts-exceed-score');
  });
});
