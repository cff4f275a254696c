import type { Box } from '../capture-geometry';
import type { PixelImage } from '../pixel-image';
import type { SeededRandom } from './seeded-random';
import { MNIST_SIDE, mnistGlyph, mnistRangeSize } from '@caddie/handwriting';

/** Training items per digit class that scenes may draw from (see @caddie/handwriting's gate). */
export const HANDWRITING_ITEMS_PER_DIGIT = mnistRangeSize('training');

/** One MNIST training glyph as 28x28 ink values 0..1; refuses any index outside the training range. */
export function handwritingGlyph(digit: number, index: number): Float32Array {
  return mnistGlyph(digit, index, 'training');
}

export interface HandwrittenDigit {
  holeNumber: number;
  cell: 'score' | 'putts';
  digit: number;
  /** MNIST item within the digit's class, always below HANDWRITING_ITEMS_PER_DIGIT. */
  mnistIndex: number;
}

export interface CellToWrite {
  holeNumber: number;
  cell: 'score' | 'putts';
  /** Normalized box of the cell on the capture surface. */
  box: Box;
  digit: number;
}

/**
 * Writes one digit per cell into an RGBA card raster (in place) with a pen colour, sized and
 * placed with a little human jitter. Returns what it wrote and from which MNIST items.
 */
export function writeDigits(raster: PixelImage, cells: readonly CellToWrite[], random: SeededRandom): HandwrittenDigit[] {
  const pen = random.pick([
    [25, 35, 110],
    [20, 20, 25],
    [40, 40, 60],
  ]);
  const written: HandwrittenDigit[] = [];
  for (const cell of cells) {
    const mnistIndex = random.int(0, HANDWRITING_ITEMS_PER_DIGIT);
    const glyph = handwritingGlyph(cell.digit, mnistIndex);
    const cellW = (cell.box.x2 - cell.box.x1) * raster.width;
    const cellH = (cell.box.y2 - cell.box.y1) * raster.height;
    const side = Math.min(cellW, cellH) * random.uniform(0.95, 1.25);
    const cx = (cell.box.x1 + cell.box.x2) / 2 * raster.width + random.uniform(-0.15, 0.15) * cellW;
    const cy = (cell.box.y1 + cell.box.y2) / 2 * raster.height + random.uniform(-0.08, 0.08) * cellH;
    stampGlyph(raster, glyph, cx - side / 2, cy - side / 2, side, pen, random.uniform(0.75, 0.95));
    written.push({ holeNumber: cell.holeNumber, cell: cell.cell, digit: cell.digit, mnistIndex });
  }
  return written;
}

function stampGlyph(raster: PixelImage, glyph: Float32Array, left: number, top: number, side: number, pen: number[], strength: number): void {
  const { width, height, data, channels } = raster;
  const x0 = Math.max(0, Math.floor(left));
  const y0 = Math.max(0, Math.floor(top));
  const x1 = Math.min(width - 1, Math.ceil(left + side));
  const y1 = Math.min(height - 1, Math.ceil(top + side));
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const gx = ((x + 0.5 - left) / side) * MNIST_SIDE - 0.5;
      const gy = ((y + 0.5 - top) / side) * MNIST_SIDE - 0.5;
      const ink = sampleGlyph(glyph, gx, gy) * strength;
      if (ink <= 0.01) continue;
      const i = (y * width + x) * channels;
      for (let c = 0; c < 3; c++) data[i + c] = Math.round(data[i + c] * (1 - ink) + pen[c] * ink);
    }
  }
}

function sampleGlyph(glyph: Float32Array, x: number, y: number): number {
  if (x < -1 || y < -1 || x > MNIST_SIDE || y > MNIST_SIDE) return 0;
  const ix = Math.floor(x);
  const iy = Math.floor(y);
  const fx = x - ix;
  const fy = y - iy;
  const at = (cx: number, cy: number) => (cx < 0 || cy < 0 || cx >= MNIST_SIDE || cy >= MNIST_SIDE ? 0 : glyph[cy * MNIST_SIDE + cx]);
  return (at(ix, iy) * (1 - fx) + at(ix + 1, iy) * fx) * (1 - fy) + (at(ix, iy + 1) * (1 - fx) + at(ix + 1, iy + 1) * fx) * fy;
}
