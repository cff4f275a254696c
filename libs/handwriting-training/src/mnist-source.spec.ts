import { MNIST_ITEM_RANGES, MNIST_LABEL_ERRATA, MnistItemOutOfRangeError, mnistGlyph, mnistItems, mnistRangeSize } from './mnist-source';

// A stand-in for the package records every item the gate asks for: no test here may touch the
// real held-out items, and the records prove that refused items are never read at all.
const requested: { digit: number; index: number }[] = [];
jest.mock('mnist', () =>
  Array.from({ length: 10 }, (_, digit) => ({
    get(index: number): number[] {
      requested.push({ digit, index });
      return Array.from({ length: 784 }, (_, i) => ((index * 7 + i) % 11) / 10);
    },
  })),
);

beforeEach(() => {
  requested.length = 0;
});

describe('mnistGlyph range gate', () => {
  it('maps each range to its MNIST items: training 0..599, calibration 600..749', () => {
    expect(MNIST_ITEM_RANGES).toEqual({ training: { first: 0, end: 600 }, calibration: { first: 600, end: 750 } });
    expect(mnistRangeSize('training')).toBe(600);
    expect(mnistRangeSize('calibration')).toBe(150);
  });

  it.each([
    ['training', 0, 0],
    ['training', 599, 599],
    ['calibration', 0, 600],
    ['calibration', 149, 749],
  ] as const)('reads %s item %i as MNIST item %i', (range, item, mnistItem) => {
    const glyph = mnistGlyph(3, item, range);
    expect(glyph).toBeInstanceOf(Float32Array);
    expect(glyph).toHaveLength(784);
    expect(requested).toEqual([{ digit: 3, index: mnistItem }]);
  });

  it.each([
    ['training', 600],
    ['training', 750],
    ['calibration', 150],
    ['calibration', 151],
    ['calibration', 400],
    ['training', -1],
    ['calibration', -1],
    ['training', 1.5],
    ['training', Number.NaN],
  ] as const)('refuses %s item %d without reading anything', (range, item) => {
    expect(() => mnistGlyph(5, item, range)).toThrow(MnistItemOutOfRangeError);
    expect(requested).toEqual([]);
  });

  it('refuses MNIST item 750 and beyond through every range', () => {
    for (let digit = 0; digit < 10; digit++) {
      expect(() => mnistGlyph(digit, 750 - MNIST_ITEM_RANGES.calibration.first, 'calibration')).toThrow(MnistItemOutOfRangeError);
      expect(() => mnistGlyph(digit, 750, 'training')).toThrow(MnistItemOutOfRangeError);
    }
    expect(requested).toEqual([]);
  });

  it('refuses digits outside 0..9', () => {
    expect(() => mnistGlyph(10, 0, 'training')).toThrow(MnistItemOutOfRangeError);
    expect(() => mnistGlyph(-1, 0, 'training')).toThrow(MnistItemOutOfRangeError);
    expect(requested).toEqual([]);
  });

  it('refuses the label errata and leaves them out of the items a range draws', () => {
    expect(MNIST_LABEL_ERRATA).toEqual([{ digit: 3, mnistItem: 723, writtenAs: 5 }]);
    expect(() => mnistGlyph(3, 123, 'calibration')).toThrow(/written as a 5/);
    expect(requested).toEqual([]);
    const threes = mnistItems(3, 'calibration');
    expect(threes).toHaveLength(149);
    expect(threes).not.toContain(123);
    expect(threes.slice(120, 125)).toEqual([120, 121, 122, 124, 125]);
    // Other classes and the training range keep every item.
    expect(mnistItems(5, 'calibration')).toEqual([...Array(150).keys()]);
    expect(mnistItems(3, 'training')).toHaveLength(600);
    expect(mnistGlyph(5, 123, 'calibration')).toHaveLength(784);
  });
});
