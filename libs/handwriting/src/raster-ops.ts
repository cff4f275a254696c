/** Small raster helpers shared by segmentation and the test-side cell synthesis (row-major, single channel). */

// Module-level aliases: global lookups are slow inside Jest's VM contexts, and these run per pixel.
const { PI, SQRT2, ceil, exp, floor, max } = Math;

const DIAGONAL = SQRT2;

/**
 * Approximate Euclidean distance (two-pass chamfer, 1 and sqrt 2) from every pixel where
 * `mask` is set to the nearest unset pixel; unset pixels get 0. `borderIsUnset`: whether the
 * outside of the raster counts as unset (otherwise it is no boundary at all).
 */
function chamferDistance(mask: Uint8Array, width: number, height: number, borderIsUnset: boolean): Float32Array {
  const outside = borderIsUnset ? 0 : Infinity;
  const big = width + height;
  const d = new Float32Array(width * height);
  for (let i = 0; i < d.length; i++) d[i] = mask[i] ? big : 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (d[i] === 0) continue;
      let v = d[i];
      const left = x > 0 ? d[i - 1] : outside;
      const up = y > 0 ? d[i - width] : outside;
      const upLeft = x > 0 && y > 0 ? d[i - width - 1] : outside;
      const upRight = x < width - 1 && y > 0 ? d[i - width + 1] : outside;
      if (left + 1 < v) v = left + 1;
      if (up + 1 < v) v = up + 1;
      if (upLeft + DIAGONAL < v) v = upLeft + DIAGONAL;
      if (upRight + DIAGONAL < v) v = upRight + DIAGONAL;
      d[i] = v;
    }
  }
  for (let y = height - 1; y >= 0; y--) {
    for (let x = width - 1; x >= 0; x--) {
      const i = y * width + x;
      if (d[i] === 0) continue;
      let v = d[i];
      const right = x < width - 1 ? d[i + 1] : outside;
      const down = y < height - 1 ? d[i + width] : outside;
      const downRight = x < width - 1 && y < height - 1 ? d[i + width + 1] : outside;
      const downLeft = x > 0 && y < height - 1 ? d[i + width - 1] : outside;
      if (right + 1 < v) v = right + 1;
      if (down + 1 < v) v = down + 1;
      if (downRight + DIAGONAL < v) v = downRight + DIAGONAL;
      if (downLeft + DIAGONAL < v) v = downLeft + DIAGONAL;
      d[i] = v;
    }
  }
  return d;
}

/** Distance from set pixels of `mask` to the nearest unset pixel (outside the raster counts as unset). */
export function distanceInside(mask: Uint8Array, width: number, height: number): Float32Array {
  return chamferDistance(mask, width, height, true);
}

/**
 * Signed distance to the mask's boundary in pixels: positive inside (about half the stroke
 * width at a stroke's middle), negative outside. Outside pixels far from ink get -width-height.
 */
export function signedDistance(mask: Uint8Array, width: number, height: number): Float32Array {
  const inside = distanceInside(mask, width, height);
  const inverted = new Uint8Array(mask.length);
  let anyInk = false;
  for (let i = 0; i < mask.length; i++) {
    inverted[i] = mask[i] ? 0 : 1;
    if (mask[i]) anyInk = true;
  }
  const out = new Float32Array(mask.length);
  if (!anyInk) return out.fill(-(width + height));
  // Distance outside must not treat the raster border as ink: pad logic by using a large
  // value where the chamfer pass met the border instead of a stroke.
  const outside = distanceOutsideUnbounded(inverted, width, height);
  for (let i = 0; i < mask.length; i++) out[i] = mask[i] ? inside[i] - 0.5 : 0.5 - outside[i];
  return out;
}

/** Distance from set pixels of `mask` to the nearest unset pixel, with the raster border NOT counting as unset. */
function distanceOutsideUnbounded(mask: Uint8Array, width: number, height: number): Float32Array {
  return chamferDistance(mask, width, height, false);
}

/**
 * Distance from every pixel to the nearest set pixel of `mask` (0 on set pixels); the raster
 * border is not a boundary.
 */
export function distanceToMask(mask: Uint8Array, width: number, height: number): Float32Array {
  const inverted = new Uint8Array(mask.length);
  for (let i = 0; i < mask.length; i++) inverted[i] = mask[i] ? 0 : 1;
  return distanceOutsideUnbounded(inverted, width, height);
}

/**
 * Zhang-Suen thinning: the one-pixel-wide centre lines of a binary shape, connectivity kept.
 * Returns a new mask.
 */
export function thin(mask: Uint8Array, width: number, height: number): Uint8Array {
  const m = Uint8Array.from(mask);
  const at = (x: number, y: number) => (x < 0 || y < 0 || x >= width || y >= height ? 0 : m[y * width + x]);
  const remove: number[] = [];
  let changed = true;
  while (changed) {
    changed = false;
    for (let pass = 0; pass < 2; pass++) {
      remove.length = 0;
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          if (!m[y * width + x]) continue;
          const p2 = at(x, y - 1);
          const p3 = at(x + 1, y - 1);
          const p4 = at(x + 1, y);
          const p5 = at(x + 1, y + 1);
          const p6 = at(x, y + 1);
          const p7 = at(x - 1, y + 1);
          const p8 = at(x - 1, y);
          const p9 = at(x - 1, y - 1);
          const neighbours = p2 + p3 + p4 + p5 + p6 + p7 + p8 + p9;
          if (neighbours < 2 || neighbours > 6) continue;
          const transitions =
            (p2 === 0 && p3 === 1 ? 1 : 0) +
            (p3 === 0 && p4 === 1 ? 1 : 0) +
            (p4 === 0 && p5 === 1 ? 1 : 0) +
            (p5 === 0 && p6 === 1 ? 1 : 0) +
            (p6 === 0 && p7 === 1 ? 1 : 0) +
            (p7 === 0 && p8 === 1 ? 1 : 0) +
            (p8 === 0 && p9 === 1 ? 1 : 0) +
            (p9 === 0 && p2 === 1 ? 1 : 0);
          if (transitions !== 1) continue;
          if (pass === 0 ? p2 * p4 * p6 === 0 && p4 * p6 * p8 === 0 : p2 * p4 * p8 === 0 && p2 * p6 * p8 === 0) remove.push(y * width + x);
        }
      }
      for (const i of remove) m[i] = 0;
      if (remove.length) changed = true;
    }
  }
  return m;
}

/**
 * Removes skeleton branches that run from a free end to a junction in at most `maxLength`
 * pixels: thinning a thick stroke leaves such spurs at its corners and blobs, where no pen went.
 */
export function pruneSpurs(skeleton: Uint8Array, width: number, height: number, maxLength: number): Uint8Array {
  const m = Uint8Array.from(skeleton);
  const neighbours = (i: number): number[] => {
    const x = i % width;
    const y = (i - x) / width;
    const out: number[] = [];
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        if ((dx === 0 && dy === 0) || x + dx < 0 || y + dy < 0 || x + dx >= width || y + dy >= height) continue;
        const j = i + dy * width + dx;
        if (m[j]) out.push(j);
      }
    }
    return out;
  };
  const spurs: number[][] = [];
  for (let i = 0; i < m.length; i++) {
    if (!m[i] || neighbours(i).length !== 1) continue;
    const path = [i];
    const seen = new Set(path);
    let current = i;
    for (;;) {
      const next = neighbours(current).filter((j) => !seen.has(j));
      if (next.length === 0 || path.length > maxLength) break;
      if (next.length > 1 || neighbours(next[0]).length > 2) {
        spurs.push(path);
        break;
      }
      current = next[0];
      path.push(current);
      seen.add(current);
    }
  }
  for (const path of spurs) for (const i of path) m[i] = 0;
  return m;
}

/**
 * Mean stroke width of a binary shape: twice its area over its boundary length (a long stroke
 * of width w has area w*L and two edges of length L).
 */
export function strokeWidth(mask: Uint8Array, width: number, height: number): number {
  let area = 0;
  let edge = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (!mask[i]) continue;
      area++;
      if (x === 0 || !mask[i - 1]) edge++;
      if (x === width - 1 || !mask[i + 1]) edge++;
      if (y === 0 || !mask[i - width]) edge++;
      if (y === height - 1 || !mask[i + width]) edge++;
    }
  }
  // Axis-aligned edge counts overstate a slanted boundary's length by about 4/pi.
  return edge === 0 ? 0 : (2 * area) / (edge * (PI / 4));
}

/** Separable Gaussian blur of a float raster, in place; edges clamp. */
export function gaussianBlur(data: Float32Array, width: number, height: number, sigma: number): void {
  if (sigma <= 0.05) return;
  const radius = max(1, ceil(sigma * 2.5));
  const kernel = new Float32Array(radius * 2 + 1);
  let sum = 0;
  for (let k = -radius; k <= radius; k++) {
    kernel[k + radius] = exp(-(k * k) / (2 * sigma * sigma));
    sum += kernel[k + radius];
  }
  for (let k = 0; k < kernel.length; k++) kernel[k] /= sum;
  const line = new Float32Array(max(width, height));
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      let acc = 0;
      for (let k = -radius; k <= radius; k++) {
        const xx = x + k < 0 ? 0 : x + k >= width ? width - 1 : x + k;
        acc += data[row + xx] * kernel[k + radius];
      }
      line[x] = acc;
    }
    for (let x = 0; x < width; x++) data[row + x] = line[x];
  }
  for (let x = 0; x < width; x++) {
    for (let y = 0; y < height; y++) {
      let acc = 0;
      for (let k = -radius; k <= radius; k++) {
        const yy = y + k < 0 ? 0 : y + k >= height ? height - 1 : y + k;
        acc += data[yy * width + x] * kernel[k + radius];
      }
      line[y] = acc;
    }
    for (let y = 0; y < height; y++) data[y * width + x] = line[y];
  }
}

/** Bilinear sample of a float raster; outside it reads 0. */
export function sampleZeroPadded(data: Float32Array, width: number, height: number, x: number, y: number): number {
  if (x <= -1 || y <= -1 || x >= width || y >= height) return 0;
  const x0 = floor(x);
  const y0 = floor(y);
  const fx = x - x0;
  const fy = y - y0;
  const at = (cx: number, cy: number) => (cx < 0 || cy < 0 || cx >= width || cy >= height ? 0 : data[cy * width + cx]);
  return (at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx) * (1 - fy) + (at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx) * fy;
}

/** The value below which `fraction` of an 8-bit raster's pixels fall. */
export function percentile8(data: Uint8Array, fraction: number): number {
  const histogram = new Uint32Array(256);
  for (let i = 0; i < data.length; i++) histogram[data[i]]++;
  const target = fraction * data.length;
  let seen = 0;
  for (let v = 0; v < 256; v++) {
    seen += histogram[v];
    if (seen >= target) return v;
  }
  return 255;
}

/** The middle value (the upper one of an even count); 0 for no values. */
export function median(values: ArrayLike<number>): number {
  const sorted = Float64Array.from(values).sort();
  return sorted.length === 0 ? 0 : sorted[sorted.length >> 1];
}
