/**
 * The putting-surface components (Graphics rule 13): the elevation heatmap as a PNG over the
 * green's pixel box and the downhill arrows as arrow instructions, both through the artifact's
 * own camera.
 */
import { findHoleGreen, type Hole } from '@caddie/catalog';
import { createCanvas } from '@napi-rs/canvas';
import type { MultiPolygon, Polygon } from 'geojson';
import { buildPuttingSurface, downhillArrowSegments, GreenDataError, paintElevationHeatmap, type PuttingSurface } from '../green-data';
import { OverlayDataMissingError } from '@caddie/styles';
import { px, round2, type OverlayInstruction } from './overlay-instructions';
import type { OverlayItemOf } from '@caddie/styles';
import type { OverlayScene } from './overlay-scene';
import type { ComponentResolution } from './component-resolution';

/** One surface per scene and hole: the heatmap and the arrows of a request share it. */
const SURFACES = new WeakMap<OverlayScene, Map<number, PuttingSurface>>();

function puttingSurface(scene: OverlayScene, hole: Hole): PuttingSurface {
  let byHole = SURFACES.get(scene);
  if (!byHole) SURFACES.set(scene, (byHole = new Map()));
  const cached = byHole.get(hole.number);
  if (cached) return cached;
  const green = findHoleGreen(scene.course, hole);
  if (!green) throw new OverlayDataMissingError('green-missing', `hole ${hole.number} has no mapped green polygon`);
  const grid = scene.course.elevation.greens[String(hole.number)];
  if (!grid) throw new OverlayDataMissingError('green-elevation-missing', `hole ${hole.number} has no putting-surface elevation`);
  try {
    const surface = buildPuttingSurface(green.geometry as Polygon | MultiPolygon, grid);
    byHole.set(hole.number, surface);
    return surface;
  } catch (error) {
    if (error instanceof GreenDataError) {
      throw new OverlayDataMissingError(error.code === 'green-polygon-invalid' ? 'green-missing' : error.code, error.message);
    }
    throw error;
  }
}

export function resolveGreenElevationHeatmap(item: OverlayItemOf<'green-elevation-heatmap'>, scene: OverlayScene): ComponentResolution {
  const surface = puttingSurface(scene, scene.hole());
  const outline = surface.greenRings.flat().map((p) => scene.project(p));
  // whole pixels covering the green, cut to the image
  const x0 = Math.max(0, Math.floor(Math.min(...outline.map((p) => p[0]))));
  const y0 = Math.max(0, Math.floor(Math.min(...outline.map((p) => p[1]))));
  const x1 = Math.min(scene.width, Math.ceil(Math.max(...outline.map((p) => p[0]))));
  const y1 = Math.min(scene.height, Math.ceil(Math.max(...outline.map((p) => p[1]))));
  const presentation = { style: item.style, colors: { low: 'transparent blue', high: 'transparent red', dominant: 'transparent' } };
  if (x1 <= x0 || y1 <= y0) return { presentation, instructions: [] };

  const box = { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
  scene.cost.chargeRaster(box.width, box.height);
  const canvas = createCanvas(box.width, box.height);
  const project = (lon: number, lat: number): [number, number] => {
    const [x, y] = scene.project([lon, lat]);
    return [x - box.x, y - box.y];
  };
  paintElevationHeatmap(canvas.getContext('2d'), surface, project, { opacity: item.style.opacity, backdrop: 'transparent' });
  const png = canvas.toBuffer('image/png');
  return { presentation, instructions: [{ kind: 'raster', box, contentType: 'image/png', dataBase64: png.toString('base64') }] };
}

export function resolveGreenDownhillArrows(item: OverlayItemOf<'green-downhill-arrows'>, scene: OverlayScene): ComponentResolution {
  const surface = puttingSurface(scene, scene.hole());
  const segments = downhillArrowSegments(surface, (lon, lat) => scene.project([lon, lat]), {
    layout: item.layout,
    density: item.density,
    pixelsPerMeter: scene.pixelsPerMeter,
    pixelsPerMm: scene.sizes.mm(1),
  });
  const fill = { color: item.style.color, opacity: item.style.opacity };
  const instructions: OverlayInstruction[] = segments.map((segment) => ({
    kind: 'arrow',
    tail: px(segment.tail),
    tip: px(segment.tip),
    shaftWidthPixels: round2(segment.shaftWidth),
    headLengthPixels: round2(segment.headLength),
    headWidthPixels: round2(segment.headWidth),
    fill,
  }));
  return {
    presentation: { layout: item.layout, density: item.density, style: item.style, meaning: 'local downhill direction, not a putt path' },
    instructions,
  };
}
