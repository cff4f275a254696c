/**
 * The camera of one graphic: lon/lat -> local tangent-plane metres (east, north) around an
 * origin -> output pixels through one 2x3 affine matrix. Because the local projection is
 * equirectangular, the whole chain is affine in lon/lat too, which makes the sidecar exact
 * and cheap to reuse.
 */
import { LocalProjection, type LonLat } from '@caddie/geometry';

/** [a, b, c, d, e, f]: px = a*x + c*y + e, py = b*x + d*y + f (canvas setTransform order). */
export type AffineMatrix = [number, number, number, number, number, number];
export type Point2 = [number, number];

export class ViewTransform {
  readonly projection: LocalProjection;

  constructor(
    readonly origin: LonLat,
    /** local metres -> output pixels */
    readonly matrix: AffineMatrix,
  ) {
    this.projection = new LocalProjection(origin);
  }

  /** Output pixels per metre (the matrix is a similarity, so both axes agree). */
  get pixelsPerMeter(): number {
    const [a, b] = this.matrix;
    return Math.hypot(a, b);
  }

  /** Clockwise rotation of north on the image, degrees in (-180, 180]. */
  get northRotationDegrees(): number {
    const [, , c, d] = this.matrix;
    // north (0,1) maps to (c, d); straight up on the image is (0, -1)
    return (Math.atan2(c, -d) * 180) / Math.PI;
  }

  metersToPixels(p: Point2): Point2 {
    const [a, b, c, d, e, f] = this.matrix;
    return [a * p[0] + c * p[1] + e, b * p[0] + d * p[1] + f];
  }

  pixelsToMeters(p: Point2): Point2 {
    const [a, b, c, d, e, f] = this.matrix;
    const det = a * d - b * c;
    const x = p[0] - e;
    const y = p[1] - f;
    return [(d * x - c * y) / det, (-b * x + a * y) / det];
  }

  toMeters(lonLat: LonLat): Point2 {
    return this.projection.toMeters(lonLat) as Point2;
  }

  project(lonLat: LonLat): Point2 {
    return this.metersToPixels(this.toMeters(lonLat));
  }

  unproject(pixel: Point2): LonLat {
    return this.projection.toLonLat(this.pixelsToMeters(pixel));
  }

  /** The same transform followed by a uniform scale (for reduced-resolution layers such as masks). */
  scaled(factor: number): ViewTransform {
    const m = this.matrix.map((v) => v * factor) as AffineMatrix;
    return new ViewTransform(this.origin, m);
  }
}

/**
 * A similarity that maps metre points `from[0]`, `from[1]` exactly onto pixels `to[0]`, `to[1]`
 * with the image y axis pointing down (a mirror-free map view).
 */
export function similarityThrough(from: [Point2, Point2], to: [Point2, Point2]): AffineMatrix {
  // Map view: flip y first (north up), then a rotation+scale that is orientation preserving in pixel space.
  const [p0, p1] = [
    [from[0][0], -from[0][1]],
    [from[1][0], -from[1][1]],
  ];
  const vx = p1[0] - p0[0];
  const vy = p1[1] - p0[1];
  const wx = to[1][0] - to[0][0];
  const wy = to[1][1] - to[0][1];
  const len2 = vx * vx + vy * vy;
  if (!(len2 > 0)) throw new Error('similarityThrough: the two source points coincide');
  // complex ratio w / v = (sc + i ss)
  const sc = (wx * vx + wy * vy) / len2;
  const ss = (wy * vx - wx * vy) / len2;
  // pixel = R * (x, -y) + t, R = [[sc, -ss], [ss, sc]]
  const a = sc;
  const b = ss;
  const c = ss; // d(px)/dy = -(-ss) ... from (x, -y): px = sc*x + ss*y'
  const d = -sc;
  const e = to[0][0] - (sc * p0[0] - ss * p0[1]);
  const f = to[0][1] - (ss * p0[0] + sc * p0[1]);
  return [a, b, c, d, e, f];
}

/**
 * A map view: pixels = scale * rotate(screenUp = `upBearing`) around `center` (metres) placed at `at` (pixels).
 * upBearing is the compass bearing (degrees clockwise from north) that points to the image top.
 */
export function mapViewMatrix(center: Point2, upBearingDegrees: number, pixelsPerMeter: number, at: Point2): AffineMatrix {
  const t = (upBearingDegrees * Math.PI) / 180;
  const u: Point2 = [Math.sin(t), Math.cos(t)]; // up direction in metres
  const v: Point2 = [u[1], -u[0]]; // right of up
  const s = pixelsPerMeter;
  // px = s * (p - c)·v + at.x ; py = -s * (p - c)·u + at.y
  const a = s * v[0];
  const c = s * v[1];
  const b = -s * u[0];
  const d = -s * u[1];
  const e = at[0] - (a * center[0] + c * center[1]);
  const f = at[1] - (b * center[0] + d * center[1]);
  return [a, b, c, d, e, f];
}

/** Axis-aligned bounds of points after a matrix. */
export function boundsOf(points: readonly Point2[]): { minX: number; minY: number; maxX: number; maxY: number } {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const [x, y] of points) {
    if (x < minX) minX = x;
    if (y < minY) minY = y;
    if (x > maxX) maxX = x;
    if (y > maxY) maxY = y;
  }
  return { minX, minY, maxX, maxY };
}
