import { findCapture } from '@caddie/fiducials';
import type { CellReading } from '@caddie/handwriting';
import { valueDistribution } from './consistent-reading';
import { decideField, type FieldDecision, type ReaderTraits } from './field-decisions';
import { fieldPlan, HOLE_FIELDS, type FieldSpec } from './field-plan';
import { decideByPrior, PUTTS_PRIOR } from './value-priors';

const front = fieldPlan(findCapture('M9H1/front-nine-page')!)!.fields;
// A reader calibrated per role, entries certified at 0.957 (reader-13's entry threshold).
const reader: ReaderTraits = {
  acceptThreshold: 0.977,
  roleThresholds: { entry: { number: 0.957, blank: 0.55 }, sum: { number: 0.997, blank: 0.557 } },
  readsText: false,
};

const reading = (id: string, literal: string | null, confidence: number, alternatives: [string, number][] = []): CellReading => ({
  id,
  blank: literal === null,
  literal,
  confidence,
  alternatives: alternatives.map(([l, c]) => ({ literal: l, confidence: c })),
});

/** decideField then decideByPrior over the page, with `cells` read as given and every other cell blank. */
function decide(cells: CellReading[], specs: readonly FieldSpec[] = front): Map<string, FieldDecision> {
  const readings = new Map(specs.map((s) => [s.id, reading(s.id, null, 0.99)]));
  for (const c of cells) readings.set(c.id, c);
  const own = specs.map((s) => decideField(s, readings.get(s.id)!, reader));
  return new Map(decideByPrior(specs, own, readings, reader).map((d) => [`${d.row}.${d.field}`, d]));
}

describe('PUTTS_PRIOR', () => {
  it('covers every putt count the field allows, sums to 1, and is what the putts fields carry', () => {
    expect(PUTTS_PRIOR).toHaveLength(HOLE_FIELDS.putts.range!.max + 1);
    expect(PUTTS_PRIOR.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    expect(Math.min(...PUTTS_PRIOR)).toBeGreaterThan(0);
    expect(front.find((s) => s.id === 'hole-4.putts')!.prior).toBe(PUTTS_PRIOR);
    expect(front.find((s) => s.id === 'hole-4.score')!.prior).toBeUndefined();
  });
});

describe('valueDistribution with a prior', () => {
  it('weighs the reading with the prior: two putts read at 0.93 beside three at 0.05 hold 2 at about 0.985', () => {
    const spec = front.find((s) => s.id === 'hole-1.putts')!;
    const read = reading(spec.id, '2', 0.93, [['3', 0.05]]);
    const flat = valueDistribution({ ...spec, prior: undefined }, read)!;
    const weighed = valueDistribution(spec, read)!;
    expect(flat[2]).toBeLessThan(0.94);
    expect(weighed[2]).toBeGreaterThan(0.98);
    expect(weighed.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    // The ratio of any two values is the reading's ratio times the prior's.
    expect(weighed[3] / weighed[2]).toBeCloseTo((flat[3] / flat[2]) * (PUTTS_PRIOR[3] / PUTTS_PRIOR[2]), 9);
  });
});

describe('decideByPrior', () => {
  it('accepts a common putt count the reader alone leaves below the threshold', () => {
    const decisions = decide([reading('hole-3.putts', '2', 0.93, [['3', 0.05]])]);
    expect(decisions.get('hole-3.putts')).toMatchObject({ decision: 'ACCEPTED', value: 2, literal: '2', reasonCodes: [] });
    // Without the prior the same reading stays in review.
    const flat = front.map((s) => (s.prior ? { ...s, prior: undefined } : s));
    expect(decide([reading('hole-3.putts', '2', 0.93, [['3', 0.05]])], flat).get('hole-3.putts')).toMatchObject({
      decision: 'NEEDS_REVIEW',
      reasonCodes: ['low-confidence'],
      bestGuess: 2,
    });
  });

  it('sends a rare putt count to review even when it is read clearly, keeping it as the guess', () => {
    const d = decide([reading('hole-3.putts', '7', 0.99, [['1', 0.005]])]).get('hole-3.putts')!;
    expect(d).toMatchObject({ decision: 'NEEDS_REVIEW', value: null, literal: '7', bestGuess: 7, reasonCodes: ['low-confidence'] });
  });

  it('withdraws an acceptance the prior no longer supports, guessing the more probable value', () => {
    // Three putts at 0.97 are accepted on the reading alone (entry threshold 0.957)...
    const own = decideField(
      front.find((s) => s.id === 'hole-5.putts')!,
      reading('hole-5.putts', '3', 0.97, [['2', 0.029]]),
      reader,
    );
    expect(own.decision).toBe('ACCEPTED');
    // ...but two putts are four times as common: 3 keeps about 0.89 and goes to review.
    const d = decide([reading('hole-5.putts', '3', 0.97, [['2', 0.029]])]).get('hole-5.putts')!;
    expect(d).toMatchObject({ decision: 'NEEDS_REVIEW', value: null, literal: '3', bestGuess: 3, reasonCodes: ['low-confidence'] });
    // A reading of 3 doubtful enough that 2 becomes the most probable value: 2 is the guess.
    expect(decide([reading('hole-5.putts', '3', 0.7, [['2', 0.29]])]).get('hole-5.putts')).toMatchObject({ decision: 'NEEDS_REVIEW', bestGuess: 2 });
  });

  it('leaves fields without a prior, blank, unreadable and out-of-range fields as their reading decided them', () => {
    const cells = [
      reading('hole-1.score', '5', 0.93, [['3', 0.05]]),
      reading('hole-2.putts', null, 0.3),
      reading('hole-3.putts', '?', 0.9),
      reading('hole-4.putts', '12', 0.99),
    ];
    const readings = new Map(front.map((s) => [s.id, reading(s.id, null, 0.99)]));
    for (const c of cells) readings.set(c.id, c);
    const own = front.map((s) => decideField(s, readings.get(s.id)!, reader));
    expect(decideByPrior(front, own, readings, reader)).toEqual(own);
  });
});
