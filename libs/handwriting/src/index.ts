export { mnistGlyph, mnistRangeSize, MNIST_ITEM_RANGES, MNIST_SIDE, MnistItemOutOfRangeError, type MnistItemRange } from './mnist-source';
export {
  HandwritingProviderError,
  type CellAlternative,
  type CellContent,
  type CellImage,
  type CellRaster,
  type CellReading,
  type HandwritingProvider,
  type HandwritingProviderErrorCode,
} from './provider';
