import type { Point } from './pixel-image';

/** Row-major 3x3 projective transform. */
export type Homography = [number, number, number, number, number, number, number, number, number];

export function applyHomography(h: Homography, p: Point): Point {
  const w = h[6] * p.x + h[7] * p.y + h[8];
  return { x: (h[0] * p.x + h[1] * p.y + h[2]) / w, y: (h[3] * p.x + h[4] * p.y + h[5]) / w };
}

export function invertHomography(h: Homography): Homography {
  const [a, b, c, d, e, f, g, k, l] = h;
  const co = [e * l - f * k, c * k - b * l, b * f - c * e, f * g - d * l, a * l - c * g, c * d - a * f, d * k - e * g, b * g - a * k, a * e - b * d];
  const det = a * co[0] + b * co[3] + c * co[6];
  return normalizeScale(co.map((v) => v / det) as Homography);
}

export function multiplyHomographies(a: Homography, b: Homography): Homography {
  const out = new Array<number>(9).fill(0);
  for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) for (let k = 0; k < 3; k++) out[r * 3 + c] += a[r * 3 + k] * b[k * 3 + c];
  return normalizeScale(out as Homography);
}

function normalizeScale(h: Homography): Homography {
  const s = Math.abs(h[8]) > 1e-12 ? h[8] : Math.hypot(...h);
  return h.map((v) => v / s) as Homography;
}

/** Similarity that moves the points' centroid to the origin with mean distance sqrt(2) (Hartley). */
function conditioning(points: readonly Point[]): Homography {
  const cx = points.reduce((s, p) => s + p.x, 0) / points.length;
  const cy = points.reduce((s, p) => s + p.y, 0) / points.length;
  const mean = points.reduce((s, p) => s + Math.hypot(p.x - cx, p.y - cy), 0) / points.length || 1;
  const s = Math.SQRT2 / mean;
  return [s, 0, -s * cx, 0, s, -s * cy, 0, 0, 1];
}

/**
 * Least-squares homography mapping `from[i]` to `to[i]` (direct linear transform on conditioned
 * points). Returns undefined when the points do not determine one (fewer than four, collinear).
 */
export function fitHomography(from: readonly Point[], to: readonly Point[]): Homography | undefined {
  if (from.length !== to.length || from.length < 4) return undefined;
  const tf = conditioning(from);
  const tt = conditioning(to);
  const ata = Array.from({ length: 9 }, () => new Array<number>(9).fill(0));
  const accumulate = (row: number[]) => {
    for (let i = 0; i < 9; i++) for (let j = i; j < 9; j++) ata[i][j] += row[i] * row[j];
  };
  for (let i = 0; i < from.length; i++) {
    const p = applyHomography(tf, from[i]);
    const q = applyHomography(tt, to[i]);
    accumulate([p.x, p.y, 1, 0, 0, 0, -q.x * p.x, -q.x * p.y, -q.x]);
    accumulate([0, 0, 0, p.x, p.y, 1, -q.y * p.x, -q.y * p.y, -q.y]);
  }
  for (let i = 0; i < 9; i++) for (let j = 0; j < i; j++) ata[i][j] = ata[j][i];
  const { values, vectors } = symmetricEigen(ata);
  let smallest = 0;
  for (let i = 1; i < 9; i++) if (values[i] < values[smallest]) smallest = i;
  const sorted = [...values].sort((a, b) => a - b);
  // A second near-zero eigenvalue means a family of solutions: degenerate correspondences.
  if (sorted[1] <= 1e-9 * Math.max(sorted[8], 1e-12)) return undefined;
  const hn = vectors.map((row) => row[smallest]) as Homography;
  const h = multiplyHomographies(invertHomography(tt), multiplyHomographies(hn, tf));
  return h.every(Number.isFinite) ? h : undefined;
}

/** Cyclic Jacobi eigen-decomposition; columns of `vectors` are the eigenvectors. */
function symmetricEigen(matrix: number[][]): { values: number[]; vectors: number[][] } {
  const n = matrix.length;
  const a = matrix.map((row) => [...row]);
  const v: number[][] = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 1 : 0)));
  for (let sweep = 0; sweep < 60; sweep++) {
    let off = 0;
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) off += a[i][j] * a[i][j];
    if (off < 1e-30) break;
    for (let p = 0; p < n; p++) {
      for (let q = p + 1; q < n; q++) {
        if (Math.abs(a[p][q]) < 1e-300) continue;
        const theta = (a[q][q] - a[p][p]) / (2 * a[p][q]);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k++) {
          const akp = a[k][p];
          const akq = a[k][q];
          a[k][p] = c * akp - s * akq;
          a[k][q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = a[p][k];
          const aqk = a[q][k];
          a[p][k] = c * apk - s * aqk;
          a[q][k] = s * apk + c * aqk;
        }
        for (let k = 0; k < n; k++) {
          const vkp = v[k][p];
          const vkq = v[k][q];
          v[k][p] = c * vkp - s * vkq;
          v[k][q] = s * vkp + c * vkq;
        }
      }
    }
  }
  return { values: a.map((row, i) => row[i]), vectors: v };
}
