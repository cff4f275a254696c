/** Exact international definitions (1959). */
export const METERS_PER_YARD = 0.9144;
export const METERS_PER_FOOT = 0.3048;
export const FEET_PER_YARD = 3;

export function yardsToMeters(yards: number): number {
  return yards * METERS_PER_YARD;
}

export function metersToYards(meters: number): number {
  return meters / METERS_PER_YARD;
}

export function feetToMeters(feet: number): number {
  return feet * METERS_PER_FOOT;
}

export function metersToFeet(meters: number): number {
  return meters / METERS_PER_FOOT;
}

export function degreesToRadians(degrees: number): number {
  return (degrees * Math.PI) / 180;
}

export function radiansToDegrees(radians: number): number {
  return (radians * 180) / Math.PI;
}
