import { generateDemoCourses, type Course } from '@caddie/catalog';
import { pixelsToMm } from '../sizing/output-scale';
import { ofKind, renderContext, resolveOne } from './overlay-renders.fixture';
import type { OverlayContext } from './overlay-scene';

// A full-size hole (1440x2400, 4.8 x 8 in at 300 dpi) and the same hole at 3x (4320x7200, the
// same graphic printed at 14.4 x 24 in): overlay labels, strokes, badges and chevrons keep their
// share of the picture, so in millimetres at 300 dpi they are three times as large at 3x.
let pine: Course;
let normal: OverlayContext;
let triple: OverlayContext;

beforeAll(async () => {
  [pine] = generateDemoCourses();
  normal = await renderContext(pine, 'hole-1', 1440, 2400);
  triple = await renderContext(pine, 'hole-1', 4320, 7200);
}, 120_000);

/** every stroke width of an overlay's lines, polylines and circles, in drawing order */
function strokes(overlay: ReturnType<typeof resolveOne>): number[] {
  return [...ofKind(overlay, 'line'), ...ofKind(overlay, 'polyline'), ...ofKind(overlay, 'circle')].flatMap((i) => (i.stroke ? [i.stroke.widthPixels] : []));
}

const ITEMS: Record<string, unknown>[] = [
  { type: 'approach-markers' },
  { type: 'approach-rings' },
  { type: 'hole-centerline' },
  { type: 'teeboxes' },
  { type: 'hole-number' },
];

describe('a full-size hole at 1x and 3x, measured in mm at 300 dpi', () => {
  it.each(ITEMS)('$type: labels and strokes are three times as many millimetres at 3x', (item) => {
    const one = resolveOne(normal, item);
    const three = resolveOne(triple, item);
    const labels = [ofKind(one, 'label'), ofKind(three, 'label')];
    const lines = [strokes(one), strokes(three)];
    expect(labels[0].length + lines[0].length).toBeGreaterThan(0);
    expect(lines[1].length).toBe(lines[0].length);
    expect(labels[1].length).toBe(labels[0].length);
    labels[0].forEach((label, i) => {
      // a label at the default size is legible in print: at least 1.2 mm tall at 300 dpi
      expect(pixelsToMm(label.sizePixels)).toBeGreaterThanOrEqual(1.2);
      expect(pixelsToMm(labels[1][i].sizePixels) / pixelsToMm(label.sizePixels)).toBeCloseTo(3, 1);
    });
    lines[0].forEach((width, i) => {
      expect(lines[1][i] / width).toBeCloseTo(3, 1);
    });
    expect(three.presentation.outputScale).toBe(3);
  });

  it('fairway chevron strokes are at least 0.25 mm (3 px) at the default size and three times as wide at 3x', () => {
    const item = { type: 'fairway-downhill-chevrons', preset: 'large' };
    const widths = [normal, triple].map((context) => strokes(resolveOne(context, item)));
    expect(widths[0].length).toBeGreaterThan(0);
    expect(pixelsToMm(Math.min(...widths[0]))).toBeGreaterThanOrEqual(0.25);
    expect(Math.min(...widths[1]) / Math.min(...widths[0])).toBeCloseTo(3, 1);
  });
});
