/**
 * What is laid on after the perimeter mask: tree symbols whole or not at all (a tree the
 * feathered edge would cut or fade leaves no grey bite, half-disc or ghost sphere: it is either
 * inside or dropped) and, in Traditional, the neighbour holes `nearbyHoles` asks for, which the
 * perimeter would otherwise clip away.
 */
import type { CourseFeature } from '@caddie/catalog';
import type { Canvas, SKRSContext2D } from '@napi-rs/canvas';
import { isPoint } from '../render/view-scene';
import type { FeatherRaster } from './feather-raster';
import { paintColoredPencilTrees } from './colored-pencil-painter';
import { paintNearbyTurf } from './nearby-holes';
import { nearbyMode, type PaintContext } from './paint-context';
import { paintPencilTrees } from './pencil-painter';
import { paintTraditionalTrees, TREE_CROWN_RADIUS_METERS } from './traditional-painter';

/** a tree is kept when the mask keeps at least half of every point of its crown (inside the feather's midline) */
const WHOLE_TREE_COVERAGE = 0.5;
/** Traditional's crown shade sits this far down-right of the crown */
const SHADE_OFFSET_METERS = 1.2;

/** Mask alpha (0..1) at an output pixel, read from the (possibly reduced) mask raster. */
export type MaskCoverage = (x: number, y: number) => number;

export function maskCoverage(mask: Canvas, width: number, height: number): MaskCoverage {
  const data = mask.getContext('2d').getImageData(0, 0, mask.width, mask.height).data;
  const sx = mask.width / width;
  const sy = mask.height / height;
  return (x, y) => {
    const u = Math.floor(x * sx);
    const v = Math.floor(y * sy);
    if (u < 0 || v < 0 || u >= mask.width || v >= mask.height) return 0;
    return data[(v * mask.width + u) * 4 + 3] / 255;
  };
}

/** The same reading from a feathered mask's pixels already read (feather-raster.ts). */
export function rasterCoverage(r: FeatherRaster): MaskCoverage {
  const sx = r.mw / r.width;
  const sy = r.mh / r.height;
  return (x, y) => {
    const u = Math.floor(x * sx);
    const v = Math.floor(y * sy);
    if (u < 0 || v < 0 || u >= r.mw || v >= r.mh) return 0;
    return r.rgba[(v * r.mw + u) * 4 + 3] / 255;
  };
}

/** Trees whose whole crown (and shade) the mask keeps. */
export function wholeTrees(p: PaintContext, coverage: MaskCoverage): CourseFeature[] {
  const ppm = p.scene.pixelsPerMeter;
  const radius = (TREE_CROWN_RADIUS_METERS + SHADE_OFFSET_METERS) * ppm;
  const samples = 12;
  return p.scene
    .layer('trees')
    .filter(isPoint)
    .filter((f) => {
      const [x, y] = p.scene.transform.metersToPixels(p.scene.meters(f)[0][0]);
      if (coverage(x, y) < WHOLE_TREE_COVERAGE) return false;
      for (let i = 0; i < samples; i++) {
        const a = (2 * Math.PI * i) / samples;
        if (coverage(x + Math.cos(a) * radius, y + Math.sin(a) * radius) < WHOLE_TREE_COVERAGE) return false;
      }
      return true;
    });
}

export function paintAbovePerimeter(ctx: SKRSContext2D, p: PaintContext, coverage: MaskCoverage): void {
  const trees = wholeTrees(p, coverage);
  if (p.style.graphicStyle === 'pencil') paintPencilTrees(ctx, p, trees);
  else if (p.style.graphicStyle === 'colored-pencil') paintColoredPencilTrees(ctx, p, trees);
  else {
    paintNearbyTurf(ctx, p, nearbyMode(p));
    paintTraditionalTrees(ctx, p, trees);
  }
}
