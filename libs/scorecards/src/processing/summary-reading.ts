import type { CellReading } from '@caddie/handwriting';
import { best, decidedByPosterior, fieldDistribution, mismatched, readValue, sumPosteriors, vouched } from './consistent-reading';
import type { FieldDecision, ReaderTraits } from './field-decisions';
import type { FieldSpec } from './field-plan';

const OUT = 'roundSummary.outScore';
const IN = 'roundSummary.inScore';
const TOTAL = 'roundSummary.totalScore';
const PAGE_TOTAL = 'totals.score';

/** The rule name decideSummary adds to the decided rules (crossCheckPage then skips it). */
export const SUMMARY_RULE = 'roundSummary';

/**
 * Decides the M18 Round Summary's scores (outScore + inScore = totalScore) from the most
 * probable reading consistent with that sum, as decideByArithmetic decides a column: each cell's
 * distribution from its reading, the sum allowing a player's mis-add. inScore copies the page's
 * score total, so the totals row's reading, when there is one, is a second reading of it (a
 * mis-copy allowed like a mis-add).
 *
 * - Readings that add up (and inScore equals the totals row): review fields whose reading is
 *   now at least as probable as the threshold are ACCEPTED with `decided-by-cross-check`.
 * - Otherwise each of the three is decided by its posterior; the others go to review with
 *   `summary-mismatch`. When the most probable values still do not add up, totalScore alone
 *   goes to review (the player's sum is wrong as written); when inScore's differs from the
 *   totals row's value, both go to review, as crossCheckPage flags them.
 *
 * Only when all three hold numeric readings; returns whether it decided them.
 */
export function decideSummary(
  specs: readonly FieldSpec[],
  decisions: readonly FieldDecision[],
  readings: ReadonlyMap<string, CellReading>,
  reader: ReaderTraits,
): { decisions: FieldDecision[]; decided: boolean } {
  const at = new Map(specs.map((s, i) => [s.id, i]));
  const result = [...decisions];
  const distribution = (id: string) => fieldDistribution(id, specs, decisions, readings, at);
  const ids = [OUT, IN, TOTAL];
  const [out, inScore, total] = ids.map(distribution);
  if (!out || !inScore || !total) return { decisions: result, decided: false };
  const pageTotal = distribution(PAGE_TOTAL);
  const copied = pageTotal ? sumPosteriors([pageTotal], inScore).total : inScore;
  const posterior = sumPosteriors([out, copied], total);
  const index = (id: string) => at.get(id) as number;
  const values = ids.map((id) => readValue(decisions[index(id)]) as number);
  const pageValue = pageTotal ? readValue(decisions[index(PAGE_TOTAL)]) : null;
  const consistent = values[0] + values[1] === values[2] && (pageValue === null || pageValue === values[1]);
  const bestValues = [posterior.parts[0], posterior.parts[1], posterior.total].map((d, k) => {
    const i = index(ids[k]);
    const { value, probability } = best(d);
    result[i] = consistent ? vouched(decisions[i], value, probability, reader) : decidedByPosterior(decisions[i], value, probability, reader, 'summary-mismatch');
    return value;
  });
  if (consistent) return { decisions: result, decided: true };
  if (bestValues[0] + bestValues[1] !== bestValues[2]) result[index(TOTAL)] = mismatched(decisions[index(TOTAL)], bestValues[2], 'summary-mismatch');
  if (pageValue !== null && pageValue !== bestValues[1]) {
    result[index(IN)] = mismatched(result[index(IN)], bestValues[1], 'summary-mismatch');
    const page = result[index(PAGE_TOTAL)];
    result[index(PAGE_TOTAL)] = mismatched(page, readValue(page) as number, 'summary-mismatch');
  }
  return { decisions: result, decided: true };
}
