import type { CellReading } from '@caddie/handwriting';
import { best, readValue, valueDistribution } from './consistent-reading';
import { ownAcceptThreshold, type FieldDecision, type ReaderTraits } from './field-decisions';
import type { FieldSpec } from './field-plan';

/**
 * How many putts a player takes on a hole (index = putts, 0..9): about one hole in thirty holed
 * from off the green, a quarter one-putted, a little over half two-putted, one in eight
 * three-putted, one in fifty four-putted, and more a rare blow-up, kept possible (0.3% each) so
 * a clearly written 6 is weighed, not ruled out. Rounded from amateur putting statistics
 * (handicaps about 10 to 25); a prior, not fitted to any evaluation.
 */
export const PUTTS_PRIOR: readonly number[] = [0.035, 0.26, 0.54, 0.13, 0.02, 0.003, 0.003, 0.003, 0.003, 0.003];

/**
 * Decides the digit fields that have a value prior (FieldSpec.prior) from their reading weighed
 * with it, instead of from the reader's confidence alone, which treats every digit as equally
 * likely: a putts cell read 2 at 0.93 beside 3 at 0.05 holds 2 at about 0.985, one read 3 at 0.97
 * beside 2 at 0.03 holds 3 at about 0.89, and one read 7 at 0.99 beside 1 at 0.005 holds 7 at
 * about 0.6: a putt count that rare is checked by a person however clearly it is written.
 *
 * A field whose own reading is a number (accepted, or in review for low confidence alone) is
 * ACCEPTED when that belief holds its reading at the field's own threshold (ownAcceptThreshold),
 * and otherwise goes to review with `low-confidence` and the belief's most probable value as its
 * guess. Blank, unreadable, out-of-range and obscured fields are left as they are. Runs before
 * the card's arithmetic, which weighs the same beliefs (valueDistribution).
 */
export function decideByPrior(
  specs: readonly FieldSpec[],
  decisions: readonly FieldDecision[],
  readings: ReadonlyMap<string, CellReading>,
  reader: ReaderTraits,
): FieldDecision[] {
  return decisions.map((decision, i) => {
    const spec = specs[i];
    const reading = readings.get(spec.id);
    const own = readValue(decision);
    const ownReading =
      decision.decision === 'ACCEPTED' ? decision.reasonCodes.length === 0 : decision.reasonCodes.length === 1 && decision.reasonCodes[0] === 'low-confidence';
    if (!spec.prior || !reading || own === null || !ownReading) return decision;
    const belief = valueDistribution(spec, reading);
    if (!belief) return decision;
    const { value, probability } = best(belief);
    const { bestGuess: _guess, ...rest } = decision;
    if (value === own && probability >= ownAcceptThreshold(reader, spec, false)) return { ...rest, decision: 'ACCEPTED', value, reasonCodes: [] };
    return { ...rest, decision: 'NEEDS_REVIEW', value: null, bestGuess: value, reasonCodes: ['low-confidence'] };
  });
}
