import type { CellRaster } from '../provider';
import { percentile8 } from '../raster-ops';
import type { CellBox } from './cell-ink';

// Module-level aliases: global lookups are slow inside Jest's VM contexts, and these run per pixel.
const { abs, ceil, cos, floor, hypot, max, min, PI, round, sin } = Math;

/** A straight line across the crop: the points where x cos(angle) + y sin(angle) = rho. */
export interface FoldLine {
  angle: number;
  rho: number;
  /** Half the width of the line's marks, pixels. */
  halfWidth: number;
  /** How dark the line is where nothing else is (grey levels under the paper). */
  darkness: number;
  /** Positions along the line inside the cell and in the crop's margin past the border. */
  insideLength: number;
  outsideLength: number;
}

/** Angles tried, over half a turn (1.5 degrees apart: a 100 px line drifts 2.6 px over its length). */
const ANGLE_STEPS = 120;
/** Pixels within this of a printed border line's centre are the line's, not a fold's. */
const BORDER_BAND = 3;
/** A line position counts as marked when a mark lies within this many pixels across it. */
const ACROSS_REACH = 2;
/**
 * Share of a line's positions inside the cell, and of those in the crop's margin beyond the
 * border on each side, that must be marked for a fold. Handwriting stays inside its cell (a
 * stroke run past the border stops within a few pixels); a fold or crease continues straight
 * across the border lines and past them on both sides, as it crosses the whole card.
 */
const INSIDE_COVERAGE = 0.7;
const OUTSIDE_COVERAGE = 0.6;
/** Positions past the border a side needs for its marks to count. */
const MIN_END_POSITIONS = 3;
/**
 * Marks along a line reaching further than this across it (pixels, either side) are no fold:
 * a fold's shade is up to about 2 mm wide at 8 px per mm, its crease a fraction of that.
 */
const MAX_HALF_WIDTH = 16;
/** Folds looked for per cell (a crease and the edge of its shade, or two creases). */
const MAX_FOLDS = 3;

/**
 * Long straight features that cross the cell and continue past its border on both sides: a
 * fold's crease, the edge of its shade, a crease line. `marks` is 1 where something is darker
 * than the paper around it (ink or a faint mark), over the whole crop; what lies along the
 * printed border lines is not looked at. Each line found is measured on the image: its width
 * and its darkness where no other mark is.
 */
export function findFolds(image: CellRaster, marks: Uint8Array, box: CellBox): FoldLine[] {
  const { width, height, data } = image;
  const onBorder = (x: number, y: number) =>
    abs(x - box.left) <= BORDER_BAND || abs(x - box.right) <= BORDER_BAND || abs(y - box.top) <= BORDER_BAND || abs(y - box.bottom) <= BORDER_BAND;
  const points: number[] = [];
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (marks[y * width + x] && !onBorder(x, y)) points.push(y * width + x);
  if (points.length < min(box.right - box.left, box.bottom - box.top)) return [];
  const diagonal = ceil(hypot(width, height));
  const cosines = Float64Array.from({ length: ANGLE_STEPS }, (_, k) => cos((k * PI) / ANGLE_STEPS));
  const sines = Float64Array.from({ length: ANGLE_STEPS }, (_, k) => sin((k * PI) / ANGLE_STEPS));
  const paper = percentile8(data, 0.6);
  const folds: FoldLine[] = [];
  let remaining = points;
  for (let attempt = 0; attempt < MAX_FOLDS + 2 && folds.length < MAX_FOLDS; attempt++) {
    const votes = new Int32Array(ANGLE_STEPS * (2 * diagonal + 1));
    for (const i of remaining) {
      const x = i % width;
      const y = (i - x) / width;
      for (let k = 0; k < ANGLE_STEPS; k++) votes[k * (2 * diagonal + 1) + round(x * cosines[k] + y * sines[k]) + diagonal]++;
    }
    let best = 0;
    for (let v = 1; v < votes.length; v++) if (votes[v] > votes[best]) best = v;
    const k = floor(best / (2 * diagonal + 1));
    const line = { angle: (k * PI) / ANGLE_STEPS, rho: (best % (2 * diagonal + 1)) - diagonal };
    if (votes[best] < 0.5 * min(box.right - box.left, box.bottom - box.top)) break;
    const fold = confirmFold(line, marks, data, width, height, box, onBorder, paper);
    // Whether confirmed or not, the peak's points are not tried again.
    const distance = (i: number) => abs((i % width) * cos(line.angle) + floor(i / width) * sin(line.angle) - line.rho);
    remaining = remaining.filter((i) => distance(i) > (fold ? fold.halfWidth + 1 : ACROSS_REACH));
    if (fold) folds.push(fold);
  }
  return folds;
}

/** Walks the line across the crop: a fold when it is marked along the cell and beyond the border on both sides. */
function confirmFold(
  line: { angle: number; rho: number },
  marks: Uint8Array,
  data: Uint8Array,
  width: number,
  height: number,
  box: CellBox,
  onBorder: (x: number, y: number) => boolean,
  paper: number,
): FoldLine | null {
  const [c, s] = [cos(line.angle), sin(line.angle)];
  if (alongBorder(line, box)) return null;
  // Direction along the line and the foot of the normal from the origin.
  const [dx, dy] = [-s, c];
  const [fx, fy] = [line.rho * c, line.rho * s];
  const diagonal = hypot(width, height);
  const tally = { inside: 0, insideMarked: 0, before: 0, beforeMarked: 0, after: 0, afterMarked: 0 };
  // Per marked position: how far its marks reach across the line.
  const offsets: number[] = [];
  const darkness: number[] = [];
  let seenInside = false;
  const isMarked = (x: number, y: number) => {
    const [rx, ry] = [round(x), round(y)];
    return rx >= 0 && ry >= 0 && rx < width && ry < height && marks[ry * width + rx] === 1;
  };
  for (let t = -diagonal; t <= diagonal; t += 1) {
    const px = fx + t * dx;
    const py = fy + t * dy;
    if (px < 0 || py < 0 || px > width - 1 || py > height - 1 || onBorder(px, py)) continue;
    const inside = px > box.left && px < box.right && py > box.top && py < box.bottom;
    let near = -1;
    for (let a = 0; a <= ACROSS_REACH && near < 0; a++) if (isMarked(px + a * c, py + a * s) || isMarked(px - a * c, py - a * s)) near = a;
    const marked = near >= 0;
    if (marked) {
      // How far the marks reach across the line on each side (a crease is narrow, its shade wide).
      let plus = near;
      while (plus < MAX_HALF_WIDTH + 1 && isMarked(px + (plus + 1) * c, py + (plus + 1) * s)) plus++;
      let minus = near;
      while (minus < MAX_HALF_WIDTH + 1 && isMarked(px - (minus + 1) * c, py - (minus + 1) * s)) minus++;
      offsets.push(max(plus, minus));
      darkness.push(max(0, paper - data[round(py) * width + round(px)]));
    }
    if (inside) {
      seenInside = true;
      tally.inside++;
      if (marked) tally.insideMarked++;
    } else if (!seenInside) {
      tally.before++;
      if (marked) tally.beforeMarked++;
    } else {
      tally.after++;
      if (marked) tally.afterMarked++;
    }
  }
  const shortest = 0.4 * min(box.right - box.left, box.bottom - box.top);
  if (tally.inside < shortest || tally.insideMarked < INSIDE_COVERAGE * tally.inside) return null;
  // The crop's margin past a border can be a pixel or two (a field at the page's edge): a side
  // that short is not looked at, but at least one side must show the line past the border.
  const ends = [
    [tally.before, tally.beforeMarked],
    [tally.after, tally.afterMarked],
  ].filter(([positions]) => positions >= MIN_END_POSITIONS);
  if (ends.length === 0 || ends.some(([positions, marked]) => marked < OUTSIDE_COVERAGE * positions)) return null;
  offsets.sort((a, b) => a - b);
  const halfWidth = offsets[floor(0.9 * (offsets.length - 1))] + 0.5;
  if (halfWidth > MAX_HALF_WIDTH) return null;
  darkness.sort((a, b) => a - b);
  return {
    ...line,
    halfWidth,
    darkness: darkness[floor(0.75 * (darkness.length - 1))] ?? 0,
    insideLength: tally.inside,
    outsideLength: tally.before + tally.after,
  };
}

/** Lines within this many pixels of a printed border line and nearly parallel to it are the rule's blurred edge. */
const RULE_EDGE_REACH = 8;
const RULE_EDGE_ANGLE = (4 * PI) / 180;

/**
 * A line lying along a printed border line: the rule's blurred edge, which continues past the
 * cell as the printed grid does and would otherwise pass for a fold.
 */
function alongBorder(line: { angle: number; rho: number }, box: CellBox): boolean {
  // angle 0: x = rho (a vertical line); angle PI/2: y = rho (a horizontal one).
  if (line.angle < RULE_EDGE_ANGLE || line.angle > PI - RULE_EDGE_ANGLE) {
    const x = line.angle < PI / 2 ? line.rho : -line.rho;
    return abs(x - box.left) <= RULE_EDGE_REACH || abs(x - box.right) <= RULE_EDGE_REACH;
  }
  if (abs(line.angle - PI / 2) < RULE_EDGE_ANGLE) return abs(line.rho - box.top) <= RULE_EDGE_REACH || abs(line.rho - box.bottom) <= RULE_EDGE_REACH;
  return false;
}

/** Signed distance of pixel `i` from a fold's line. */
export function foldDistance(fold: FoldLine, i: number, width: number): number {
  const x = i % width;
  return x * cos(fold.angle) + ((i - x) / width) * sin(fold.angle) - fold.rho;
}

/** Ink darker than the fold by this factor (and a few grey levels) where it crosses it is writing across the fold. */
const WRITING_OVER_FOLD = 1.6;

/** Ink a fold took from a cell, and whether that was more than the fold's own line. */
export interface FoldErasure {
  /** Ink pixels darker than a fold that lie on it: writing the fold crosses, kept. */
  crossings: number;
  /**
   * The fold took more ink inside the cell, per position along it, than in the crop's margin
   * past the border (FOLD_HIDDEN_INK): something as light as the crease lay on it, perhaps a
   * stroke written along the fold. A cell read as blank then is not certain.
   */
  hidInk: boolean;
}

/**
 * Ink per position along a fold inside the cell beyond this many times its ink in the margin
 * (and half a pixel) was more than the crease: writing lay on it.
 */
const FOLD_HIDDEN_INK = 1.5;

/**
 * Takes the folds out of the masks: every mark of `faint` (the faint mark maps) along a fold,
 * and the ink along it no darker than the fold itself. A pen stroke crossing the fold is darker
 * than the crease and stays, so a digit a fold crosses keeps its strokes.
 */
export function eraseFolds(image: CellRaster, folds: readonly FoldLine[], ink: Uint8Array, faint: readonly Uint8Array[], box: CellBox): FoldErasure {
  if (folds.length === 0) return { crossings: 0, hidInk: false };
  const { width, data } = image;
  const paper = percentile8(data, 0.6);
  let crossings = 0;
  const inside = new Float64Array(folds.length);
  const outside = new Float64Array(folds.length);
  for (let i = 0; i < ink.length; i++) {
    folds.forEach((fold, k) => {
      if (abs(foldDistance(fold, i, width)) > fold.halfWidth + 1) return;
      for (const map of faint) map[i] = 0;
      if (!ink[i]) return;
      if (paper - data[i] > WRITING_OVER_FOLD * fold.darkness + 8) {
        crossings++;
        return;
      }
      ink[i] = 0;
      const x = i % width;
      const y = (i - x) / width;
      if (x > box.left + BORDER_BAND && x < box.right - BORDER_BAND && y > box.top + BORDER_BAND && y < box.bottom - BORDER_BAND) inside[k]++;
      else if (x < box.left - BORDER_BAND || x > box.right + BORDER_BAND || y < box.top - BORDER_BAND || y > box.bottom + BORDER_BAND) outside[k]++;
    });
  }
  const hidInk = folds.some((fold, k) => {
    if (fold.outsideLength < MIN_END_POSITIONS || fold.insideLength === 0) return false;
    const own = outside[k] / fold.outsideLength;
    return inside[k] / fold.insideLength > FOLD_HIDDEN_INK * own + 0.5;
  });
  return { crossings, hidInk };
}

/**
 * Grey levels by which a fold's shade darkens the band a glyph lies in, against the paper of
 * the same row (column), and the share of the crop's rows (columns) outside the printed lines
 * that must be that dark, in both margins past the border as well as inside the cell.
 */
const BAND_DARKNESS = 8;
const BAND_COVERAGE = 0.9;
/** A glyph at most this many pixels wide (or high) may be a piece of a band: a fold's shade is up to about 2 mm wide. */
const BAND_WIDTH = 2 * MAX_HALF_WIDTH;

/**
 * Whether a glyph is a piece of a fold's shade running straight across the crop along a
 * border line, which findFolds leaves to the rule (alongBorder): its columns (rows, for a flat
 * glyph) are darker than the paper of their rows from one margin of the crop to the other,
 * past both border lines, where handwriting does not reach. A 1 written there lies on paper
 * above and below it. A piece of the band of any length counts (the network reads a short one
 * as a 1 too). Only bands along the page's axes are looked for: the cell crops are
 * taken from the rectified page, and a card folds along its length or across it.
 */
export function foldBandGlyph(image: CellRaster, glyph: { x0: number; x1: number; y0: number; y1: number }, box: CellBox): boolean {
  return (glyph.x1 - glyph.x0 <= BAND_WIDTH && darkBand(image, glyph, box, true)) || (glyph.y1 - glyph.y0 <= BAND_WIDTH && darkBand(image, glyph, box, false));
}

/** Whether the glyph's columns (`vertical`) or rows are darker than the paper beside them across the whole crop, past both border lines. */
function darkBand(image: CellRaster, glyph: { x0: number; x1: number; y0: number; y1: number }, box: CellBox, vertical: boolean): boolean {
  const { data, width, height } = image;
  // Along the band: crop rows (vertical) or columns; across it: the glyph's columns or rows.
  const length = vertical ? height : width;
  const [lo, hi] = vertical ? [glyph.x0, glyph.x1] : [glyph.y0, glyph.y1];
  const [start, end] = vertical ? [box.top, box.bottom] : [box.left, box.right];
  const [paperLo, paperHi] = vertical ? [box.left, box.right] : [box.top, box.bottom];
  const at = (along: number, a: number) => (vertical ? data[along * width + a] : data[a * width + along]);
  let before = 0;
  let beforeDark = 0;
  let after = 0;
  let afterDark = 0;
  let inside = 0;
  let insideDark = 0;
  const paperValues: number[] = [];
  for (let t = 0; t < length; t++) {
    if (abs(t - start) <= 2 * BORDER_BAND || abs(t - end) <= 2 * BORDER_BAND) continue;
    paperValues.length = 0;
    for (let a = ceil(paperLo + 2 * BORDER_BAND); a <= paperHi - 2 * BORDER_BAND; a++) if (a < lo - 2 || a >= hi + 2) paperValues.push(at(t, a));
    if (paperValues.length === 0) continue;
    paperValues.sort((p, q) => p - q);
    const paper = paperValues[floor(0.5 * (paperValues.length - 1))];
    // The glyph's own columns (rows), but not the printed lines it may reach into.
    let sum = 0;
    let count = 0;
    for (let a = lo; a < hi; a++) {
      if (abs(a - paperLo) <= 2 * BORDER_BAND || abs(a - paperHi) <= 2 * BORDER_BAND) continue;
      sum += at(t, a);
      count++;
    }
    if (count === 0) return false;
    const dark = paper - sum / count >= BAND_DARKNESS ? 1 : 0;
    if (t < start) [before, beforeDark] = [before + 1, beforeDark + dark];
    else if (t > end) [after, afterDark] = [after + 1, afterDark + dark];
    else [inside, insideDark] = [inside + 1, insideDark + dark];
  }
  if (before < 1 || after < 1 || inside === 0) return false;
  return beforeDark >= BAND_COVERAGE * before && afterDark >= BAND_COVERAGE * after && insideDark >= BAND_COVERAGE * inside;
}
