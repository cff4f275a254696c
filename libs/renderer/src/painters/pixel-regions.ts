/**
 * Feature areas as paths in output pixels, for clips: drawing through a clip replaces a
 * full-size offscreen layer that is erased and composited (a pass over every pixel at every
 * output size) with work that follows the clipped shapes.
 */
import type { CourseFeature } from '@caddie/catalog';
import { FillType, Path2D, PathOp, StrokeJoin, type SKRSContext2D } from '@napi-rs/canvas';
import type { ViewScene } from '../render/view-scene';

/** The features' rings (closed) in output pixels. */
function pixelOutlines(scene: ViewScene, features: readonly CourseFeature[]): Path2D {
  const path = new Path2D();
  for (const f of features) {
    for (const ring of scene.meters(f)) {
      if (!ring.length) continue;
      const [x0, y0] = scene.transform.metersToPixels(ring[0]);
      path.moveTo(x0, y0);
      for (let i = 1; i < ring.length; i++) {
        const [x, y] = scene.transform.metersToPixels(ring[i]);
        path.lineTo(x, y);
      }
      path.closePath();
    }
  }
  return path;
}

/** What a fill of the features (by `fillRule`) plus a round-joined edge stroke `edgePx` wide covers. */
export function paintedArea(scene: ViewScene, features: readonly CourseFeature[], fillRule: 'evenodd' | 'nonzero', edgePx: number): Path2D {
  const outlines = pixelOutlines(scene, features);
  outlines.setFillType(fillRule === 'evenodd' ? FillType.EvenOdd : FillType.Winding);
  if (edgePx <= 0) return outlines;
  // Path2D.stroke and op rewrite the path they are called on
  const edge = new Path2D(outlines).stroke({ width: edgePx, join: StrokeJoin.Round });
  return outlines.op(edge, PathOp.Union);
}

/** The output outside `area` (a clip keeps a drawing off it). */
export function outsideOf(area: Path2D, width: number, height: number): Path2D {
  const everything = new Path2D();
  // a margin keeps strokes that run off the output unclipped at its edge
  everything.rect(-width, -height, 3 * width, 3 * height);
  return everything.op(area, PathOp.Difference);
}

/** Clips to `region` with its own fill rule (a context's clip(path) otherwise takes nonzero). */
export function clipTo(ctx: SKRSContext2D, region: Path2D): void {
  ctx.clip(region, region.getFillType() === FillType.EvenOdd ? 'evenodd' : 'nonzero');
}
