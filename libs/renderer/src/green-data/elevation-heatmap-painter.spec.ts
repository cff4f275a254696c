import { createCanvas } from '@napi-rs/canvas';
import { paintElevationHeatmap } from './elevation-heatmap-painter';
import { buildPuttingSurface, type PuttingSurface } from './putting-surface';
import { circleGreen, flat, GREEN_RADIUS_METERS, northUpProjector, rotatedProjector, syntheticGrid, tiltedEastWest } from './synthetic-green.fixture';

const SIZE = 200;
const PPM = 7;
const C = SIZE / 2;

/** the classic putting-green colour the heatmap is painted over */
const TURF = { r: 0xb0, g: 0xd6, b: 0x7a };

function render(surface: PuttingSurface, project = northUpProjector(PPM, C, C), opacity = 0.6) {
  const canvas = createCanvas(SIZE, SIZE);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = `rgb(${TURF.r}, ${TURF.g}, ${TURF.b})`;
  ctx.fillRect(0, 0, SIZE, SIZE);
  paintElevationHeatmap(ctx, surface, project, { opacity });
  return ctx.getImageData(0, 0, SIZE, SIZE).data;
}

/** how far a pixel moved from the bare turf */
function change(data: Uint8ClampedArray, x: number, y: number): number {
  const p = pixel(data, x, y);
  return Math.abs(p.r - TURF.r) + Math.abs(p.g - TURF.g) + Math.abs(p.b - TURF.b);
}

/** a raster for a client to lay over the image, painted on a transparent canvas */
function renderRaster(surface: PuttingSurface, opacity: number) {
  const canvas = createCanvas(SIZE, SIZE);
  const ctx = canvas.getContext('2d');
  paintElevationHeatmap(ctx, surface, northUpProjector(PPM, C, C), { opacity, backdrop: 'transparent' });
  return ctx.getImageData(0, 0, SIZE, SIZE).data;
}

function pixel(data: Uint8ClampedArray, x: number, y: number) {
  const i = (Math.round(y) * SIZE + Math.round(x)) * 4;
  return { r: data[i], g: data[i + 1], b: data[i + 2], a: data[i + 3] };
}

describe('paintElevationHeatmap', () => {
  const tilted = buildPuttingSurface(circleGreen(), syntheticGrid(tiltedEastWest));
  const flatSurface = buildPuttingSurface(circleGreen(), syntheticGrid(flat));
  const edge = (GREEN_RADIUS_METERS - 1.5) * PPM;

  it('paints the high (east) side red over the turf, the low (west) side blue, the middle clear', () => {
    const data = render(tilted);
    const east = pixel(data, C + edge, C);
    const west = pixel(data, C - edge, C);
    // red: the turf's green is gone, not mixed into a brown
    expect(east.r).toBeGreaterThan(east.g + 60);
    expect(east.r).toBeGreaterThan(east.b + 60);
    expect(Math.abs(east.g - east.b)).toBeLessThan(30);
    // blue
    expect(west.b).toBeGreaterThan(west.r + 60);
    expect(west.b).toBeGreaterThan(west.g + 25);
    // translucent: the colour does not cover the turf whole
    expect(east.r).toBeLessThan(240);
    expect(change(data, C, C)).toBe(0);
    // north and south of the centre lie on the same contour as the middle: clear too
    expect(change(data, C, C - edge)).toBe(0);
    expect(change(data, C, C + edge)).toBe(0);
  });

  it('as a transparent raster, carries the same red and blue over a light neutral', () => {
    const data = renderRaster(tilted, 0.6);
    const east = pixel(data, C + edge, C);
    const west = pixel(data, C - edge, C);
    expect(east.a).toBeGreaterThan(150);
    expect(east.r).toBeGreaterThan(east.g + 60);
    expect(west.b).toBeGreaterThan(west.r + 60);
    expect(pixel(data, C, C).a).toBe(0);
  });

  it('colours by meaning, not by a fixed share: the transparent band is a minority of a tilt, all of a flat green', () => {
    const share = (data: Uint8ClampedArray) => {
      let inside = 0;
      let painted = 0;
      for (let y = 0; y < SIZE; y++) {
        for (let x = 0; x < SIZE; x++) {
          if (Math.hypot(x + 0.5 - C, y + 0.5 - C) > (GREEN_RADIUS_METERS - 0.2) * PPM) continue;
          inside++;
          if (change(data, x, y) > 0) painted++;
        }
      }
      return painted / inside;
    };
    expect(share(render(tilted))).toBeGreaterThan(0.6);
    expect(share(render(flatSurface))).toBe(0);
    // a gentle 0.5 % tilt: mostly clear, a faint tint at the ends at most
    const gentle = buildPuttingSurface(
      circleGreen(),
      syntheticGrid((x) => 10 + 0.005 * x),
    );
    const gentleData = render(gentle);
    expect(share(gentleData)).toBeLessThan(0.35);
    expect(change(gentleData, C + edge, C)).toBeLessThan(change(render(tilted), C + edge, C));
  });

  it('draws nothing outside the green outline', () => {
    const data = render(tilted, northUpProjector(PPM, C, C), 0.8);
    let outside = 0;
    let inside = 0;
    for (let y = 0; y < SIZE; y++) {
      for (let x = 0; x < SIZE; x++) {
        const r = Math.hypot(x + 0.5 - C, y + 0.5 - C);
        if (r > GREEN_RADIUS_METERS * PPM + 1 && change(data, x, y) > 0) outside++;
        if (r < GREEN_RADIUS_METERS * PPM - 1 && change(data, x, y) > 0) inside++;
      }
    }
    expect(inside).toBeGreaterThan(3000);
    expect(outside).toBe(0);
  });

  it('follows a rotated projection: turned 90 degrees clockwise, the high east side is at the bottom', () => {
    const data = render(tilted, rotatedProjector(PPM, C, C, 90));
    const bottom = pixel(data, C, C + edge);
    const top = pixel(data, C, C - edge);
    expect(bottom.r).toBeGreaterThan(bottom.b + 80);
    expect(top.b).toBeGreaterThan(top.r + 80);
    expect(change(data, C + edge, C)).toBe(0);
  });

  it('scales with the requested opacity and is deterministic', () => {
    const strong = change(render(tilted, undefined, 0.8), C + edge, C);
    const weak = change(render(tilted, undefined, 0.1), C + edge, C);
    expect(weak).toBeGreaterThan(0);
    expect(strong / weak).toBeGreaterThan(4);
    expect(Buffer.from(render(tilted)).equals(Buffer.from(render(tilted)))).toBe(true);
  });
});
