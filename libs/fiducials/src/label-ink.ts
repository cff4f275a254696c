/**
 * The ink of a photographed label crop: the paper's shading divided out, a global (Otsu) threshold,
 * and the rows and columns that hold ink (the text band and its character runs).
 */
import type { GreyImage } from './pixel-image';

// Module-level aliases: global lookups are slow inside Jest's VM contexts, and these run per pixel.
const { min, max, round } = Math;

export function boxBlur(image: GreyImage, radius: number): GreyImage {
  if (radius === 0) return image;
  const { width, height, data } = image;
  const horizontal = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      for (let k = -radius; k <= radius; k++) sum += data[y * width + min(width - 1, max(0, x + k))];
      horizontal[y * width + x] = sum / (2 * radius + 1);
    }
  }
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      for (let k = -radius; k <= radius; k++) sum += horizontal[min(height - 1, max(0, y + k)) * width + x];
      out[y * width + x] = round(sum / (2 * radius + 1));
    }
  }
  return { data: out, width, height };
}

function otsuThreshold(image: GreyImage): number {
  const histogram = new Array<number>(256).fill(0);
  for (const v of image.data) histogram[v]++;
  const total = image.data.length;
  let sumAll = 0;
  for (let i = 0; i < 256; i++) sumAll += i * histogram[i];
  let sumBack = 0;
  let weightBack = 0;
  let best = 0;
  let threshold = 127;
  for (let t = 0; t < 256; t++) {
    weightBack += histogram[t];
    if (weightBack === 0) continue;
    const weightFore = total - weightBack;
    if (weightFore === 0) break;
    sumBack += t * histogram[t];
    const meanBack = sumBack / weightBack;
    const meanFore = (sumAll - sumBack) / weightFore;
    const between = weightBack * weightFore * (meanBack - meanFore) ** 2;
    if (between > best) {
      best = between;
      threshold = t;
    }
  }
  return threshold;
}

/** The paper's level around each pixel is looked for this share of the crop's height away (wider than a stroke, narrower than a shadow's edge). */
const SHADING_RADIUS_SHARE = 1 / 6;

/**
 * Running maximum of `count` values of `source` (read from `offset` with `stride`) over `radius`
 * either side, written to the same places of `target`. A queue of candidate positions whose
 * values decrease keeps it linear in `count` whatever the radius.
 */
function runningMax(source: Float32Array, target: Float32Array, count: number, offset: number, stride: number, radius: number): void {
  const queue = new Int32Array(count);
  let head = 0;
  let tail = 0;
  const value = (k: number) => source[offset + k * stride];
  for (let entering = 0; entering < count + radius; entering++) {
    if (entering < count) {
      while (tail > head && value(queue[tail - 1]) <= value(entering)) tail--;
      queue[tail++] = entering;
    }
    const i = entering - radius;
    if (i < 0) continue;
    while (queue[head] < i - radius) head++;
    target[offset + i * stride] = value(queue[head]);
  }
}

/**
 * Divides the crop by its paper's level: a shadow or a light falling off across the label makes
 * one end of the line darker than the other, which a single threshold takes for ink (the whole
 * band, then no character runs). The paper's level is the local maximum (ink removed) smoothed
 * by a box; a crop lit evenly comes back unchanged but for the scale.
 */
export function flattenShading(image: GreyImage): GreyImage {
  let flat = flattened.get(image);
  if (!flat) {
    flat = dividedByPaper(image);
    flattened.set(image, flat);
  }
  return flat;
}

/** Flattened crops by the crop they came from: the free reading and the readings against each layout share one. */
const flattened = new WeakMap<GreyImage, GreyImage>();

function dividedByPaper(image: GreyImage): GreyImage {
  const { width, height, data } = image;
  const radius = max(2, round(height * SHADING_RADIUS_SHARE));
  const source = Float32Array.from(data);
  const rows = new Float32Array(width * height);
  for (let y = 0; y < height; y++) runningMax(source, rows, width, y * width, 1, radius);
  const paper = new Float32Array(width * height);
  for (let x = 0; x < width; x++) runningMax(rows, paper, height, x, width, radius);
  const smooth = boxBlur({ data: Uint8Array.from(paper, (v) => round(v)), width, height }, radius);
  const out = new Uint8Array(width * height);
  for (let i = 0; i < out.length; i++) out[i] = min(255, round((255 * data[i]) / max(1, smooth.data[i])));
  return { data: out, width, height };
}

/** Rows and columns holding ink: the text band and the character runs inside it. */
export function inkLayout(image: GreyImage): { top: number; bottom: number; runs: [number, number][] } | undefined {
  const threshold = otsuThreshold(image);
  const ink = (x: number, y: number) => image.data[y * image.width + x] <= threshold;
  const rowInk = new Array<number>(image.height).fill(0);
  for (let y = 0; y < image.height; y++) for (let x = 0; x < image.width; x++) if (ink(x, y)) rowInk[y]++;
  const peak = max(...rowInk);
  if (peak === 0) return undefined;
  // Rows with a sliver of ink (noise, a stray border) do not define the text band.
  const minRow = max(1, peak * 0.08);
  const top = rowInk.findIndex((v) => v >= minRow);
  const bottom = image.height - 1 - [...rowInk].reverse().findIndex((v) => v >= minRow);
  if (bottom - top < 3) return undefined;
  const runs: [number, number][] = [];
  let start = -1;
  for (let x = 0; x <= image.width; x++) {
    let count = 0;
    if (x < image.width) for (let y = top; y <= bottom; y++) if (ink(x, y)) count++;
    if (count > 0 && start < 0) start = x;
    if (count === 0 && start >= 0) {
      runs.push([start, x - 1]);
      start = -1;
    }
  }
  return { top, bottom: bottom + 1, runs };
}
