import type { Box, Homography } from '@caddie/fiducials';

/**
 * Below this many photo pixels per millimetre of card, a handwritten digit (6 to 9 mm tall)
 * spans fewer than about 12 to 18 photo pixels: the canonical crop is then an upscaled blur
 * and a reading of it would be a guess. Such a page stays NORMALIZED_ONLY. (The printed
 * identity label already needs 10 px over 6 mm, about 1.7 px/mm, to be read at all.)
 */
export const MIN_SOURCE_PIXELS_PER_MM = 2;

/** Smaller singular value of a 2x2 matrix [a b; c d]: the scale in the worst direction. */
function minSingularValue(a: number, b: number, c: number, d: number): number {
  const s1 = a * a + b * b + c * c + d * d;
  const det = a * d - b * c;
  const root = Math.sqrt(Math.max(0, s1 * s1 - 4 * det * det));
  return Math.sqrt(Math.max(0, (s1 - root) / 2));
}

/** Source pixels per canonical pixel, in the worst direction, at one canonical point. */
function localScale(h: Homography, x: number, y: number): number {
  const w = h[6] * x + h[7] * y + h[8];
  const u = (h[0] * x + h[1] * y + h[2]) / w;
  const v = (h[3] * x + h[4] * y + h[5]) / w;
  return minSingularValue((h[0] - u * h[6]) / w, (h[1] - u * h[7]) / w, (h[3] - v * h[6]) / w, (h[4] - v * h[7]) / w);
}

/**
 * How finely the photo resolves the page's fields: the smallest photo pixels per millimetre
 * at the corners and centre of the area holding them (a perspective is sharpest at one end
 * and softest at the other, so the extremes lie at the corners).
 */
export function sourcePixelsPerMm(
  canonicalToSource: Homography,
  canonical: { width: number; height: number },
  pixelsPerMm: number,
  boxes: readonly Box[],
): number {
  const x1 = Math.min(...boxes.map((b) => b.x1)) * canonical.width;
  const y1 = Math.min(...boxes.map((b) => b.y1)) * canonical.height;
  const x2 = Math.max(...boxes.map((b) => b.x2)) * canonical.width;
  const y2 = Math.max(...boxes.map((b) => b.y2)) * canonical.height;
  const points = [
    [x1, y1],
    [x2, y1],
    [x2, y2],
    [x1, y2],
    [(x1 + x2) / 2, (y1 + y2) / 2],
  ];
  return Math.min(...points.map(([x, y]) => localScale(canonicalToSource, x, y))) * pixelsPerMm;
}
