import { GLYPH_SIDE } from '../glyph-side';
import type { GlyphCandidate } from './cell-segmentation';
import { normalizeGlyph } from './glyph-normalization';

/** An upright bar (a 1) of the given stroke width and height in a 100x100 crop. */
function bar(strokeWidth: number, height: number): GlyphCandidate {
  const x0 = 40;
  const y0 = 20;
  const pixels: number[] = [];
  for (let y = y0; y < y0 + height; y++) for (let x = x0; x < x0 + strokeWidth; x++) pixels.push(y * 100 + x);
  return { pixels: Int32Array.from(pixels), x0, y0, x1: x0 + strokeWidth, y1: y0 + height, whole: true };
}

/** Ink across the middle row of a normalized glyph: the stroke's width in output pixels. */
function middleRowInk(image: Float32Array): number {
  const row = Math.floor(GLYPH_SIDE / 2);
  let sum = 0;
  for (let x = 0; x < GLYPH_SIDE; x++) sum += image[row * GLYPH_SIDE + x];
  return sum;
}

describe('normalizeGlyph', () => {
  // MNIST strokes are 13% of the longer side, which the reader fits to 22 px: about 2.9 px.
  it("grows a ballpoint's thin stroke to MNIST's width", () => {
    const width = middleRowInk(normalizeGlyph(bar(2, 60), 100));
    expect(width).toBeGreaterThan(2.4);
    expect(width).toBeLessThan(3.3);
  });

  it('thins a stroke that blur made fat to 1.25 times MNIST width, not to the width of the blur', () => {
    // 15 px wide over 60 px: 5.5 px in the output if kept as it is; 1.25 x 2.9 = 3.6 px thinned.
    const width = middleRowInk(normalizeGlyph(bar(15, 60), 100));
    expect(width).toBeGreaterThan(3.0);
    expect(width).toBeLessThan(4.2);
  });

  it('keeps a stroke a little over MNIST width as it is', () => {
    // 9 px over 60 px: 3.3 px in the output, below 1.25 times MNIST's 2.9 px.
    const width = middleRowInk(normalizeGlyph(bar(9, 60), 100));
    expect(width).toBeGreaterThan(3.0);
    expect(width).toBeLessThan(3.6);
  });
});
