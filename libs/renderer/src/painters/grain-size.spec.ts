import { createCanvas } from '@napi-rs/canvas';
import type { ViewScene } from '../render/view-scene';
import { OutputScale } from '../sizing/output-scale';
import { paintPaperGrain } from './paper-painter';

/** Median length (pixels) of the horizontal runs of painted pixels: the printed size of a speck. */
function medianRun(width: number, height: number, paint: (ctx: ReturnType<ReturnType<typeof createCanvas>['getContext']>) => void): number {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  paint(ctx);
  const { data } = ctx.getImageData(0, 0, width, height);
  const runs: number[] = [];
  for (let y = 0; y < height; y += 7) {
    let run = 0;
    for (let x = 0; x < width; x++) {
      if (data[(y * width + x) * 4 + 3] > 127) run++;
      else if (run > 0) {
        runs.push(run);
        run = 0;
      }
    }
  }
  runs.sort((a, b) => a - b);
  return runs[Math.floor(runs.length / 2)];
}

describe('grain keeps its printed size at print sizes (issue 56)', () => {
  const paper = { fill: null, grain: '#000000', grid: '#000000' } as never;
  const grainRun = (side: number, dpi: number) =>
    medianRun(side, side, (ctx) => paintPaperGrain(ctx, { width: side, height: side, seed: 'grain' } as unknown as ViewScene, paper, dpi));

  it('paper grain at 4000 px and 300 dpi is as fine on paper as at the default size (about 0.15 mm), not 4.4-pixel blocks', () => {
    const atDefault = grainRun(1200, 300);
    const large = grainRun(4000, 300);
    // (before: specks of min(width, height) / 900 = 4.4 px, 0.37 mm at 300 dpi)
    expect(large).toBeLessThanOrEqual(2);
    expect((large / 300) * 25.4).toBeLessThan(0.2);
    expect(Math.abs(large - atDefault)).toBeLessThanOrEqual(1);
  });

  it('turf flecks grow with the output only up to their printed size at the default graphic', () => {
    expect(new OutputScale('hole', 1440, 2400, 300).textureFactor).toBe(1);
    expect(new OutputScale('hole', 4800, 8000, 300).textureFactor).toBe(1);
    expect(new OutputScale('hole', 2880, 4800, 600).textureFactor).toBe(2);
    expect(new OutputScale('hole', 4800, 8000, 150).textureFactor).toBe(1);
    expect(new OutputScale('hole', 720, 1200, 300).textureFactor).toBe(1);
    expect(new OutputScale('green', 4800, 4800, 1200).textureFactor).toBe(4);
  });
});
