/** What every painter receives. */
import type { ElevationGrid } from '@caddie/catalog';
import type { SKRSContext2D } from '@napi-rs/canvas';
import type { Point2 } from '../composition/view-transform';
import type { NormalizedStyle } from '@caddie/styles';
import type { ViewScene } from '../render/view-scene';
import type { OutputScale } from '../sizing/output-scale';
import type { WoodsCut } from './woods-edge';

export type MapSubject = 'hole' | 'green' | 'course' | 'hole-region';

export interface PaintContext {
  scene: ViewScene;
  style: NormalizedStyle;
  subject: MapSubject;
  /** ground model, when the course has one and the style loads elevation */
  ground: ElevationGrid | null;
  /** unit vector (metres) of each hole's play direction, for mowing patterns */
  playDirection: (holeNumbers: readonly number[]) => Point2;
  /** output-size factor for painter widths quoted in pixels at a 1440-pixel short side (OutputScale.painterScale) */
  pixelScale: number;
  /** sizes relative to the subject's default output size */
  sizes: OutputScale;
  /**
   * A perimeter will clip the artwork: point trees (and Traditional's neighbour holes) are left
   * to the pass above the mask, so trees come out whole or not at all and neighbours stay visible.
   */
  perimeterDeferred?: boolean;
  /** A feathered perimeter will clip the artwork: woods are cut at its midline instead of fading (woods-edge.ts). */
  woodsCut?: WoodsCut;
}

export const HOLE_VIEWS: readonly MapSubject[] = ['hole', 'hole-region'];

/** How other holes' greens, fairways and tees are drawn in a hole view. */
export function nearbyMode(ctx: PaintContext): string {
  return HOLE_VIEWS.includes(ctx.subject) ? (ctx.style.nearbyHoles ?? 'hidden') : 'detailed';
}

export function withMeters(ctx: SKRSContext2D, paint: PaintContext, draw: () => void): void {
  ctx.save();
  paint.scene.useMeters(ctx);
  draw();
  ctx.restore();
}
