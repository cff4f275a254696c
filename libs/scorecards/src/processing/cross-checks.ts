import type { FieldDecision } from './field-decisions';
import type { FieldSpec } from './field-plan';
import type { ReasonCode } from './reason-codes';
import { SUMMARY_RULE } from './summary-reading';

/** Printed par per hole number, when the caller knows the course. */
export type HolePars = Readonly<Record<number, number>>;

/**
 * The plausible strokes on a hole of par p: from p - 3 (an albatross; at least 1) to 3p
 * (a triple par: 9 on a par 3, 15 on a par 5). Outside that a misread is likelier than the score.
 */
export function plausibleScoreRange(par: number): { min: number; max: number } {
  return { min: Math.max(1, par - 3), max: 3 * par };
}

/**
 * Consistency rules between fields of one page. Each compares readings (the accepted value,
 * else a review field's best guess); a rule missing one of its readings is skipped. A failed
 * rule flags every field it involves: the field becomes NEEDS_REVIEW, its value moves to
 * `bestGuess`, the rule's reason is added. Values are never corrected here (decideByArithmetic,
 * run before, may decide a column's values from the cells' probabilities).
 *
 * Even when some involved fields are already uncertain, the confident ones are flagged too: a
 * misread among them is otherwise invisible. Measured with eval:process (300 photos): laying a
 * mismatch on the uncertain fields only gave a 40.7% review rate but 99.45% precision among
 * accepted cells, below the 99.5% target; flagging every involved field keeps the target.
 *
 * - putts-exceed-score: per hole, putts > score (decideByArithmetic first decides such holes from
 *   both cells' posteriors; what reaches here has no distributions).
 * - score-out-of-range-for-par: per hole with a known par, score outside plausibleScoreRange.
 * - total-mismatch: totals score (putts) differs from the sum of the page's hole scores (putts);
 *   only when every hole of the page has a reading (a partly filled card may total what was played),
 *   and not for the columns in `decidedColumns`: decideByArithmetic (consistent-reading.ts)
 *   already decided those from the cells' probabilities, flagging only the cells at fault.
 * - summary-mismatch (M18 Round Summary): inScore differs from the totals row's score (or,
 *   without one, from the hole sum); totalScore differs from outScore + inScore; totalPutts is
 *   below the totals row's putts (or, without one, the back-nine putts sum). The first two
 *   against the totals row are skipped when `decidedColumns` holds SUMMARY_RULE: decideSummary
 *   already decided them.
 */
export function crossCheckPage(
  specs: readonly FieldSpec[],
  decisions: readonly FieldDecision[],
  pars?: HolePars,
  decidedColumns: ReadonlySet<string> = new Set(),
): FieldDecision[] {
  const index = new Map(decisions.map((d, i) => [`${d.row}.${d.field}`, i]));
  const flags = new Map<number, Set<ReasonCode>>();
  const reading = (row: string, field: string): number | null => {
    const i = index.get(`${row}.${field}`);
    if (i === undefined) return null;
    const v = decisions[i].value ?? decisions[i].bestGuess;
    return typeof v === 'number' ? v : null;
  };
  const flag = (reason: ReasonCode, fields: [string, string][]) => {
    for (const [row, field] of fields) {
      const i = index.get(`${row}.${field}`);
      if (i === undefined) continue;
      if (!flags.has(i)) flags.set(i, new Set());
      flags.get(i)!.add(reason);
    }
  };

  const holes = [...new Set(specs.filter((s) => s.holeNumber !== undefined).map((s) => s.holeNumber as number))];
  for (const hole of holes) {
    const row = `hole-${hole}`;
    const score = reading(row, 'score');
    const putts = reading(row, 'putts');
    if (score !== null && putts !== null && putts > score)
      flag('putts-exceed-score', [
        [row, 'score'],
        [row, 'putts'],
      ]);
    const par = pars?.[hole];
    if (score !== null && Number.isInteger(par) && (par as number) > 0) {
      const { min, max } = plausibleScoreRange(par as number);
      if (score < min || score > max) flag('score-out-of-range-for-par', [[row, 'score']]);
    }
  }

  const holeSum = (field: string): number | null => {
    const values = holes.map((h) => reading(`hole-${h}`, field));
    return holes.length > 0 && values.every((v) => v !== null) ? values.reduce((s: number, v) => s + (v as number), 0) : null;
  };
  const holeFields = (field: string): [string, string][] => holes.map((h) => [`hole-${h}`, field]);
  const scoreSum = holeSum('score');
  const puttSum = holeSum('putts');
  for (const [field, sum] of [
    ['score', scoreSum],
    ['putts', puttSum],
  ] as const) {
    const total = reading('totals', field);
    if (decidedColumns.has(field)) continue;
    if (total !== null && sum !== null && total !== sum) flag('total-mismatch', [['totals', field], ...holeFields(field)]);
  }

  if (specs.some((s) => s.row === 'roundSummary')) {
    const totalsScore = reading('totals', 'score');
    const totalsPutts = reading('totals', 'putts');
    const inScore = reading('roundSummary', 'inScore');
    const outScore = reading('roundSummary', 'outScore');
    const totalScore = reading('roundSummary', 'totalScore');
    const totalPutts = reading('roundSummary', 'totalPutts');
    // decideSummary (summary-reading.ts), when it ran, decided the score rules against the totals row.
    const summaryDecided = decidedColumns.has(SUMMARY_RULE);
    if (inScore !== null) {
      if (totalsScore !== null) {
        if (inScore !== totalsScore && !summaryDecided)
          flag('summary-mismatch', [
            ['roundSummary', 'inScore'],
            ['totals', 'score'],
          ]);
      } else if (scoreSum !== null && inScore !== scoreSum) {
        flag('summary-mismatch', [['roundSummary', 'inScore'], ...holeFields('score')]);
      }
    }
    if (!summaryDecided && outScore !== null && inScore !== null && totalScore !== null && totalScore !== outScore + inScore) {
      flag('summary-mismatch', [
        ['roundSummary', 'outScore'],
        ['roundSummary', 'inScore'],
        ['roundSummary', 'totalScore'],
      ]);
    }
    if (totalPutts !== null) {
      if (totalsPutts !== null) {
        if (totalPutts < totalsPutts)
          flag('summary-mismatch', [
            ['roundSummary', 'totalPutts'],
            ['totals', 'putts'],
          ]);
      } else if (puttSum !== null && totalPutts < puttSum) {
        flag('summary-mismatch', [['roundSummary', 'totalPutts'], ...holeFields('putts')]);
      }
    }
  }

  return decisions.map((d, i) => {
    const reasons = flags.get(i);
    if (!reasons) return d;
    const guess = d.value ?? d.bestGuess;
    // A value the arithmetic decided is no longer accepted: that reason goes with the acceptance.
    const own: ReasonCode[] = d.reasonCodes.filter((r) => r !== 'decided-by-cross-check');
    const reasonCodes = [...own, ...[...reasons].filter((r) => !own.includes(r))];
    const { bestGuess: _previous, ...rest } = d;
    return { ...rest, decision: 'NEEDS_REVIEW', value: null, ...(guess === undefined || guess === null ? {} : { bestGuess: guess }), reasonCodes };
  });
}
