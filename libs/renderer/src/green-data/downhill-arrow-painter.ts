import type { SKRSContext2D } from '@napi-rs/canvas';
import { BREAK_COLORS } from '@caddie/styles';
import { DEFAULT_PIXELS_PER_MM, layoutDownhillArrows, type BreakDensity, type BreakLayout } from './downhill-arrow-layout';
import { GreenDataError } from './green-data-error';
import { traceGreenPath } from './green-outline';
import type { PuttingSurface } from './putting-surface';
import { metersToPixel, surfacePixelFrame, type LonLatProjector } from './surface-pixel-frame';

export interface DownhillArrowOptions {
  layout: BreakLayout;
  density: BreakDensity;
  /** `#RRGGBB`, or the presets `dark` / `light` */
  color: string;
  opacity: number;
  pixelsPerMeter: number;
  /** output pixels per green-book millimetre (OutputScale.mm(1)); the default size's when absent */
  pixelsPerMm?: number;
}

/**
 * Green-book arrow proportions, in millimetres when the default green is printed at 300 dpi:
 * shafts of about a millimetre (a yardage-book arrow, legible at arm's length), heads in proportion.
 */
export const ARROW_SHAFT_MM: Record<BreakDensity, number> = { light: 1.2, medium: 1.1, high: 1.0 };
const HEAD_WIDTH_PER_SHAFT = 2.7;
const HEAD_LENGTH_PER_SHAFT = 2.4;
/** a head never takes more than this share of a short arrow */
const MAX_HEAD_SHARE = 0.5;

/** One arrow on the image: shaft from tail to tip, head ending at the tip. Output pixels. */
export interface DownhillArrowSegment {
  tail: [number, number];
  tip: [number, number];
  shaftWidth: number;
  headLength: number;
  headWidth: number;
  /** rise per metre at the arrow */
  slope: number;
}

export function resolveBreakColor(color: string): string {
  if (color === 'dark' || color === 'light') return BREAK_COLORS[color];
  if (/^#[0-9a-fA-F]{6}$/.test(color)) return color.toUpperCase();
  throw new GreenDataError('break-color-invalid', `break colour must be dark, light or #RRGGBB, got ${JSON.stringify(color)}`);
}

/** The arrows `paintDownhillArrows` draws, in output pixels (also what an overlay can return). */
export function downhillArrowSegments(
  surface: PuttingSurface,
  project: LonLatProjector,
  options: Pick<DownhillArrowOptions, 'layout' | 'density' | 'pixelsPerMeter' | 'pixelsPerMm'>,
): DownhillArrowSegment[] {
  const frame = surfacePixelFrame(surface, project);
  // The local direction that shows as image-right: the inverse of the frame applied to (1, 0).
  const determinant = frame.east[0] * frame.north[1] - frame.east[1] * frame.north[0];
  const imageRight: [number, number] = determinant !== 0 ? [frame.north[1] / determinant, -frame.east[1] / determinant] : [1, 0];
  const arrows = layoutDownhillArrows(surface, { ...options, imageRight });
  const pixelsPerMm = options.pixelsPerMm ?? DEFAULT_PIXELS_PER_MM;
  const shaftWidth = Math.max(1, ARROW_SHAFT_MM[options.density] * pixelsPerMm);
  return arrows.map((arrow) => {
    const half = arrow.lengthMeters / 2;
    const tail = metersToPixel(frame, arrow.x - arrow.east * half, arrow.y - arrow.north * half);
    const tip = metersToPixel(frame, arrow.x + arrow.east * half, arrow.y + arrow.north * half);
    return downhillArrowSegment(tail, tip, shaftWidth, arrow.slope);
  });
}

/** An arrow from tail to tip with the green-book head proportions for its shaft width. */
export function downhillArrowSegment(tail: [number, number], tip: [number, number], shaftWidth: number, slope: number): DownhillArrowSegment {
  const lengthPixels = Math.hypot(tip[0] - tail[0], tip[1] - tail[1]);
  const headLength = Math.min(lengthPixels * MAX_HEAD_SHARE, shaftWidth * HEAD_LENGTH_PER_SHAFT);
  return { tail, tip, shaftWidth, headLength, headWidth: shaftWidth * HEAD_WIDTH_PER_SHAFT, slope };
}

/**
 * Paints local downhill arrows (not putt paths). Every arrow is one outline and all arrows
 * are one filled path, so shafts and heads come out at exactly the requested opacity even
 * where they overlap. Clipped to the green as a guard; placement already keeps arrows inside.
 */
export function paintDownhillArrows(ctx: SKRSContext2D, surface: PuttingSurface, project: LonLatProjector, options: DownhillArrowOptions): void {
  const color = resolveBreakColor(options.color);
  const opacity = Math.max(0, Math.min(1, options.opacity));
  if (opacity === 0) return;
  const segments = downhillArrowSegments(surface, project, options);
  if (segments.length === 0) return;
  ctx.save();
  traceGreenPath(ctx, surface.greenRings, project);
  ctx.clip('evenodd');
  ctx.beginPath();
  for (const segment of segments) traceDownhillArrow(ctx, segment);
  ctx.globalAlpha *= opacity;
  ctx.fillStyle = color;
  ctx.fill('nonzero');
  ctx.restore();
}

/** Adds one arrow's outline (shaft and head) to the current path. */
export function traceDownhillArrow(
  ctx: SKRSContext2D,
  { tail, tip, shaftWidth, headLength, headWidth }: Pick<DownhillArrowSegment, 'tail' | 'tip' | 'shaftWidth' | 'headLength' | 'headWidth'>,
): void {
  const length = Math.hypot(tip[0] - tail[0], tip[1] - tail[1]);
  if (length === 0) return;
  const dx = (tip[0] - tail[0]) / length;
  const dy = (tip[1] - tail[1]) / length;
  const nx = -dy;
  const ny = dx;
  const baseX = tip[0] - dx * headLength;
  const baseY = tip[1] - dy * headLength;
  const s = shaftWidth / 2;
  const h = headWidth / 2;
  ctx.moveTo(tail[0] + nx * s, tail[1] + ny * s);
  ctx.lineTo(baseX + nx * s, baseY + ny * s);
  ctx.lineTo(baseX + nx * h, baseY + ny * h);
  ctx.lineTo(tip[0], tip[1]);
  ctx.lineTo(baseX - nx * h, baseY - ny * h);
  ctx.lineTo(baseX - nx * s, baseY - ny * s);
  ctx.lineTo(tail[0] - nx * s, tail[1] - ny * s);
  ctx.closePath();
}
