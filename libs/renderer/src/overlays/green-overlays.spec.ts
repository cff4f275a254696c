import { generateDemoCourses, type Course } from '@caddie/catalog';
import sharp from 'sharp';
import { OverlayDataMissingError } from '@caddie/styles';
import { distance, ofKind, renderContext, resolveOne } from './overlay-renders.fixture';
import type { OverlayContext } from './overlay-scene';
import { heatmapDesaturation } from '../green-data';

let pine: Course;
let green: OverlayContext;
const YARD = 0.9144;

beforeAll(async () => {
  [pine] = generateDemoCourses();
  green = await renderContext(pine, 'green-1', 1200, 1200);
}, 60_000);

const measurement = () => pine.measurements.greens.find((g) => g.holeNumber === 1)!;
const lengthOf = (line: { from: [number, number]; to: [number, number] }) => distance(line.from, line.to);

describe('green-measurements', () => {
  it('draws the depth and width lines at their measured lengths through the green centre', () => {
    const overlay = resolveOne(green, { type: 'green-measurements' });
    const ppm = green.sidecar.projection!.pixelsPerMeter;
    const [depth, width] = ofKind(overlay, 'line');
    const m = measurement();
    expect(lengthOf(depth) / (m.depthYards * YARD * ppm)).toBeCloseTo(1, 2);
    expect(lengthOf(width) / (m.widthYards * YARD * ppm)).toBeCloseTo(1, 2);
    // perpendicular, and the width line is centred on the green centre
    const dot = (depth.to[0] - depth.from[0]) * (width.to[0] - width.from[0]) + (depth.to[1] - depth.from[1]) * (width.to[1] - width.from[1]);
    expect(Math.abs(dot) / (lengthOf(depth) * lengthOf(width))).toBeLessThan(0.01);
    const mid: [number, number] = [(width.from[0] + width.to[0]) / 2, (width.from[1] + width.to[1]) / 2];
    expect(distance(mid, green.sidecar.anchors.greenCenter!)).toBeLessThan(1);
    expect(overlay.presentation).toMatchObject({ depthYards: Math.round(m.depthYards * 10) / 10, widthYards: Math.round(m.widthYards * 10) / 10 });
  });

  it('labels the depth above its top end and the width right of its right end, in whole yards', () => {
    const overlay = resolveOne(green, { type: 'green-measurements', style: { labelGap: 10 } });
    const [depth, width] = ofKind(overlay, 'line');
    const [depthLabel, widthLabel] = ofKind(overlay, 'label');
    const m = measurement();
    expect(depthLabel.text).toBe(String(Math.round(m.depthYards)));
    expect(widthLabel.text).toBe(String(Math.round(m.widthYards)));
    const top = depth.from[1] < depth.to[1] ? depth.from : depth.to;
    expect(depthLabel.at[1]).toBeLessThan(top[1]);
    expect(distance(depthLabel.at, top)).toBeCloseTo(2 + 10, 0); // half the 4 px stroke + the gap
    expect(depthLabel).toMatchObject({ baseline: 'bottom', sizePixels: 16, color: '#FFFFFF', background: { color: '#07110D' }, padding: { x: 8, y: 6 } });
    const right = width.from[0] > width.to[0] ? width.from : width.to;
    expect(widthLabel.at[0]).toBeGreaterThan(right[0]);
  });

  it('honours the switches: end caps, measured precision, bottom/left labels, hidden parts', () => {
    const capped = resolveOne(green, {
      type: 'green-measurements',
      depthLabelPosition: 'bottom',
      widthLabelPosition: 'left',
      style: { endCap: 'point', endCapSize: 12, labelPrecision: 'measured' },
    });
    const [depth, width] = ofKind(capped, 'line');
    expect(depth.endCaps).toEqual({ shape: 'point', sizePixels: 12, color: '#FFFFFF' });
    const [depthLabel, widthLabel] = ofKind(capped, 'label');
    expect(depthLabel.text).toBe(String(Math.round(measurement().depthYards * 10) / 10));
    expect(depthLabel.at[1]).toBeGreaterThan(Math.max(depth.from[1], depth.to[1]));
    expect(widthLabel.at[0]).toBeLessThan(Math.min(width.from[0], width.to[0]));
    expect(widthLabel.align).toBe('right');

    expect(ofKind(resolveOne(green, { type: 'green-measurements', style: { showLabels: false } }), 'label')).toHaveLength(0);
    const depthOnly = resolveOne(green, { type: 'green-measurements', style: { showWidth: false, showDepthLabel: false } });
    expect(ofKind(depthOnly, 'line')).toHaveLength(1);
    expect(ofKind(depthOnly, 'label')).toHaveLength(0);
  });

  it('maximum-dimensions spans the green extent; outside moves the lines off the green', () => {
    const center = green.sidecar.anchors.greenCenter!;
    const inside = ofKind(resolveOne(green, { type: 'green-measurements' }), 'line');
    const extent = ofKind(resolveOne(green, { type: 'green-measurements', origin: 'maximum-dimensions' }), 'line');
    expect(lengthOf(extent[0])).toBeGreaterThanOrEqual(lengthOf(inside[0]) - 0.5);
    const outside = ofKind(resolveOne(green, { type: 'green-measurements', style: { linePosition: 'outside' } }), 'line');
    const midpoint = (l: (typeof inside)[number]): [number, number] => [(l.from[0] + l.to[0]) / 2, (l.from[1] + l.to[1]) / 2];
    expect(distance(midpoint(outside[0]), center)).toBeGreaterThan(distance(midpoint(inside[0]), center) + 20);
    expect(distance(midpoint(outside[1]), center)).toBeGreaterThan(distance(midpoint(inside[1]), center) + 20);
  });
});

describe('green data components', () => {
  it('returns the heatmap as a PNG of the stated box over the green, with painted pixels', async () => {
    const overlay = resolveOne(green, { type: 'green-elevation-heatmap', style: { opacity: 0.6 } });
    const [raster] = ofKind(overlay, 'raster');
    expect(raster.contentType).toBe('image/png');
    const { box } = raster;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(1200);
    expect(box.y + box.height).toBeLessThanOrEqual(1200);
    const [cx, cy] = green.sidecar.anchors.greenCenter!;
    expect(cx).toBeGreaterThan(box.x);
    expect(cx).toBeLessThan(box.x + box.width);
    expect(cy).toBeGreaterThan(box.y);
    expect(cy).toBeLessThan(box.y + box.height);
    const bytes = Buffer.from(raster.dataBase64, 'base64');
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(['png', box.width, box.height, true]);
    const { data } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    let maxAlpha = 0;
    for (let i = 3; i < data.length; i += 4) maxAlpha = Math.max(maxAlpha, data[i]);
    expect(maxAlpha).toBeGreaterThan(0);
    // the colour at 0.6 over a light neutral standing in for the desaturated turf: still translucent
    const covered = 1 - (1 - heatmapDesaturation(0.6)) * (1 - 0.6);
    expect(maxAlpha).toBeGreaterThan(0.6 * 255);
    expect(maxAlpha).toBeLessThanOrEqual(Math.ceil(covered * 255));
    expect(maxAlpha).toBeLessThan(250);
    expect(overlay.presentation).toMatchObject({ style: { opacity: 0.6 } });
  });

  it('returns downhill arrows in image pixels with the requested colour and opacity', () => {
    const overlay = resolveOne(green, { type: 'green-downhill-arrows', density: 'high', style: { color: '#f8faf7', opacity: 0.5 } });
    const arrows = ofKind(overlay, 'arrow');
    expect(arrows.length).toBeGreaterThan(3);
    for (const arrow of arrows) {
      for (const p of [arrow.tail, arrow.tip]) {
        expect(p[0]).toBeGreaterThanOrEqual(0);
        expect(p[0]).toBeLessThanOrEqual(1200);
        expect(p[1]).toBeGreaterThanOrEqual(0);
        expect(p[1]).toBeLessThanOrEqual(1200);
      }
      expect(arrow.fill).toEqual({ color: '#F8FAF7', opacity: 0.5 });
      expect(arrow.headLengthPixels).toBeGreaterThan(0);
    }
    const light = ofKind(resolveOne(green, { type: 'green-downhill-arrows', density: 'light' }), 'arrow');
    expect(light.length).toBeLessThan(arrows.length);
  });

  it('throws OverlayDataMissingError codes when the green data is absent', () => {
    const noElevation: OverlayContext = { ...green, course: { ...pine, elevation: { ...pine.elevation, greens: {} } } };
    expect(() => resolveOne(noElevation, { type: 'green-elevation-heatmap' })).toThrow(expect.objectContaining({ code: 'green-elevation-missing' }));
    expect(() => resolveOne(noElevation, { type: 'green-downhill-arrows' })).toThrow(OverlayDataMissingError);
    const unmeasured: OverlayContext = { ...green, course: { ...pine, measurements: { ...pine.measurements, greens: [] } } };
    expect(() => resolveOne(unmeasured, { type: 'green-measurements' })).toThrow(expect.objectContaining({ code: 'green-measurements-missing' }));
    const noGreen: Course = {
      ...pine,
      holes: pine.holes.map((h) => (h.number === 1 ? { ...h, greenFeatureId: null } : h)),
      features: pine.features.filter((f) => !(f.properties.layer === 'greens' && f.properties.holeNumbers.includes(1))),
    };
    expect(() => resolveOne({ ...green, course: noGreen }, { type: 'green-measurements' })).toThrow(
      expect.objectContaining({ code: 'green-missing', status: 422 }),
    );
    expect(() => resolveOne({ ...green, course: noGreen }, { type: 'green-elevation-heatmap' })).toThrow(expect.objectContaining({ code: 'green-missing' }));
  });
});

describe('overlay sizes follow the output size', () => {
  it('a green rendered at 3x its default size gets 3x the label, stroke and arrow sizes', async () => {
    const large = await renderContext(pine, 'green-1', 3600, 3600);
    const item = { type: 'green-measurements', style: { endCap: 'dot', endCapSize: 10 } };
    const atDefault = resolveOne(green, item);
    const atTriple = resolveOne(large, item);
    const [labelDefault] = ofKind(atDefault, 'label');
    const [labelTriple] = ofKind(atTriple, 'label');
    expect(labelDefault.sizePixels).toBe(16);
    expect(labelTriple.sizePixels).toBe(48);
    expect(labelTriple.padding).toEqual({ x: 24, y: 18 });
    expect(ofKind(atTriple, 'line')[0].stroke.widthPixels).toBe(12);
    expect(ofKind(atTriple, 'line')[0].endCaps?.sizePixels).toBe(30);
    expect(atTriple.presentation.outputScale).toBe(3);
    const arrows = (context: typeof green) => ofKind(resolveOne(context, { type: 'green-downhill-arrows' }), 'arrow');
    const [arrowDefault] = arrows(green);
    const [arrowTriple] = arrows(large);
    expect(arrowTriple.shaftWidthPixels / arrowDefault.shaftWidthPixels).toBeCloseTo(3, 1);
  }, 30_000);
});
