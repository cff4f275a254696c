import { createCanvas } from '@napi-rs/canvas';
import { registerFonts } from '../fonts/register-fonts';
import { heatmapLegendRows, paintHeatmapLegend } from './heatmap-legend-painter';
import { buildPuttingSurface } from './putting-surface';
import { circleGreen, flat, syntheticGrid, tiltedEastWest } from './synthetic-green.fixture';

const mmAt = (factor: number) => (millimetres: number) => ((millimetres * 300) / 25.4) * factor;

describe('heatmap legend', () => {
  beforeAll(() => registerFonts());
  const tilted = buildPuttingSurface(circleGreen(), syntheticGrid(tiltedEastWest));
  const flatSurface = buildPuttingSurface(circleGreen(), syntheticGrid(flat));

  it('names both sides of a tilted green with their reach from the dominant level, in feet', () => {
    const rows = heatmapLegendRows(tilted, 0.42);
    expect(rows.map((r) => r.side)).toEqual(['high', 'low']);
    const n = tilted.normalization;
    expect(rows[0].feet).toBeCloseTo((n.maximum - n.dominant) * 3.28084, 5);
    expect(rows[1].feet).toBeCloseTo((n.dominant - n.minimum) * 3.28084, 5);
    expect(rows[0].label).toMatch(/^Higher, up to \+\d+\.\d ft$/);
    expect(rows[1].label).toMatch(/^Lower, down to \u2212\d+\.\d ft$/);
    // the swatches read red and blue
    const [r, g, b] = rows[0].swatch.match(/\d+/g)!.map(Number);
    expect(r).toBeGreaterThan(g + 60);
    const [r2, , b2] = rows[1].swatch.match(/\d+/g)!.map(Number);
    expect(b2).toBeGreaterThan(r2 + 60);
    expect(b).toBeLessThan(r);
  });

  it('has nothing to say about a flat green, and paints nothing', () => {
    expect(heatmapLegendRows(flatSurface, 0.42)).toEqual([]);
    const canvas = createCanvas(400, 400);
    expect(paintHeatmapLegend(canvas.getContext('2d'), flatSurface, { opacity: 0.42, width: 400, height: 400, mm: mmAt(1) })).toBeNull();
  });

  it('paints a light panel in the lower-left corner that grows with the output', () => {
    const sizes = [1, 3].map((factor) => {
      const side = 1200 * factor;
      const canvas = createCanvas(side, side);
      const ctx = canvas.getContext('2d');
      ctx.fillStyle = '#2e5e2e';
      ctx.fillRect(0, 0, side, side);
      const box = paintHeatmapLegend(ctx, tilted, { opacity: 0.42, width: side, height: side, mm: mmAt(factor) })!;
      expect(box.x).toBeGreaterThan(0);
      expect(box.x + box.width).toBeLessThan(side / 2);
      expect(box.y).toBeGreaterThan(side / 2);
      expect(box.y + box.height).toBeLessThan(side);
      const inside = ctx.getImageData(Math.round(box.x + box.width - mmAt(factor)(2.5)), Math.round(box.y + mmAt(factor)(0.8)), 1, 1).data;
      expect(Math.min(inside[0], inside[1], inside[2])).toBeGreaterThan(220);
      return box;
    });
    expect(sizes[1].width / sizes[0].width).toBeCloseTo(3, 1);
    expect(sizes[1].height / sizes[0].height).toBeCloseTo(3, 1);
  });
});
