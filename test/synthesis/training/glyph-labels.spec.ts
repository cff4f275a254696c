import { labelledCellGlyphs, labelledWrittenGlyphs, synthesizeDigitCell } from '@caddie/synthesis';

const sameImage = (a: Float32Array, b: Float32Array) => a.length === b.length && a.every((v, i) => v === b[i]);

describe('labelledWrittenGlyphs', () => {
  it('labels glyphs only as the ink they are made of says, and most written cells', () => {
    let cells = 0;
    let labelledCells = 0;
    let labels = 0;
    for (let seed = 1; seed <= 150; seed++) {
      const cell = synthesizeDigitCell(seed, { range: 'training', blankRate: 0 });
      const digits = [...(cell.literal ?? '')].map(Number);
      const glyphs = labelledWrittenGlyphs(cell.cell, digits);
      cells++;
      if (glyphs.length === 0) continue;
      labelledCells++;
      expect(glyphs).toHaveLength(digits.length);
      // The pixel-ownership truth of the same glyph candidates (labelledCellGlyphs) agrees with every label given.
      const byOwnership = labelledCellGlyphs(cell).glyphs;
      for (const glyph of glyphs) {
        const owned = byOwnership.find((g) => sameImage(g.image, glyph.image));
        if (owned) {
          expect(owned.label).toBe(glyph.label);
          labels++;
        }
      }
    }
    expect(labelledCells / cells).toBeGreaterThan(0.8);
    expect(labels).toBeGreaterThan(100);
  });

  it('labels nothing in a blank cell', () => {
    const cell = synthesizeDigitCell(3, { range: 'training', literal: '', blankMark: 'specks' });
    expect(labelledWrittenGlyphs(cell.cell, [])).toEqual([]);
  });

  it('labels nothing when no cut gives as many whole glyphs as digits were written', () => {
    const cell = synthesizeDigitCell(5, { range: 'training', literal: '7' });
    expect(labelledWrittenGlyphs(cell.cell, [7, 7, 7])).toEqual([]);
  });
});
