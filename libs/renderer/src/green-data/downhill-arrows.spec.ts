import { createCanvas } from '@napi-rs/canvas';
import { layoutDownhillArrows, NEGLIGIBLE_SLOPE } from './downhill-arrow-layout';
import { downhillArrowSegments, paintDownhillArrows, resolveBreakColor, type DownhillArrowOptions } from './downhill-arrow-painter';
import { buildPuttingSurface, type PuttingSurface } from './putting-surface';
import { circleGreen, flat, GREEN_RADIUS_METERS, northUpProjector, rotatedProjector, syntheticGrid, tiltedEastWest } from './synthetic-green.fixture';

const SIZE = 240;
const PPM = 9;
// a thumbnail-sized green (about 300 px): green-book spacing in pixels shrinks with the output
const PX_PER_MM = 2.5;
const C = SIZE / 2;
const MEDIUM: DownhillArrowOptions = { layout: 'fluid', density: 'medium', color: '#142622', opacity: 1, pixelsPerMeter: PPM, pixelsPerMm: PX_PER_MM };

function render(surface: PuttingSurface, options: Partial<DownhillArrowOptions> = {}, project = northUpProjector(PPM, C, C)) {
  const canvas = createCanvas(SIZE, SIZE);
  const ctx = canvas.getContext('2d');
  paintDownhillArrows(ctx, surface, project, { ...MEDIUM, ...options });
  return ctx.getImageData(0, 0, SIZE, SIZE).data;
}

const alphaAt = (data: Uint8ClampedArray, x: number, y: number) => data[(Math.round(y) * SIZE + Math.round(x)) * 4 + 3];

describe('downhill arrows', () => {
  const tilted = buildPuttingSurface(circleGreen(), syntheticGrid(tiltedEastWest));
  const flatSurface = buildPuttingSurface(circleGreen(), syntheticGrid(flat));

  it('point west, downhill, on a plane rising east, in both layouts', () => {
    for (const layout of ['grid', 'fluid'] as const) {
      const arrows = layoutDownhillArrows(tilted, { layout, density: 'medium', pixelsPerMeter: PPM, pixelsPerMm: PX_PER_MM });
      expect(arrows.length).toBeGreaterThan(20);
      for (const arrow of arrows) {
        expect(arrow.east).toBeCloseTo(-1, 3);
        expect(arrow.slope).toBeCloseTo(0.03, 3);
      }
      for (const { tail, tip } of downhillArrowSegments(tilted, northUpProjector(PPM, C, C), {
        layout,
        density: 'medium',
        pixelsPerMeter: PPM,
        pixelsPerMm: PX_PER_MM,
      })) {
        expect(tip[0]).toBeLessThan(tail[0] - 5);
        expect(Math.abs(tip[1] - tail[1])).toBeLessThan(0.05);
      }
    }
  });

  it('draws each head at the tip end: the painted cross-section is wider near the tip than near the tail', () => {
    const segments = downhillArrowSegments(tilted, northUpProjector(PPM, C, C), MEDIUM);
    const data = render(tilted);
    // painted width (pixels) across the arrow at a point along it
    const crossWidth = (x: number, y: number, nx: number, ny: number, reach: number) => {
      let width = 0;
      for (let s = -reach; s <= reach; s += 0.25) width += (alphaAt(data, x + nx * s, y + ny * s) / 255) * 0.25;
      return width;
    };
    let headFirst = 0;
    for (const { tail, tip, headLength, headWidth } of segments) {
      const length = Math.hypot(tip[0] - tail[0], tip[1] - tail[1]);
      const dx = (tip[0] - tail[0]) / length;
      const dy = (tip[1] - tail[1]) / length;
      const nearTip = crossWidth(tip[0] - dx * headLength * 0.8, tip[1] - dy * headLength * 0.8, -dy, dx, headWidth);
      const nearTail = crossWidth(tail[0] + dx * headLength * 0.8, tail[1] + dy * headLength * 0.8, -dy, dx, headWidth);
      if (nearTip > nearTail + 1) headFirst++;
    }
    expect(segments.length).toBeGreaterThan(20);
    expect(headFirst).toBeGreaterThan(segments.length * 0.9);
  });

  it('turn with the projection: with the picture rotated 90 degrees clockwise, west is up', () => {
    for (const { tail, tip } of downhillArrowSegments(tilted, rotatedProjector(PPM, C, C, 90), MEDIUM)) {
      expect(tip[1]).toBeLessThan(tail[1] - 5);
      expect(Math.abs(tip[0] - tail[0])).toBeLessThan(0.05);
    }
  });

  it('line a grid layout up with the picture, even when the green is rotated', () => {
    const project = rotatedProjector(PPM, C, C, 30);
    const segments = downhillArrowSegments(tilted, project, { ...MEDIUM, layout: 'grid' });
    const rowsOnImage = new Set(segments.map(({ tail, tip }) => Math.round((tail[1] + tip[1]) / 2)));
    expect(segments.length).toBeGreaterThan(30);
    // a lattice of ~40 sites has ~8 rows; a north-aligned lattice turned 30 degrees would not line up
    expect(rowsOnImage.size).toBeLessThan(segments.length / 3);
  });

  it('leave a flat green without arrows', () => {
    expect(layoutDownhillArrows(flatSurface, { layout: 'fluid', density: 'high', pixelsPerMeter: PPM, pixelsPerMm: PX_PER_MM })).toHaveLength(0);
    expect(layoutDownhillArrows(flatSurface, { layout: 'grid', density: 'high', pixelsPerMeter: PPM, pixelsPerMm: PX_PER_MM })).toHaveLength(0);
    expect(render(flatSurface).some((value, index) => index % 4 === 3 && value > 0)).toBe(false);
    // just under the negligible slope: still none
    const nearlyFlat = buildPuttingSurface(
      circleGreen(),
      syntheticGrid((x) => 10 + NEGLIGIBLE_SLOPE * 0.8 * x),
    );
    expect(layoutDownhillArrows(nearlyFlat, { layout: 'grid', density: 'high', pixelsPerMeter: PPM, pixelsPerMm: PX_PER_MM })).toHaveLength(0);
  });

  it('get more numerous with density: high > medium > light', () => {
    for (const layout of ['grid', 'fluid'] as const) {
      const count = (density: 'light' | 'medium' | 'high') =>
        layoutDownhillArrows(tilted, { layout, density, pixelsPerMeter: PPM, pixelsPerMm: PX_PER_MM }).length;
      const [light, medium, high] = [count('light'), count('medium'), count('high')];
      expect(high).toBeGreaterThan(medium);
      expect(medium).toBeGreaterThan(light);
      expect(light).toBeGreaterThan(5);
    }
  });

  it('keep a sane pixel spacing when zoomed out, whatever the density', () => {
    const zoomedOut = layoutDownhillArrows(tilted, { layout: 'fluid', density: 'high', pixelsPerMeter: 2, pixelsPerMm: PX_PER_MM });
    const closeUp = layoutDownhillArrows(tilted, { layout: 'fluid', density: 'high', pixelsPerMeter: PPM, pixelsPerMm: PX_PER_MM });
    expect(zoomedOut.length).toBeLessThan(closeUp.length / 3);
    for (let i = 0; i < zoomedOut.length; i++) {
      for (let j = i + 1; j < zoomedOut.length; j++) {
        expect(Math.hypot(zoomedOut[i].x - zoomedOut[j].x, zoomedOut[i].y - zoomedOut[j].y) * 2).toBeGreaterThanOrEqual(15.9);
      }
    }
  });

  it('stay inside the green: nothing painted outside the outline', () => {
    const data = render(tilted, { density: 'high' });
    let outside = 0;
    let inside = 0;
    for (let y = 0; y < SIZE; y++) {
      for (let x = 0; x < SIZE; x++) {
        const r = Math.hypot(x + 0.5 - C, y + 0.5 - C);
        const a = data[(y * SIZE + x) * 4 + 3];
        if (a > 0 && r > GREEN_RADIUS_METERS * PPM) outside++;
        if (a > 0) inside++;
      }
    }
    expect(inside).toBeGreaterThan(500);
    expect(outside).toBe(0);
  });

  it('are solid at the requested opacity and colour: no pixel denser than asked, no fading', () => {
    const data = render(tilted, { opacity: 0.5, color: '#C81E1E', density: 'high' });
    let solid = 0;
    let maximum = 0;
    for (let i = 3; i < data.length; i += 4) {
      maximum = Math.max(maximum, data[i]);
      if (data[i] >= 126) {
        solid++;
        // unpremultiplying on read-back may move a channel by one or two
        expect(Math.abs(data[i - 3] - 0xc8) + Math.abs(data[i - 2] - 0x1e) + Math.abs(data[i - 1] - 0x1e)).toBeLessThanOrEqual(4);
      }
    }
    expect(solid).toBeGreaterThan(300);
    expect(maximum).toBeLessThanOrEqual(128);
  });

  it('are deterministic, and the fluid layout differs from the grid', () => {
    expect(Buffer.from(render(tilted)).equals(Buffer.from(render(tilted)))).toBe(true);
    expect(Buffer.from(render(tilted, { layout: 'grid' })).equals(Buffer.from(render(tilted, { layout: 'grid' })))).toBe(true);
    expect(Buffer.from(render(tilted, { layout: 'grid' })).equals(Buffer.from(render(tilted)))).toBe(false);
  });

  it('accept the break colour presets and #RRGGBB only', () => {
    expect(resolveBreakColor('dark')).toBe('#142622');
    expect(resolveBreakColor('light')).toBe('#F8FAF7');
    expect(resolveBreakColor('#a1b2c3')).toBe('#A1B2C3');
    expect(() => resolveBreakColor('red')).toThrow(expect.objectContaining({ code: 'break-color-invalid' }));
  });
});
