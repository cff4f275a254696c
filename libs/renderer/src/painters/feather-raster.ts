/**
 * The soft perimeter mask is a small raster that the output samples bilinearly (texel centres
 * spread over the output). Reading it as cells between four texel centres lets the pipeline
 * work on regions instead of full-size rasters: cells whose corners are all opaque leave the
 * artwork untouched, all transparent ones clear it, and only the band of mixed cells needs the
 * upscaled mask. A level line (the woods cut at the feather's midline) is traced cell by cell
 * as a path, so it is as sharp as an anti-aliased fill at any output size.
 */
import { Path2D } from '@napi-rs/canvas';

export interface FeatherRaster {
  /** mask pixels as read, RGBA, mw x mh, row-major (alpha at 4 i + 3) */
  rgba: Uint8ClampedArray;
  mw: number;
  mh: number;
  /** output size the mask is drawn at */
  width: number;
  height: number;
}

/** A rectangle of the output, pixels. */
export interface PixelWindow {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Cells (-2..n) whose span meets output pixels from..to along an axis of `size` pixels and `n` texels. */
function cellSpan(from: number, to: number, size: number, n: number): [number, number] {
  const first = Math.floor((from * n) / size - 0.5) - 1;
  const last = Math.ceil((to * n) / size - 0.5) + 1;
  return [Math.max(-2, first), Math.min(n, last)];
}

export interface FeatherBands {
  /** whole-pixel rectangles where the mask is 0 everywhere */
  clear: Path2D;
  /** whole-pixel rectangles holding every pixel whose mask value may lie between 0 and 1 */
  partial: Path2D;
  /** false when nothing of the mask is partial or clear (nothing to apply) */
  any: boolean;
}

/** Mask value at texel (i, j), clamped at the edges like bilinear sampling of the raster. */
function texel(r: FeatherRaster, i: number, j: number): number {
  const u = i < 0 ? 0 : i >= r.mw ? r.mw - 1 : i;
  const v = j < 0 ? 0 : j >= r.mh ? r.mh - 1 : j;
  return r.rgba[(v * r.mw + u) * 4 + 3];
}

/** Output coordinate of texel centre i (x) or j (y). */
const texelX = (r: FeatherRaster, i: number) => ((i + 0.5) * r.width) / r.mw;
const texelY = (r: FeatherRaster, j: number) => ((j + 0.5) * r.height) / r.mh;

/**
 * Cells -1..mw-1 by -1..mh-1 span the whole output (the outer half-texel margins sample the clamped
 * edge). Each cell is classified by its four corners; runs of one class in a row become one rectangle.
 * Cell borders are rounded to whole pixels, which gives every pixel to the cell holding its centre,
 * the one whose corners its bilinear sample reads: the rectangles tile the output exactly.
 */
export function featherBands(r: FeatherRaster): FeatherBands {
  const clear = new Path2D();
  const partial = new Path2D();
  let any = false;
  // alpha with a one-texel clamped margin on every side, so cells -1..mw-1 read it directly
  const gw = r.mw + 2;
  const grid = new Uint8Array(gw * (r.mh + 2));
  for (let j = -1; j <= r.mh; j++) for (let i = -1; i <= r.mw; i++) grid[(j + 1) * gw + i + 1] = texel(r, i, j);
  // where cell i (j) begins, in whole pixels: the margin cells start at the output's edge
  const xAt = (i: number) => (i < 0 ? 0 : i >= r.mw ? r.width : Math.round(texelX(r, i)));
  const yAt = (j: number) => (j < 0 ? 0 : j >= r.mh ? r.height : Math.round(texelY(r, j)));
  for (let j = -1; j < r.mh; j++) {
    const y0 = yAt(j);
    const y1 = yAt(j + 1);
    if (y1 <= y0) continue;
    const top = (j + 1) * gw;
    const bottom = top + gw;
    let start = -1;
    let kind = -1;
    for (let i = -1; i <= r.mw; i++) {
      let next = -1;
      if (i < r.mw) {
        const a = grid[top + i + 1];
        const b = grid[top + i + 2];
        const c = grid[bottom + i + 1];
        const d = grid[bottom + i + 2];
        // 1: opaque, 0: clear, 2: partial
        next = (a & b & c & d) === 255 ? 1 : (a | b | c | d) === 0 ? 0 : 2;
      }
      if (next === kind) continue;
      if (kind === 0 || kind === 2) {
        const x0 = xAt(start);
        const x1 = xAt(i);
        if (x1 > x0) {
          (kind === 2 ? partial : clear).rect(x0, y0, x1 - x0, y1 - y0);
          any = true;
        }
      }
      start = i;
      kind = next;
    }
  }
  return { clear, partial, any };
}

/**
 * The region where the bilinearly upscaled mask is at least `level` (0..255): one clockwise
 * polygon per cell (full cells merged into row runs), so the cells fill as one region with the
 * nonzero rule and never overlap (so even-odd against an enclosing rectangle gives the rest).
 * Along each cell edge the crossing is interpolated linearly, as bilinear sampling does.
 */
export function featherLevelRegion(r: FeatherRaster, level: number, window?: PixelWindow): Path2D {
  const path = new Path2D();
  // texels -2..mw+1: the clamped margin, then a ring of zeros that closes every region off the output
  const gw = r.mw + 4;
  const gh = r.mh + 4;
  const grid = new Float32Array(gw * gh);
  for (let j = -1; j <= r.mh; j++) for (let i = -1; i <= r.mw; i++) grid[(j + 2) * gw + i + 2] = texel(r, i, j);
  const xs = (i: number) => texelX(r, i);
  const ys = (j: number) => texelY(r, j);
  const points: number[] = [];
  const corner = (i: number, j: number) => points.push(xs(i), ys(j));
  const crossing = (i0: number, j0: number, v0: number, i1: number, j1: number, v1: number) => {
    const t = (level - v0) / (v1 - v0);
    points.push(xs(i0 + (i1 - i0) * t), ys(j0 + (j1 - j0) * t));
  };
  const emit = () => {
    if (points.length >= 6) {
      path.moveTo(points[0], points[1]);
      for (let k = 2; k < points.length; k += 2) path.lineTo(points[k], points[k + 1]);
      path.closePath();
    }
    points.length = 0;
  };
  // only the cells that meet the window (whole output by default)
  const [iFirst, iLast] = window ? cellSpan(window.x0, window.x1, r.width, r.mw) : [-2, r.mw];
  const [jFirst, jLast] = window ? cellSpan(window.y0, window.y1, r.height, r.mh) : [-2, r.mh];
  for (let j = jFirst; j <= jLast; j++) {
    let runStart = Number.NaN;
    const row = (j + 2) * gw + 2;
    for (let i = iFirst; i <= iLast; i++) {
      const a = grid[row + i];
      const b = grid[row + i + 1];
      const c = grid[row + gw + i + 1];
      const d = grid[row + gw + i];
      const ia = a >= level;
      const ib = b >= level;
      const ic = c >= level;
      const id = d >= level;
      if (ia && ib && ic && id) {
        if (Number.isNaN(runStart)) runStart = i;
        continue;
      }
      if (!Number.isNaN(runStart)) {
        path.rect(xs(runStart), ys(j), xs(i) - xs(runStart), ys(j + 1) - ys(j));
        runStart = Number.NaN;
      }
      if (!ia && !ib && !ic && !id) continue;
      // corners clockwise: a (i, j), b (i+1, j), c (i+1, j+1), d (i, j+1)
      if (ia && ic && !ib && !id && (a + b + c + d) / 4 < level) {
        // a saddle whose centre is outside keeps its two inside corners apart
        crossing(i, j + 1, d, i, j, a);
        corner(i, j);
        crossing(i, j, a, i + 1, j, b);
        emit();
        crossing(i + 1, j, b, i + 1, j + 1, c);
        corner(i + 1, j + 1);
        crossing(i + 1, j + 1, c, i, j + 1, d);
        emit();
        continue;
      }
      if (ib && id && !ia && !ic && (a + b + c + d) / 4 < level) {
        crossing(i, j, a, i + 1, j, b);
        corner(i + 1, j);
        crossing(i + 1, j, b, i + 1, j + 1, c);
        emit();
        crossing(i + 1, j + 1, c, i, j + 1, d);
        corner(i, j + 1);
        crossing(i, j + 1, d, i, j, a);
        emit();
        continue;
      }
      if (ia) corner(i, j);
      if (ia !== ib) crossing(i, j, a, i + 1, j, b);
      if (ib) corner(i + 1, j);
      if (ib !== ic) crossing(i + 1, j, b, i + 1, j + 1, c);
      if (ic) corner(i + 1, j + 1);
      if (ic !== id) crossing(i + 1, j + 1, c, i, j + 1, d);
      if (id) corner(i, j + 1);
      if (id !== ia) crossing(i, j + 1, d, i, j, a);
      emit();
    }
    if (!Number.isNaN(runStart)) path.rect(xs(runStart), ys(j), xs(iLast + 1) - xs(runStart), ys(j + 1) - ys(j));
  }
  return path;
}
