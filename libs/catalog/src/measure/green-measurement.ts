import { LocalProjection, interpolateAlongPolyline, metersToYards, polylineLength, yardsToMeters, type LonLat, type Meters2 } from '@caddie/geometry';
import { area, centerOfMass } from '@turf/turf';
import type { MultiPolygon, Polygon } from 'geojson';
import type { GreenMeasurement } from '../model';
import { insideIntervals, toPlanarPolygons } from './planar-polygons';

/** The approach line starts this far back from the green along the hole's play line. */
export const GREEN_APPROACH_DISTANCE_YARDS = 100;

export class MeasurementError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'MeasurementError';
  }
}

/** Area-weighted centre of a green polygon. */
export function greenCentroid(green: Polygon | MultiPolygon): LonLat {
  const [lon, lat] = centerOfMass(green).geometry.coordinates;
  return [lon, lat];
}

/**
 * Where a golfer approaches the green from: the point 100 yards back from the end of the
 * play line (or its start, when the line is shorter than that).
 */
export function greenApproachPoint(centerline: readonly LonLat[]): LonLat {
  if (centerline.length < 2) {
    throw new MeasurementError('centerline-missing', 'a green is measured along a centerline of at least 2 points');
  }
  const length = polylineLength(centerline);
  return interpolateAlongPolyline(centerline, Math.max(0, length - yardsToMeters(GREEN_APPROACH_DISTANCE_YARDS))).point;
}

/**
 * Depth along the approach line through the green centre (front = first edge crossed, back =
 * last edge), width as the widest extent perpendicular to it, and the surface area.
 */
export function measureGreen(
  holeNumber: number,
  centerline: readonly LonLat[],
  green: Polygon | MultiPolygon,
  greenCenter: LonLat | null = null,
): GreenMeasurement {
  const center = greenCenter ?? greenCentroid(green);
  const projection = new LocalProjection(center);
  let approach = projection.toMeters(greenApproachPoint(centerline));
  if (Math.hypot(approach[0], approach[1]) < 1) approach = projection.toMeters(centerline[0]);
  const approachLength = Math.hypot(approach[0], approach[1]);
  if (approachLength < 1e-6) {
    throw new MeasurementError('approach-undefined', `hole ${holeNumber}: the play line never leaves the green centre`);
  }
  // Unit vector from the approach point toward the centre (the direction of play).
  const along: Meters2 = [-approach[0] / approachLength, -approach[1] / approachLength];
  const across: Meters2 = [along[1], -along[0]];
  const polygons = toPlanarPolygons(green, projection);

  const intervals = insideIntervals([0, 0], along, polygons);
  let front: number;
  let back: number;
  if (intervals.length > 0) {
    front = intervals[0][0];
    back = intervals[intervals.length - 1][1];
  } else {
    // The line misses the surface (a centre given outside a thin green): use its extent instead.
    const projected = polygons.flatMap((rings) => rings[0].map((p) => p[0] * along[0] + p[1] * along[1]));
    front = Math.min(...projected);
    back = Math.max(...projected);
  }
  const acrossExtent = polygons.flatMap((rings) => rings[0].map((p) => p[0] * across[0] + p[1] * across[1]));
  const width = Math.max(...acrossExtent) - Math.min(...acrossExtent);

  return {
    holeNumber,
    depthYards: metersToYards(back - front),
    widthYards: metersToYards(width),
    front: projection.toLonLat([along[0] * front, along[1] * front]),
    center: [center[0], center[1]],
    back: projection.toLonLat([along[0] * back, along[1] * back]),
    areaSquareMeters: area(green),
  };
}
