/**
 * Paper-space layers derived from the ground elevation grid: hillshade, elevation washes and
 * contour lines. Each is computed at the grid's own resolution (a few metres), never per output
 * pixel, and drawn through the view transform with bilinear smoothing, so cost does not grow
 * with the output size.
 */
import type { ElevationGrid } from '@caddie/catalog';
import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { ViewScene } from '../render/view-scene';

const LIGHT_AZIMUTH = (315 * Math.PI) / 180;
const LIGHT_ALTITUDE = (45 * Math.PI) / 180;
/** vertical exaggeration of the shading relief at intensity 2.2 */
const SHADE_EXAGGERATION = 3;
/** strongest alpha one shading pixel reaches at the default intensity */
const SHADE_GAIN = 0.55;
const DEFAULT_INTENSITY = 2.2;

interface GridWindow {
  grid: ElevationGrid;
  col0: number;
  row0: number;
  cols: number;
  rows: number;
}

/** The part of the grid inside the view (plus one cell), or null when they do not meet. */
function gridWindow(grid: ElevationGrid, scene: ViewScene): GridWindow | null {
  const [w, s, e, n] = scene.viewBBox;
  const cw = (grid.east - grid.west) / grid.width;
  const ch = (grid.north - grid.south) / grid.height;
  const col0 = Math.max(0, Math.floor((w - grid.west) / cw) - 1);
  const col1 = Math.min(grid.width, Math.ceil((e - grid.west) / cw) + 1);
  const row0 = Math.max(0, Math.floor((grid.north - n) / ch) - 1);
  const row1 = Math.min(grid.height, Math.ceil((grid.north - s) / ch) + 1);
  if (col1 - col0 < 2 || row1 - row0 < 2) return null;
  return { grid, col0, row0, cols: col1 - col0, rows: row1 - row0 };
}

/** Sets the transform that maps window cell (col,row) edges to output pixels. */
function useGridSpace(ctx: SKRSContext2D, scene: ViewScene, win: GridWindow): void {
  const { grid } = win;
  const cwDeg = (grid.east - grid.west) / grid.width;
  const chDeg = (grid.north - grid.south) / grid.height;
  const nw = scene.transform.toMeters([grid.west + win.col0 * cwDeg, grid.north - win.row0 * chDeg]);
  const proj = scene.transform.projection;
  scene.useMeters(ctx);
  ctx.transform(cwDeg * proj.lonScale, 0, 0, -chDeg * proj.latScale, nw[0], nw[1]);
}

function windowValue(win: GridWindow, col: number, row: number): number | null {
  const c = Math.min(Math.max(col, 0), win.grid.width - 1);
  const r = Math.min(Math.max(row, 0), win.grid.height - 1);
  return win.grid.values[r * win.grid.width + c];
}

function drawWindowImage(ctx: SKRSContext2D, scene: ViewScene, win: GridWindow, image: Canvas): void {
  ctx.save();
  useGridSpace(ctx, scene, win);
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'low';
  ctx.drawImage(image, 0, 0);
  ctx.restore();
}

/** Hillshade: shadows darken and lit slopes lighten; strength scales linearly with intensity. */
export function paintHillshade(ctx: SKRSContext2D, scene: ViewScene, grid: ElevationGrid, intensity: number): void {
  const win = gridWindow(grid, scene);
  if (!win || intensity <= 0) return;
  const proj = scene.transform.projection;
  const cellX = ((grid.east - grid.west) / grid.width) * proj.lonScale;
  const cellY = ((grid.north - grid.south) / grid.height) * proj.latScale;
  const image = createCanvas(win.cols, win.rows);
  const ictx = image.getContext('2d');
  const data = ictx.createImageData(win.cols, win.rows);
  const px = data.data;
  const flat = Math.sin(LIGHT_ALTITUDE);
  const gain = SHADE_GAIN * (intensity / DEFAULT_INTENSITY);
  const lx = Math.cos(LIGHT_ALTITUDE) * Math.sin(LIGHT_AZIMUTH);
  const ly = Math.cos(LIGHT_ALTITUDE) * Math.cos(LIGHT_AZIMUTH);
  const lz = flat;
  for (let r = 0; r < win.rows; r++) {
    for (let c = 0; c < win.cols; c++) {
      const col = win.col0 + c;
      const row = win.row0 + r;
      const z = windowValue(win, col, row);
      if (z === null) continue;
      const zl = windowValue(win, col - 1, row) ?? z;
      const zr = windowValue(win, col + 1, row) ?? z;
      const zu = windowValue(win, col, row - 1) ?? z;
      const zd = windowValue(win, col, row + 1) ?? z;
      const dzdx = ((zr - zl) / (2 * cellX)) * SHADE_EXAGGERATION;
      const dzdy = ((zu - zd) / (2 * cellY)) * SHADE_EXAGGERATION; // north positive
      const norm = Math.sqrt(dzdx * dzdx + dzdy * dzdy + 1);
      const shade = (-dzdx * lx - dzdy * ly + lz) / norm;
      const delta = (shade - flat) * gain * 2.2;
      const i = (r * win.cols + c) * 4;
      const a = Math.min(0.85, Math.abs(delta));
      const v = delta < 0 ? 20 : 255;
      px[i] = v;
      px[i + 1] = delta < 0 ? 30 : 252;
      px[i + 2] = delta < 0 ? 10 : 235;
      px[i + 3] = Math.round(a * 255);
    }
  }
  ictx.putImageData(data, 0, 0);
  drawWindowImage(ctx, scene, win, image);
}

/** Washes: a soft tint by relative elevation, cool low ground and warm high ground. */
export function paintElevationWashes(ctx: SKRSContext2D, scene: ViewScene, grid: ElevationGrid): void {
  const win = gridWindow(grid, scene);
  if (!win) return;
  let lo = Infinity;
  let hi = -Infinity;
  for (let r = 0; r < win.rows; r++) {
    for (let c = 0; c < win.cols; c++) {
      const z = windowValue(win, win.col0 + c, win.row0 + r);
      if (z === null) continue;
      if (z < lo) lo = z;
      if (z > hi) hi = z;
    }
  }
  if (!(hi - lo > 0.5)) return;
  const image = createCanvas(win.cols, win.rows);
  const ictx = image.getContext('2d');
  const data = ictx.createImageData(win.cols, win.rows);
  for (let r = 0; r < win.rows; r++) {
    for (let c = 0; c < win.cols; c++) {
      const z = windowValue(win, win.col0 + c, win.row0 + r);
      if (z === null) continue;
      const t = (z - lo) / (hi - lo);
      const i = (r * win.cols + c) * 4;
      data.data[i] = Math.round(70 + 150 * t);
      data.data[i + 1] = Math.round(120 + 40 * t);
      data.data[i + 2] = Math.round(200 - 140 * t);
      data.data[i + 3] = Math.round(255 * 0.16 * Math.abs(t - 0.5) * 2);
    }
  }
  ictx.putImageData(data, 0, 0);
  drawWindowImage(ctx, scene, win, image);
}

/** Contour interval in metres: about 12 lines across the relief in view, at least 0.5 m. */
export function contourInterval(range: number): number {
  const steps = [0.5, 1, 2, 2.5, 5, 10, 20, 25, 50];
  return steps.find((s) => range / s <= 14) ?? 100;
}

/** Contour lines by marching squares over the grid cells in view. */
export function paintContours(ctx: SKRSContext2D, scene: ViewScene, grid: ElevationGrid, color: string, widthPx: number): void {
  const win = gridWindow(grid, scene);
  if (!win) return;
  let lo = Infinity;
  let hi = -Infinity;
  for (let r = 0; r < win.rows; r++) {
    for (let c = 0; c < win.cols; c++) {
      const z = windowValue(win, win.col0 + c, win.row0 + r);
      if (z !== null && z < lo) lo = z;
      if (z !== null && z > hi) hi = z;
    }
  }
  if (!(hi > lo)) return;
  const step = contourInterval(hi - lo);
  ctx.save();
  useGridSpace(ctx, scene, win);
  ctx.beginPath();
  // sample points are cell centres: window cell (c, r) centre at (c + 0.5, r + 0.5)
  for (let r = 0; r + 1 < win.rows; r++) {
    for (let c = 0; c + 1 < win.cols; c++) {
      const z00 = windowValue(win, win.col0 + c, win.row0 + r);
      const z10 = windowValue(win, win.col0 + c + 1, win.row0 + r);
      const z01 = windowValue(win, win.col0 + c, win.row0 + r + 1);
      const z11 = windowValue(win, win.col0 + c + 1, win.row0 + r + 1);
      if (z00 === null || z10 === null || z01 === null || z11 === null) continue;
      const min = Math.min(z00, z10, z01, z11);
      const max = Math.max(z00, z10, z01, z11);
      for (let level = Math.ceil(min / step) * step; level < max; level += step) {
        const pts: [number, number][] = [];
        const edge = (za: number, zb: number, ax: number, ay: number, bx: number, by: number) => {
          if (za < level !== zb < level) {
            const t = (level - za) / (zb - za);
            pts.push([ax + (bx - ax) * t + 0.5, ay + (by - ay) * t + 0.5]);
          }
        };
        edge(z00, z10, c, r, c + 1, r);
        edge(z10, z11, c + 1, r, c + 1, r + 1);
        edge(z11, z01, c + 1, r + 1, c, r + 1);
        edge(z01, z00, c, r + 1, c, r);
        for (let k = 0; k + 1 < pts.length; k += 2) {
          ctx.moveTo(pts[k][0], pts[k][1]);
          ctx.lineTo(pts[k + 1][0], pts[k + 1][1]);
        }
      }
    }
  }
  ctx.restore();
  // stroke in pixel space so the line width is in output pixels
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.strokeStyle = color;
  ctx.lineWidth = widthPx;
  ctx.lineCap = 'round';
  ctx.stroke();
  ctx.restore();
}
