import type { CellReading } from '@caddie/handwriting';
import { decideByArithmetic } from './consistent-reading';
import type { FieldDecision, ReaderTraits } from './field-decisions';
import type { FieldSpec } from './field-plan';
import { decideSummary, summaryEvidence, SUMMARY_RULE } from './summary-reading';

/**
 * A page's fields decided by the card's arithmetic, from their own decisions and readings: the
 * score and putts columns against the totals row (decideByArithmetic), then the M18 Round Summary
 * (decideSummary). The two share the totals row's score (inScore copies it), so each hears what
 * the other's cells say about it: the column's total is weighed with the summary's evidence, the
 * summary's copy with the holes'. The rules form a tree around that one value, so each side's
 * posterior is exact under the independent-readings model, and neither counts its own evidence twice.
 * Returns the decisions and the rules decided (crossCheckPage skips those).
 */
export function decideCardArithmetic(
  specs: readonly FieldSpec[],
  own: readonly FieldDecision[],
  readings: ReadonlyMap<string, CellReading>,
  reader: ReaderTraits,
): { decisions: FieldDecision[]; decided: Set<string> } {
  const columns = decideByArithmetic(specs, own, readings, reader, { score: summaryEvidence(specs, own, readings) });
  const summary = decideSummary(specs, columns.decisions, readings, reader, columns.holeEvidence.get('score'));
  const decided = new Set<string>(columns.decidedColumns);
  if (summary.decided) decided.add(SUMMARY_RULE);
  return { decisions: summary.decisions, decided };
}
