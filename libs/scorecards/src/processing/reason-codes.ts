/**
 * Why a field needs review. A stable, public set (clients branch on it); a field may carry
 * several, in this order of discovery: its own reading first, then the cross-checks.
 *
 * Reading of the field itself:
 * - `low-confidence`        a field-valid value was read, below the provider's accept threshold
 *                           for the field (its role's, ownAcceptThreshold; a sum whose own reading
 *                           no threshold certifies carries it until the card's arithmetic decides;
 *                           a field with a value prior, putts, is judged on its reading weighed
 *                           with how often players write each value: decideByPrior)
 * - `unreadable`            ink was found but no reading came back, or it is not a number (digit fields)
 * - `out-of-range`          the reading is a number this field cannot hold (too many digits, a
 *                           leading zero, outside the field's range, e.g. 12 putts)
 * - `uncertain-blank`       the cell looks empty, but not confidently
 * - `text-not-transcribed`  a text field holds writing the provider cannot transcribe
 * - `obscured`              something covers the field in the photo (a finger, a pen, a phone):
 *                           most of its printed border cannot be seen, so an empty-looking cell
 *                           may hide writing; nothing is read from it
 *
 * Cross-checks (the column and Round Summary arithmetic flags only the fields it cannot vouch for,
 * a mis-added total alone; the other checks flag every field involved):
 * - `putts-exceed-score`         a hole's putts are more than its score
 * - `score-out-of-range-for-par` a hole's score is implausible for its par (only when pars are given)
 * - `total-mismatch`             the totals row differs from the sum of the page's holes
 * - `summary-mismatch`           the M18 Round Summary disagrees with itself or with the page
 *
 * On an ACCEPTED field (the only code an accepted field carries):
 * - `decided-by-cross-check`     the card's arithmetic decided the value: the field's own reading
 *                                was not confident enough, or disagreed with the totals, and the
 *                                most probable reading consistent with the totals row (and putts
 *                                <= score, or the Round Summary's out + in = total) holds this
 *                                value at the calibrated confidence
 */
export const REASON_CODES = [
  'low-confidence',
  'unreadable',
  'out-of-range',
  'uncertain-blank',
  'text-not-transcribed',
  'obscured',
  'putts-exceed-score',
  'score-out-of-range-for-par',
  'total-mismatch',
  'summary-mismatch',
  'decided-by-cross-check',
] as const;

export type ReasonCode = (typeof REASON_CODES)[number];
