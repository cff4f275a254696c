/**
 * Training-side handwriting machinery: the MNIST gate (items 0..749 only) and calibration fitting.
 * Only tools/, bench/ and tests import it; the service and workers never do (the layering test
 * checks it), so `mnist` stays a devDependency and out of the production image.
 */
export { mnistGlyph, mnistItems, mnistRangeSize, MNIST_ITEM_RANGES, MNIST_LABEL_ERRATA, MNIST_SIDE, type MnistItemRange } from './mnist-source';
export {
  TARGET_PRECISION,
  WILSON_Z,
  chooseAcceptThreshold,
  fitTemperature,
  measureAtThreshold,
  negativeLogLikelihood,
  recordedThreshold,
  type ScoredReading,
  type ThresholdChoice,
} from './calibration-fitting';
export { writeCalibration } from './calibration-file';
