export { GLYPH_SIDE } from './glyph-side';
export {
  HandwritingProviderError,
  type CellAlternative,
  type CellContent,
  type CellImage,
  type CellRaster,
  type CellReading,
  type FieldRole,
  type RoleThresholds,
  type HandwritingProvider,
  type HandwritingProviderErrorCode,
} from './provider';
export { LocalDigitReader, type LocalDigitReaderOptions } from './local-digit-reader';
export { HttpVisionProvider, type HttpVisionProviderOptions } from './http-vision-provider';
export { CALIBRATION_FORMAT, calibrationSchema, type HandwritingCalibration, type MeasuredReadings } from './calibration';
export { defaultModelDirectory, loadDigitClassifier, readCalibration, CALIBRATION_FILE, NETWORK_FILE, type DigitRuntimeChoice } from './model-files';
export { segmentCell, type CellBox, type CellSegmentation, type GlyphCandidate, type SegmentationHypothesis } from './reading/cell-segmentation';
export { normalizeGlyph } from './reading/glyph-normalization';
export { type DigitCellDecision } from './reading/cell-reading';
export { type ConvLayer, type DenseLayer, type DigitClassifier, type DigitRuntime, type NetworkLayer } from './reading/digit-network';
export { DIGIT_CLASSES, NOT_A_DIGIT, softmax } from './reading/glyph-classes';
// Exported for the test-side cell synthesis (test/synthesis/cells), which stamps and blurs glyphs with them.
export { distanceToMask, gaussianBlur, median, pruneSpurs, sampleZeroPadded, strokeWidth, thin } from './raster-ops';
