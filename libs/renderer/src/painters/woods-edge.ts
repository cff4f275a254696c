/**
 * Woods under a feathered perimeter. The feather fades everything it crosses, and a wood faded
 * over the paper reads as a grey ghost. So woods are drawn through a clip at the feather's
 * midline (mask coverage 1/2, an anti-aliased edge), and inside that cut the perimeter keeps
 * them whole: the wood ends in a clean edge, the rough beyond it fades as before.
 */
import type { CourseFeature } from '@caddie/catalog';
import { FillType, Path2D, type SKRSContext2D } from '@napi-rs/canvas';
import { featherLevelRegion, type FeatherRaster, type PixelWindow } from './feather-raster';
import type { PaintContext } from './paint-context';
import { clipTo, outsideOf, paintedArea } from './pixel-regions';

/** coverage at which a wood is cut: the feather's midline, where trees are kept whole too */
const CUT_LEVEL = 0.5 * 255;

export interface WoodsCut {
  raster: FeatherRaster;
  /** the output pixels the woods drawn so far reach */
  window?: PixelWindow;
  /** where the upscaled mask is at least 1/2, traced within `window` */
  inside?: Path2D;
  /** the output outside each woods layer drawn so far: inside the cut the perimeter keeps the rest (the woods) whole */
  offWoods: Path2D[];
}

/** The soft perimeter mask's midline; its regions are traced where woods are drawn. */
export function woodsCut(raster: FeatherRaster): WoodsCut {
  return { raster, offWoods: [] };
}

/**
 * Draws woods through `draw`, cut cleanly at the perimeter when one will clip the artwork.
 * `woods` and `edgePx` describe what `draw` covers: the woods' even-odd area plus an edge stroke
 * that wide, round-joined (the region the perimeter then keeps whole).
 */
export function paintWoodsLayer(
  ctx: SKRSContext2D,
  p: PaintContext,
  woods: readonly CourseFeature[],
  edgePx: number,
  draw: (layer: SKRSContext2D) => void,
): void {
  const cut = p.woodsCut;
  if (!cut) {
    draw(ctx);
    return;
  }
  const area = paintedArea(p.scene, woods, 'evenodd', edgePx);
  const [x0, y0, x1, y1] = area.getBounds();
  const w = cut.window;
  cut.window = w ? { x0: Math.min(w.x0, x0), y0: Math.min(w.y0, y0), x1: Math.max(w.x1, x1), y1: Math.max(w.y1, y1) } : { x0, y0, x1, y1 };
  // traced only where woods are: the cut is everything the clip and the mask passes need of it
  cut.inside = featherLevelRegion(cut.raster, CUT_LEVEL, cut.window);
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  clipTo(ctx, cut.inside);
  draw(ctx);
  ctx.restore();
  cut.offWoods.push(outsideOf(area, p.scene.width, p.scene.height));
}

/**
 * The mask passes (perimeter-mask.ts applyFeatheredMask) that keep the cut woods whole: the
 * feather multiplies everything outside the cut, and inside it everything but the woods.
 */
export function passesKeepingWoods(cut: WoodsCut | undefined): Path2D[][] {
  if (!cut?.inside || !cut.offWoods.length) return [[]];
  // the cut's cells never overlap, so even-odd with an enclosing rectangle is exactly the rest
  const outside = new Path2D(cut.inside);
  const { width, height } = cut.raster;
  outside.rect(-width, -height, 3 * width, 3 * height);
  outside.setFillType(FillType.EvenOdd);
  return [[outside], [cut.inside, ...cut.offWoods]];
}
