import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { HEATMAP_HIGH_COLOR, HEATMAP_LOW_COLOR, heatmapDesaturation, heatmapStrength, TURF_NEUTRAL_LEVEL } from './elevation-normalization';
import { traceGreenPath } from './green-outline';
import { sampleSurfaceField, type PuttingSurface } from './putting-surface';
import { framePixelsPerMeter, surfacePixelFrame, type LonLatProjector } from './surface-pixel-frame';

/** Heatmap samples per output pixel are capped here: finer than ~3 px gains nothing visible. */
const TARGET_SAMPLE_PIXELS = 3;
const MAX_SAMPLES_PER_CELL = 8;
const MAX_HEATMAP_SAMPLES = 4_000_000;
/** the desaturation under a cell is this many times its colour strength (capped at full) */
const NEUTRAL_LEAD = 2;

/**
 * Paints the elevation heatmap of a green, clipped to its exact outline: blue where the
 * terrain is meaningfully below the dominant elevation, red where meaningfully above,
 * transparent at the dominant level. Under coloured cells the turf is first desaturated in
 * proportion to the colour's strength, so a translucent red does not mix with green to brown. Draws in the context's current user space, in which
 * `project` returns coordinates.
 */
export function paintElevationHeatmap(
  ctx: SKRSContext2D,
  surface: PuttingSurface,
  project: LonLatProjector,
  options: {
    opacity: number;
    /**
     * `opaque` (default): the turf is already painted below and is desaturated in place.
     * `transparent`: a raster for a client to lay over the image; it carries a light neutral
     * under the colour instead, which stands in for the desaturated turf.
     */
    backdrop?: 'opaque' | 'transparent';
  },
): void {
  const opacity = Math.max(0, Math.min(1, options.opacity));
  if (opacity === 0 || surface.normalization.insideCells === 0) return;
  const frame = surfacePixelFrame(surface, project);
  const cellPixels = framePixelsPerMeter(frame) * surface.cellSizeMeters;
  let perCell = Math.max(1, Math.min(MAX_SAMPLES_PER_CELL, Math.ceil(cellPixels / TARGET_SAMPLE_PIXELS)));
  while (perCell > 1 && surface.columns * surface.rows * perCell * perCell > MAX_HEATMAP_SAMPLES) perCell--;
  const width = surface.columns * perCell;
  const height = surface.rows * perCell;
  const step = surface.cellSizeMeters / perCell;

  const layer = createCanvas(width, height);
  const layerContext = layer.getContext('2d');
  const image = layerContext.createImageData(width, height);
  const data = image.data;
  const neutral = createCanvas(width, height);
  const neutralContext = neutral.getContext('2d');
  const neutralImage = neutralContext.createImageData(width, height);
  const neutralData = neutralImage.data;
  const transparent = options.backdrop === 'transparent';
  const neutralLevel = transparent ? TURF_NEUTRAL_LEVEL : 128;
  let painted = 0;
  for (let v = 0; v < height; v++) {
    const y = surface.northMeters - (v + 0.5) * step;
    for (let u = 0; u < width; u++) {
      const x = surface.westMeters + (u + 0.5) * step;
      const signed = heatmapStrength(sampleSurfaceField(surface, surface.elevation, x, y), surface.normalization);
      if (signed === 0) continue;
      const color = signed < 0 ? HEATMAP_LOW_COLOR : HEATMAP_HIGH_COLOR;
      const offset = (v * width + u) * 4;
      data[offset] = color.r;
      data[offset + 1] = color.g;
      data[offset + 2] = color.b;
      // Uint8ClampedArray rounds on write
      data[offset + 3] = 255 * (signed < 0 ? -signed : signed);
      neutralData[offset] = neutralData[offset + 1] = neutralData[offset + 2] = neutralLevel;
      // the turf loses its colour ahead of the tint, so a half-strength edge reads grey-red, not tan
      neutralData[offset + 3] = Math.min(255, NEUTRAL_LEAD * data[offset + 3]);
      painted++;
    }
  }
  if (painted === 0) return;
  layerContext.putImageData(image, 0, 0);
  neutralContext.putImageData(neutralImage, 0, 0);

  // Layer pixel (u, v) -> local metres -> output pixels, as one affine transform.
  const west = surface.westMeters;
  const north = surface.northMeters;
  const ox = frame.origin[0] + west * frame.east[0] + north * frame.north[0];
  const oy = frame.origin[1] + west * frame.east[1] + north * frame.north[1];
  ctx.save();
  traceGreenPath(ctx, surface.greenRings, project);
  ctx.clip('evenodd');
  const alpha = ctx.globalAlpha;
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  ctx.transform(frame.east[0] * step, frame.east[1] * step, -frame.north[0] * step, -frame.north[1] * step, ox, oy);
  // a grey source under the 'saturation' blend keeps the turf's hue and lightness, drops its colour
  ctx.globalCompositeOperation = transparent ? 'source-over' : 'saturation';
  ctx.globalAlpha = alpha * heatmapDesaturation(opacity);
  ctx.drawImage(neutral, 0, 0);
  ctx.globalCompositeOperation = 'source-over';
  ctx.globalAlpha = alpha * opacity;
  ctx.drawImage(layer, 0, 0);
  ctx.restore();
}
