/**
 * Hand-drawn strokes for the two Pencil styles: each outline is drawn twice, the second pass
 * nudged by a seeded sub-pixel offset and lighter, which reads as a pencil line going over itself.
 */
import type { CourseFeature } from '@caddie/catalog';
import type { SKRSContext2D } from '@napi-rs/canvas';
import type { PaintContext } from './paint-context';

export function traceFeatures(
  ctx: SKRSContext2D,
  p: PaintContext,
  features: readonly CourseFeature[],
  close: boolean,
  offset: [number, number] = [0, 0],
): void {
  const [a, b, c, d, e, f] = p.scene.transform.matrix;
  ctx.setTransform(a, b, c, d, e + offset[0], f + offset[1]);
  ctx.beginPath();
  for (const feature of features) p.scene.trace(ctx, feature, close);
}

export function sketchStroke(
  ctx: SKRSContext2D,
  p: PaintContext,
  features: readonly CourseFeature[],
  color: string,
  widthPx: number,
  close: boolean,
  key: string,
): void {
  if (!features.length || widthPx <= 0) return;
  const random = p.scene.random(`sketch:${key}`);
  const wobble = Math.max(0.5, widthPx * 0.45);
  ctx.save();
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  ctx.strokeStyle = color;
  const ppm = p.scene.pixelsPerMeter;
  traceFeatures(ctx, p, features, close);
  ctx.lineWidth = widthPx / ppm;
  ctx.stroke();
  traceFeatures(ctx, p, features, close, [random.range(-wobble, wobble), random.range(-wobble, wobble)]);
  ctx.globalAlpha = 0.45;
  ctx.lineWidth = (widthPx * 0.6) / ppm;
  ctx.stroke();
  ctx.restore();
}

/** Parallel graphite hatching clipped to the features, at `angle` degrees on the image. */
export function hatch(
  ctx: SKRSContext2D,
  p: PaintContext,
  features: readonly CourseFeature[],
  color: string,
  widthPx: number,
  spacingPx: number,
  angleDegrees: number,
): void {
  if (!features.length || widthPx <= 0) return;
  ctx.save();
  traceFeatures(ctx, p, features, true);
  ctx.clip('evenodd');
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  const { width: W, height: H } = p.scene;
  const t = (angleDegrees * Math.PI) / 180;
  const dir = [Math.cos(t), Math.sin(t)];
  const n = [-dir[1], dir[0]];
  const reach = Math.hypot(W, H);
  ctx.beginPath();
  for (let k = -reach; k <= reach; k += spacingPx) {
    const cx = W / 2 + n[0] * k;
    const cy = H / 2 + n[1] * k;
    ctx.moveTo(cx - dir[0] * reach, cy - dir[1] * reach);
    ctx.lineTo(cx + dir[0] * reach, cy + dir[1] * reach);
  }
  ctx.strokeStyle = color;
  ctx.lineWidth = widthPx;
  ctx.stroke();
  ctx.restore();
}
