import { METERS_PER_YARD } from '@caddie/geometry';

/** Profiles at least this long leave out a middle stretch (spec: Graphics rule 14). */
export const PROFILE_BREAK_MIN_YARDS = 300;

export interface ProfileBreak {
  /** the omitted stretch, metres from the profiled tee */
  startMeters: number;
  endMeters: number;
  /** the blank band on the image */
  leftPixels: number;
  rightPixels: number;
}

/** Horizontal placement: tee on the left, green on the right, one scale for every shown stretch. */
export interface ProfileDistanceAxis {
  lengthMeters: number;
  plotLeft: number;
  plotRight: number;
  pixelsPerMeter: number;
  break: ProfileBreak | null;
  /** the stretches drawn, metres from the tee */
  segments: [number, number][];
}

const roundToTen = (yards: number) => Math.round(yards / 10) * 10;
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/**
 * Lays the profile across [plotLeft, plotRight]. Long profiles keep the tee stretch (a quarter,
 * 75..150 yd) and the approach stretch (nearly half, 150..260 yd) at one scale and give the
 * omitted middle a fixed blank band, so approach terrain is not squeezed by a long hole.
 */
export function layOutDistanceAxis(lengthMeters: number, plotLeft: number, plotRight: number, breakBandPixels: number): ProfileDistanceAxis {
  const width = Math.max(1, plotRight - plotLeft);
  const lengthYards = lengthMeters / METERS_PER_YARD;
  if (lengthYards < PROFILE_BREAK_MIN_YARDS) {
    return { lengthMeters, plotLeft, plotRight, pixelsPerMeter: width / lengthMeters, break: null, segments: [[0, lengthMeters]] };
  }
  const teeMeters = roundToTen(clamp(lengthYards * 0.25, 75, 150)) * METERS_PER_YARD;
  const approachMeters = roundToTen(clamp(lengthYards * 0.45, 150, 260)) * METERS_PER_YARD;
  const startMeters = teeMeters;
  const endMeters = lengthMeters - approachMeters;
  const band = Math.min(breakBandPixels, width / 4);
  const pixelsPerMeter = (width - band) / (teeMeters + approachMeters);
  const leftPixels = plotLeft + teeMeters * pixelsPerMeter;
  return {
    lengthMeters,
    plotLeft,
    plotRight,
    pixelsPerMeter,
    break: { startMeters, endMeters, leftPixels, rightPixels: leftPixels + band },
    segments: [
      [0, startMeters],
      [endMeters, lengthMeters],
    ],
  };
}

/** Image x of a distance from the tee; null inside the omitted stretch. */
export function axisX(axis: ProfileDistanceAxis, alongMeters: number): number | null {
  const b = axis.break;
  if (!b || alongMeters <= b.startMeters) return axis.plotLeft + alongMeters * axis.pixelsPerMeter;
  if (alongMeters < b.endMeters) return null;
  return b.rightPixels + (alongMeters - b.endMeters) * axis.pixelsPerMeter;
}

/** Distance from the tee at image x (inverse of axisX); null inside the blank band. */
export function axisAlong(axis: ProfileDistanceAxis, x: number): number | null {
  const b = axis.break;
  if (!b || x <= b.leftPixels) return (x - axis.plotLeft) / axis.pixelsPerMeter;
  if (x < b.rightPixels) return null;
  return b.endMeters + (x - b.rightPixels) / axis.pixelsPerMeter;
}
