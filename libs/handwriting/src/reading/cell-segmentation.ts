import type { CellRaster } from '../provider';
import { inkMask, removeBorderLines, writingHeight, type CellBox } from './cell-ink';
import { eraseFolds, findFolds, foldBandGlyph, type FoldLine } from './cell-folds';
import { STROKE_EVIDENCE_EXTENT, faintMap, faintMarkExtent, softStrokeMap, softStrokes, strokeEvidence, strokeMap } from './faint-marks';

// Module-level aliases: global lookups are slow inside Jest's VM contexts, and these run per pixel.
const { abs, exp, max, min, round } = Math;

/** Components whose longest side is below this share of the cell height are specks, not writing. */
const SPECK_SIDE = 0.13;
/** A group wider than this (width / height) may hold two touching digits. */
const SPLIT_ASPECT_FROM = 0.95;
/** How far (share of the cell height, plus 2 px) a broken-off piece of stroke may lie from its digit. */
const BROKEN_STROKE_REACH = 0.03;
/**
 * Every piece of a split stands at least this share of its group's height. Digits written side by
 * side are of a height; a cut that leaves a flat stroke on one side (a 5's flag, a 2's or an 8's
 * tail drawn out to the right) has cut one wide digit, and its other piece is only part of that
 * digit, often shaped like another one (a 5 without its flag reads as 3). On calibration cells the
 * pieces of right cuts of touching digits stood at least 0.84 of their group's height, such flags
 * 0.39 at the median.
 */
const MIN_PIECE_HEIGHT = 0.6;

export type { CellBox };

/** A set of ink pixels that may be one handwritten digit. */
export interface GlyphCandidate {
  /** Pixel indices (y * width + x) into the crop. */
  pixels: Int32Array;
  x0: number;
  y0: number;
  /** Exclusive. */
  x1: number;
  y1: number;
  /**
   * A whole group of connected ink (true), or a piece cut from a wider group by a split
   * hypothesis (false). Pieces are often fragments of one digit; whole groups rarely are not
   * digits at all.
   */
  whole: boolean;
}

/** One way to cut the cell's ink into glyphs, with a prior weight from its geometry. */
export interface SegmentationHypothesis {
  /** Indices into `CellSegmentation.glyphs`, left to right. */
  glyphs: number[];
  prior: number;
}

export interface CellSegmentation {
  width: number;
  height: number;
  /** The printed border's line centres (detected, or where the crop puts them). */
  box: CellBox;
  /** Ink after the printed lines were removed, 1 where ink. */
  ink: Uint8Array;
  glyphs: GlyphCandidate[];
  /** Empty when no writing was found. */
  hypotheses: SegmentationHypothesis[];
  /** Largest ink speck that was ignored, relative to the smallest writing (0 none .. <1). */
  strayInk: number;
  /**
   * When no writing was found: extent of the largest mark too faint to count as ink (a light
   * pencil), as a share of the cell height. 0 otherwise.
   */
  faintInk: number;
  /**
   * When writing was found: extent of the largest mark too faint to count as ink that touches
   * none of it (a light digit beside a dark one), as a share of the cell height. 0 otherwise.
   */
  faintBeside: number;
  /**
   * The summed extent of every mark inside the border, faint or ink, as a share of the cell
   * height (strokeEvidence): the pieces of a broken stroke, or the writing itself.
   */
  strokePieces: number;
  /** Folds and creases found across the cell (taken out of the ink and the faint marks). */
  folds: FoldLine[];
  /** Ink pixels darker than a fold that lie on it: writing a fold crosses. */
  foldCrossings: number;
  /** A fold took more ink from the cell than its own line (FoldErasure.hidInk): a blank reading is not certain. */
  foldHidInk: boolean;
  /**
   * When no writing was found but the cell holds strokes a person sees (strokePieces at least
   * STROKE_EVIDENCE_EXTENT): those strokes segmented as if they were ink, for a best guess.
   */
  lightWriting?: CellSegmentation;
}

/**
 * Finds the handwriting in a digit cell crop: ink by hysteresis thresholds relative to the
 * paper, printed border lines removed (keeping strokes that cross them), connected
 * components, fragments merged, touching pairs split by column projection.
 */
export function segmentCell(image: CellRaster, maxDigits: number): CellSegmentation {
  const { width, height } = image;
  const ink = inkMask(image);
  const box = removeBorderLines(ink, width, height);
  const faint = faintMap(image);
  const strokes = strokeMap(image);
  const soft = softStrokeMap(image);
  const marks = () => {
    const union = new Uint8Array(faint.length);
    for (let i = 0; i < union.length; i++) union[i] = faint[i] | ink[i] | strokes[i];
    return union;
  };
  const folds = findFolds(image, marks(), box);
  const erased = eraseFolds(image, folds, ink, [faint, strokes, soft], box);
  const foldCrossings = erased.crossings;
  let foldHidInk = erased.hidInk;
  let { glyphs, hypotheses, strayInk } = segmentInk(ink, width, height, box, maxDigits);
  // A fold's shade along a border line, which findFolds leaves to the rule, is no writing:
  // out of the ink, and the cell is not sure to be blank (a 1 may lie along it).
  const bands = glyphs.filter((g) => g.whole && foldBandGlyph(image, g, box));
  if (bands.length > 0) {
    for (const g of bands) for (const i of g.pixels) ink[i] = 0;
    foldHidInk = true;
    ({ glyphs, hypotheses, strayInk } = segmentInk(ink, width, height, box, maxDigits));
  }
  const faintInk = hypotheses.length === 0 ? faintMarkExtent(image, box, undefined, faint) : 0;
  const faintBeside = hypotheses.length > 0 ? faintMarkExtent(image, box, ink, faint) : 0;
  // Soft strokes too light for strokeMap count when they are long enough to be no noise.
  const softFound = softStrokes(image, box, soft);
  const strokePieces = max(strokeEvidence(image, box, marks()), softFound.evidence);
  const segmentation = { width, height, box, ink, glyphs, hypotheses, strayInk, faintInk, faintBeside, strokePieces, folds, foldCrossings, foldHidInk };
  if (hypotheses.length > 0 || strokePieces < STROKE_EVIDENCE_EXTENT) return segmentation;
  // Writing too light for the ink thresholds: the faint strokes, segmented as ink would be,
  // give the reviewer a best guess (never an accepted reading).
  const light = new Uint8Array(strokes.length);
  for (let i = 0; i < light.length; i++) light[i] = strokes[i] | ink[i] | softFound.mask[i];
  removeBorderLines(light, width, height);
  const lightWriting = segmentInk(light, width, height, box, maxDigits);
  return lightWriting.hypotheses.length > 0
    ? { ...segmentation, lightWriting: { ...segmentation, ink: light, ...lightWriting, strokePieces: 0 } }
    : segmentation;
}

/** Glyph candidates and segmentation hypotheses of an ink mask whose printed lines are removed. */
function segmentInk(
  ink: Uint8Array,
  width: number,
  height: number,
  box: CellBox,
  maxDigits: number,
): Pick<CellSegmentation, 'glyphs' | 'hypotheses' | 'strayInk'> {
  const { significant, strayInk } = findComponents(ink, width, height, box);
  const groups = groupComponents(significant, box);
  const glyphs: GlyphCandidate[] = [];
  const options: { glyphs: number[]; prior: number }[][] = [];
  const scale = writingHeight(box);
  for (const group of groups) {
    const aspect = (group.x1 - group.x0) / max(group.y1 - group.y0, 0.45 * scale);
    // Geometric priors for one, two or three digits in this group, from its width.
    const two = maxDigits >= 2 && aspect >= SPLIT_ASPECT_FROM ? logistic((aspect - 1.15) / 0.12) : 0;
    const three = maxDigits >= 3 && aspect >= 1.5 ? logistic((aspect - 1.95) / 0.15) : 0;
    const add = (glyph: GlyphCandidate) => glyphs.push(glyph) - 1;
    const choices = [{ glyphs: [add(group)], prior: max(1e-3, 1 - max(two, three)) }];
    for (const [parts, prior] of [
      [2, two * (1 - three)],
      [3, three],
    ]) {
      if (prior === 0) continue;
      const pieces = splitGroup(group, width, parts);
      if (pieces) choices.push({ glyphs: pieces.map(add), prior: max(1e-3, prior) });
    }
    options.push(choices);
  }
  let hypotheses: SegmentationHypothesis[] = options.length ? [{ glyphs: [], prior: 1 }] : [];
  for (const choices of options) {
    const next: SegmentationHypothesis[] = [];
    for (const h of hypotheses) for (const c of choices) next.push({ glyphs: [...h.glyphs, ...c.glyphs], prior: h.prior * c.prior });
    hypotheses = next.sort((a, b) => b.prior - a.prior).slice(0, 12);
  }
  return { glyphs, hypotheses, strayInk };
}

function logistic(x: number): number {
  return 1 / (1 + exp(-x));
}

interface Component extends GlyphCandidate {
  area: number;
  /** Longest side of the part inside the border, past the lines' half width. */
  insideSide: number;
}

/** Half the width of a printed border line, pixels beyond its detected centre. */
const LINE_HALF_WIDTH = 2;

/** How far past a border line's centre ink still counts as the cell's own writing, pixels (the line's half width and a pixel). */
const BEYOND_BORDER = LINE_HALF_WIDTH + 1;

/**
 * 8-connected components that belong to this cell, split into writing-sized ones and specks.
 * A component keeps only its pixels within BEYOND_BORDER of the border lines' centres. What lies
 * further out joined the writing through a line: the neighbouring cell's writing where it
 * touches the line across from this digit, or the digit's own stroke run past its cell. Either
 * way it gave the glyph a tick or bar that the digit does not have (a 1 with the neighbour's
 * tail on top read as 7, a 0 standing on a foot read as 8): on 1280x960 photos, seeds 1..400, 62
 * wrong glyphs of 5,470 against 51. The price is a bar written wholly above the cell (two 7s
 * among the 6,809 digit glyphs of seed-7 and seed-8 calibration cells, read 4 and 1); see the
 * model notebook, reader-25.
 */
function findComponents(ink: Uint8Array, width: number, height: number, box: CellBox): { significant: Component[]; strayInk: number } {
  const labels = new Int32Array(width * height).fill(-1);
  const components: Component[] = [];
  const stack: number[] = [];
  const [left, right, top, bottom] = [box.left - BEYOND_BORDER, box.right + BEYOND_BORDER, box.top - BEYOND_BORDER, box.bottom + BEYOND_BORDER];
  for (let start = 0; start < ink.length; start++) {
    if (!ink[start] || labels[start] >= 0) continue;
    const id = components.length;
    let count = 0;
    // The pixels within BEYOND_BORDER of the border, and their extent.
    const pixels: number[] = [];
    let x0 = width;
    let y0 = height;
    let x1 = 0;
    let y1 = 0;
    let inside = 0;
    // Extent of the part well inside the border (past the lines' half width).
    let ix0 = width;
    let iy0 = height;
    let ix1 = 0;
    let iy1 = 0;
    labels[start] = id;
    stack.push(start);
    while (stack.length) {
      const i = stack.pop()!;
      count++;
      const x = i % width;
      const y = (i - x) / width;
      if (x >= left && x <= right && y >= top && y <= bottom) {
        pixels.push(i);
        if (x < x0) x0 = x;
        if (x >= x1) x1 = x + 1;
        if (y < y0) y0 = y;
        if (y >= y1) y1 = y + 1;
      }
      if (x > box.left && x < box.right && y > box.top && y < box.bottom) inside++;
      if (x > box.left + LINE_HALF_WIDTH && x < box.right - LINE_HALF_WIDTH && y > box.top + LINE_HALF_WIDTH && y < box.bottom - LINE_HALF_WIDTH) {
        if (x < ix0) ix0 = x;
        if (x >= ix1) ix1 = x + 1;
        if (y < iy0) iy0 = y;
        if (y >= iy1) iy1 = y + 1;
      }
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= width) continue;
          const j = yy * width + xx;
          if (ink[j] && labels[j] < 0) {
            labels[j] = id;
            stack.push(j);
          }
        }
      }
    }
    // Ink mostly outside the border belongs to a neighbouring cell or the printed form.
    if (inside >= 0.5 * count)
      components.push({ pixels: Int32Array.from(pixels), x0, y0, x1, y1, whole: true, area: pixels.length, insideSide: max(0, ix1 - ix0, iy1 - iy0) });
  }
  const cellHeight = writingHeight(box);
  const speck = SPECK_SIDE * cellHeight;
  // Judged by the part inside the border: the stub of a printed line meeting the border from
  // outside (a T-junction, a neighbour's label) pokes in by a few pixels only.
  const significant = components.filter((c) => c.insideSide >= speck);
  let strayInk = 0;
  const reach = 0.06 * cellHeight + 2;
  for (const c of components) {
    if (significant.includes(c)) continue;
    const host = significant.find((s) => c.x0 <= s.x1 + reach && c.x1 >= s.x0 - reach && c.y0 <= s.y1 + reach && c.y1 >= s.y0 - reach);
    if (host) mergeInto(host, c);
    else strayInk = max(strayInk, c.insideSide / speck);
  }
  return { significant, strayInk: min(strayInk, 0.999) };
}

function mergeInto(host: Component, other: Component): void {
  const pixels = new Int32Array(host.pixels.length + other.pixels.length);
  pixels.set(host.pixels);
  pixels.set(other.pixels, host.pixels.length);
  host.pixels = pixels;
  host.area += other.area;
  host.x0 = min(host.x0, other.x0);
  host.y0 = min(host.y0, other.y0);
  host.x1 = max(host.x1, other.x1);
  host.y1 = max(host.y1, other.y1);
}

/**
 * Components stacked over each other (a 5's flag, a stroke broken by a removed line), or a flat
 * piece of stroke broken off beside a body, form one glyph.
 */
function groupComponents(components: Component[], box: CellBox): Component[] {
  const groups = [...components].sort((a, b) => a.x0 - b.x0).map((c) => ({ ...c }));
  const cellHeight = writingHeight(box);
  let merged = true;
  while (merged) {
    merged = false;
    outer: for (let i = 0; i < groups.length; i++) {
      for (let j = i + 1; j < groups.length; j++) {
        const a = groups[i];
        const b = groups[j];
        const overlap = min(a.x1, b.x1) - max(a.x0, b.x0);
        const narrower = min(a.x1 - a.x0, b.x1 - b.x0);
        const unionWidth = max(a.x1, b.x1) - min(a.x0, b.x0);
        const unionHeight = max(a.y1, b.y1) - min(a.y0, b.y0);
        const stacked = min(a.y1, b.y1) - max(a.y0, b.y0) < 0.3 * min(a.y1 - a.y0, b.y1 - b.y0);
        const small = min(a.area, b.area) < 0.25 * max(a.area, b.area) && min(a.y1 - a.y0, b.y1 - b.y0) < 0.45 * cellHeight;
        // A flag or bar lifted off the pen (a 5's flag, a 7's bar) sits above or below the body.
        const flag = stacked && min(a.y1 - a.y0, b.y1 - b.y0) < 0.45 * unionHeight && overlap > -0.1 * cellHeight;
        const sameGlyph =
          (overlap >= 0.5 * narrower && (unionWidth <= 1.05 * unionHeight || small)) ||
          ((flag || (stacked && overlap > 0.1 * narrower)) && unionWidth <= 1.2 * unionHeight) ||
          liftedBar(a, b) ||
          liftedBar(b, a) ||
          brokenStroke(a, b, cellHeight) ||
          brokenStroke(b, a, cellHeight);
        if (sameGlyph) {
          mergeInto(a, b);
          groups.splice(j, 1);
          merged = true;
          break outer;
        }
      }
    }
  }
  return groups
    .sort((a, b) => b.area - a.area)
    .slice(0, 6)
    .sort((a, b) => a.x0 - b.x0);
}

/**
 * A flat stroke lifted off the pen at the top of `body` and drawn out to its right, wider than
 * the body allows a flag to be: a 5's flag written apart, starting over the body's stem and
 * ending past it. It starts inside the body's span (a following digit's bar starts past it),
 * lies across the top of the body (within its upper 40%), is at least twice as wide as high,
 * and is small.
 */
function liftedBar(bar: Component, body: Component): boolean {
  const [barWidth, barHeight, bodyHeight] = [bar.x1 - bar.x0, bar.y1 - bar.y0, body.y1 - body.y0];
  return (
    barWidth >= 2 * barHeight &&
    barHeight < 0.4 * bodyHeight &&
    bar.area < 0.5 * body.area &&
    bar.x0 >= body.x0 &&
    bar.x0 < body.x1 &&
    bar.x1 > body.x1 &&
    bar.y0 >= body.y0 - 0.2 * bodyHeight &&
    bar.y1 <= body.y0 + 0.4 * bodyHeight
  );
}

/**
 * A short, flat piece of stroke lying right beside a larger body, within its height: where the
 * pen skipped or the ink thresholds broke a thin stroke (a 3's tail, the start of a 7's bar), the
 * piece is part of that digit. Alone, the body reads as another digit (a 3 without its tail as 5)
 * and the piece as a 1. Upright pieces stay apart: a short 1 written close beside a 0 is a digit.
 */
function brokenStroke(piece: Component, body: Component, cellHeight: number): boolean {
  const [pieceWidth, pieceHeight] = [piece.x1 - piece.x0, piece.y1 - piece.y0];
  const reach = BROKEN_STROKE_REACH * cellHeight + 2;
  const gap = max(piece.x0 - body.x1, body.x0 - piece.x1, piece.y0 - body.y1, body.y0 - piece.y1);
  return (
    piece.area < 0.25 * body.area &&
    pieceHeight < 0.45 * cellHeight &&
    pieceHeight < 1.5 * pieceWidth &&
    gap <= reach &&
    piece.y0 >= body.y0 - reach &&
    piece.y1 <= body.y1 + reach
  );
}

/**
 * Cuts a group into `parts` glyphs at the columns with least ink near the even division points;
 * null where no cut leaves every piece some ink and a digit's height.
 */
function splitGroup(group: Component, width: number, parts: number): GlyphCandidate[] | null {
  const w = group.x1 - group.x0;
  const profile = new Float32Array(w);
  for (const i of group.pixels) profile[(i % width) - group.x0]++;
  const cuts: number[] = [];
  for (let k = 1; k < parts; k++) {
    const centre = (w * k) / parts;
    const reach = w / (parts * 2.6);
    let best = -1;
    let bestCost = Infinity;
    for (let c = max(1, round(centre - reach)); c <= min(w - 2, round(centre + reach)); c++) {
      const cost = profile[c] + 0.5 * (profile[c - 1] + profile[c + 1]) + (abs(c - centre) / w) * 4;
      if (cost < bestCost) {
        bestCost = cost;
        best = c;
      }
    }
    if (best < 0) return null;
    cuts.push(group.x0 + best);
  }
  const buckets: number[][] = Array.from({ length: parts }, () => []);
  for (const i of group.pixels) {
    const x = i % width;
    let k = 0;
    while (k < cuts.length && x >= cuts[k]) k++;
    buckets[k].push(i);
  }
  if (buckets.some((b) => b.length === 0)) return null;
  const pieces = buckets.map((pixels) => ({ ...boundingBox(Int32Array.from(pixels), width), whole: false }));
  const groupHeight = group.y1 - group.y0;
  return pieces.every((p) => p.y1 - p.y0 >= MIN_PIECE_HEIGHT * groupHeight) ? pieces : null;
}

function boundingBox(pixels: Int32Array, width: number): Omit<GlyphCandidate, 'whole'> {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const i of pixels) {
    const x = i % width;
    const y = (i - x) / width;
    if (x < x0) x0 = x;
    if (x + 1 > x1) x1 = x + 1;
    if (y < y0) y0 = y;
    if (y + 1 > y1) y1 = y + 1;
  }
  return { pixels, x0, y0, x1, y1 };
}
