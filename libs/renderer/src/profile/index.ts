// Side-view elevation profile (subject profile-elevation, spec Graphics rule 14).
export { paintProfileElevation } from './profile-painter';
export { ProfileDataMissingError, type ProfileDataMissingCode } from './profile-data-missing.error';
export type * from './profile-metadata';
export { sampleElevationProfile, relativeFeetAt, PROFILE_SAMPLE_STEP_METERS } from './elevation-profile-sampler';
export type { ElevationProfile, ProfileSample, ProfileTeeStation, ElevationSource } from './elevation-profile-sampler';
export { selectProfileTee, furthestTee, type ProfileTeeChoice, type ProfileTeeMatch } from './profile-tee-selection';
export {
  formatProfileDistance,
  formatSignedFeet,
  chooseStationStep,
  metersToProfileUnits,
  profileUnitsToMeters,
  parseProfileDistanceUnit,
  type ProfileDistanceUnit,
} from './profile-distance-labels';
export { PROFILE_BREAK_MIN_YARDS } from './profile-distance-axis';
export { PROFILE_REFERENCE_SIZE, profileSizing, type ProfileBox, type ProfileSizing } from './profile-sizing';
export type { ProfileLineStyle } from './profile-terrain';
