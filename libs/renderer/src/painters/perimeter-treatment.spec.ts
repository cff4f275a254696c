import { generateDemoCourses, type Course } from '@caddie/catalog';
import { parseGraphicsQuery } from '@caddie/styles';
import { composeHole, holeFrameSettings, requireHole } from '../composition/hole-composition';
import { projectWithSidecar } from '../render/spatial-sidecar';
import { paintGraphic } from '../render/render-graphic';
import { maskCoverage } from './above-perimeter';
import { buildPerimeterMask } from './perimeter-mask';

let pine: Course;
const context = (c: Course) => ({ classification: c.classification, country: c.location.country, region: c.location.region });
beforeAll(() => {
  pine = generateDemoCourses()[0];
});

function pixels(subject: string, query: Record<string, string>): Uint8ClampedArray {
  const request = parseGraphicsQuery(subject, 'png', query, context(pine));
  return paintGraphic(pine, request).canvas.getContext('2d').getImageData(0, 0, request.output.width, request.output.height).data;
}

/** A hole whose frame takes in the fairways on both sides of it (Pine Hollow 17: 16 and 18 beside it). */
const HOLE_WITH_NEIGHBOURS = 17;

describe('perimeter treatment', () => {
  it('nearbyHoles makes the neighbour holes visible beyond the perimeter', () => {
    const size = { width: '480', height: '800' };
    const subject = `hole-${HOLE_WITH_NEIGHBOURS}`;
    const hidden = pixels(subject, { ...size, nearbyHoles: 'hidden' });
    const stroked = pixels(subject, { ...size, nearbyHoles: 'stroked-dark' });
    const request = parseGraphicsQuery(subject, 'png', size, context(pine));
    const composition = composeHole(pine, requireHole(pine, HOLE_WITH_NEIGHBOURS), holeFrameSettings(request), 'classic');
    const coverage = maskCoverage(buildPerimeterMask(composition.mask!, composition.transform, 480, 800), 480, 800);
    let beyond = 0;
    for (let i = 0; i < hidden.length; i += 4) {
      const changed = Math.abs(hidden[i] - stroked[i]) + Math.abs(hidden[i + 1] - stroked[i + 1]) + Math.abs(hidden[i + 2] - stroked[i + 2]) > 30;
      const p = i / 4;
      if (changed && coverage(p % 480, Math.floor(p / 480)) < 0.05) beyond++;
    }
    // neighbour outlines drawn on the paper outside the perimeter (clipped away entirely before)
    expect(beyond).toBeGreaterThan(300);
  });

  it("a hole's own pond lies inside its perimeter (hole 16, Heron Pond)", () => {
    const hole = requireHole(pine, 16);
    const request = parseGraphicsQuery('hole-16', 'png', { width: '480', height: '800' }, context(pine));
    const composition = composeHole(pine, hole, holeFrameSettings(request), 'classic');
    const coverage = maskCoverage(buildPerimeterMask(composition.mask!, composition.transform, 480, 800), 480, 800);
    const sidecar = paintGraphic(pine, request).sidecar;
    const pond = pine.features.find((f) => f.properties.layer === 'water' && f.properties.holeNumbers.includes(16) && f.geometry.type === 'Polygon')!;
    const ring = (pond.geometry.coordinates as number[][][])[0];
    for (const [lon, lat] of ring) {
      const [x, y] = projectWithSidecar(sidecar, [lon, lat]);
      expect(coverage(x, y)).toBeGreaterThan(0.9);
    }
  });
});

describe('course overview framing', () => {
  it('frames the visible holes, centred with even margins', () => {
    const request = parseGraphicsQuery('course', 'png', { width: '1200', height: '800' }, context(pine));
    const { contentBounds } = paintGraphic(pine, request).sidecar;
    const left = contentBounds.x;
    const right = 1200 - contentBounds.x - contentBounds.width;
    const top = contentBounds.y;
    const bottom = 800 - contentBounds.y - contentBounds.height;
    expect(Math.abs(left - right)).toBeLessThan(2);
    expect(Math.abs(top - bottom)).toBeLessThan(2);
    // one side fills the frame up to the 4% auto padding
    expect(Math.min(left, top)).toBeCloseTo(0.04 * 800, 0);
  });
});
