/**
 * Mowing patterns in metres through the camera: stripes are bands across the play line;
 * checks are two perpendicular passes at 45 degrees to it, crossing into diamonds.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import type { Point2 } from '../composition/view-transform';

export const FAIRWAY_BAND_METERS: Record<string, number> = { large: 7.2, medium: 3.8, small: 2 };
export const TEE_BAND_METERS: Record<string, number> = { 'small-stripes': 1, 'thin-stripes': 0.5 };

export interface PatternSpec {
  kind: 'stripes' | 'checks' | 'none';
  bandMeters: number;
}

export function fairwayPatternSpec(pattern: string | undefined): PatternSpec {
  const match = /^(large|medium|small)-(stripes|checks)$/.exec(pattern ?? '');
  if (!match) return { kind: 'none', bandMeters: 0 };
  return { kind: match[2] as 'stripes' | 'checks', bandMeters: FAIRWAY_BAND_METERS[match[1]] };
}

/**
 * Fills alternate bands of `bandMeters` perpendicular to `along` (a unit vector in metres) over a
 * region of `radius` metres around `center`. The caller has clipped to the turf and set the
 * metre transform.
 */
export function fillBands(ctx: SKRSContext2D, center: Point2, along: Point2, bandMeters: number, radius: number, color: string): void {
  const across: Point2 = [-along[1], along[0]];
  // bands are anchored on the metre origin so adjacent features share phase
  const t0 = Math.floor((center[0] * along[0] + center[1] * along[1] - radius) / (2 * bandMeters)) * 2 * bandMeters;
  const t1 = center[0] * along[0] + center[1] * along[1] + radius;
  const c = center[0] * across[0] + center[1] * across[1];
  ctx.fillStyle = color;
  ctx.beginPath();
  for (let t = t0; t < t1; t += 2 * bandMeters) {
    const p = (tt: number, cc: number): Point2 => [along[0] * tt + across[0] * cc, along[1] * tt + across[1] * cc];
    const a = p(t, c - radius);
    const b = p(t, c + radius);
    const d = p(t + bandMeters, c + radius);
    const e = p(t + bandMeters, c - radius);
    ctx.moveTo(a[0], a[1]);
    ctx.lineTo(b[0], b[1]);
    ctx.lineTo(d[0], d[1]);
    ctx.lineTo(e[0], e[1]);
    ctx.closePath();
  }
  ctx.fill();
}

export function paintPattern(ctx: SKRSContext2D, spec: PatternSpec, center: Point2, play: Point2, radius: number, light: string): void {
  if (spec.kind === 'stripes') fillBands(ctx, center, play, spec.bandMeters, radius, light);
  else if (spec.kind === 'checks') {
    const r = Math.SQRT1_2;
    fillBands(ctx, center, [play[0] * r - play[1] * r, play[0] * r + play[1] * r], spec.bandMeters, radius, light);
    fillBands(ctx, center, [play[0] * r + play[1] * r, -play[0] * r + play[1] * r], spec.bandMeters, radius, light);
  }
}
