/**
 * Colored Pencil: flat colour fills with a pencil-stroke edge; no terrain, shading or texture.
 * Only service and non-motorized paths, in one flat path colour; buildings and parking polygons
 * are drawn independently of the paths setting.
 */
import type { CourseFeature } from '@caddie/catalog';
import type { SKRSContext2D } from '@napi-rs/canvas';
import { COLORED_PENCIL_STYLING_DEFAULTS, type ColoredPencilStyling } from '@caddie/styles';
import { isArea, isLine, isPoint } from '../render/view-scene';
import { shownWithSubject } from './nearby-holes';
import { nearbyMode, type PaintContext } from './paint-context';
import { paintPathsBelowSurfaces } from './path-clearance';
import { keepColoredPencilPath } from './segment-classes';
import { sketchStroke, traceFeatures } from './sketch-strokes';
import { paintWoodsLayer } from './woods-edge';

function coloredPencilStyling(p: PaintContext): ColoredPencilStyling {
  return (p.style.graphicStyling as unknown as ColoredPencilStyling | undefined) ?? COLORED_PENCIL_STYLING_DEFAULTS;
}

export function paintColoredPencil(ctx: SKRSContext2D, p: PaintContext): void {
  const s = coloredPencilStyling(p);
  const k = p.pixelScale;
  const { scene } = p;
  const mode = nearbyMode(p);
  const outline = (features: CourseFeature[], key: string, target: SKRSContext2D = ctx) =>
    sketchStroke(target, p, features, s.outline.color, s.outline.width * k, true, key);
  const fill = (features: CourseFeature[], color: string, target: SKRSContext2D = ctx) => {
    if (!features.length) return;
    target.save();
    traceFeatures(target, p, features, true);
    target.fillStyle = color;
    target.fill('evenodd');
    target.restore();
  };

  ctx.save();
  ctx.fillStyle = s.fills.rough;
  ctx.fillRect(0, 0, scene.width, scene.height);
  ctx.restore();

  const areas = (layer: Parameters<typeof scene.layer>[0]) => scene.layer(layer).filter(isArea);
  const turf = (layer: 'fairways' | 'greens' | 'tees') => areas(layer).filter((f) => mode !== 'hidden' || scene.onSubject(f));
  const layers: [CourseFeature[], string, string][] = [
    [areas('trees'), s.fills.trees, 'trees'],
    [areas('water'), s.fills.water, 'water'],
    [turf('fairways'), s.fills.fairway, 'fairways'],
    [turf('tees'), s.fills.tee, 'tees'],
    [turf('greens'), s.fills.green, 'greens'],
    [[...areas('bunkers'), ...areas('waste')].filter((f) => shownWithSubject(p, f)), s.fills.bunker, 'bunkers'],
    [areas('parking'), s.fills.parking, 'parking'],
  ];
  for (const [features, color, key] of layers) {
    const draw = (target: SKRSContext2D) => {
      fill(features, color, target);
      outline(features, key, target);
    };
    // woods end cleanly at a feathered perimeter instead of fading into ghosts (woods-edge.ts)
    // the sketch's second, nudged line reaches about a quarter of the line width beyond the first
    if (key === 'trees' && features.length) paintWoodsLayer(ctx, p, features, 1.5 * s.outline.width * k, draw);
    else draw(ctx);
  }

  const paths = [...scene.layer('roads'), ...scene.layer('cart-paths')].filter((f) => isLine(f) && keepColoredPencilPath(f, p.style.overtureSegments));
  if (paths.length && s.paths.width > 0) {
    paintPathsBelowSurfaces(ctx, p, (layer) => {
      traceFeatures(layer, p, paths, false);
      layer.strokeStyle = s.paths.color;
      layer.lineWidth = (s.paths.width * k) / scene.pixelsPerMeter;
      layer.lineCap = 'round';
      layer.lineJoin = 'round';
      layer.stroke();
    });
  }
  const buildings = areas('buildings');
  fill(buildings, s.fills.buildings);
  outline(buildings, 'buildings');

  if (!p.perimeterDeferred) paintColoredPencilTrees(ctx, p, scene.layer('trees').filter(isPoint));
}

export function paintColoredPencilTrees(ctx: SKRSContext2D, p: PaintContext, trees: readonly CourseFeature[]): void {
  if (trees.length) {
    const { scene } = p;
    const s = coloredPencilStyling(p);
    const k = p.pixelScale;
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    const r = Math.max(2, 4.5 * scene.pixelsPerMeter);
    ctx.beginPath();
    for (const f of trees) {
      const [x, y] = scene.transform.metersToPixels(scene.meters(f)[0][0]);
      ctx.moveTo(x + r, y);
      ctx.arc(x, y, r, 0, Math.PI * 2);
    }
    ctx.fillStyle = s.fills.trees;
    ctx.fill();
    ctx.strokeStyle = s.outline.color;
    ctx.lineWidth = s.outline.width * k * 0.7;
    ctx.globalAlpha = 0.8;
    ctx.stroke();
    ctx.restore();
  }
}
