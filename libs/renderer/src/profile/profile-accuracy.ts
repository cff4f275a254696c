/**
 * How precisely a profile may print heights. From a coarse ground model (SRTM: ~90 m pixels,
 * 6-10 m relative error) a whole-foot label claims precision the data lacks, so labels are
 * rounded to COARSE_LABEL_STEP_FEET and the profile carries a note saying why.
 */
import type { Course } from '@caddie/catalog';
import { isCoarse, type ElevationPrecision } from '@caddie/geometry';
import type { ElevationProfile } from './elevation-profile-sampler';

export const COARSE_LABEL_STEP_FEET = 10;

export interface ProfileAccuracy {
  /** elevation labels are multiples of this */
  labelStepFeet: number;
  /** printed on the profile when the source is coarse; null otherwise */
  note: string | null;
  precision: ElevationPrecision | null;
}

export function profileAccuracy(course: Course, profile: ElevationProfile): ProfileAccuracy {
  const precision = course.elevation.ground?.precision ?? null;
  const fromGround = profile.samples.some((s) => s.source === 'ground');
  if (!precision || !fromGround || !isCoarse(precision)) return { labelStepFeet: 1, note: null, precision };
  const { eastWestMeters, northSouthMeters } = precision.nativeResolution;
  const vertical = precision.verticalAccuracy;
  const error = vertical ? `±${vertical.relativeMeters.min}-${vertical.relativeMeters.max} m relative` : 'vertical accuracy not stated';
  return {
    labelStepFeet: COARSE_LABEL_STEP_FEET,
    note: `Heights from a ${Math.round(eastWestMeters)} × ${Math.round(northSouthMeters)} m elevation model (${error}), rounded to ${COARSE_LABEL_STEP_FEET} ft`,
    precision,
  };
}
