import { generateDemoCourses, type Course } from '@caddie/catalog';
import { sampleElevationGrid } from '@caddie/geometry';
import { unprojectWithSidecar } from '../render/spatial-sidecar';
import { ofKind, renderContext, resolveOne } from './overlay-renders.fixture';

let courses: Course[];
beforeAll(() => {
  courses = generateDemoCourses();
});

describe('fairway-downhill-chevrons', () => {
  it.each([0, 1])(
    'demo course %i hole 1: every chevron tip lies downhill of its arms',
    async (index) => {
      const course = courses[index];
      const hole = await renderContext(course, 'hole-1', 1440, 2400);
      const overlay = resolveOne(hole, { type: 'fairway-downhill-chevrons', preset: 'medium' });
      const chevrons = ofKind(overlay, 'polyline');
      expect(chevrons.length).toBeGreaterThan(5);
      expect(overlay.presentation).toMatchObject({ preset: 'medium', cellMeters: 6 });
      const height = (p: [number, number]) => {
        const [lon, lat] = unprojectWithSidecar(hole.sidecar, p);
        return sampleElevationGrid(course.elevation.ground!, lon, lat)!;
      };
      let downhill = 0;
      for (const { points } of chevrons) {
        const [a, tip, b] = points;
        const back: [number, number] = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
        if (height(tip) < height(back)) downhill++;
      }
      expect(downhill / chevrons.length).toBeGreaterThan(0.95);
    },
    30_000,
  );

  it('presets sample 9, 6 and 3 metre cells, auto follows the scale', async () => {
    const course = courses[0];
    const hole = await renderContext(course, 'hole-1', 1440, 2400);
    const count = (preset: string) => resolveOne(hole, { type: 'fairway-downhill-chevrons', preset, minimumSlopePercent: 0.5 }).presentation;
    const [large, medium, small] = ['large', 'medium', 'small'].map(count);
    expect([large.cellMeters, medium.cellMeters, small.cellMeters]).toEqual([9, 6, 3]);
    expect(small.clusters as number).toBeGreaterThan(medium.clusters as number);
    expect(medium.clusters as number).toBeGreaterThan(large.clusters as number);
    const green = await renderContext(course, 'green-1', 1200, 1200);
    // a green is drawn at a much larger scale than its hole: auto picks finer cells there
    const autoHole = resolveOne(hole, { type: 'fairway-downhill-chevrons' }).presentation.cellMeters as number;
    const autoGreen = resolveOne(green, { type: 'fairway-downhill-chevrons' }).presentation.cellMeters as number;
    expect(autoGreen).toBeLessThan(autoHole);
  }, 30_000);

  it('a green crop keeps only whole clusters', async () => {
    const course = courses[0];
    const green = await renderContext(course, 'green-1', 1200, 1200);
    const overlay = resolveOne(green, { type: 'fairway-downhill-chevrons', preset: 'small', minimumSlopePercent: 0.5 });
    for (const { points } of ofKind(overlay, 'polyline')) {
      for (const [x, y] of points) {
        expect(x).toBeGreaterThanOrEqual(0);
        expect(x).toBeLessThanOrEqual(1200);
        expect(y).toBeGreaterThanOrEqual(0);
        expect(y).toBeLessThanOrEqual(1200);
      }
    }
    expect(overlay.presentation.clippedClustersOmitted as number).toBeGreaterThan(0);
  }, 30_000);

  it('answers elevation-missing (422) for a course without an elevation model', async () => {
    const course = courses[0];
    const hole = await renderContext(course, 'hole-1', 480, 800);
    const flat: Course = { ...course, elevation: { ...course.elevation, ground: null } };
    expect(() => resolveOne({ ...hole, course: flat }, { type: 'fairway-downhill-chevrons' })).toThrow(
      expect.objectContaining({ code: 'elevation-missing', status: 422 }),
    );
  });
});
