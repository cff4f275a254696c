import { generateDemoCourses, type Course } from '@caddie/catalog';
import { ofKind, renderContext, resolveOne } from './overlay-renders.fixture';
import { projectWithSidecar } from '../render/spatial-sidecar';
import type { OverlayInstruction, Pixel } from './overlay-instructions';

// Label collision avoidance: overlays that are asked for together do not print over each other.
let pine: Course;
beforeAll(() => {
  pine = generateDemoCourses()[0];
});

type Label = Extract<OverlayInstruction, { kind: 'label' }>;
interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** A generous estimate of the label's box: DejaVu Sans digits are about 0.64 em wide. */
function labelBox(label: Label): Box {
  const width = label.text.length * 0.64 * label.sizePixels + 2 * (label.padding?.x ?? 0);
  const height = label.sizePixels * 1.2 + 2 * (label.padding?.y ?? 0);
  const x = label.align === 'left' ? label.at[0] : label.align === 'right' ? label.at[0] - width : label.at[0] - width / 2;
  const y = label.baseline === 'top' ? label.at[1] : label.baseline === 'bottom' ? label.at[1] - height : label.at[1] - height / 2;
  return { minX: x, minY: y, maxX: x + width, maxY: y + height };
}

const overlaps = (a: Box, b: Box) => Math.min(a.maxX, b.maxX) > Math.max(a.minX, b.minX) && Math.min(a.maxY, b.maxY) > Math.max(a.minY, b.minY);

describe('overlay label collisions', () => {
  it.each([1, 2, 3, 4, 5, 7, 9, 10, 12, 14, 16, 18])('hole %i: approach-ring labels never cover approach-marker labels', async (holeNumber) => {
    const hole = await renderContext(pine, `hole-${holeNumber}`, 480, 800);
    const ringLabels = ofKind(resolveOne(hole, { type: 'approach-rings', distances: [50, 100, 150, 200] }), 'label');
    const markerLabels = ofKind(resolveOne(hole, { type: 'approach-markers', distances: [100, 150, 200, 250] }), 'label');
    expect(ringLabels.length).toBeGreaterThan(0);
    expect(markerLabels.length).toBeGreaterThan(0);
    for (const ring of ringLabels) for (const marker of markerLabels) expect(overlaps(labelBox(ring), labelBox(marker))).toBe(false);
  });

  it('course-view hole badges cover no green, no other hole tee box and no other badge', async () => {
    const course = await renderContext(pine, 'course', 2400, 1600);
    const overlay = resolveOne(course, { type: 'hole-number' });
    const badges = ofKind(overlay, 'circle');
    expect(badges).toHaveLength(pine.holes.length);
    const greens = pine.features.filter((f) => f.properties.layer === 'greens' && f.geometry.type === 'Polygon');
    let covered = 0;
    for (const badge of badges) {
      for (const green of greens) {
        const ring = (green.geometry.coordinates as number[][][])[0].map(([lon, lat]) => projectWithSidecar(course.sidecar, [lon, lat]) as Pixel);
        // any green vertex inside the badge disc means the badge hides part of that green
        if (ring.some((p) => Math.hypot(p[0] - badge.center[0], p[1] - badge.center[1]) < badge.radiusPixels)) covered++;
      }
    }
    expect(covered).toBe(0);
    for (let i = 0; i < badges.length; i++) {
      for (let j = i + 1; j < badges.length; j++) {
        const d = Math.hypot(badges[i].center[0] - badges[j].center[0], badges[i].center[1] - badges[j].center[1]);
        expect(d).toBeGreaterThanOrEqual(badges[i].radiusPixels + badges[j].radiusPixels - 0.01);
      }
    }
  }, 30_000);
});
