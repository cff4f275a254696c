import type { Course, ElevationGrid, Hole, HoleTee, LonLat, TeeSet } from '@caddie/catalog';
import { haversineDistance, METERS_PER_YARD, metersToFeet, nearestPointOnPolyline, sampleElevationGrid } from '@caddie/geometry';
import { ProfileDataMissingError } from './profile-data-missing.error';
import { selectProfileTee, type ProfileTeeChoice } from './profile-tee-selection';

/** One yard: finer than the ~0.9 m green grid and far finer than the ~4 m ground grid. */
export const PROFILE_SAMPLE_STEP_METERS = METERS_PER_YARD;
/** A tee further than this behind the profiled tee's start lies off the drawn line. */
const TEE_BEHIND_TOLERANCE_METERS = 2;
/** Play-line vertices closer than this to the tee or the green are folded into them. */
const VERTEX_MERGE_METERS = 0.5;

export type ElevationSource = 'green' | 'ground';

export interface ProfileSample {
  /** metres from the profiled tee along the play line */
  alongMeters: number;
  elevationMeters: number;
  /** relative to the green centre (the zero-foot datum) */
  relativeFeet: number;
  source: ElevationSource;
}

export interface ProfileTeeStation {
  tee: HoleTee;
  teeSet: TeeSet | null;
  alongMeters: number;
  relativeFeet: number;
  selected: boolean;
}

export interface ElevationProfile {
  holeNumber: number;
  /** profiled tee (or the play line's start when the hole has no tee) to the green centre */
  path: LonLat[];
  lengthMeters: number;
  stepMeters: number;
  samples: ProfileSample[];
  datum: { point: LonLat; elevationMeters: number; source: ElevationSource };
  choice: ProfileTeeChoice | null;
  /** tees on the drawn line, in play order */
  tees: ProfileTeeStation[];
  /** tees behind the profiled tee, not on the drawn line */
  omittedTees: HoleTee[];
}

function findHole(course: Course, holeNumber: number): Hole {
  const hole = course.holes.find((h) => h.number === holeNumber);
  if (!hole) throw new ProfileDataMissingError('hole-not-found', `course ${course.id} has no hole ${holeNumber}`);
  return hole;
}

/** The play line from `start` to the green centre, keeping the hole's centerline vertices beyond the start. */
function profilePath(hole: Hole, start: LonLat, green: LonLat): LonLat[] {
  const startAlong = nearestPointOnPolyline(hole.centerline, start).alongMeters;
  const path: LonLat[] = [start];
  let walked = 0;
  for (let i = 1; i < hole.centerline.length; i++) {
    walked += haversineDistance(hole.centerline[i - 1], hole.centerline[i]);
    const vertex = hole.centerline[i];
    if (walked <= startAlong + VERTEX_MERGE_METERS) continue;
    if (haversineDistance(vertex, green) <= VERTEX_MERGE_METERS) continue;
    path.push(vertex);
  }
  path.push(green);
  return path;
}

/** Interpolates `count` evenly spaced points (plus the exact end) along a short polyline in one pass. */
function walkPath(path: readonly LonLat[], step: number): { alongMeters: number; point: LonLat }[] {
  const segments = path.slice(1).map((b, i) => haversineDistance(path[i], b));
  const length = segments.reduce((a, b) => a + b, 0);
  const out: { alongMeters: number; point: LonLat }[] = [];
  let segment = 0;
  let segmentStart = 0;
  const count = Math.floor(length / step + 1e-9);
  for (let k = 0; k <= count + 1; k++) {
    const along = k <= count ? k * step : length;
    if (k === count + 1 && length - count * step < 1e-6) break;
    while (segment < segments.length - 1 && segmentStart + segments[segment] < along) {
      segmentStart += segments[segment];
      segment++;
    }
    const t = segments[segment] > 0 ? Math.min(1, Math.max(0, (along - segmentStart) / segments[segment])) : 0;
    const a = path[segment];
    const b = path[segment + 1];
    out.push({ alongMeters: along, point: [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t] });
  }
  return out;
}

function groundAt(green: ElevationGrid | null, ground: ElevationGrid | null, p: LonLat): { value: number; source: ElevationSource } | null {
  const onGreen = green ? sampleElevationGrid(green, p[0], p[1]) : null;
  if (onGreen !== null) return { value: onGreen, source: 'green' };
  const onGround = ground ? sampleElevationGrid(ground, p[0], p[1]) : null;
  return onGround === null ? null : { value: onGround, source: 'ground' };
}

/**
 * Ground elevation along a hole's play line from the chosen tee to the green centre, relative
 * to the green centre. The fine green grid is read where it covers, the ground grid elsewhere.
 */
export function sampleElevationProfile(course: Course, holeNumber: number, requestedTee?: string): ElevationProfile {
  const hole = findHole(course, holeNumber);
  if (!hole.greenCenter) throw new ProfileDataMissingError('green-missing', `hole ${holeNumber} has no green centre`);
  if (hole.centerline.length < 2) {
    throw new ProfileDataMissingError('hole-geometry-missing', `hole ${holeNumber} has no play line`);
  }
  const elevation = course.elevation as Course['elevation'] | null | undefined;
  const ground = elevation?.ground ?? null;
  const greenGrid = elevation?.greens?.[String(holeNumber)] ?? null;
  if (!ground && !greenGrid) {
    throw new ProfileDataMissingError('elevation-missing', `course ${course.id} has no elevation data`);
  }

  const green = hole.greenCenter;
  const datumReading = groundAt(greenGrid, ground, green);
  if (!datumReading) throw new ProfileDataMissingError('elevation-missing', `no elevation at the green centre of hole ${holeNumber}`);

  const choice = selectProfileTee(hole, course.teeSets, requestedTee);
  const path = profilePath(hole, choice ? choice.tee.center : hole.centerline[0], green);
  const samples: ProfileSample[] = [];
  let missing = 0;
  for (const { alongMeters, point } of walkPath(path, PROFILE_SAMPLE_STEP_METERS)) {
    const reading = groundAt(greenGrid, ground, point);
    if (!reading) {
      missing++;
      continue;
    }
    const relativeFeet = metersToFeet(reading.value - datumReading.value);
    samples.push({ alongMeters, elevationMeters: reading.value, relativeFeet, source: reading.source });
  }
  if (missing > 0 || samples.length < 2) {
    throw new ProfileDataMissingError('elevation-missing', `hole ${holeNumber}: ${missing} profile points lie outside the elevation data`);
  }
  const lengthMeters = samples[samples.length - 1].alongMeters;

  const tees: ProfileTeeStation[] = [];
  const omittedTees: HoleTee[] = [];
  for (const tee of hole.tees) {
    const selected = choice?.tee === tee;
    const nearest = nearestPointOnPolyline(path, tee.center);
    const behind = !selected && nearest.alongMeters <= 1e-6 && nearest.distanceMeters > TEE_BEHIND_TOLERANCE_METERS;
    if (behind) {
      omittedTees.push(tee);
      continue;
    }
    const alongMeters = selected ? 0 : nearest.alongMeters;
    const teeSet = course.teeSets.find((set) => set.id === tee.teeSetId) ?? null;
    tees.push({ tee, teeSet, alongMeters, relativeFeet: relativeFeetAt(samples, alongMeters), selected });
  }
  tees.sort((a, b) => a.alongMeters - b.alongMeters || Number(b.selected) - Number(a.selected));

  return {
    holeNumber,
    path,
    lengthMeters,
    stepMeters: PROFILE_SAMPLE_STEP_METERS,
    samples,
    datum: { point: green, elevationMeters: datumReading.value, source: datumReading.source },
    choice,
    tees,
    omittedTees,
  };
}

/** Linear reading between samples (which are evenly spaced except the last). */
export function relativeFeetAt(samples: readonly ProfileSample[], alongMeters: number): number {
  if (alongMeters <= samples[0].alongMeters) return samples[0].relativeFeet;
  const last = samples[samples.length - 1];
  if (alongMeters >= last.alongMeters) return last.relativeFeet;
  const step = samples[1].alongMeters - samples[0].alongMeters;
  const i = Math.min(samples.length - 2, Math.floor(alongMeters / step));
  const a = samples[i];
  const b = samples[i + 1];
  const t = (alongMeters - a.alongMeters) / (b.alongMeters - a.alongMeters);
  return a.relativeFeet + (b.relativeFeet - a.relativeFeet) * t;
}
