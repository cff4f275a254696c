import type { CellReading } from '@caddie/handwriting';
import {
  best,
  decidedByPosterior,
  fieldDistribution,
  mismatched,
  readValue,
  sumPosteriors,
  totalLikelihood,
  vouched,
  withEvidence,
  type ValueDistribution,
} from './consistent-reading';
import { posteriorAcceptThreshold, type FieldDecision, type ReaderTraits } from './field-decisions';
import type { FieldSpec } from './field-plan';

const OUT = 'roundSummary.outScore';
const IN = 'roundSummary.inScore';
const TOTAL = 'roundSummary.totalScore';
const PAGE_TOTAL = 'totals.score';

/** The rule name decideSummary adds to the decided rules (crossCheckPage then skips it). */
export const SUMMARY_RULE = 'roundSummary';

/** The M18 Round Summary's score rules over one page's readings, as value distributions. */
interface SummaryRules {
  /** The sum rule outScore + inScore = totalScore, when the three hold numeric readings. */
  sum?: { out: ValueDistribution; total: ValueDistribution };
  inScore: ValueDistribution;
  /** The copy rule inScore = the totals row's score, when the row holds a numeric reading: the row's belief. */
  pageTotal?: ValueDistribution;
  /** inScore's belief from its reading and the sum rule (its reading alone without one). */
  inFromSum: ValueDistribution;
}

/** The rules that apply (at least one), or undefined when inScore has no numeric reading or no rule applies. */
function summaryRules(
  specs: readonly FieldSpec[],
  decisions: readonly FieldDecision[],
  readings: ReadonlyMap<string, CellReading>,
  pageEvidence?: Float64Array,
): SummaryRules | undefined {
  const at = new Map(specs.map((s, i) => [s.id, i]));
  const distribution = (id: string) => fieldDistribution(id, specs, decisions, readings, at);
  const [out, inScore, total, pageReading] = [OUT, IN, TOTAL, PAGE_TOTAL].map(distribution);
  if (!inScore) return undefined;
  const sum = out && total ? { out, total } : undefined;
  const pageTotal = pageReading && withEvidence(pageReading, pageEvidence);
  if (!sum && !pageTotal) return undefined;
  return { sum, inScore, pageTotal, inFromSum: sum ? sumPosteriors([sum.out, inScore], sum.total).parts[1] : inScore };
}

/**
 * Decides the M18 Round Summary's scores from the most probable reading consistent with its two
 * rules, as decideByArithmetic decides a column: outScore + inScore = totalScore (a player's
 * mis-add allowed), and inScore = the totals row's score, which the player copies (a mis-copy
 * allowed like a mis-add). Each rule applies when its cells hold numeric readings; the totals
 * row's belief is its reading weighed with `holeEvidence`, what the page's hole scores say
 * about it (decideByArithmetic's `holeEvidence`): a row the holes vouch for outweighs a doubtful
 * copy of it.
 *
 * - Readings that satisfy the rules: review fields whose reading is now at least as probable as
 *   the threshold are ACCEPTED with `decided-by-cross-check`.
 * - Otherwise each summary score is decided by its posterior; the doubtful go to review with
 *   `summary-mismatch`. When the most probable values still break a rule, the field the
 *   player wrote from the others goes to review: totalScore for the sum, inScore for the copy.
 *   The totals row goes to review too only when its own posterior, the summary heard, no longer
 *   holds its value at the threshold.
 *
 * Returns whether it decided the rules (false when inScore has no numeric reading, or neither
 * rule has its cells).
 */
export function decideSummary(
  specs: readonly FieldSpec[],
  decisions: readonly FieldDecision[],
  readings: ReadonlyMap<string, CellReading>,
  reader: ReaderTraits,
  holeEvidence?: Float64Array,
): { decisions: FieldDecision[]; decided: boolean } {
  const result = [...decisions];
  const rules = summaryRules(specs, decisions, readings, holeEvidence);
  if (!rules) return { decisions: result, decided: false };
  const at = new Map(specs.map((s, i) => [s.id, i]));
  const index = (id: string) => at.get(id) as number;
  const value = (id: string) => readValue(decisions[index(id)]) as number;
  const { sum, inScore, pageTotal, inFromSum } = rules;

  // inScore as a second reading of the totals row: its belief given the row, and the row's given the summary.
  const copy = pageTotal ? sumPosteriors([pageTotal], inFromSum) : undefined;
  const posteriors = new Map<string, ValueDistribution>([[IN, copy ? copy.total : inFromSum]]);
  if (sum) {
    const inGivenPage = pageTotal ? sumPosteriors([pageTotal], inScore).total : inScore;
    const summed = sumPosteriors([sum.out, inGivenPage], sum.total);
    posteriors.set(OUT, summed.parts[0]).set(TOTAL, summed.total);
  }
  if (copy) posteriors.set(PAGE_TOTAL, copy.parts[0]);

  const sumHolds = !sum || value(OUT) + value(IN) === value(TOTAL);
  const copyHolds = !pageTotal || value(IN) === value(PAGE_TOTAL);
  const bestOf = new Map([...posteriors].map(([id, d]) => [id, best(d)]));
  for (const id of [OUT, IN, TOTAL, PAGE_TOTAL]) {
    const b = bestOf.get(id);
    if (!b) continue;
    const i = index(id);
    if (sumHolds && copyHolds) result[i] = vouched(decisions[i], b.value, b.probability, reader);
    else if (id !== PAGE_TOTAL) result[i] = decidedByPosterior(decisions[i], b.value, b.probability, reader, 'summary-mismatch');
  }
  if (sumHolds && copyHolds) return { decisions: result, decided: true };

  const bestValue = (id: string) => (bestOf.get(id) as { value: number }).value;
  if (sum && bestValue(OUT) + bestValue(IN) !== bestValue(TOTAL)) result[index(TOTAL)] = mismatched(result[index(TOTAL)], bestValue(TOTAL), 'summary-mismatch');
  if (pageTotal) {
    if (bestValue(IN) !== bestValue(PAGE_TOTAL)) result[index(IN)] = mismatched(result[index(IN)], bestValue(IN), 'summary-mismatch');
    // The totals row keeps the column's decision while the summary leaves its value most probable at the threshold.
    const row = bestOf.get(PAGE_TOTAL) as { value: number; probability: number };
    const page = result[index(PAGE_TOTAL)];
    if (row.value !== value(PAGE_TOTAL) || row.probability < posteriorAcceptThreshold(reader, page.row))
      result[index(PAGE_TOTAL)] = mismatched(page, row.value, 'summary-mismatch');
  }
  return { decisions: result, decided: true };
}

/**
 * What the Round Summary says about the totals row's score (the value inScore copies): for each
 * value t, the probability of the summary's readings if the row holds t, through inScore (a
 * mis-copy allowed) and, when it applies, outScore + inScore = totalScore (a mis-add allowed).
 * The message decideByArithmetic multiplies into the score column's total. Undefined unless
 * inScore and the totals row hold numeric readings.
 */
export function summaryEvidence(
  specs: readonly FieldSpec[],
  decisions: readonly FieldDecision[],
  readings: ReadonlyMap<string, CellReading>,
): Float64Array | undefined {
  const rules = summaryRules(specs, decisions, readings);
  return rules?.pageTotal ? totalLikelihood([rules.inFromSum], rules.pageTotal.length) : undefined;
}
