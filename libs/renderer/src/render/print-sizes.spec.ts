import { findHoleGreen, generateDemoCourses, type Course } from '@caddie/catalog';
import { parseGraphicsQuery } from '@caddie/styles';
import { createCanvas } from '@napi-rs/canvas';
import type { MultiPolygon, Polygon } from 'geojson';
import { buildPuttingSurface, downhillArrowSegments } from '../green-data';
import { paintProfileElevation } from '../profile';
import { OutputScale, pixelsToMm } from '../sizing/output-scale';
import { paintGraphic } from './render-graphic';
import { projectWithSidecar } from './spatial-sidecar';

// Print sizes measured from the pixels, in millimetres at 300 dpi: green-book arrows and profile
// labels at each subject's default size, and the same share of the picture at 3x that size.
let pine: Course;
const context = (c: Course) => ({ classification: c.classification, country: c.location.country, region: c.location.region });
beforeAll(() => {
  pine = generateDemoCourses()[0];
});

/** Widths (pixels) of the painted arrow shafts, read across each shaft's middle. */
function measuredShaftWidths(size: number): number[] {
  const request = parseGraphicsQuery('green-7', 'png', { width: String(size), height: String(size), breaks: 'true', breakColor: '#FF00FF' }, context(pine));
  const painted = paintGraphic(pine, request);
  const image = painted.canvas.getContext('2d').getImageData(0, 0, size, size).data;
  const isArrow = (x: number, y: number) => {
    const o = (Math.round(y) * size + Math.round(x)) * 4;
    return image[o] > 200 && image[o + 1] < 90 && image[o + 2] > 200;
  };
  const hole = pine.holes.find((h) => h.number === 7)!;
  const surface = buildPuttingSurface(findHoleGreen(pine, hole)!.geometry as Polygon | MultiPolygon, pine.elevation.greens['7']);
  const project = (lon: number, lat: number) => projectWithSidecar(painted.sidecar, [lon, lat]);
  const segments = downhillArrowSegments(surface, project, {
    layout: 'fluid',
    density: 'medium',
    pixelsPerMeter: painted.sidecar.projection!.pixelsPerMeter,
    pixelsPerMm: new OutputScale('green', size, size).mm(1),
  });
  expect(segments.length).toBeGreaterThan(8);
  return segments.map(({ tail, tip, headLength }) => {
    const length = Math.hypot(tip[0] - tail[0], tip[1] - tail[1]);
    const [dx, dy] = [(tip[0] - tail[0]) / length, (tip[1] - tail[1]) / length];
    // the middle of the shaft: halfway between the tail and the base of the head
    const along = (length - headLength) / 2;
    const [cx, cy] = [tail[0] + dx * along, tail[1] + dy * along];
    let inked = 0;
    const step = 0.25;
    for (let t = -40; t <= 40; t += step) if (isArrow(cx - dy * t, cy + dx * t)) inked += step;
    return inked;
  });
}

/** Ink height (pixels) of the profile's distance labels ("150 yd"), read inside their boxes. */
function distanceLabelInkHeights(width: number, height: number): number[] {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const meta = paintProfileElevation(ctx, { width, height }, pine, 4, { graphicStyle: 'traditional' });
  const image = ctx.getImageData(0, 0, width, height).data;
  return meta.labels
    .filter((l) => l.kind === 'station-distance')
    .map(({ box }) => {
      const rows: number[] = [];
      for (let y = Math.floor(box.y); y < box.y + box.height; y++) {
        for (let x = Math.floor(box.x); x < box.x + box.width; x++) {
          const o = (y * width + x) * 4;
          if (image[o] + image[o + 1] + image[o + 2] < 300) {
            rows.push(y);
            break;
          }
        }
      }
      return rows.length ? rows[rows.length - 1] - rows[0] + 1 : 0;
    });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

describe('print sizes at 300 dpi', () => {
  it('downhill arrows on the default 1200 px (4 in) green are green-book sized: shafts of at least 1 mm', () => {
    const widths = measuredShaftWidths(1200);
    const mm = widths.map((w) => pixelsToMm(w));
    expect(Math.min(...mm)).toBeGreaterThanOrEqual(1.0);
    expect(median(mm)).toBeLessThan(1.4);
  }, 30_000);

  it('arrows keep their share of the picture at 3x the default size', () => {
    const ratio = median(measuredShaftWidths(3600)) / median(measuredShaftWidths(1200));
    expect(ratio).toBeGreaterThan(2.8);
    expect(ratio).toBeLessThan(3.2);
  }, 60_000);

  it('profile distance labels are legible at the default size and grow with the output', () => {
    const atDefault = distanceLabelInkHeights(1600, 600);
    const atTriple = distanceLabelInkHeights(4800, 1800);
    expect(atDefault.length).toBeGreaterThan(2);
    // about 1.2 mm of ink (digits with the y descender) at 1600 px = 5.3 in
    expect(pixelsToMm(median(atDefault))).toBeGreaterThanOrEqual(1.0);
    const ratio = median(atTriple) / median(atDefault);
    expect(ratio).toBeGreaterThan(2.7);
    expect(ratio).toBeLessThan(3.3);
  }, 30_000);
});
