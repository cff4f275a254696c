import { LocalDigitReader, type CellRaster } from '@caddie/handwriting';
import { evaluateCells, synthesizeCells, type SynthesizedCell } from '@caddie/synthesis';
import { normalizeCellContrast, PAPER_LEVEL } from './cell-contrast';

/** The same cell photographed in dim light: every level scaled down, a little sensor offset added. */
function dimmed(raster: CellRaster, factor: number): CellRaster {
  return { ...raster, data: raster.data.map((v) => Math.round(6 + v * factor)) };
}

function withImage(cells: readonly SynthesizedCell[], image: (raster: CellRaster) => CellRaster): SynthesizedCell[] {
  return cells.map((c) => ({ ...c, cell: { ...c.cell, image: image(c.cell.image) } }));
}

describe('normalizeCellContrast', () => {
  it('leaves a well-lit crop unchanged and brings a dim one to paper level', () => {
    const bright: CellRaster = { width: 10, height: 10, data: new Uint8Array(100).fill(245) };
    bright.data[5] = 30;
    expect(normalizeCellContrast(bright)).toBe(bright);
    const dim = dimmed(bright, 0.3);
    const normalized = normalizeCellContrast(dim);
    expect(normalized.data[0]).toBeGreaterThanOrEqual(PAPER_LEVEL - 1);
    expect(normalized.data[0]).toBeLessThanOrEqual(PAPER_LEVEL + 1);
    // Ink stays ink: its ratio to the paper is kept.
    expect(normalized.data[5] / normalized.data[0]).toBeCloseTo(dim.data[5] / dim.data[0], 2);
  });

  describe('reading (committed digit model, calibration-range cells)', () => {
    const reader = new LocalDigitReader();
    const cells = synthesizeCells(9_400_000, 200, { range: 'calibration' });

    it('reads a dim photo as well as a bright one', async () => {
      const bright = await evaluateCells(reader, cells);
      const dim = await evaluateCells(
        reader,
        withImage(cells, (r) => normalizeCellContrast(dimmed(r, 0.28))),
      );
      const raw = await evaluateCells(
        reader,
        withImage(cells, (r) => dimmed(r, 0.28)),
      );
      const accepted = (e: typeof bright) => e.scored.filter((s) => s.confidence >= reader.acceptThreshold);
      // Without the normalization a dim cell loses its ink: far fewer correct readings.
      expect(raw.accuracy).toBeLessThan(bright.accuracy - 0.1);
      expect(dim.accuracy).toBeGreaterThanOrEqual(bright.accuracy - 0.02);
      expect(accepted(dim).length).toBeGreaterThanOrEqual(accepted(bright).length * 0.97);
      const wrong = (e: typeof bright) => accepted(e).filter((s) => !s.correct).length;
      expect(wrong(dim)).toBeLessThanOrEqual(wrong(bright) + 1);
    }, 30_000);
  });
});
