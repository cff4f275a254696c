import { EARTH_RADIUS_METERS } from './earth';
import type { LonLat } from './geometry-types';
import { degreesToRadians, radiansToDegrees } from './units';

// Bound once: a global `Math` lookup per call is slow inside vm sandboxes (Jest), and these run per grid cell.
const { asin, atan2, cos, max, min, sin, sqrt } = Math;

/** Great-circle distance on the mean-radius sphere, metres. */
export function haversineDistance(a: LonLat, b: LonLat): number {
  const phi1 = degreesToRadians(a[1]);
  const phi2 = degreesToRadians(b[1]);
  const dPhi = phi2 - phi1;
  const dLambda = degreesToRadians(b[0] - a[0]);
  const h = sin(dPhi / 2) ** 2 + cos(phi1) * cos(phi2) * sin(dLambda / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * asin(min(1, sqrt(h)));
}

/** Initial great-circle bearing from a to b, degrees clockwise from north in [0, 360). */
export function initialBearing(a: LonLat, b: LonLat): number {
  const phi1 = degreesToRadians(a[1]);
  const phi2 = degreesToRadians(b[1]);
  const dLambda = degreesToRadians(b[0] - a[0]);
  const y = sin(dLambda) * cos(phi2);
  const x = cos(phi1) * sin(phi2) - sin(phi1) * cos(phi2) * cos(dLambda);
  return normalizeBearing(radiansToDegrees(atan2(y, x)));
}

/** Point reached from `origin` after `distanceMeters` on the great circle leaving at `bearingDegrees`. */
export function destinationPoint(origin: LonLat, bearingDegrees: number, distanceMeters: number): LonLat {
  const delta = distanceMeters / EARTH_RADIUS_METERS;
  const theta = degreesToRadians(bearingDegrees);
  const phi1 = degreesToRadians(origin[1]);
  const lambda1 = degreesToRadians(origin[0]);
  const sinPhi2 = sin(phi1) * cos(delta) + cos(phi1) * sin(delta) * cos(theta);
  const phi2 = asin(max(-1, min(1, sinPhi2)));
  const lambda2 = lambda1 + atan2(sin(theta) * sin(delta) * cos(phi1), cos(delta) - sin(phi1) * sinPhi2);
  return [normalizeLongitude(radiansToDegrees(lambda2)), radiansToDegrees(phi2)];
}

export function normalizeBearing(degrees: number): number {
  const d = degrees % 360;
  return d < 0 ? d + 360 : d;
}

export function normalizeLongitude(degrees: number): number {
  if (degrees >= -180 && degrees <= 180) return degrees;
  return ((((degrees + 180) % 360) + 360) % 360) - 180;
}
