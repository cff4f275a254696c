import { EARTH_RADIUS_METERS } from './earth';
import type { LonLat, Meters2 } from './geometry-types';
import { GeometryError } from './geometry-error';
import { degreesToRadians, radiansToDegrees } from './units';

/**
 * Equirectangular tangent plane around an origin: x metres east, y metres north.
 * Over a course-sized area (a few km) the scale error stays well under 0.1 %, which is
 * below the accuracy of mapped golf features, and the transform is exactly invertible.
 */
export class LocalProjection {
  private readonly metersPerDegreeLat: number;
  private readonly metersPerDegreeLon: number;

  constructor(readonly origin: LonLat) {
    if (!Number.isFinite(origin[0]) || !Number.isFinite(origin[1]) || Math.abs(origin[1]) >= 89.5) {
      throw new GeometryError('projection-origin-invalid', `cannot project around ${origin.join(',')}`);
    }
    this.metersPerDegreeLat = degreesToRadians(EARTH_RADIUS_METERS);
    this.metersPerDegreeLon = this.metersPerDegreeLat * Math.cos(degreesToRadians(origin[1]));
  }

  toMeters(point: LonLat): Meters2 {
    return [(point[0] - this.origin[0]) * this.metersPerDegreeLon, (point[1] - this.origin[1]) * this.metersPerDegreeLat];
  }

  toLonLat(point: Meters2): LonLat {
    return [this.origin[0] + point[0] / this.metersPerDegreeLon, this.origin[1] + point[1] / this.metersPerDegreeLat];
  }

  /** Metres per degree of longitude at the origin latitude. */
  get lonScale(): number {
    return this.metersPerDegreeLon;
  }

  /** Metres per degree of latitude. */
  get latScale(): number {
    return this.metersPerDegreeLat;
  }
}

/** Planar bearing of a vector, degrees clockwise from north in [0, 360). */
export function planarBearing(dx: number, dy: number): number {
  const d = radiansToDegrees(Math.atan2(dx, dy));
  return d < 0 ? d + 360 : d;
}

/** Unit vector east/north for a bearing in degrees clockwise from north. */
export function bearingVector(bearingDegrees: number): Meters2 {
  const t = degreesToRadians(bearingDegrees);
  return [Math.sin(t), Math.cos(t)];
}
