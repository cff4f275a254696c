export { REASON_CODES, type ReasonCode } from './reason-codes';
export {
  fieldPlan,
  cropField,
  pageCells,
  printedSides,
  HOLE_FIELDS,
  TOTALS_FIELDS,
  FIELD_CAPTION_MM,
  CELL_MARGIN_FRACTION,
  type FieldPlan,
  type FieldSpec,
  type FieldContent,
  type ValueRule,
  type PageCell,
} from './field-plan';
export { printedBorderVisibility, obscuredFields, OBSCURED_BELOW, type CropBorder, type BorderSide } from './cell-visibility';
export {
  decideField,
  obscuredField,
  parseFieldValue,
  bestFieldValidReading,
  type FieldDecision,
  type FieldValue,
  type ReaderTraits,
  type ParsedValue,
} from './field-decisions';
export { crossCheckPage, plausibleScoreRange, type HolePars } from './cross-checks';
export { decideByArithmetic, puttsWithinScore, sumPosteriors, valueDistribution, UNLISTED_FLOOR, type ValueDistribution } from './consistent-reading';
export { decideByPrior, PUTTS_PRIOR } from './value-priors';
export { pageStatus, processingStatus, cellSummary, type PageStatus, type ProcessingStatus, type CellSummary } from './processing-status';
export { roundDraft, draftId, SELECTION_POLICY, ROUND_RECORD_SCHEMA, type RoundDraft, type RoundRecord } from './round-drafts';
export {
  PROCESSING_SCHEMA,
  processingBodyV3Schema,
  processingResponseV3Schema,
  fieldDecisionSchema,
  roundDraftSchema,
  processedPageSchema,
  processingIssueSchema,
  type ProcessingBodyV3,
  type ProcessedPage,
  type ProcessingIssue,
  type ProcessingWarning,
} from './processing-schema';
export { processingBodyV3, type PageOutcome } from './processing-body';
export { MIN_SOURCE_PIXELS_PER_MM, sourcePixelsPerMm } from './source-detail';
export { normalizeCellContrast, PAPER_LEVEL } from './cell-contrast';
export { processPhoto, type ProcessPhotoOptions, type PhotoProcessing } from './process-photo';
