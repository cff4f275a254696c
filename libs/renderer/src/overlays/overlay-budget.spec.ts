import { generateDemoCourses } from '@caddie/catalog';
import { OVERLAY_TYPES, parseOverlayItems } from '@caddie/styles';
import { OverlayBudgetError } from './overlay-budget';
import { renderContext } from './overlay-renders.fixture';
import { resolveOverlays } from './overlay-resolver';
import type { OverlayContext } from './overlay-scene';

let green1: OverlayContext;
beforeAll(async () => {
  green1 = await renderContext(generateDemoCourses()[0], 'green-1', 1200, 1200);
}, 60_000);

const heatmaps = (opacities: number[]) =>
  parseOverlayItems(
    opacities.map((opacity, i) => ({ id: `hm${i}`, type: 'green-elevation-heatmap', style: { opacity } })),
    OVERLAY_TYPES,
  );
const UNBOUNDED = { maxRasterPixels: Number.MAX_SAFE_INTEGER, maxAnswerBytes: Number.MAX_SAFE_INTEGER };

function heatmapBox(context: OverlayContext): { width: number; height: number } {
  const [one] = resolveOverlays(heatmaps([0.5]), context, UNBOUNDED);
  const raster = one.instructions[0] as { kind: 'raster'; box: { width: number; height: number } };
  return raster.box;
}

describe('overlay budget', () => {
  it('resolves components that differ only by id once, each answered under its own id', () => {
    const resolved = resolveOverlays(heatmaps([0.5, 0.5, 0.5, 0.7]), green1, UNBOUNDED);
    expect(resolved.map((r) => r.id)).toEqual(['hm0', 'hm1', 'hm2', 'hm3']);
    // one painted raster shared by the three identical items; the fourth is its own
    expect(resolved[1].instructions).toBe(resolved[0].instructions);
    expect(resolved[2].instructions).toBe(resolved[0].instructions);
    expect(resolved[3].instructions).not.toBe(resolved[0].instructions);
    expect(JSON.stringify(resolved[3].instructions)).not.toBe(JSON.stringify(resolved[0].instructions));
  });

  it('charges raster pixels per distinct component and refuses before painting past the budget', () => {
    const box = heatmapBox(green1);
    const pixels = box.width * box.height;
    expect(pixels).toBeGreaterThan(10_000);
    const budget = { maxRasterPixels: Math.round(pixels * 1.5), maxAnswerBytes: Number.MAX_SAFE_INTEGER };
    expect(resolveOverlays(heatmaps([0.5, 0.5, 0.5]), green1, budget)).toHaveLength(3);
    let refusal: unknown;
    try {
      resolveOverlays(heatmaps([0.5, 0.6]), green1, budget);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(OverlayBudgetError);
    expect(refusal).toMatchObject({
      code: 'overlay-budget-exceeded',
      status: 422,
      extras: { budget: 'raster-pixels', limit: budget.maxRasterPixels, requested: pixels * 2 },
    });
  });

  it('counts every copy of a shared component against the answer bytes', () => {
    const [one] = resolveOverlays(heatmaps([0.5]), green1, UNBOUNDED);
    const bytes = JSON.stringify({ presentation: one.presentation, instructions: one.instructions }).length;
    const budget = { maxRasterPixels: Number.MAX_SAFE_INTEGER, maxAnswerBytes: bytes * 3 + 100 };
    expect(resolveOverlays(heatmaps([0.5, 0.5, 0.5]), green1, budget)).toHaveLength(3);
    expect(() => resolveOverlays(heatmaps([0.5, 0.5, 0.5, 0.5]), green1, budget)).toThrow(
      expect.objectContaining({ code: 'overlay-budget-exceeded', extras: expect.objectContaining({ budget: 'answer-bytes' }) }),
    );
  });
});
