import { generateDemoCourses, type Course } from '@caddie/catalog';
import { parseGraphicsQuery } from '@caddie/styles';
import { OVERLAY_TYPES, parseOverlayItems } from '@caddie/styles';
import { resolveOverlays } from '../overlays';
import { checkElevationResolution, ElevationTooCoarseError } from './elevation-resolution';
import { renderGraphic } from './render-graphic';

// An SRTM-class course: the demo course with its putting-surface grids removed and its ground
// model declared as SRTM3 at 41° N (about 70 x 93 m pixels).
function srtmClass(course: Course): Course {
  const ground = course.elevation.ground!;
  return {
    ...course,
    elevation: {
      ...course.elevation,
      greens: {},
      ground: {
        ...ground,
        source: 'srtm3',
        precision: { nativeResolution: { eastWestMeters: 69.9, northSouthMeters: 92.8 }, verticalAccuracy: null, source: 'srtm3' },
      },
    },
  };
}
const context = (c: Course) => ({ classification: c.classification, country: c.location.country, region: c.location.region });

describe('graphics that need finer elevation than the course has', () => {
  const pine = generateDemoCourses()[0];
  const coarse = srtmClass(pine);

  it('refuses a heatmap from an SRTM-class ground model, naming both resolutions', () => {
    const request = parseGraphicsQuery('green-7', 'png', { heatmap: 'elevation' }, context(coarse));
    let error: unknown;
    try {
      checkElevationResolution(coarse, request);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ElevationTooCoarseError);
    const refusal = error as ElevationTooCoarseError;
    expect(refusal.code).toBe('elevation-too-coarse');
    expect(refusal.status).toBe(422);
    expect(refusal.extras).toEqual({
      requiredResolutionMeters: 1,
      availableResolutionMeters: 92.8,
      availableResolution: { eastWestMeters: 69.9, northSouthMeters: 92.8 },
      elevationSource: 'srtm3',
    });
    expect(refusal.message).toContain('1 m or finer');
    expect(refusal.message).toContain('69.9 x 92.8 m');
  });

  it('refuses slope arrows the same way when the graphic is painted', async () => {
    const request = parseGraphicsQuery('green-7', 'png', { breaks: 'true', width: '400', height: '400' }, context(coarse));
    await expect(renderGraphic(coarse, request)).rejects.toMatchObject({ code: 'elevation-too-coarse' });
  });

  it('draws both from the demo course’s 1-yard putting-surface grids, and plain greens need no elevation', () => {
    expect(() => checkElevationResolution(pine, parseGraphicsQuery('green-7', 'png', { heatmap: 'elevation', breaks: 'true' }, context(pine)))).not.toThrow();
    expect(() => checkElevationResolution(coarse, parseGraphicsQuery('green-7', 'png', {}, context(coarse)))).not.toThrow();
  });

  it('refuses fairway chevrons from an SRTM-class ground model with both resolutions, not from the demo ground', async () => {
    const request = parseGraphicsQuery('hole-1', 'png', { width: '480', height: '800' }, context(pine));
    const items = parseOverlayItems([{ id: 'c', type: 'fairway-downhill-chevrons' }], OVERLAY_TYPES);
    const rendered = await renderGraphic(pine, request);
    expect(resolveOverlays(items, { course: pine, request, sidecar: rendered.sidecar })).toHaveLength(1);
    expect(() => resolveOverlays(items, { course: coarse, request, sidecar: rendered.sidecar })).toThrow(
      expect.objectContaining({
        code: 'elevation-too-coarse',
        extras: expect.objectContaining({ requiredResolutionMeters: 10, availableResolutionMeters: 92.8 }),
      }),
    );
  });
});
