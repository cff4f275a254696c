import type { CellRaster } from '../provider';
import { lightestAround, writingHeight, type CellBox } from './cell-ink';

// Module-level aliases: global lookups are slow inside Jest's VM contexts, and these run per pixel.
const { abs, ceil, floor, max, min } = Math;

/** How much darker than its 15x15 surroundings a 3x3 patch must be to be a faint mark (grey levels). */
const FAINT_DARKNESS = 10;
const FAINT_CONTEXT = 7;
/**
 * A faint mark at most this many pixels thick that runs along at least RULE_REMNANT_SPAN of the
 * searched area is the edge of a printed line, not writing: a thick rule (the header's) or a
 * line a pixel off the detected border leaves such a straight sliver inside the inset. Written
 * strokes are wider in this map (the 3x3 mean spreads them over 3 pixels or more) and never
 * that straight and long.
 */
const RULE_REMNANT_WIDTH = 2;
const RULE_REMNANT_SPAN = 0.9;
/** How far inside the border lines' centres marks are looked for, pixels (past the lines' blurred edges). */
const INSET = 4;

/**
 * Where the crop is darker than the paper around it by a faint mark's darkness: 1 where a 3x3
 * patch is FAINT_DARKNESS grey levels darker than its 15x15 surroundings. Local, so shading
 * across the cell does not count, and after the page's contrast normalization (the crop the
 * reader is given), so it measures the ink levels a light pencil or a thin stroke leaves.
 */
export function faintMap(image: CellRaster): Uint8Array {
  const { width, height } = image;
  const integral = integralImage(image);
  const faint = new Uint8Array(width * height);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      if (boxMean(integral, width, height, x, y, FAINT_CONTEXT) - boxMean(integral, width, height, x, y, 1) >= FAINT_DARKNESS) faint[y * width + x] = 1;
    }
  }
  return faint;
}

/** Summed-area table of the crop, (width + 1) x (height + 1). */
function integralImage({ data, width, height }: CellRaster): Float64Array {
  const integral = new Float64Array((width + 1) * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += data[y * width + x];
      integral[(y + 1) * (width + 1) + x + 1] = integral[y * (width + 1) + x + 1] + row;
    }
  }
  return integral;
}

/** Mean of the square of half side `radius` around (x, y), clipped to the crop. */
function boxMean(integral: Float64Array, width: number, height: number, x: number, y: number, radius: number): number {
  const l = max(0, x - radius);
  const t = max(0, y - radius);
  const r = min(width - 1, x + radius) + 1;
  const b = min(height - 1, y + radius) + 1;
  const W = width + 1;
  return (integral[b * W + r] - integral[t * W + r] - integral[b * W + l] + integral[t * W + l]) / ((r - l) * (b - t));
}

/** Side of the blocks the paper level of stroke evidence is taken over, pixels. */
const PAPER_BLOCK = 16;
/** Share of a block's pixels at or under its paper level (paper covers most of any block a stroke crosses). */
const PAPER_SHARE = 0.7;
/**
 * Grey levels under the paper at which a 3x3 patch is a stroke for the blank decision. A light
 * pencil in a soft photo spreads its stroke 6 to 8 px wide at 20 to 30 grey levels under the
 * paper, which faintMap's 15x15 surroundings partly cover, so that map misses it; measured
 * against the paper itself it stands out. Noise of a photo's paper (3x3 mean) stays within 5
 * levels, a JPEG's blocks within 8.
 */
const STROKE_DARKNESS = 12;
/**
 * The scales strokes are looked for at: 3x3 means for thin strokes, 7x7 for a soft pencil
 * stroke 6 to 8 px wide, whose mean over 49 pixels carries a third of the noise of 9 and can
 * be held to a lower floor. [half side, floor in grey levels]
 */
const STROKE_SCALES: readonly (readonly [number, number])[] = [
  [1, STROKE_DARKNESS],
  [3, 8],
];
/** Standard deviations of the paper's noise (3x3 means) a stroke must stand above it. */
const NOISE_MARGIN = 5;

/**
 * Where the crop is darker than its paper by a faint stroke's darkness (STROKE_DARKNESS). The
 * paper level is local (PAPER_SHARE of each 16 px block, the lightest of the 3x3 blocks around
 * it), so that shading across the cell does not count, and it is a percentile, not the
 * brightest pixel, so that noise does not raise it.
 */
export function strokeMap(image: CellRaster, scales: readonly (readonly [number, number])[] = STROKE_SCALES, margin = NOISE_MARGIN): Uint8Array {
  const { data, width, height } = image;
  const nx = ceil(width / PAPER_BLOCK);
  const ny = ceil(height / PAPER_BLOCK);
  const blockPaper = new Float32Array(nx * ny);
  for (let j = 0; j < ny; j++) {
    for (let i = 0; i < nx; i++) {
      const values: number[] = [];
      for (let y = j * PAPER_BLOCK; y < min(height, (j + 1) * PAPER_BLOCK); y++)
        for (let x = i * PAPER_BLOCK; x < min(width, (i + 1) * PAPER_BLOCK); x++) values.push(data[y * width + x]);
      values.sort((a, b) => a - b);
      blockPaper[j * nx + i] = values[floor(PAPER_SHARE * (values.length - 1))];
    }
  }
  const paper = lightestAround(blockPaper, nx, ny);
  const integral = integralImage(image);
  const map = new Uint8Array(width * height);
  // Darkness of each pixel's 3x3 patch: a wider mean spreads a printed line past its edge, so a
  // pixel marked at a wider scale must itself be darker than that scale's floor.
  const own = new Float32Array(width * height);
  for (let y = 1; y < height - 1; y++)
    for (let x = 1; x < width - 1; x++)
      own[y * width + x] = paper[floor(y / PAPER_BLOCK) * nx + floor(x / PAPER_BLOCK)] - boxMean(integral, width, height, x, y, 1);
  for (const [radius, floorDarkness] of scales) {
    const darkness = new Float32Array(width * height);
    // Differences between means side by side (not overlapping): the paper's grain at this scale
    // (a resampled photo's noise is correlated over pixels, so the mean does not average it
    // away). A stroke's or a line's edge lies between few such pairs.
    const step = 2 * radius + 1;
    const grain = new Float32Array(width * height);
    let grains = 0;
    for (let y = 1; y < height - 1; y++) {
      for (let x = 1; x < width - 1; x++) {
        const mean = boxMean(integral, width, height, x, y, radius);
        darkness[y * width + x] = paper[floor(y / PAPER_BLOCK) * nx + floor(x / PAPER_BLOCK)] - mean;
        if (x + step < width - 1 && (x + y) % 2 === 0) grain[grains++] = abs(mean - boxMean(integral, width, height, x + step, y, radius));
      }
    }
    // Strokes and lines are few of the pixels: the median of both measures is the paper's.
    const baseline = levelMedian(darkness);
    const noise = (1.4826 * levelMedian(grain.subarray(0, grains))) / Math.SQRT2;
    const threshold = baseline + max(floorDarkness, margin * noise);
    for (let i = 0; i < map.length; i++) if (darkness[i] >= threshold && own[i] - baseline >= floorDarkness) map[i] = 1;
  }
  return map;
}

/** The median of grey-level values (-256..256), to a sixteenth of a level, by histogram: a sort per cell costs more than the rest of the map. */
function levelMedian(values: Float32Array): number {
  const bins = 16;
  const histogram = new Uint32Array(512 * bins + 1);
  for (let i = 0; i < values.length; i++) histogram[min(512 * bins, max(0, Math.round((values[i] + 256) * bins)))]++;
  const half = values.length / 2;
  for (let b = 0, seen = 0; b < histogram.length; b++) {
    seen += histogram[b];
    if (seen >= half) return b / bins - 256;
  }
  return 0;
}

/**
 * Whether a faint mark (its extent in the searched area of w x h pixels) is what a printed line
 * leaves inside the inset: a long straight sliver anywhere, or any mark confined to the
 * RULE_REMNANT_WIDTH outermost columns or rows of the area. In a blurred photo the border line
 * spreads past the inset and its soft edge shows as such a sliver along the side, broken where
 * the local paper level changes (near a corner, by noise): on photos of the eval set, pieces
 * of 0.28 to 0.8 of the cell height, each of which sent a clearly written digit to review.
 * Writing that reaches into the area from the border is wider than that strip.
 */
function printedRuleRemnant(mark: MarkExtent, w: number, h: number): boolean {
  const across = mark.maxX - mark.minX + 1;
  const down = mark.maxY - mark.minY + 1;
  if ((down <= RULE_REMNANT_WIDTH && across >= RULE_REMNANT_SPAN * w) || (across <= RULE_REMNANT_WIDTH && down >= RULE_REMNANT_SPAN * h)) return true;
  return mark.maxX < RULE_REMNANT_WIDTH || mark.minX >= w - RULE_REMNANT_WIDTH || mark.maxY < RULE_REMNANT_WIDTH || mark.minY >= h - RULE_REMNANT_WIDTH;
}

interface MarkExtent {
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
  /** Whether the mark touches a pixel of the `ink` it was searched beside. */
  touchesInk: boolean;
  /** The mark's pixels (indices into the crop), when asked for. */
  pixels?: number[];
}

/**
 * The connected marks of `map` inside the border (4-connected), with their extents in the
 * searched area's coordinates and that area's size; printed rule remnants are left out.
 */
function marksInside(
  map: Uint8Array,
  width: number,
  height: number,
  box: CellBox,
  ink?: Uint8Array,
  inset = INSET,
  withPixels = false,
): { marks: MarkExtent[]; w: number; h: number } {
  const x0 = max(1, ceil(box.left + inset));
  const x1 = min(width - 2, floor(box.right - inset));
  const y0 = max(1, ceil(box.top + inset));
  const y1 = min(height - 2, floor(box.bottom - inset));
  if (x1 <= x0 || y1 <= y0) return { marks: [], w: 0, h: 0 };
  const w = x1 - x0 + 1;
  const h = y1 - y0 + 1;
  const seen = new Uint8Array(w * h);
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) seen[(y - y0) * w + (x - x0)] = map[y * width + x];
  const marks: MarkExtent[] = [];
  const stack: number[] = [];
  for (let start = 0; start < seen.length; start++) {
    if (seen[start] !== 1) continue;
    seen[start] = 2;
    stack.push(start);
    const mark: MarkExtent = { minX: w, minY: h, maxX: 0, maxY: 0, touchesInk: false, ...(withPixels ? { pixels: [] } : {}) };
    while (stack.length) {
      const i = stack.pop()!;
      const x = i % w;
      const y = (i - x) / w;
      mark.pixels?.push((y + y0) * width + x + x0);
      if (ink && ink[(y + y0) * width + x + x0]) mark.touchesInk = true;
      if (x < mark.minX) mark.minX = x;
      if (x > mark.maxX) mark.maxX = x;
      if (y < mark.minY) mark.minY = y;
      if (y > mark.maxY) mark.maxY = y;
      for (const j of [i - 1, i + 1, i - w, i + w]) {
        if (j < 0 || j >= seen.length || seen[j] !== 1) continue;
        if ((j === i - 1 && x === 0) || (j === i + 1 && x === w - 1)) continue;
        seen[j] = 2;
        stack.push(j);
      }
    }
    if (!printedRuleRemnant(mark, w, h)) marks.push(mark);
  }
  return { marks, w, h };
}

const side = (m: MarkExtent) => max(m.maxX - m.minX + 1, m.maxY - m.minY + 1);

/**
 * Extent of the largest faint mark inside the border (lines and their remnants excluded),
 * relative to the cell height: a blank verdict should not be sure when something light is
 * written there. With `ink`, faint marks that touch it (the soft edge of the writing) are
 * skipped: what is left is light writing apart from the dark (a pale 4 beside a bold 8).
 * `map`: the crop's faintMap, when already made (folds taken out of it).
 */
export function faintMarkExtent(image: CellRaster, box: CellBox, ink?: Uint8Array, map: Uint8Array = faintMap(image)): number {
  const { marks } = marksInside(map, image.width, image.height, box, ink);
  const largest = marks.filter((m) => !m.touchesInk).reduce((l, m) => max(l, side(m)), 0);
  return largest / writingHeight(box);
}

/**
 * Summed stroke pieces (strokeEvidence, a share of the cell height) from which a cell without
 * writing holds something a person sees: it is never accepted as blank. Chosen on cells of
 * calibration-range photos (MNIST items 600..749, seeds from 7,000,001; model notebook,
 * reader-26).
 */
export const STROKE_EVIDENCE_EXTENT = 0.3;

/**
 * How far inside the border lines' centres stroke pieces are looked for: strokeMap follows a
 * soft photo's rule 5 to 6 px past its centre, where its edge joins round the corners into one
 * frame that printedRuleRemnant does not take for a line.
 */
const STROKE_INSET = 7;

/** Marks shorter than this (pixels, their longer side) are paper grain and noise, not pieces of stroke. */
const MIN_STROKE_PIECE = 4;

/**
 * How much stroke a cell without writing holds: the summed extents (longer side) of every mark
 * inside its border, faint or ink, of at least MIN_STROKE_PIECE pixels, as a share of the cell
 * height. A digit written with a pen running dry breaks into pieces that are each too small to
 * count as writing or as a faint mark as large as writing, yet together are as long as a
 * digit's strokes: a person sees the digit. `marks`: the ink mask after the printed lines'
 * removal, the crop's faintMap and strokeMap together (folds taken out).
 */
export function strokeEvidence(image: CellRaster, box: CellBox, marks: Uint8Array): number {
  const found = marksInside(marks, image.width, image.height, box, undefined, STROKE_INSET).marks;
  const total = found.reduce((sum, m) => (side(m) >= MIN_STROKE_PIECE ? sum + side(m) : sum), 0);
  return total / writingHeight(box);
}

/**
 * Grey levels under the paper (3x3 means), and noise deviations, from which a pixel may be part
 * of a soft stroke: a light pencil in a soft photo leaves strokes 6 to 8 px wide whose core is
 * 12 to 20 levels under the paper, under strokeMap's floor once the paper's median darkness is
 * added (photo 1009 of the eval's seed 1001, hole-2 putts: a 1 a person reads at once, no piece
 * found). That low a level alone is noise and JPEG blocks; a soft stroke is told from them by
 * its length (SOFT_STROKE_SPAN).
 */
const SOFT_STROKE_DARKNESS = 7;
const SOFT_STROKE_MARGIN = 3;
/**
 * Longer side, as a share of the writing height, from which a connected soft mark inside the
 * border is a stroke: noise and a JPEG's blocks at SOFT_STROKE_DARKNESS join into marks of a
 * few pixels, a digit's stroke runs a third of the cell or more.
 */
export const SOFT_STROKE_SPAN = 0.2;

/**
 * A soft mark at most this thick (pixels) lying along the side of the searched area it touches
 * is a printed rule's soft edge: a thick rule (the header's) spreads past STROKE_INSET at
 * SOFT_STROKE_DARKNESS, 3 to 4 px wide along the whole side. A stroke reaching the side
 * from inside the cell runs away from it.
 */
const SOFT_RULE_EDGE_WIDTH = 5;

function softRuleEdge(m: MarkExtent, w: number, h: number): boolean {
  const across = m.maxX - m.minX + 1;
  const down = m.maxY - m.minY + 1;
  const alongTopOrBottom = (m.minY === 0 || m.maxY === h - 1) && down <= SOFT_RULE_EDGE_WIDTH;
  const alongSide = (m.minX === 0 || m.maxX === w - 1) && across <= SOFT_RULE_EDGE_WIDTH;
  return alongTopOrBottom || alongSide;
}

/** Where the crop is darker than its paper by a soft stroke's darkness (SOFT_STROKE_DARKNESS, or SOFT_STROKE_MARGIN noise deviations). */
export function softStrokeMap(image: CellRaster): Uint8Array {
  return strokeMap(image, [[1, SOFT_STROKE_DARKNESS]], SOFT_STROKE_MARGIN);
}

/**
 * The soft strokes of a cell: the connected marks of `soft` (softStrokeMap, folds taken out)
 * inside the border, past the lines' soft edges (STROKE_INSET), whose longer side is at least
 * SOFT_STROKE_SPAN of the writing height. `evidence`: their summed extents as a share of the
 * cell height, as strokeEvidence counts them; `mask`: their pixels, for a best guess.
 */
export function softStrokes(image: CellRaster, box: CellBox, soft: Uint8Array): { evidence: number; mask: Uint8Array } {
  const height = writingHeight(box);
  const { marks, w, h } = marksInside(soft, image.width, image.height, box, undefined, STROKE_INSET, true);
  const long = marks.filter((m) => side(m) >= SOFT_STROKE_SPAN * height && !softRuleEdge(m, w, h));
  const mask = new Uint8Array(soft.length);
  for (const m of long) for (const i of m.pixels!) mask[i] = 1;
  return { evidence: long.reduce((sum, m) => sum + side(m), 0) / height, mask };
}
