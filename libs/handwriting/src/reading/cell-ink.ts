import type { CellRaster } from '../provider';
import { median, percentile8 } from '../raster-ops';

// Module-level aliases: global lookups are slow inside Jest's VM contexts, and these run per pixel.
const { abs, ceil, floor, max, min, round } = Math;

/** Canonical pages are rendered at 8 px per millimetre (the CellImage contract). */
const PX_PER_MM = 8;
/** Share of the crop's height between its edge and the printed cell border (12% of the cell, cell = crop / 1.24)... */
const EXPECTED_MARGIN = 0.12 / 1.24;
/** ...capped for tall fields, whose crop margin stops at 1.2 mm. */
const MAX_MARGIN_PX = 1.2 * PX_PER_MM;
/**
 * Handwriting keeps a human size however tall the field: size thresholds scale with the cell
 * up to a score cell's 12 mm, not with a tall supplemental field.
 */
const MAX_WRITING_HEIGHT_PX = 12 * PX_PER_MM;

export interface CellBox {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The height size thresholds scale with: the cell's, up to a score cell's. */
export function writingHeight(box: CellBox): number {
  return min(box.bottom - box.top, MAX_WRITING_HEIGHT_PX);
}

/** Side of the blocks the local paper level is taken over, in pixels (a cell is about 100 px tall). */
const PAPER_BLOCK = 16;

/**
 * The paper level at each pixel: the crop's paper level, or the local one where that is darker.
 * A shadow or a lighting edge across a tall field leaves part of the paper 40 and more grey
 * levels under the rest, which against one level for the whole crop reads as a large blot of
 * ink: blank Round Summary and penalty fields read "174" or "64". The local level is the
 * brightest pixel of each 16 px block, widened to the 3x3 blocks around it and interpolated
 * between block centres: about 48 px, wider than any stroke and than a stain or smudge, which
 * must stay one dark blob (with 8 px blocks the stains of synthetic calibration cells lost part
 * of their ink and two blank cells read 0 at 0.985). Where the paper is even the local level is
 * at least the crop's and nothing changes; it only ever lowers the paper.
 */
export function paperLevels(image: CellRaster, paper: number): Float32Array {
  const { data, width, height } = image;
  const nx = ceil(width / PAPER_BLOCK);
  const ny = ceil(height / PAPER_BLOCK);
  const blockMax = new Float32Array(nx * ny);
  for (let y = 0; y < height; y++) {
    const by = floor(y / PAPER_BLOCK) * nx;
    for (let x = 0; x < width; x++) {
      const b = by + floor(x / PAPER_BLOCK);
      if (data[y * width + x] > blockMax[b]) blockMax[b] = data[y * width + x];
    }
  }
  const local = lightestAround(blockMax, nx, ny);
  // Interpolation between block centres: each column's two blocks and weight, found once.
  const i0s = new Int32Array(width);
  const i1s = new Int32Array(width);
  const txs = new Float64Array(width);
  for (let x = 0; x < width; x++) {
    const fx = min(nx - 1, max(0, (x + 0.5) / PAPER_BLOCK - 0.5));
    i0s[x] = floor(fx);
    i1s[x] = min(nx - 1, i0s[x] + 1);
    txs[x] = fx - i0s[x];
  }
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const fy = min(ny - 1, max(0, (y + 0.5) / PAPER_BLOCK - 0.5));
    const j0 = floor(fy);
    const j1 = min(ny - 1, j0 + 1);
    const ty = fy - j0;
    for (let x = 0; x < width; x++) {
      const i0 = i0s[x];
      const i1 = i1s[x];
      const tx = txs[x];
      const top = local[j0 * nx + i0] * (1 - tx) + local[j0 * nx + i1] * tx;
      const bottom = local[j1 * nx + i0] * (1 - tx) + local[j1 * nx + i1] * tx;
      out[y * width + x] = min(paper, top * (1 - ty) + bottom * ty);
    }
  }
  return out;
}

/** Each block's value raised to the largest of the 3x3 blocks around it (a grid of nx x ny blocks). */
export function lightestAround(blocks: Float32Array, nx: number, ny: number): Float32Array {
  const out = new Float32Array(nx * ny);
  for (let j = 0; j < ny; j++) {
    for (let i = 0; i < nx; i++) {
      let m = 0;
      for (let dj = max(0, j - 1); dj <= min(ny - 1, j + 1); dj++)
        for (let di = max(0, i - 1); di <= min(nx - 1, i + 1); di++) m = max(m, blocks[dj * nx + di]);
      out[j * nx + i] = m;
    }
  }
  return out;
}

/**
 * Ink by hysteresis: strong pixels seed, weaker connected pixels extend (keeps faint stroke
 * ends), then each stroke is trimmed to its half-dark core (keepHalfOfLocalPeak) and the blurred
 * joins between strokes are opened (openBlurredGaps). Darkness is measured against the paper
 * around each pixel (paperLevels).
 */
export function inkMask(image: CellRaster): Uint8Array {
  const { data, width, height } = image;
  const paper = percentile8(data, 0.6);
  const darkest = percentile8(data, 0.003);
  const contrast = max(0, paper - darkest);
  // Relative to the darkest print (usually the border lines) but capped, so a light pencil
  // next to black lines still counts as ink.
  const strong = max(36, min(0.35 * contrast, 56));
  const weak = max(20, 0.5 * strong);
  const levels = paperLevels(image, paper);
  const mask = new Uint8Array(width * height);
  const stack: number[] = [];
  for (let i = 0; i < data.length; i++) {
    if (levels[i] - data[i] >= strong) {
      mask[i] = 1;
      stack.push(i);
    }
  }
  while (stack.length) {
    const i = stack.pop()!;
    const x = i % width;
    const y = (i - x) / width;
    for (let dy = -1; dy <= 1; dy++) {
      const yy = y + dy;
      if (yy < 0 || yy >= height) continue;
      for (let dx = -1; dx <= 1; dx++) {
        const xx = x + dx;
        if (xx < 0 || xx >= width) continue;
        const j = yy * width + xx;
        if (!mask[j] && levels[j] - data[j] >= weak) {
          mask[j] = 1;
          stack.push(j);
        }
      }
    }
  }
  openBlurredGaps(mask, keepHalfOfLocalPeak(mask, data, levels, width, height, strong), width, height);
  return mask;
}

/** Ink darker than this share of the darkest ink near it is stroke; lighter ink is a stroke's blurred edge. */
const HALF_PEAK = 0.5;
/** "Near": within this many pixels (a square), wider than a blurred stroke's half width at 8 px/mm. */
const PEAK_REACH = 5;

/** The hysteresis's ink, measured: 3x3 mean darkness, and its maximum within PEAK_REACH (0 off the ink). */
interface InkDarkness {
  dark: Float32Array;
  peak: Float32Array;
}

/**
 * Trims the mask to where the ink is at least half as dark as the darkest ink around it, or dark
 * enough to have seeded the hysteresis (`strong`). A soft photo (a 1280x960 card is 2 to 3 px per
 * mm, resampled to 8) spreads every stroke over a blurred edge several pixels wide, and the
 * hysteresis's weak threshold follows that edge into the gaps between strokes: a 3's open side
 * closes and it reads as 8, a 7's corner fills and it reads as 9, a 5's bowl closes into a 6. A
 * blurred edge lies where the darkness has fallen to half its peak, so this keeps each stroke's
 * half-dark core and reopens the gaps. A faint stroke keeps its ink: its peak is its own, taken
 * over 3x3 averages so that a pencil's darkest grain does not stand for it. Ink as dark as a seed
 * is never trimmed, so a stretch of stroke written with less pressure beside a dark one keeps its
 * seeds; a stroke fainter than a seed where it meets a dark one can still lose its end there (a
 * thin, faint 5's flag coming off in a soft photo). See the model notebook, reader-23.
 */
function keepHalfOfLocalPeak(mask: Uint8Array, data: Uint8Array, levels: Float32Array, width: number, height: number, strong: number): InkDarkness {
  // The peak is taken of darkness averaged over 3x3 pixels, so that a pencil's grain is not taken for its stroke's peak.
  const raw = new Float32Array(width * height);
  for (let i = 0; i < raw.length; i++) raw[i] = max(0, levels[i] - data[i]);
  const dark = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (!mask[i]) continue;
      let sum = 0;
      let n = 0;
      for (let yy = max(0, y - 1); yy <= min(height - 1, y + 1); yy++) {
        for (let xx = max(0, x - 1); xx <= min(width - 1, x + 1); xx++) {
          sum += raw[yy * width + xx];
          n++;
        }
      }
      dark[i] = sum / n;
    }
  }
  // The square's maximum, separably: along rows (each ink pixel spreads its darkness over its
  // reach, as only ink pixels have any), then along columns of the row maxima.
  const rowPeak = new Float32Array(width * height);
  const peak = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const v = dark[row + x];
      if (v === 0) continue;
      for (let xx = max(0, x - PEAK_REACH); xx <= min(width - 1, x + PEAK_REACH); xx++) if (rowPeak[row + xx] < v) rowPeak[row + xx] = v;
    }
  }
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (!mask[i]) continue;
      let m = 0;
      for (let yy = max(0, y - PEAK_REACH); yy <= min(height - 1, y + PEAK_REACH); yy++) m = max(m, rowPeak[yy * width + x]);
      peak[i] = m;
      if (raw[i] < strong && raw[i] < HALF_PEAK * m) mask[i] = 0;
    }
  }
  return { dark, peak };
}

/**
 * Ink this much lighter than the ink on both sides of it (a share of the lighter side) lies in a
 * gap between two strokes. Photos at 1280x960, seeds 1..150 / 151..300, wrong glyphs (reader-23:
 * 25 / 30): 0.1 18, 0.15 15 / 27, 0.2 16 / 27, 0.25 21, 0.3 22, 0.4 28 (model notebook, reader-24).
 */
const GAP_DEPTH = 0.2;
/**
 * Distances (pixels) at which the two sides are looked for: a blurred gap is 2 to 8 px wide at 8
 * px/mm. Within PEAK_REACH, so that ink near its local peak can be passed over.
 */
const GAP_REACHES = [2, 3, 4] as const;
/** Directions across a gap: along rows, columns and both diagonals. */
const GAP_DIRECTIONS = [
  [1, 0],
  [0, 1],
  [1, 1],
  [1, -1],
] as const;

/**
 * Takes out of the mask the ink that lies in a valley of darkness between two strokes: lighter,
 * by GAP_DEPTH, than ink at the same distance on both sides of it in one direction. Where the
 * blur of a soft photo joins two strokes more than half as dark as their cores (a 3's open side,
 * a 5's bowl, a 2's loop, a 7's corner), keepHalfOfLocalPeak keeps the join, and seeds are never
 * trimmed; yet the join is still lighter than the strokes it joins, and that is what this finds.
 * A stroke is never cut across where its pressure dips: such a dip is a valley along the stroke,
 * but across it the stroke is a ridge (the paper on both sides is lighter still), and a valley
 * on a ridge is kept.
 */
function openBlurredGaps(mask: Uint8Array, { dark, peak }: InkDarkness, width: number, height: number): void {
  const at = (x: number, y: number) => (x >= 0 && y >= 0 && x < width && y < height ? dark[y * width + x] : 0);
  const inGap = (x: number, y: number, here: number) => {
    for (const [ux, uy] of GAP_DIRECTIONS) {
      for (const d of GAP_REACHES) {
        if (here >= (1 - GAP_DEPTH) * min(at(x - d * ux, y - d * uy), at(x + d * ux, y + d * uy))) continue;
        // On a ridge across that direction: a stroke, lighter where its pressure dips.
        const ridge = at(x + d * uy, y - d * ux) < (1 - GAP_DEPTH) * here && at(x - d * uy, y + d * ux) < (1 - GAP_DEPTH) * here;
        if (!ridge) return true;
      }
    }
    return false;
  };
  // The sides are read from `dark`, which this never changes, so each pixel can go as it is found.
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      // Ink within GAP_DEPTH of the darkest ink around it (most of a stroke) has no two darker sides.
      if (mask[i] && dark[i] < (1 - GAP_DEPTH) * peak[i] && inGap(x, y, dark[i])) mask[i] = 0;
    }
  }
}

interface Band {
  from: number;
  to: number;
  /** The middle of the rows the line itself covers nearly across (lineRows), whatever else the band holds. */
  core: number;
}

/** The band of rows (or columns) of a printed line near `expected`, from a coverage profile. */
function findLineBand(coverage: Float32Array, expected: number, tolerance: number): Band | null {
  let best: Band | null = null;
  let bestDistance = Infinity;
  for (let i = 0; i < coverage.length; i++) {
    if (coverage[i] < 0.45) continue;
    let j = i;
    while (j + 1 < coverage.length && coverage[j + 1] >= 0.45) j++;
    const distance = abs((i + j) / 2 - expected);
    if (distance <= tolerance && distance < bestDistance) {
      const own = lineRows(coverage, i, j);
      best = { from: i, to: j, core: round((own.from + own.to) / 2) };
      bestDistance = distance;
    }
    i = j;
  }
  if (!best) return null;
  // Anti-aliased edges and a slight tilt spread the line over neighbouring rows.
  for (let k = 0; k < 2 && best.from > 0 && coverage[best.from - 1] >= 0.1; k++) best.from--;
  for (let k = 0; k < 2 && best.to < coverage.length - 1 && coverage[best.to + 1] >= 0.1; k++) best.to++;
  return best;
}

/** A row covered less than this share of the best covered row of its run is not the line's own. */
const LINE_ROW_SHARE = 0.75;

/**
 * The rows of a run of covered rows (`from`..`to`) that the line itself covers: the run without
 * its ends that are covered much less than its best row. A stroke lying along the line and
 * touching it (a 2's base just above the bottom rule, blurred into it) covers its rows half way
 * or so, enough to join the run. The band keeps those rows (the line's soft edges join it the
 * same way), but its middle row is the line's own: in the stroke's rows, it made every column
 * through the stroke look like the line, so strokesAlongLine kept nothing of the stroke and it
 * went with the line (a 2 read as 7).
 */
function lineRows(coverage: Float32Array, from: number, to: number): { from: number; to: number } {
  let peak = 0;
  for (let k = from; k <= to; k++) peak = max(peak, coverage[k]);
  const floor = LINE_ROW_SHARE * peak;
  while (from < to && coverage[from] < floor) from++;
  while (to > from && coverage[to] < floor) to--;
  return { from, to };
}

/** Rows of one column's ink run through a line, inclusive. */
interface Run {
  from: number;
  to: number;
}

/** How far past a line's band the ink run through it is followed, pixels. */
const ALONG_REACH = 10;
/** A run through a line at least this many pixels longer than the line's own holds writing. */
const ALONG_THICKER_BY = 2;

/**
 * Ink of writing that lies along a horizontal line (a 3's top arc under the top rule, a 9's loop
 * touching it, a 0 resting on the bottom one), which the line's removal would take with it: no
 * stroke crosses the band there, so `removeBorderLines` keeps nothing of it, and the digit loses
 * its top (a 3 read as 5, a 9 as 4). In each column the ink run through the line's middle row is
 * followed up to ALONG_REACH pixels past the band; where writing touches the line, that run is
 * longer than the line's own (the median run). There the band's rows that the line itself does
 * not ink (outside the median run's rows) are candidates: the part of the stroke beside the line,
 * never the line. One pixel longer is not enough: a line's width varies by a pixel along its
 * length, and keeping those columns put pieces of line on the digits (before the join below, 72
 * wrong of 3,346 digit glyphs of calibration cells against 37). Pixel indices, which
 * `joinToWriting` puts back only where they join the writing.
 */
function strokesAlongLine(ink: Uint8Array, width: number, height: number, band: Band, lineColumn: (x: number) => boolean): number[] {
  const runs: (Run | null)[] = [];
  for (let x = 0; x < width; x++) {
    if (lineColumn(x) || !ink[band.core * width + x]) {
      runs.push(null);
      continue;
    }
    let from = band.core;
    let to = band.core;
    while (from > max(0, band.from - ALONG_REACH) && ink[(from - 1) * width + x]) from--;
    while (to < min(height - 1, band.to + ALONG_REACH) && ink[(to + 1) * width + x]) to++;
    runs.push({ from, to });
  }
  const lengths = runs.flatMap((r) => (r ? [r.to - r.from + 1] : []));
  if (lengths.length === 0) return [];
  const lineLength = median(lengths);
  const thick = (r: Run | null): r is Run => r !== null && r.to - r.from + 1 >= lineLength + ALONG_THICKER_BY;
  const plain = runs.filter((r): r is Run => r !== null && !thick(r));
  const lineFrom = plain.length ? median(plain.map((r) => r.from)) : band.core;
  const lineTo = plain.length ? median(plain.map((r) => r.to)) : band.core;
  const kept: number[] = [];
  runs.forEach((run, x) => {
    if (!thick(run)) return;
    for (let y = run.from; y <= run.to; y++) if (y < lineFrom || y > lineTo) kept.push(y * width + x);
  });
  return kept;
}

/**
 * Puts back the pixels of `along` (ink the line's removal took) that connect, through each other,
 * to the ink that is left: the part of a stroke lying along a line rejoins its digit, and where
 * nothing was written nothing comes back. Putting all of them back read blank fields of photos
 * as written: in blurred photos a line's soft edge is uneven enough to pass for a stroke beside
 * it (uncertain-blank 43 against 14 over 600 photos, text fields 52.55% to review against 47.15%).
 */
function joinToWriting(ink: Uint8Array, width: number, height: number, along: readonly number[]): void {
  const candidate = new Uint8Array(width * height);
  for (const i of along) if (!ink[i]) candidate[i] = 1;
  const neighbours = (i: number): number[] => {
    const x = i % width;
    const y = (i - x) / width;
    const found: number[] = [];
    for (let yy = max(0, y - 1); yy <= min(height - 1, y + 1); yy++)
      for (let xx = max(0, x - 1); xx <= min(width - 1, x + 1); xx++) if (xx !== x || yy !== y) found.push(yy * width + xx);
    return found;
  };
  const stack = along.filter((i) => candidate[i] === 1 && neighbours(i).some((j) => ink[j] === 1));
  for (const i of stack) candidate[i] = 2;
  while (stack.length) {
    const i = stack.pop()!;
    ink[i] = 1;
    for (const j of neighbours(i)) {
      if (candidate[j] !== 1) continue;
      candidate[j] = 2;
      stack.push(j);
    }
  }
}

/**
 * Removes the printed border lines from the ink mask, keeping strokes that cross a line and
 * writing that lies along a horizontal one (strokesAlongLine, joinToWriting). Returns the border box.
 */
export function removeBorderLines(ink: Uint8Array, width: number, height: number): CellBox {
  const margin = min(EXPECTED_MARGIN * height, MAX_MARGIN_PX);
  const tolerance = 0.6 * margin + 3;
  const rows = new Float32Array(height);
  const cols = new Float32Array(width);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!ink[y * width + x]) continue;
      rows[y]++;
      cols[x]++;
    }
  }
  for (let y = 0; y < height; y++) rows[y] /= width;
  for (let x = 0; x < width; x++) cols[x] /= height;
  const top = findLineBand(rows, margin, tolerance);
  const bottom = findLineBand(rows, height - 1 - margin, tolerance);
  const left = findLineBand(cols, margin, tolerance);
  const right = findLineBand(cols, width - 1 - margin, tolerance);
  const inBand = (band: Band | null, v: number) => band !== null && v >= band.from && v <= band.to;
  const lineRow = (y: number) => inBand(top, y) || inBand(bottom, y);
  const lineColumn = (x: number) => inBand(left, x) || inBand(right, x);
  // Ink of the writing (not of another printed line) on both sides of a line marks a crossing stroke.
  const writing = (x: number, y: number) => x >= 0 && y >= 0 && x < width && y < height && ink[y * width + x] === 1 && !lineRow(y) && !lineColumn(x);
  const crossings: number[] = [];
  const along: number[] = [];
  for (const band of [top, bottom]) {
    if (!band) continue;
    for (let x = 0; x < width; x++) {
      if (lineColumn(x)) continue;
      const above = writing(x - 1, band.from - 1) || writing(x, band.from - 1) || writing(x + 1, band.from - 1);
      const below = writing(x - 1, band.to + 1) || writing(x, band.to + 1) || writing(x + 1, band.to + 1);
      if (above && below) for (let y = band.from; y <= band.to; y++) crossings.push(y * width + x);
    }
    along.push(...strokesAlongLine(ink, width, height, band, lineColumn));
  }
  for (const band of [left, right]) {
    if (!band) continue;
    for (let y = 0; y < height; y++) {
      if (lineRow(y)) continue;
      const before = writing(band.from - 1, y - 1) || writing(band.from - 1, y) || writing(band.from - 1, y + 1);
      const after = writing(band.to + 1, y - 1) || writing(band.to + 1, y) || writing(band.to + 1, y + 1);
      if (before && after) for (let x = band.from; x <= band.to; x++) crossings.push(y * width + x);
    }
  }
  const kept = crossings.filter((i) => ink[i] === 1);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) if (lineRow(y) || lineColumn(x)) ink[y * width + x] = 0;
  }
  for (const i of kept) ink[i] = 1;
  joinToWriting(ink, width, height, along);
  const centre = (band: Band | null, fallback: number) => (band ? (band.from + band.to) / 2 : fallback);
  return {
    top: centre(top, margin),
    bottom: centre(bottom, height - 1 - margin),
    left: centre(left, margin),
    right: centre(right, width - 1 - margin),
  };
}
