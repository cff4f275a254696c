/**
 * Traditional style: turf on a shaded, flecked rough, mowing patterns in metres, fringes and
 * first cut, water, bunkers, trees, paths and roofs, then paper-context lines. Paints the
 * artwork layer only; paper and the perimeter mask are the pipeline's.
 */
import type { CourseFeature } from '@caddie/catalog';
import { feetToMeters } from '@caddie/geometry';
import type { SKRSContext2D } from '@napi-rs/canvas';
import { isArea, isLine, isPoint } from '../render/view-scene';
import { paintContours, paintElevationWashes, paintHillshade } from './elevation-layers';
import { paintNearbyTurf, shownWithSubject } from './nearby-holes';
import { paintPathsBelowSurfaces } from './path-clearance';
import { paintWoodsLayer } from './woods-edge';
// even-odd containment, the same rule for a course boundary as for a green
import { insideGreen } from '../green-data/green-outline';
import { HOLE_VIEWS, nearbyMode, withMeters, type PaintContext } from './paint-context';
import { BUNKER_COLORS, CONTOUR_COLOR, EDGE_INK, greeneryPalette, ROAD_COLORS, ROOF_COLORS, WATER_COLORS, type GreeneryPalette } from './palettes';
import { keepTraditionalSegment, isHousing, segmentClass, segmentWidthMeters } from './segment-classes';
import { speckPattern, speckPatternPhase } from './speck-pattern';
import { fairwayPatternSpec, paintPattern, TEE_BAND_METERS } from './turf-patterns';

const FIRST_CUT_METERS = feetToMeters(6);
const FRINGE_METERS = feetToMeters(3);
const STRIPE_LIGHT = 'rgba(255,255,240,0.16)';
const CHECK_LIGHT = 'rgba(255,255,240,0.10)';
const TREE_CROWN_METERS = 4.5;
const CART_PATH_METERS = 2.4;
/** fleck specks per square pixel of artwork */
const FLECK_DENSITY = 1 / 70;

export function paintTraditional(ctx: SKRSContext2D, p: PaintContext): void {
  const { scene, style } = p;
  const palette = greeneryPalette(style.greenery);
  const W = scene.width;
  const H = scene.height;

  // rough everywhere the perimeter will keep
  ctx.save();
  ctx.globalAlpha = style.roughOpacity ?? 1;
  ctx.fillStyle = palette.rough;
  ctx.fillRect(0, 0, W, H);
  ctx.restore();

  const holeView = HOLE_VIEWS.includes(p.subject);
  if (holeView && style.context?.washes && p.ground) paintElevationWashes(ctx, scene, p.ground);
  if (style.terrainTexture !== false) paintFlecks(ctx, p, palette.fleck, 'rough-flecks', 0.35);

  paintWoods(ctx, p, palette);
  paintWater(ctx, p);
  paintTurf(ctx, p, palette);
  paintBunkers(ctx, p);
  if (p.ground && (style.terrainIntensity ?? 0) > 0) paintHillshade(ctx, scene, p.ground, style.terrainIntensity ?? 0);
  if (holeView && style.context?.contours && p.ground) paintContours(ctx, scene, p.ground, CONTOUR_COLOR, Math.max(0.75, p.pixelScale * 1.1));
  paintSurfaces(ctx, p);
  // under a perimeter, trees are laid on after the mask, whole or not at all (above-perimeter.ts)
  if (!p.perimeterDeferred) paintTraditionalTrees(ctx, p, p.scene.layer('trees').filter(isPoint));
  if (style.context?.edges) paintEdges(ctx, p);
}

function paintFlecks(ctx: SKRSContext2D, p: PaintContext, color: string, key: string, alpha: number, within?: CourseFeature[]): void {
  const { scene } = p;
  // above the default size the texture grows with the output (same specks per square metre),
  // up to the size it prints at from the default graphic (OutputScale.textureFactor)
  const k = p.sizes.textureFactor;
  const size = Math.max(1, Math.min(3 * k, 0.35 * scene.pixelsPerMeter));
  ctx.save();
  ctx.globalAlpha = alpha;
  ctx.fillStyle = speckPattern(ctx, `${scene.seed}:${key}`, color, FLECK_DENSITY / (k * k), size);
  // the pattern repeats in pixel space from the texture origin (the canvas corner unless offset)
  const [ox, oy] = speckPatternPhase(scene.textureOffset);
  if (within) {
    scene.useMeters(ctx);
    ctx.beginPath();
    for (const f of within) scene.trace(ctx, f);
    // the pattern lives in pixel space; the path was added under the metre transform
    ctx.setTransform(1, 0, 0, 1, -ox, -oy);
    ctx.fill('evenodd');
  } else {
    ctx.setTransform(1, 0, 0, 1, -ox, -oy);
    ctx.fillRect(ox, oy, scene.width, scene.height);
  }
  ctx.restore();
}

function fillFeatures(ctx: SKRSContext2D, p: PaintContext, features: CourseFeature[], fill: string, edge?: { color: string; widthMeters: number }): void {
  if (!features.length) return;
  withMeters(ctx, p, () => {
    ctx.beginPath();
    for (const f of features) p.scene.trace(ctx, f);
    if (edge) {
      ctx.strokeStyle = edge.color;
      ctx.lineWidth = edge.widthMeters;
      ctx.lineJoin = 'round';
      ctx.stroke();
    }
    ctx.fillStyle = fill;
    ctx.fill('evenodd');
  });
}

function paintWoods(ctx: SKRSContext2D, p: PaintContext, palette: GreeneryPalette): void {
  const woods = p.scene.layer('trees').filter(isArea);
  if (!woods.length) return;
  const crownEdgeMeters = 6;
  paintWoodsLayer(ctx, p, woods, crownEdgeMeters * p.scene.pixelsPerMeter, (layer) => {
    fillFeatures(layer, p, woods, palette.forestFloor, { color: palette.crown, widthMeters: crownEdgeMeters });
    // canopy texture: crown-coloured specks inside the woods
    paintFlecks(layer, p, palette.crown, 'woods-flecks', 0.5, woods);
  });
}

function paintWater(ctx: SKRSContext2D, p: PaintContext): void {
  const colors = WATER_COLORS[p.style.waterTreatment ?? 'medium'] ?? WATER_COLORS.medium;
  fillFeatures(ctx, p, p.scene.layer('water').filter(isArea), colors.fill, { color: colors.edge, widthMeters: 1.6 });
  const lines = p.scene.layer('water').filter(isLine);
  if (lines.length) {
    withMeters(ctx, p, () => {
      ctx.beginPath();
      for (const f of lines) p.scene.trace(ctx, f, false);
      ctx.strokeStyle = colors.fill;
      ctx.lineWidth = 3;
      ctx.lineCap = 'round';
      ctx.stroke();
    });
  }
}

function paintTurf(ctx: SKRSContext2D, p: PaintContext, palette: GreeneryPalette): void {
  const mode = nearbyMode(p);
  const own = (f: CourseFeature) => isArea(f) && (mode === 'detailed' || p.scene.onSubject(f));
  const fairways = p.scene.layer('fairways').filter(own);
  const tees = p.scene.layer('tees').filter(own);
  const greens = p.scene.layer('greens').filter(own);
  if (!p.perimeterDeferred) paintNearbyTurf(ctx, p, mode);

  // first cut under the fairway, fringe under greens and tees: outer strokes that the fills cover inside
  fillFeatures(ctx, p, fairways, palette.fairway, { color: palette.firstCut, widthMeters: 2 * FIRST_CUT_METERS });
  const spec = fairwayPatternSpec(p.style.fairwayPattern);
  for (const f of fairways)
    paintFeaturePattern(ctx, p, f, (radius, center, play) =>
      paintPattern(ctx, spec, center, play, radius, spec.kind === 'checks' ? CHECK_LIGHT : STRIPE_LIGHT),
    );

  fillFeatures(ctx, p, tees, palette.tee, { color: palette.fringe, widthMeters: 2 * FRINGE_METERS });
  const teeBand = TEE_BAND_METERS[p.style.teePattern ?? 'plain'];
  if (teeBand)
    for (const f of tees)
      paintFeaturePattern(ctx, p, f, (radius, center, play) => paintPattern(ctx, { kind: 'stripes', bandMeters: teeBand }, center, play, radius, STRIPE_LIGHT));

  fillFeatures(ctx, p, greens, palette.green, { color: palette.fringe, widthMeters: 2 * FRINGE_METERS });
}

function paintFeaturePattern(
  ctx: SKRSContext2D,
  p: PaintContext,
  f: CourseFeature,
  draw: (radius: number, center: [number, number], play: [number, number]) => void,
): void {
  const rings = p.scene.meters(f);
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const ring of rings)
    for (const [x, y] of ring) {
      if (x < minX) minX = x;
      if (y < minY) minY = y;
      if (x > maxX) maxX = x;
      if (y > maxY) maxY = y;
    }
  const radius = Math.hypot(maxX - minX, maxY - minY) / 2 + 1;
  withMeters(ctx, p, () => {
    ctx.beginPath();
    p.scene.trace(ctx, f);
    ctx.clip('evenodd');
    draw(radius, [(minX + maxX) / 2, (minY + maxY) / 2], p.playDirection(f.properties.holeNumbers));
  });
}

function paintBunkers(ctx: SKRSContext2D, p: PaintContext): void {
  const treatment = BUNKER_COLORS[p.style.bunkerTreatment ?? 'classic'] ?? BUNKER_COLORS.classic;
  const bunkers = [...p.scene.layer('bunkers'), ...p.scene.layer('waste')].filter((f) => isArea(f) && shownWithSubject(p, f));
  if (!bunkers.length) return;
  if (treatment.lip) {
    // raised edge: a bright lip outside and a soft shadow toward the light's far side
    withMeters(ctx, p, () => {
      ctx.beginPath();
      for (const f of bunkers) p.scene.trace(ctx, f);
      ctx.strokeStyle = treatment.lip as string;
      ctx.lineWidth = 1.6;
      ctx.lineJoin = 'round';
      ctx.stroke();
    });
    ctx.save();
    ctx.shadowColor = 'rgba(60,50,20,0.35)';
    ctx.shadowBlur = Math.max(1, 0.8 * p.scene.pixelsPerMeter);
    ctx.shadowOffsetX = 0.4 * p.scene.pixelsPerMeter;
    ctx.shadowOffsetY = 0.4 * p.scene.pixelsPerMeter;
    fillFeatures(ctx, p, bunkers, treatment.sand);
    ctx.restore();
    return;
  }
  fillFeatures(ctx, p, bunkers, treatment.sand, treatment.edge ? { color: treatment.edge, widthMeters: 0.9 } : undefined);
  // the fill covered the inner half of the edge; redraw the sand once more inset for a crisp lip
}

function paintSurfaces(ctx: SKRSContext2D, p: PaintContext): void {
  const { scene, style } = p;
  fillFeatures(ctx, p, scene.layer('parking').filter(isArea), ROAD_COLORS.parking, { color: ROAD_COLORS.edge, widthMeters: 0.6 });
  const roads = scene.layer('roads').filter((f) => isLine(f) && keepTraditionalSegment(f, style.overtureSegments));
  paintPathsBelowSurfaces(ctx, p, (layer) =>
    withMeters(layer, p, () => {
      layer.lineCap = 'round';
      layer.lineJoin = 'round';
      const byWidth = new Map<number, CourseFeature[]>();
      for (const f of roads) {
        const w = segmentWidthMeters(segmentClass(f));
        byWidth.set(w, [...(byWidth.get(w) ?? []), f]);
      }
      const widths = [...byWidth.keys()].sort((a, b) => b - a);
      // paper-edge continuation: the road casing, part of the context edges layer
      if (style.context?.edges) {
        for (const w of widths) {
          layer.beginPath();
          for (const f of byWidth.get(w) ?? []) scene.trace(layer, f, false);
          layer.strokeStyle = ROAD_COLORS.edge;
          layer.lineWidth = w + 1;
          layer.stroke();
        }
      }
      for (const w of widths) {
        layer.beginPath();
        for (const f of byWidth.get(w) ?? []) scene.trace(layer, f, false);
        layer.strokeStyle = ROAD_COLORS.surface;
        layer.lineWidth = w;
        layer.stroke();
      }
      const paths = scene.layer('cart-paths').filter(isLine);
      if (paths.length) {
        layer.beginPath();
        for (const f of paths) scene.trace(layer, f, false);
        layer.strokeStyle = ROAD_COLORS.cartEdge;
        layer.lineWidth = CART_PATH_METERS + 0.6;
        layer.stroke();
        layer.strokeStyle = ROAD_COLORS.cartPath;
        layer.lineWidth = CART_PATH_METERS;
        layer.stroke();
      }
    }),
  );
  paintBuildings(ctx, p);
}

function paintBuildings(ctx: SKRSContext2D, p: PaintContext): void {
  const housing = p.style.housing ?? 'mixed';
  const buildings = p.scene.layer('buildings').filter(isArea);
  const roofs = housing === 'none' ? [] : ROOF_COLORS[housing];
  // OSM tags most buildings just `building=yes`: beyond the course they are the neighbourhood's
  // houses, inside the course boundary they are shelters, halfway houses and bridges, which take
  // the neutral structure colour instead of a (bright orange or blue) roof colour
  const boundary = p.scene
    .layer('course-boundary')
    .filter(isArea)
    .flatMap((f) => p.scene.meters(f));
  const onCourse = (f: CourseFeature) => {
    if (!boundary.length || (f.properties.kind ?? 'yes') !== 'yes') return false;
    const ring = p.scene.meters(f)[0] ?? [];
    const [cx, cy] = ring.reduce(([x, y], q) => [x + q[0] / ring.length, y + q[1] / ring.length], [0, 0]);
    return insideGreen(boundary, cx, cy);
  };
  withMeters(ctx, p, () => {
    ctx.lineJoin = 'round';
    for (const f of buildings) {
      const home = isHousing(f) && !onCourse(f);
      if (home && housing === 'none') continue;
      const color = home ? roofs[hashId(f.id) % roofs.length] : '#CFC4B2';
      ctx.beginPath();
      p.scene.trace(ctx, f);
      ctx.save();
      ctx.shadowColor = 'rgba(30,30,20,0.35)';
      ctx.shadowBlur = Math.max(1, p.scene.pixelsPerMeter * 0.8);
      ctx.shadowOffsetX = p.scene.pixelsPerMeter * 0.8;
      ctx.shadowOffsetY = p.scene.pixelsPerMeter * 0.8;
      ctx.fillStyle = color;
      ctx.fill('evenodd');
      ctx.restore();
      if (p.style.context?.edges) {
        ctx.strokeStyle = EDGE_INK;
        ctx.lineWidth = Math.max(0.3, 0.8 / p.scene.pixelsPerMeter);
        ctx.stroke();
      }
    }
  });
}

/** Crown radius of a tree symbol on the ground. */
export const TREE_CROWN_RADIUS_METERS = TREE_CROWN_METERS;

export function paintTraditionalTrees(ctx: SKRSContext2D, p: PaintContext, trees: readonly CourseFeature[]): void {
  if (!trees.length) return;
  const palette = greeneryPalette(p.style.greenery);
  withMeters(ctx, p, () => {
    const centers = trees.map((f) => p.scene.meters(f)[0][0]);
    const ppm = p.scene.pixelsPerMeter;
    // the shade sits down-right of the crown whatever the rotation: offset in pixels
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.beginPath();
    for (const c of centers) {
      const [x, y] = p.scene.transform.metersToPixels(c);
      ctx.moveTo(x + 1.2 * ppm + TREE_CROWN_METERS * ppm, y + 1.2 * ppm);
      ctx.arc(x + 1.2 * ppm, y + 1.2 * ppm, TREE_CROWN_METERS * ppm, 0, Math.PI * 2);
    }
    ctx.fillStyle = palette.crownShade;
    ctx.globalAlpha = 0.55;
    ctx.fill();
    ctx.restore();
    ctx.beginPath();
    for (const [x, y] of centers) {
      ctx.moveTo(x + TREE_CROWN_METERS, y);
      ctx.arc(x, y, TREE_CROWN_METERS, 0, Math.PI * 2);
    }
    ctx.fillStyle = palette.crown;
    ctx.fill();
  });
}

function paintEdges(ctx: SKRSContext2D, p: PaintContext): void {
  const mode = nearbyMode(p);
  const turf = ['fairways', 'greens', 'tees'] as const;
  const features = [
    ...turf.flatMap((l) => p.scene.layer(l)).filter((f) => isArea(f) && (mode === 'detailed' || p.scene.onSubject(f))),
    ...p.scene.layer('bunkers').filter(isArea),
    ...p.scene.layer('water').filter(isArea),
  ];
  withMeters(ctx, p, () => {
    ctx.beginPath();
    for (const f of features) p.scene.trace(ctx, f);
    ctx.strokeStyle = EDGE_INK;
    ctx.lineJoin = 'round';
    ctx.lineWidth = Math.max(0.6, 0.9 * p.pixelScale) / p.scene.pixelsPerMeter;
    ctx.stroke();
  });
}

export function hashId(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}
