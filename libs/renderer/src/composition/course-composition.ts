/**
 * Course frames: north up, the whole course fitted and centred. `auto` padding is the canonical
 * fit: 4% of the shorter output side on every side. The frame is the union of the holes'
 * perimeters when a perimeter applies (what remains visible), else the course boundary when
 * mapped, else every feature.
 */
import type { Course } from '@caddie/catalog';
import { LocalProjection, type LonLat } from '@caddie/geometry';
import type { NormalizedGraphicRequest } from '@caddie/styles';
import { GraphicDataMissingError } from '../render/graphic-data-missing-error';
import { geometryParts } from './course-geometry';
import { boxOf, overflowOf, paddingInPixels, type Composition, type PaddingPixels } from './framing';
import { envelopePixelBounds, perimeterShapes, type EnvelopeShape } from './perimeter-shapes';
import { boundsOf, mapViewMatrix, ViewTransform, type Point2 } from './view-transform';

export const COURSE_AUTO_PADDING_FRACTION = 0.04;

export function composeCourse(course: Course, request: NormalizedGraphicRequest): Composition {
  const { width: W, height: H } = request.output;
  const boundary = course.features.filter((f) => f.properties.layer === 'course-boundary');
  const content = boundary.length ? boundary : course.features;
  if (!content.length) throw new GraphicDataMissingError('course-geometry-missing', `course ${course.id} has no mapped features`);
  const lonLats = content.flatMap((f) => geometryPartsLonLat(f.geometry));
  const b0 = boundsOf(lonLats);
  const origin: LonLat = [(b0.minX + b0.maxX) / 2, (b0.minY + b0.maxY) / 2];
  const projection = new LocalProjection(origin);
  const treatment = request.style.perimeterTreatment ?? 'classic';
  const mask: EnvelopeShape[] | null =
    treatment === 'none' ? null : course.holes.filter((h) => h.centerline.length >= 2).flatMap((h) => perimeterShapes(course, h, projection, treatment) ?? []);
  const content_m = content.flatMap((f) => geometryParts(f.geometry, projection).flat());
  const unit = mapViewMatrix([0, 0], 0, 1, [0, 0]);
  const fromContent = boundsOf(content_m.map(([x, y]) => [x, -y] as Point2));
  const fromMask = mask?.length ? envelopePixelBounds(mask, unit) : fromContent;
  // framed on what stays visible: the perimeter hides whatever lies beyond the holes' envelopes
  const b = mask?.length ? fromMask : fromContent;
  const padding = request.courseComposition?.padding;
  const p: PaddingPixels =
    !padding || padding === 'auto'
      ? {
          top: Math.min(W, H) * COURSE_AUTO_PADDING_FRACTION,
          right: Math.min(W, H) * COURSE_AUTO_PADDING_FRACTION,
          bottom: Math.min(W, H) * COURSE_AUTO_PADDING_FRACTION,
          left: Math.min(W, H) * COURSE_AUTO_PADDING_FRACTION,
        }
      : paddingInPixels(padding, W, H);
  const scale = Math.min((W - p.left - p.right) / (b.maxX - b.minX), (H - p.top - p.bottom) / (b.maxY - b.minY));
  const center: Point2 = [(b.minX + b.maxX) / 2, -(b.minY + b.maxY) / 2];
  const at: Point2 = [p.left + (W - p.left - p.right) / 2, p.top + (H - p.top - p.bottom) / 2];
  const transform = new ViewTransform(origin, mapViewMatrix(center, 0, scale, at));
  const bounds = mask?.length ? envelopePixelBounds(mask, transform.matrix) : boundsOf(content_m.map((q) => transform.metersToPixels(q)));
  return { transform, contentBounds: boxOf(bounds), overflow: overflowOf(bounds, W, H), mask: mask?.length ? mask : null };
}

function geometryPartsLonLat(geometry: Course['features'][number]['geometry']): Point2[] {
  const flat = (geometry.coordinates as unknown[]).flat(3) as number[];
  const out: Point2[] = [];
  for (let i = 0; i < flat.length; i += 2) out.push([flat[i], flat[i + 1]]);
  return out;
}
