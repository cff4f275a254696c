/**
 * Pencil: a graphite line drawing on paper. No elevation, texture or turf colour; outlines from
 * `graphicStyling`, hatching in water, stipple in bunkers, scribbled tree crowns; buildings and
 * paths only when `pencilFeatures` asks. The envelope stroke is the pipeline's (it follows the mask).
 */
import type { CourseFeature } from '@caddie/catalog';
import type { SKRSContext2D } from '@napi-rs/canvas';
import { PENCIL_STYLING_DEFAULTS, type PencilStyling } from '@caddie/styles';
import { isArea, isLine, isPoint } from '../render/view-scene';
import { shownWithSubject } from './nearby-holes';
import { nearbyMode, type PaintContext } from './paint-context';
import { paintPathsBelowSurfaces } from './path-clearance';
import { hatch, sketchStroke, traceFeatures } from './sketch-strokes';

export function pencilStyling(p: PaintContext): PencilStyling {
  return (p.style.graphicStyling as unknown as PencilStyling | undefined) ?? PENCIL_STYLING_DEFAULTS;
}

export function paintPencil(ctx: SKRSContext2D, p: PaintContext): void {
  const s = pencilStyling(p);
  const k = p.pixelScale;
  const { scene } = p;
  const mode = nearbyMode(p);
  const turf = (layer: 'fairways' | 'greens' | 'tees') => scene.layer(layer).filter((f) => isArea(f) && (mode !== 'hidden' || scene.onSubject(f)));

  const woods = scene.layer('trees').filter(isArea);
  sketchStroke(ctx, p, woods, s.trees.color, s.trees.width * k, true, 'woods');
  hatch(ctx, p, woods, s.hatching.color, s.hatching.width * k, 9 * k, -35);

  const water = scene.layer('water').filter(isArea);
  hatch(ctx, p, water, s.hatching.color, s.hatching.width * k, 5 * k, 0);
  sketchStroke(ctx, p, water, s.water.color, s.water.width * k, true, 'water');

  sketchStroke(ctx, p, turf('fairways'), s.fairway.color, s.fairway.width * k, true, 'fairways');
  sketchStroke(ctx, p, turf('tees'), s.tee.color, s.tee.width * k, true, 'tees');
  sketchStroke(ctx, p, turf('greens'), s.green.color, s.green.width * k, true, 'greens');

  const bunkers = scene.layer('bunkers').filter((f) => isArea(f) && shownWithSubject(p, f));
  stipple(ctx, p, bunkers, s.hatching.color, Math.max(0.6, s.hatching.width * k * 1.4));
  sketchStroke(ctx, p, bunkers, s.bunker.color, s.bunker.width * k, true, 'bunkers');

  if (!p.perimeterDeferred) paintPencilTrees(ctx, p, scene.layer('trees').filter(isPoint));
  const features = p.style.pencilFeatures;
  if (features?.buildings) sketchStroke(ctx, p, scene.layer('buildings').filter(isArea), s.buildings.color, s.buildings.width * k, true, 'buildings');
  if (features?.paths)
    paintPathsBelowSurfaces(ctx, p, (layer) =>
      sketchStroke(layer, p, scene.layer('cart-paths').filter(isLine), s.paths.color, s.paths.width * k, false, 'paths'),
    );
}

function stipple(ctx: SKRSContext2D, p: PaintContext, features: Parameters<typeof traceFeatures>[2], color: string, dot: number): void {
  if (!features.length) return;
  ctx.save();
  traceFeatures(ctx, p, features, true);
  ctx.clip('evenodd');
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  const random = p.scene.random('stipple');
  const { width: W, height: H } = p.scene;
  // bound the work: stipple only the pixel bounds of the bunkers
  let minX = W;
  let minY = H;
  let maxX = 0;
  let maxY = 0;
  for (const f of features)
    for (const ring of p.scene.meters(f))
      for (const q of ring) {
        const [x, y] = p.scene.transform.metersToPixels(q);
        minX = Math.min(minX, x);
        minY = Math.min(minY, y);
        maxX = Math.max(maxX, x);
        maxY = Math.max(maxY, y);
      }
  minX = Math.max(0, minX);
  minY = Math.max(0, minY);
  maxX = Math.min(W, maxX);
  maxY = Math.min(H, maxY);
  const area = Math.max(0, maxX - minX) * Math.max(0, maxY - minY);
  const count = Math.min(40_000, Math.round(area / 40));
  ctx.beginPath();
  for (let i = 0; i < count; i++) ctx.rect(minX + random.next() * (maxX - minX), minY + random.next() * (maxY - minY), dot, dot);
  ctx.fillStyle = color;
  ctx.fill();
  ctx.restore();
}

export function paintPencilTrees(ctx: SKRSContext2D, p: PaintContext, trees: readonly CourseFeature[]): void {
  if (trees.length) {
    const { scene } = p;
    const s = pencilStyling(p);
    const k = p.pixelScale;
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    const random = scene.random('pencil-crowns');
    const r = Math.max(2, 4.5 * scene.pixelsPerMeter);
    ctx.beginPath();
    for (const f of trees) {
      const [x, y] = scene.transform.metersToPixels(scene.meters(f)[0][0]);
      const start = random.next() * Math.PI * 2;
      ctx.moveTo(x + r * Math.cos(start), y + r * Math.sin(start));
      ctx.arc(x, y, r * (0.9 + random.next() * 0.2), start, start + Math.PI * 2.15);
    }
    ctx.strokeStyle = s.trees.color;
    ctx.lineWidth = s.trees.width * k;
    ctx.stroke();
    ctx.restore();
  }
}
