import { METERS_PER_FOOT, METERS_PER_YARD } from '@caddie/geometry';

export type ProfileDistanceUnit = 'yards' | 'feet' | 'meters';

const METERS_PER_UNIT: Record<ProfileDistanceUnit, number> = { yards: METERS_PER_YARD, feet: METERS_PER_FOOT, meters: 1 };
const UNIT_SUFFIX: Record<ProfileDistanceUnit, string> = { yards: 'yd', feet: 'ft', meters: 'm' };

/** Station intervals in the display unit; the 50/100/150 yard family comes from step 50. */
const STATION_STEPS = [5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000];

export function parseProfileDistanceUnit(value: string | undefined): ProfileDistanceUnit {
  return value === 'feet' || value === 'meters' ? value : 'yards';
}

export function metersToProfileUnits(meters: number, unit: ProfileDistanceUnit): number {
  return meters / METERS_PER_UNIT[unit];
}

export function profileUnitsToMeters(value: number, unit: ProfileDistanceUnit): number {
  return value * METERS_PER_UNIT[unit];
}

/** A horizontal distance in the chosen unit, rounded to whole units: "150 yd", "450 ft", "137 m". */
export function formatProfileDistance(meters: number, unit: ProfileDistanceUnit): string {
  return `${Math.round(metersToProfileUnits(meters, unit))} ${UNIT_SUFFIX[unit]}`;
}

/** Signed vertical difference from the green, always in whole feet: "+6 ft", "-3 ft", "0 ft". */
export function formatSignedFeet(feet: number, stepFeet = 1): string {
  const rounded = Math.round(feet / stepFeet) * stepFeet;
  if (rounded === 0) return '0 ft';
  return `${rounded > 0 ? '+' : '-'}${Math.abs(rounded)} ft`;
}

/**
 * The smallest station interval (in display units) whose stations sit at least
 * `minSpacingPixels` apart at `pixelsPerMeter`; the largest interval when none does.
 */
export function chooseStationStep(pixelsPerMeter: number, minSpacingPixels: number, unit: ProfileDistanceUnit): number {
  for (const step of STATION_STEPS) {
    if (profileUnitsToMeters(step, unit) * pixelsPerMeter >= minSpacingPixels) return step;
  }
  return STATION_STEPS[STATION_STEPS.length - 1];
}
