/**
 * What one render draws: the features whose bounds meet the view (a bounding-box prefilter,
 * so rendering cost follows the view, not the course), already in local metres.
 */
import type { BBox, Course, CourseFeature, GeometryLayer } from '@caddie/catalog';
import { SeededRandom } from '@caddie/catalog';
import type { SKRSContext2D } from '@napi-rs/canvas';
import { geometryParts, type MeterRings } from '../composition/course-geometry';
import type { ViewTransform, Point2 } from '../composition/view-transform';

const BOUNDS_CACHE = new WeakMap<Course, Map<string, BBox>>();

export function featureBounds(course: Course): Map<string, BBox> {
  let cached = BOUNDS_CACHE.get(course);
  if (cached) return cached;
  cached = new Map();
  for (const f of course.features) {
    const flat = (f.geometry.coordinates as unknown[]).flat(3) as number[];
    let w = Infinity;
    let s = Infinity;
    let e = -Infinity;
    let n = -Infinity;
    for (let i = 0; i < flat.length; i += 2) {
      if (flat[i] < w) w = flat[i];
      if (flat[i] > e) e = flat[i];
      if (flat[i + 1] < s) s = flat[i + 1];
      if (flat[i + 1] > n) n = flat[i + 1];
    }
    cached.set(f.id, [w, s, e, n]);
  }
  BOUNDS_CACHE.set(course, cached);
  return cached;
}

export class ViewScene {
  readonly viewBBox: BBox;
  readonly features: CourseFeature[];
  private readonly metersCache = new Map<string, MeterRings>();

  constructor(
    readonly course: Course,
    readonly transform: ViewTransform,
    readonly width: number,
    readonly height: number,
    /** the hole a hole view is about; null for course and profile views */
    readonly subjectHole: number | null,
    readonly seed: string,
    /**
     * Where this canvas sits in the space that pixel-space textures (flecks) repeat in; [0, 0]
     * for framed graphics. Map tiles pass their world-pixel offset so neighbours share texture.
     */
    readonly textureOffset: Point2 = [0, 0],
  ) {
    const corners: Point2[] = [
      [0, 0],
      [width, 0],
      [0, height],
      [width, height],
    ];
    const ll = corners.map((c) => transform.unproject(c));
    // a margin of 2% of the view keeps strokes of features just outside from being cut short
    const lons = ll.map((p) => p[0]);
    const lats = ll.map((p) => p[1]);
    const mx = (Math.max(...lons) - Math.min(...lons)) * 0.02;
    const my = (Math.max(...lats) - Math.min(...lats)) * 0.02;
    this.viewBBox = [Math.min(...lons) - mx, Math.min(...lats) - my, Math.max(...lons) + mx, Math.max(...lats) + my];
    const bounds = featureBounds(course);
    const [vw, vs, ve, vn] = this.viewBBox;
    this.features = course.features.filter((f) => {
      const [w, s, e, n] = bounds.get(f.id) as BBox;
      return e >= vw && w <= ve && n >= vs && s <= vn;
    });
  }

  get pixelsPerMeter(): number {
    return this.transform.pixelsPerMeter;
  }

  layer(layer: GeometryLayer): CourseFeature[] {
    return this.features.filter((f) => f.properties.layer === layer);
  }

  meters(feature: CourseFeature): MeterRings {
    let rings = this.metersCache.get(feature.id);
    if (!rings) {
      rings = geometryParts(feature.geometry, this.transform.projection);
      this.metersCache.set(feature.id, rings);
    }
    return rings;
  }

  /** Feature belongs to the subject hole (always true in course views). */
  onSubject(feature: CourseFeature): boolean {
    return this.subjectHole === null || feature.properties.holeNumbers.includes(this.subjectHole);
  }

  random(key: string): SeededRandom {
    return new SeededRandom(`${this.seed}:${key}`);
  }

  /** Puts the canvas in metre space: subsequent paths are in local metres. */
  useMeters(ctx: SKRSContext2D): void {
    const [a, b, c, d, e, f] = this.transform.matrix;
    ctx.setTransform(a, b, c, d, e, f);
  }

  /** Adds the feature's rings (or lines) to the current path. */
  trace(ctx: SKRSContext2D, feature: CourseFeature, close = true): void {
    for (const ring of this.meters(feature)) traceRing(ctx, ring, close);
  }
}

export function traceRing(ctx: SKRSContext2D, ring: readonly Point2[], close: boolean): void {
  if (!ring.length) return;
  ctx.moveTo(ring[0][0], ring[0][1]);
  for (let i = 1; i < ring.length; i++) ctx.lineTo(ring[i][0], ring[i][1]);
  if (close) ctx.closePath();
}

export const isArea = (f: CourseFeature) => f.geometry.type === 'Polygon' || f.geometry.type === 'MultiPolygon';
export const isLine = (f: CourseFeature) => f.geometry.type === 'LineString' || f.geometry.type === 'MultiLineString';
export const isPoint = (f: CourseFeature) => f.geometry.type === 'Point';
