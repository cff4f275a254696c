import { z } from 'zod';
import { processingResponseV3Schema } from '@caddie/scorecards';

/**
 * JSON Schema of the processing version 3 response for the OpenAPI document, generated from
 * the library's zod schema (the one the pipeline and the tests validate against).
 */
const { $schema: _dialect, ...generated } = z.toJSONSchema(processingResponseV3Schema) as Record<string, unknown>;

export const processingV3Schema = {
  ...generated,
  description: [
    'Fields: ACCEPTED carries the reading in `value` (null for a confidently blank field); NEEDS_REVIEW withholds it (`value` null), keeps what was read in `literal`, and gives a field-valid `bestGuess` when one exists.',
    "Reason codes: low-confidence, unreadable, out-of-range, uncertain-blank, text-not-transcribed (the local reader reads digits only), obscured (a finger, pen or phone covers the field in the photo: nothing is read from it, and the page carries the warning fields-obscured), putts-exceed-score, score-out-of-range-for-par, total-mismatch, summary-mismatch. The hole and totals columns are decided together, and so are the Round Summary's scores (out + in = total): when the readings do not add up, the fields the cells' probabilities cannot vouch for get total-mismatch or summary-mismatch (a single misread cell is flagged alone, a total the player mis-added alone); an ACCEPTED field may carry decided-by-cross-check when the most probable reading consistent with the card's arithmetic and putts <= score decided its value. The other cross-checks flag every field they involve.",
    'Rows: hole-1..hole-18 (score, putts), totals (score, putts), and on M18 pages roundDetails (date, course, teeBox, startTime, playingPartners), roundSummary (outScore, inScore, totalScore, totalPutts) and penalty (penaltyStrokes, penaltyHoles).',
    'processing.status: PROCESSED, NEEDS_REVIEW, or NOT_PROCESSED for a NORMALIZED_ONLY page (whose reason is an issue with its pageInstanceId: scorecard-page-detail-too-low, scorecard-page-extraction-failed). Round drafts: one per processed page (selectionPolicy accepted-values-then-best-guess@1), never merged.',
  ].join(' '),
};
