import { MNIST_LABEL_ERRATA, MNIST_SIDE, mnistGlyph } from '@caddie/handwriting-training';
import { rangeRecords } from './export-mnist-glyphs';
import { GLYPH_BYTES } from './glyph-file';

describe('export-mnist-glyphs', () => {
  it('writes every training-range image once per class in turn, labelled, label errata left out', () => {
    const records = rangeRecords('training');
    const errata = MNIST_LABEL_ERRATA.filter((e) => e.mnistItem < 600).length;
    expect(records).toHaveLength(6000 - errata);
    expect(records.every((r) => r.length === GLYPH_BYTES)).toBe(true);
    const labels = records.map((r) => r[0]);
    expect(labels.slice(0, 600).every((l) => l === 0)).toBe(true);
    expect(labels[labels.length - 1]).toBe(9);
    // The 601st record is the first 1: its ink bytes are MNIST's item 0 of class 1.
    const one = mnistGlyph(1, 0, 'training');
    const expected = Array.from({ length: MNIST_SIDE * MNIST_SIDE }, (_, i) => Math.round(one[i] * 255));
    expect(Array.from(records[600].subarray(1))).toEqual(expected);
  });

  it('writes the calibration range (items 600..749) apart, the erratum item left out', () => {
    const records = rangeRecords('calibration');
    expect(records).toHaveLength(1500 - MNIST_LABEL_ERRATA.filter((e) => e.mnistItem >= 600).length);
    expect(records.filter((r) => r[0] === 3)).toHaveLength(149);
  });
});
