import { metersToYards } from '@caddie/geometry';

export type DistanceUnit = 'yards' | 'meters';

/** A printed distance: whole yards or metres. */
export function distanceValue(meters: number, unit: DistanceUnit): number {
  return Math.round(unit === 'yards' ? metersToYards(meters) : meters);
}

export function unitAbbreviation(unit: DistanceUnit): string {
  return unit === 'yards' ? 'yd' : 'm';
}
