import { generateDemoCourses } from '@caddie/catalog';
import { greenOutline } from '@caddie/printables';
import { greenPrintScale, paintGraphic } from '@caddie/renderer';
import { parseGraphicsBody } from '@caddie/styles';
import { printScaleMetadata } from '../../apps/render-worker/src/graphic-render.handler';

const course = generateDemoCourses().find((c) => c.id === 'demo-pine-hollow')!;
const context = { classification: course.classification, country: course.location.country, region: course.location.region };
const green = (holeNumber: number, output: Record<string, unknown>, greenComposition: Record<string, unknown> = {}) =>
  parseGraphicsBody({ subject: { type: 'green', holeNumber }, output, greenComposition }, context);

describe('the print scale of green graphics (issue 56)', () => {
  it.each([1, 4, 11])('green %i: 1:N from the green extent and the padding (printables framing), at the file dpi', (holeNumber) => {
    const request = green(holeNumber, { format: 'png', width: 1200, height: 900, dpi: 300 }, { paddingMeters: 5, gravity: 'center' });
    // independent of the renderer: the printables lib frames the same green approach-up around its centre
    const e = greenOutline(
      course,
      course.holes.find((h) => h.number === holeNumber)!,
    )!.extent;
    const pixelsPerMeter = Math.min(600 / (Math.max(e.left, e.right) + 5), 450 / (Math.max(e.top, e.bottom) + 5));
    const expected = 300 / (pixelsPerMeter * 0.0254);
    expect(greenPrintScale(course, request).denominator / expected).toBeCloseTo(1, 3);
    // and what the worker stores for the header is what the painted graphic measures
    const painted = paintGraphic(course, request);
    expect(printScaleMetadata(request, painted.sidecar.projection?.pixelsPerMeter)).toEqual({ printScale: `1:${Math.round(expected)}` });
  });

  it('names the largest output that still prints at 1:480 or smaller, and no larger one conforms', () => {
    const request = green(4, { format: 'png', widthIn: 4, heightIn: 4, dpi: 300 }, { paddingMeters: 2 });
    const scale = greenPrintScale(course, request);
    expect(scale.denominator).toBeLessThan(480);
    const { width, height } = scale.largestConforming;
    expect(greenPrintScale(course, green(4, { format: 'png', width, height, dpi: 300 }, { paddingMeters: 2 })).denominator).toBeGreaterThanOrEqual(480);
    const over = green(4, { format: 'png', width: width + 4, height: height + 4, dpi: 300 }, { paddingMeters: 2 });
    expect(greenPrintScale(course, over).denominator).toBeLessThan(480);
  });

  it('is stored for greens only', () => {
    const hole = parseGraphicsBody({ subject: { type: 'hole', holeNumber: 1 } }, context);
    expect(printScaleMetadata(hole, 10)).toEqual({});
  });
});
