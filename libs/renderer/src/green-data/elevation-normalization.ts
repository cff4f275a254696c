import { feetToMeters } from '@caddie/geometry';

/**
 * How the heatmap reads one green's elevations, from the cells inside the green only:
 * terrain within `meaningfulOffset` of the dominant elevation stays transparent; colour
 * strengthens until `saturationOffset`. Metres throughout.
 */
export interface ElevationNormalization {
  insideCells: number;
  minimum: number;
  maximum: number;
  /** the elevation most of the putting surface sits at (smoothed histogram mode) */
  dominant: number;
  meaningfulOffset: number;
  saturationOffset: number;
}

/** Below this nobody reads a height difference on a green; keeps flat greens transparent. */
export const MEANINGFUL_OFFSET_FLOOR_METERS = feetToMeters(0.15);
/** Share of the robust relief (5th to 95th percentile) treated as "the same level". */
export const MEANINGFUL_OFFSET_SHARE = 0.12;
/** Colours never saturate for less than this, so a gentle green stays pale. */
export const SATURATION_OFFSET_FLOOR_METERS = feetToMeters(0.6);

const HISTOGRAM_BIN_METERS = 0.005;

/** Linear-interpolated percentile of ascending values, p in [0, 1]. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return NaN;
  const at = Math.max(0, Math.min(sorted.length - 1, p * (sorted.length - 1)));
  const low = Math.floor(at);
  const high = Math.min(sorted.length - 1, low + 1);
  return sorted[low] + (sorted[high] - sorted[low]) * (at - low);
}

export function normalizeGreenElevations(insideElevations: ArrayLike<number>): ElevationNormalization {
  const sorted = Float64Array.from(insideElevations).filter(Number.isFinite).sort();
  if (sorted.length === 0) {
    return {
      insideCells: 0,
      minimum: NaN,
      maximum: NaN,
      dominant: NaN,
      meaningfulOffset: MEANINGFUL_OFFSET_FLOOR_METERS,
      saturationOffset: SATURATION_OFFSET_FLOOR_METERS,
    };
  }
  const p02 = percentile(sorted, 0.02);
  const p05 = percentile(sorted, 0.05);
  const p95 = percentile(sorted, 0.95);
  const p98 = percentile(sorted, 0.98);
  const relief = p95 - p05;
  const dominant = smoothedMode(sorted, Math.max(relief * 0.2, 0.01));
  const meaningfulOffset = Math.max(MEANINGFUL_OFFSET_FLOOR_METERS, relief * MEANINGFUL_OFFSET_SHARE);
  const saturationOffset = Math.max(SATURATION_OFFSET_FLOOR_METERS, 2 * meaningfulOffset, p98 - dominant, dominant - p02);
  return { insideCells: sorted.length, minimum: sorted[0], maximum: sorted[sorted.length - 1], dominant, meaningfulOffset, saturationOffset };
}

/**
 * Mode of a Gaussian-smoothed histogram. The wide kernel makes a plain tilt resolve to its
 * middle, while a tiered green resolves to its larger tier.
 */
function smoothedMode(sorted: Float64Array, bandwidth: number): number {
  const low = sorted[0] - 3 * bandwidth;
  const bins = Math.max(1, Math.ceil((sorted[sorted.length - 1] + 3 * bandwidth - low) / HISTOGRAM_BIN_METERS));
  const counts = new Float64Array(bins);
  for (const value of sorted) counts[Math.min(bins - 1, Math.floor((value - low) / HISTOGRAM_BIN_METERS))]++;
  const radius = Math.ceil((3 * bandwidth) / HISTOGRAM_BIN_METERS);
  const kernel = new Float64Array(2 * radius + 1);
  for (let k = -radius; k <= radius; k++) kernel[k + radius] = Math.exp(-0.5 * ((k * HISTOGRAM_BIN_METERS) / bandwidth) ** 2);
  let bestBin = 0;
  let bestDensity = -1;
  for (let i = 0; i < bins; i++) {
    let density = 0;
    for (let k = -radius; k <= radius; k++) {
      const j = i + k;
      if (j >= 0 && j < bins && counts[j] > 0) density += counts[j] * kernel[k + radius];
    }
    if (density > bestDensity) {
      bestDensity = density;
      bestBin = i;
    }
  }
  return low + (bestBin + 0.5) * HISTOGRAM_BIN_METERS;
}

export interface HeatmapColor {
  r: number;
  g: number;
  b: number;
  /** 0..1 before the requested opacity is applied */
  strength: number;
}

/**
 * Blue and red (spec rule 13), apart in lightness and on the blue-yellow axis that red-green
 * colour-blind readers keep. A translucent red over green turf mixes to brown, so the painter
 * first takes the turf's own colour out where the heatmap is coloured
 * (`heatmapDesaturation`): red then reads red, blue reads blue (heatmap-palette.spec.ts).
 */
export const HEATMAP_LOW_COLOR = { r: 20, g: 60, b: 210 } as const;
export const HEATMAP_HIGH_COLOR = { r: 225, g: 10, b: 30 } as const;

/** Grey of the putting-green palettes' lightness (about 190): desaturated turf, where no turf is painted below. */
export const TURF_NEUTRAL_LEVEL = 190;

/** Share of the turf's saturation removed under fully coloured heatmap cells at an opacity. */
export function heatmapDesaturation(opacity: number): number {
  return Math.max(0, Math.min(0.85, 2 * opacity));
}

/**
 * Signed colour strength of an elevation: 0 within the meaningful band around the dominant
 * level, rising smoothly to -1 (low, blue) or +1 (high, red) at the saturation offset.
 */
export function heatmapStrength(elevation: number, normalization: ElevationNormalization): number {
  const offset = elevation - normalization.dominant;
  if (!(offset === offset)) return 0;
  const magnitude = offset < 0 ? -offset : offset;
  let t = (magnitude - normalization.meaningfulOffset) / (normalization.saturationOffset - normalization.meaningfulOffset);
  if (t <= 0) return 0;
  if (t > 1) t = 1;
  // smoothstep: no visible contour where the colour starts
  const strength = t * t * (3 - 2 * t);
  return offset < 0 ? -strength : strength;
}

export function heatmapColor(elevation: number, normalization: ElevationNormalization): HeatmapColor {
  const signed = heatmapStrength(elevation, normalization);
  const base = signed < 0 || (signed === 0 && elevation < normalization.dominant) ? HEATMAP_LOW_COLOR : HEATMAP_HIGH_COLOR;
  return { r: base.r, g: base.g, b: base.b, strength: Math.abs(signed) };
}
