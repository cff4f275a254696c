import { sampleBilinear, type GreyImage, type Point } from './pixel-image';

// Module-level aliases: global lookups are slow inside Jest's VM contexts, and these run per pixel.
const { exp, round, max, hypot, abs } = Math;

/**
 * Sub-pixel corner refinement in the manner of OpenCV's cornerSubPix (absent from the JS
 * build): the corner is the point q where every image gradient in the window is orthogonal to
 * (p - q). Works on the full-resolution grey image, so corners found on the downscaled copy
 * regain full-resolution accuracy.
 */
export function refineCorner(image: GreyImage, start: Point, halfWindow: number, maxIterations = 30): Point {
  const w = max(1, round(halfWindow));
  const sigma2 = (w * w) / 2;
  let q = { ...start };
  for (let iteration = 0; iteration < maxIterations; iteration++) {
    let a = 0;
    let b = 0;
    let c = 0;
    let r1 = 0;
    let r2 = 0;
    for (let j = -w; j <= w; j++) {
      for (let i = -w; i <= w; i++) {
        const x = q.x + i;
        const y = q.y + j;
        const gx = (sampleBilinear(image, x + 1, y) - sampleBilinear(image, x - 1, y)) / 2;
        const gy = (sampleBilinear(image, x, y + 1) - sampleBilinear(image, x, y - 1)) / 2;
        const m = exp(-(i * i + j * j) / sigma2);
        const gxx = gx * gx * m;
        const gxy = gx * gy * m;
        const gyy = gy * gy * m;
        a += gxx;
        b += gxy;
        c += gyy;
        r1 += gxx * i + gxy * j;
        r2 += gxy * i + gyy * j;
      }
    }
    const det = a * c - b * b;
    // A flat or single-edge window has no unique corner: keep the estimate.
    if (abs(det) < 1e-6 * (a + c) * (a + c) || a + c === 0) break;
    const dx = (c * r1 - b * r2) / det;
    const dy = (a * r2 - b * r1) / det;
    q = { x: q.x + dx, y: q.y + dy };
    if (hypot(q.x - start.x, q.y - start.y) > w) return start;
    if (dx * dx + dy * dy < 1e-4) break;
  }
  return q;
}
