/**
 * Green frames (Graphics rule 12): the whole green as large as possible with at least the
 * requested padding, the approach from the bottom (the line from the point 100 yards back along
 * the play line to the green centre points up) or north up, then `rotationDegrees` clockwise.
 */
import type { Course, Hole } from '@caddie/catalog';
import { interpolateAlongPolyline, LocalProjection, polylineLength, yardsToMeters, type LonLat } from '@caddie/geometry';
import type { NormalizedGraphicRequest } from '@caddie/styles';
import { GraphicDataMissingError } from '../render/graphic-data-missing-error';
import { featureById, geometryParts, isPolygonal } from './course-geometry';
import { boxOf, overflowOf, paddingInPixels, type Composition } from './framing';
import { boundsOf, mapViewMatrix, ViewTransform, type Point2 } from './view-transform';

export const APPROACH_BACK_YARDS = 100;
const DEFAULT_GREEN_PADDING_METERS = 12;

/** The point the approach comes from: 100 yards back along the play line from its green end. */
export function approachPoint(hole: Hole): LonLat | null {
  if (hole.centerline.length < 2) return null;
  const length = polylineLength(hole.centerline);
  return interpolateAlongPolyline(hole.centerline, Math.max(0, length - yardsToMeters(APPROACH_BACK_YARDS))).point;
}

export function requireGreen(course: Course, hole: Hole) {
  const green = featureById(course, hole.greenFeatureId);
  if (!green || !isPolygonal(green)) throw new GraphicDataMissingError('green-missing', `hole ${hole.number} has no mapped green polygon`);
  return green;
}

export function composeGreen(course: Course, hole: Hole, request: NormalizedGraphicRequest): Composition & { upBearing: number } {
  const green = requireGreen(course, hole);
  const { width: W, height: H } = request.output;
  const gc = request.greenComposition;
  const centerLonLat: LonLat = hole.greenCenter ?? ringCentroid(green.geometry.coordinates as never);
  const projection = new LocalProjection(centerLonLat);
  let upBearing = 0;
  if ((gc?.orientation ?? 'approach') === 'approach') {
    const from = approachPoint(hole);
    if (from) {
      const v = projection.toMeters(from);
      // from the approach point toward the green centre (the origin)
      if (Math.hypot(v[0], v[1]) > 0.01) upBearing = (Math.atan2(-v[0], -v[1]) * 180) / Math.PI;
    }
  }
  upBearing -= gc?.rotationDegrees ?? 0;

  const rings = geometryParts(green.geometry, projection);
  // screen-oriented metres (x right, y down), green centre at 0,0
  const unit = mapViewMatrix([0, 0], upBearing, 1, [0, 0]);
  const pts = rings.flat().map(([x, y]) => [unit[0] * x + unit[2] * y, unit[1] * x + unit[3] * y] as Point2);
  const b = boundsOf(pts);
  const metric = gc?.padding
    ? { top: 0, right: 0, bottom: 0, left: 0 }
    : (gc?.paddingMeters ?? {
        top: DEFAULT_GREEN_PADDING_METERS,
        right: DEFAULT_GREEN_PADDING_METERS,
        bottom: DEFAULT_GREEN_PADDING_METERS,
        left: DEFAULT_GREEN_PADDING_METERS,
      });
  const px = gc?.padding ? paddingInPixels(gc.padding, W, H) : { top: 0, right: 0, bottom: 0, left: 0 };
  const gravity = gc?.gravity ?? 'center';

  let scale: number;
  let at: Point2; // pixel where the green centre lands
  if (gravity === 'center') {
    scale = Math.min(
      (W / 2 - px.left) / (-b.minX + metric.left),
      (W / 2 - px.right) / (b.maxX + metric.right),
      (H / 2 - px.top) / (-b.minY + metric.top),
      (H / 2 - px.bottom) / (b.maxY + metric.bottom),
    );
    at = [W / 2, H / 2];
  } else {
    const boxW = b.maxX - b.minX + metric.left + metric.right;
    const boxH = b.maxY - b.minY + metric.top + metric.bottom;
    scale = Math.min((W - px.left - px.right) / boxW, (H - px.top - px.bottom) / boxH);
    const freeX = W - px.left - px.right - boxW * scale;
    const freeY = H - px.top - px.bottom - boxH * scale;
    const resolved = gravity === 'auto' ? (W === H ? 'center' : H > W ? 'top' : 'right') : gravity;
    const fx = resolved.includes('left') ? 0 : resolved.includes('right') ? 1 : 0.5;
    const fy = resolved.includes('top') ? 0 : resolved.includes('bottom') ? 1 : 0.5;
    const boxLeft = px.left + freeX * fx;
    const boxTop = px.top + freeY * fy;
    at = [boxLeft + (metric.left - b.minX) * scale, boxTop + (metric.top - b.minY) * scale];
  }
  const matrix = mapViewMatrix([0, 0], upBearing, scale, at);
  const transform = new ViewTransform(centerLonLat, matrix);
  const bounds = boundsOf(rings.flat().map((p) => transform.metersToPixels(p)));
  return { transform, contentBounds: boxOf(bounds), overflow: overflowOf(bounds, W, H), mask: null, upBearing };
}

function ringCentroid(coordinates: number[][][] | number[][][][]): LonLat {
  const flat = (coordinates as unknown[]).flat(3) as number[];
  let x = 0;
  let y = 0;
  for (let i = 0; i < flat.length; i += 2) {
    x += flat[i];
    y += flat[i + 1];
  }
  const n = flat.length / 2;
  return [x / n, y / n];
}
