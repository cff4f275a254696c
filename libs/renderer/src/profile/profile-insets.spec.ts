import { generateDemoCourses, type Course } from '@caddie/catalog';
import { createCanvas } from '@napi-rs/canvas';
import { paintProfileElevation } from './profile-painter';

// Profile padding defaults (0) keep every label, marker and the flag inside the image, and every
// tee on the line gets its badge (a station label never takes a tee badge's place).
const courses: Course[] = generateDemoCourses();
const cases = courses.flatMap((c) => c.holes.map((h) => [c.id, h.number] as const));

describe('profile insets and tee badges', () => {
  it.each(cases)('%s hole %i: all labels inside, every drawn tee badged', (courseId, holeNumber) => {
    const course = courses.find((c) => c.id === courseId)!;
    const size = { width: 1600, height: 600 };
    const canvas = createCanvas(size.width, size.height);
    const meta = paintProfileElevation(canvas.getContext('2d'), size, course, holeNumber, { graphicStyle: 'traditional' });
    const inset = meta.presentation.labelSurfaceGapPixels;
    for (const { box } of meta.labels) {
      expect(box.x).toBeGreaterThanOrEqual(inset);
      expect(box.x + box.width).toBeLessThanOrEqual(size.width - inset);
    }
    const drawnTees = meta.tees.filter((t) => t.x !== null);
    const badges = meta.labels.filter((l) => l.kind === 'tee-badge');
    expect(badges).toHaveLength(drawnTees.length);
    expect(meta.droppedLabels.filter((l) => l.kind === 'tee-badge')).toEqual([]);
    // the flag (at the plot's right end) keeps clear of the right edge
    expect(meta.presentation.plotBounds.x + meta.presentation.plotBounds.width).toBeLessThanOrEqual(size.width - 2 * inset);
  });
});
