/** Paper: fill, grain and the graphing grid (screen aligned, spaced in whole metres). */
import type { SKRSContext2D } from '@napi-rs/canvas';
import type { ViewScene } from '../render/view-scene';
import type { PaperColors } from './palettes';
import { speckPattern } from './speck-pattern';
import { MM_PER_INCH } from '../sizing/output-scale';

const GRID_STEPS_METERS = [2, 5, 10, 20, 25, 50, 100, 200, 500];
const MIN_GRID_SPACING_PX = 14;
/** one grain speck per this many square pixels */
const GRAIN_AREA_PX = 160;

export function paintPaperFill(ctx: SKRSContext2D, width: number, height: number, paper: PaperColors): void {
  if (!paper.fill) return;
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = paper.fill;
  ctx.fillRect(0, 0, width, height);
  ctx.restore();
}

/** the largest printed grain speck (the default course graphic's at 300 dpi is 0.15 mm) */
const GRAIN_MAX_MM = 0.16;

/** Paper grain: specks grow with the output but never past GRAIN_MAX_MM printed at `dpi`. */
export function paintPaperGrain(ctx: SKRSContext2D, scene: ViewScene, paper: PaperColors, dpi: number): void {
  const size = Math.max(1, Math.min(Math.min(scene.width, scene.height) / 900, (GRAIN_MAX_MM * dpi) / MM_PER_INCH));
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = speckPattern(ctx, `${scene.seed}:paper-grain`, paper.grain, 1 / GRAIN_AREA_PX, size);
  ctx.fillRect(0, 0, scene.width, scene.height);
  ctx.restore();
}

export function gridSpacingMeters(pixelsPerMeter: number): number {
  return GRID_STEPS_METERS.find((m) => m * pixelsPerMeter >= MIN_GRID_SPACING_PX) ?? 1000;
}

export function paintGraphingGrid(ctx: SKRSContext2D, scene: ViewScene, paper: PaperColors): void {
  const { width, height } = scene;
  const spacing = gridSpacingMeters(scene.pixelsPerMeter) * scene.pixelsPerMeter;
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.strokeStyle = paper.grid;
  ctx.lineWidth = Math.max(1, Math.min(width, height) / 1400);
  ctx.beginPath();
  // centred so the grid is symmetric about the image centre
  const x0 = (width / 2) % spacing;
  const y0 = (height / 2) % spacing;
  for (let x = x0; x <= width; x += spacing) {
    ctx.moveTo(x, 0);
    ctx.lineTo(x, height);
  }
  for (let y = y0; y <= height; y += spacing) {
    ctx.moveTo(0, y);
    ctx.lineTo(width, y);
  }
  ctx.stroke();
  ctx.restore();
}
