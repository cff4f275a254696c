import { METERS_PER_FOOT } from '@caddie/geometry';

/** Exaggerations a reader can take in at a glance; the largest that fits is used. */
const NICE_EXAGGERATIONS = [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25];
/** Share of the terrain band the relief may fill, so slopes read without touching the band edges. */
const RELIEF_FILL = 0.8;

export interface ProfileVerticalScale {
  verticalExaggeration: number;
  pixelsPerFoot: number;
  minFeet: number;
  maxFeet: number;
  /** image y of `minFeet` */
  baseY: number;
}

/**
 * Vertical exaggeration and placement of the relief inside [bandTop, bandBottom]: the largest
 * nice exaggeration whose relief fits 80% of the band, capped at 25x so that flat holes stay flat;
 * the relief is centred in the band.
 */
export function fitVerticalScale(minFeet: number, maxFeet: number, pixelsPerMeter: number, bandTop: number, bandBottom: number): ProfileVerticalScale {
  const bandHeight = Math.max(1, bandBottom - bandTop);
  const truePixelsPerFoot = pixelsPerMeter * METERS_PER_FOOT;
  const relief = Math.max(0, maxFeet - minFeet);
  const ideal = relief > 0 ? (RELIEF_FILL * bandHeight) / (relief * truePixelsPerFoot) : Infinity;
  let verticalExaggeration = NICE_EXAGGERATIONS[NICE_EXAGGERATIONS.length - 1];
  if (ideal < 1) verticalExaggeration = ideal;
  else for (const e of NICE_EXAGGERATIONS) if (e <= ideal) verticalExaggeration = e;
  const pixelsPerFoot = truePixelsPerFoot * verticalExaggeration;
  const reliefPixels = relief * pixelsPerFoot;
  return { verticalExaggeration, pixelsPerFoot, minFeet, maxFeet, baseY: bandBottom - (bandHeight - reliefPixels) / 2 };
}

export function verticalY(scale: ProfileVerticalScale, feet: number): number {
  return scale.baseY - (feet - scale.minFeet) * scale.pixelsPerFoot;
}
