/**
 * Generators for tests, benchmarks, evaluation and the offline training tool: synthetic phone
 * photos of filled scorecards (photos/), single handwritten digit cells (cells/), and labelled
 * glyphs and cell evaluation built on them (training/). They live beside the tests, not in the
 * production libs; production code never imports `@caddie/synthesis`. Handwriting comes only
 * through the MNIST gate of `@caddie/handwriting-training`, so items 750+ stay out of reach here too.
 */
export { synthesizeScene, type Scene, type SceneOptions, type SceneTruthPage, type OcclusionMode } from './photos/scene-synthesizer';
export { handwritingGlyph, HANDWRITING_ITEMS_PER_DIGIT, PEN_KINDS, type PenKind, type WrittenField } from './photos/handwriting';
export {
  synthesizePhoto,
  perspectiveQuad,
  surfaceToPhoto,
  type PlacedSurface,
  type SyntheticPhotoOptions,
  type PerspectiveView,
} from './photos/synthetic-photo';
export { foldFactor, type CardFold } from './photos/card-folds';
export { planFilledCard, type FieldToWrite } from './photos/card-filling';
// Two generators with different streams: scenes (mulberry32) and cells (sfc32); seeds reproduce only with their own.
export { SeededRandom as SceneRandom } from './photos/seeded-random';
export { SeededRandom } from './cells/seeded-random';
export {
  synthesizeDigitCell,
  CANONICAL_PX_PER_MM,
  CELL_CROP_MARGIN,
  type BlankMark,
  type CellSynthesisOptions,
  type SynthesizedCell,
  type SynthesizedCellKind,
} from './cells/cell-synthesis';
export { placedGlyphWidth, stampGlyph, type InkCanvas, type PenStroke } from './cells/glyph-stamp';
export { labelCandidate, labelledCellGlyphs, labelledWrittenGlyphs, ownedPixelCounts, type CellGlyphs, type LabelledGlyph } from './training/glyph-labels';
export { evaluateCells, readingIsCorrect, synthesizeCells, type CellEvaluation } from './training/cell-evaluation';
