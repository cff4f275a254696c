/**
 * Green drawings at a stated scale. The renderer frames a green approach-up around its centre;
 * we work out the same orientation here so compile can choose each green's scale without
 * rendering, and the page renderer can ask the renderer for exactly that scale.
 */
import type { Course, CourseFeature, Hole, LonLat } from '@caddie/catalog';
import { greenApproachPoint } from '@caddie/catalog';
import { LocalProjection } from '@caddie/geometry';
import { mapViewMatrix } from '@caddie/renderer';

/** 1:N scales a green may be drawn at, largest first (480 = 3/8 in to 5 yd; larger ones only with rules "none"). */
export const STANDARD_GREEN_SCALES = [120, 180, 240, 300, 360, 400, 480, 600, 720, 960, 1200, 1440, 1920, 2400, 3000] as const;
export const METERS_PER_INCH = 0.0254;
/** empty ground kept around a green inside its frame */
export const GREEN_MARGIN_METERS = 2;

export interface GreenOutline {
  hole: Hole;
  green: CourseFeature;
  center: LonLat;
  /** clockwise bearing (degrees) of the page's up direction: from the approach toward the green */
  upBearing: number;
  /** outer rings in page-oriented metres around the centre: x right, y down */
  rings: [number, number][][];
  /** lon/lat to page-oriented metres around the centre */
  project(point: LonLat): [number, number];
  /** half extents from the centre: left, right, top, bottom (metres, positive) */
  extent: { left: number; right: number; top: number; bottom: number };
}

export function findGreenFeature(course: Course, hole: Hole): CourseFeature | null {
  if (!hole.greenFeatureId) return null;
  const feature = course.features.find((f) => f.id === hole.greenFeatureId);
  if (!feature) return null;
  const type = feature.geometry.type;
  return type === 'Polygon' || type === 'MultiPolygon' ? feature : null;
}

export function greenOutline(course: Course, hole: Hole): GreenOutline | null {
  const green = findGreenFeature(course, hole);
  if (!green) return null;
  const polygons = green.geometry.type === 'Polygon' ? [green.geometry.coordinates] : (green.geometry.coordinates as number[][][][]);
  const outer = polygons.map((p) => p[0]);
  const center: LonLat = hole.greenCenter ?? averagePoint(outer.flat());
  const projection = new LocalProjection(center);
  let upBearing = 0;
  if (hole.centerline.length >= 2) {
    const v = projection.toMeters(greenApproachPoint(hole.centerline));
    if (Math.hypot(v[0], v[1]) > 0.01) upBearing = (Math.atan2(-v[0], -v[1]) * 180) / Math.PI;
  }
  const [a, b, c, d] = mapViewMatrix([0, 0], upBearing, 1, [0, 0]);
  const project = (p: LonLat): [number, number] => {
    const [x, y] = projection.toMeters(p);
    return [a * x + c * y, b * x + d * y];
  };
  const rings = outer.map((ring) => ring.map((p) => project([p[0], p[1]])));
  const xs = rings.flat().map((p) => p[0]);
  const ys = rings.flat().map((p) => p[1]);
  const extent = { left: -Math.min(...xs), right: Math.max(...xs), top: -Math.min(...ys), bottom: Math.max(...ys) };
  return { hole, green, center, upBearing, rings, extent, project };
}

/**
 * The largest standard scale, no larger than 1:`largest`, at which the green and its margin fit
 * a frame of the given size centred on the green centre; null when none does.
 */
export function chooseGreenScale(outline: GreenOutline, frameWidthIn: number, frameHeightIn: number, largest: number): number | null {
  const candidates = [largest, ...STANDARD_GREEN_SCALES.filter((s) => s > largest)];
  const e = outline.extent;
  const halfWidthM = Math.max(e.left, e.right) + GREEN_MARGIN_METERS;
  const halfHeightM = Math.max(e.top, e.bottom) + GREEN_MARGIN_METERS;
  for (const denominator of candidates) {
    const groundPerInch = METERS_PER_INCH * denominator;
    if ((frameWidthIn / 2) * groundPerInch >= halfWidthM && (frameHeightIn / 2) * groundPerInch >= halfHeightM) return denominator;
  }
  return null;
}

function averagePoint(points: number[][]): LonLat {
  let x = 0;
  let y = 0;
  for (const p of points) {
    x += p[0];
    y += p[1];
  }
  return [x / points.length, y / points.length];
}
