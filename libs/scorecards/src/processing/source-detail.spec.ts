import { fitHomography, type Homography } from '@caddie/fiducials';
import { MIN_SOURCE_PIXELS_PER_MM, sourcePixelsPerMm } from './source-detail';

const canonical = { width: 1000, height: 800 };
const whole = [{ x1: 0, y1: 0, x2: 1, y2: 1 }];

describe('sourcePixelsPerMm', () => {
  it('is the photo scale times the canonical resolution for a plain scaling', () => {
    const half: Homography = [0.5, 0, 10, 0, 0.5, 20, 0, 0, 1];
    expect(sourcePixelsPerMm(half, canonical, 8, whole)).toBeCloseTo(4, 6);
    // Squeezed in one direction (a tilt about one axis): the worse direction counts.
    const squeezed: Homography = [0.5, 0, 0, 0, 0.2, 0, 0, 0, 1];
    expect(sourcePixelsPerMm(squeezed, canonical, 8, whole)).toBeCloseTo(1.6, 6);
    const rotated: Homography = [0, -0.3, 0, 0.3, 0, 0, 0, 0, 1];
    expect(sourcePixelsPerMm(rotated, canonical, 8, whole)).toBeCloseTo(2.4, 6);
  });

  it('takes the far, smaller end of a perspective view, within the fields only', () => {
    // The canonical top edge lands 200 px wide, the bottom edge 500 px wide.
    const h = fitHomography(
      [
        { x: 0, y: 0 },
        { x: 1000, y: 0 },
        { x: 1000, y: 800 },
        { x: 0, y: 800 },
      ],
      [
        { x: 150, y: 0 },
        { x: 350, y: 0 },
        { x: 500, y: 400 },
        { x: 0, y: 400 },
      ],
    ) as Homography;
    const all = sourcePixelsPerMm(h, canonical, 8, whole);
    const lower = sourcePixelsPerMm(h, canonical, 8, [{ x1: 0, y1: 0.7, x2: 1, y2: 1 }]);
    expect(all).toBeLessThan(8 * 0.2 + 1e-9);
    expect(lower).toBeGreaterThan(all * 1.5);
    expect(all).toBeLessThan(MIN_SOURCE_PIXELS_PER_MM);
  });
});
