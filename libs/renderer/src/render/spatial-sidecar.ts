/**
 * The spatial sidecar stored beside every artifact (server side only; never returned to API-key
 * clients). It records exactly how lon/lat maps to the output pixels so overlays and tiles can
 * reuse the camera:
 *
 *   x = (lon - origin[0]) * metersPerDegreeLon      (metres east of the origin)
 *   y = (lat - origin[1]) * metersPerDegreeLat      (metres north of the origin)
 *   px = a*x + c*y + e,  py = b*x + d*y + f          with matrix = [a, b, c, d, e, f]
 *
 * Pixel (0,0) is the top-left corner of the top-left pixel; y grows downward.
 */
import type { LonLat } from '@caddie/geometry';
import type { AffineMatrix, Point2 } from '../composition/view-transform';
import type { Overflow, PixelBox } from '../composition/framing';
import type { NormalizedSubject } from '@caddie/styles';

export const SPATIAL_SIDECAR_SCHEMA = 'caddie-spatial-sidecar@1';

export interface SidecarProjection {
  kind: 'local-tangent-affine';
  origin: LonLat;
  metersPerDegreeLon: number;
  metersPerDegreeLat: number;
  matrix: AffineMatrix;
  pixelsPerMeter: number;
  /** clockwise rotation of north on the image, degrees */
  northRotationDegrees: number;
}

export interface SpatialSidecar {
  schema: typeof SPATIAL_SIDECAR_SCHEMA;
  rendererVersion: string;
  courseId: string;
  subject: NormalizedSubject;
  output: { width: number; height: number; format: string };
  /** null for side views (profile-elevation), which have no map projection */
  projection: SidecarProjection | null;
  contentBounds: PixelBox;
  overflow: Overflow;
  /** pixel positions of the subject's landmarks (absent when the subject or data has none) */
  anchors: { tee?: Point2; flag?: Point2; greenCenter?: Point2; approach?: Point2 };
  /** the perimeter treatment drawn, when any */
  perimeterTreatment?: string;
  profileElevation?: { presentation: unknown; [key: string]: unknown };
}

export class SidecarProjectionError extends Error {
  readonly code = 'sidecar-without-projection';
  constructor() {
    super('this sidecar describes a side view and has no map projection');
    this.name = 'SidecarProjectionError';
  }
}

/** lon/lat -> output pixels of the artifact the sidecar describes. */
export function projectWithSidecar(sidecar: Pick<SpatialSidecar, 'projection'>, lonLat: LonLat): [number, number] {
  const p = sidecar.projection;
  if (!p) throw new SidecarProjectionError();
  const x = (lonLat[0] - p.origin[0]) * p.metersPerDegreeLon;
  const y = (lonLat[1] - p.origin[1]) * p.metersPerDegreeLat;
  const [a, b, c, d, e, f] = p.matrix;
  return [a * x + c * y + e, b * x + d * y + f];
}

/** Output pixels -> lon/lat (the inverse camera). */
export function unprojectWithSidecar(sidecar: Pick<SpatialSidecar, 'projection'>, pixel: [number, number]): LonLat {
  const p = sidecar.projection;
  if (!p) throw new SidecarProjectionError();
  const [a, b, c, d, e, f] = p.matrix;
  const det = a * d - b * c;
  const px = pixel[0] - e;
  const py = pixel[1] - f;
  const x = (d * px - c * py) / det;
  const y = (-b * px + a * py) / det;
  return [p.origin[0] + x / p.metersPerDegreeLon, p.origin[1] + y / p.metersPerDegreeLat];
}
