import { metersToFeet, planarBearing } from '@caddie/geometry';
import { percentile } from './elevation-normalization';
import type { PuttingSurface } from './putting-surface';

export interface PuttingSurfaceStatistics {
  /** 2-foot cells inside the green with elevation and gradient */
  cells: number;
  areaSquareMeters: number;
  elevationRangeFeet: number;
  /** dominant elevation used by the heatmap, feet above the lowest inside cell */
  dominantAboveLowestFeet: number;
  slopePercentMedian: number;
  slopePercentP90: number;
  slopePercentMax: number;
  /**
   * Bearing (degrees clockwise from north) the green as a whole falls toward: the direction of
   * the mean downhill vector. Null when the green has no common fall (flat or bowl-shaped).
   */
  dominantDownhillBearing: number | null;
  /** length of the mean downhill vector over the mean slope, 0..1: how much the green agrees */
  downhillConsistency: number;
}

/** Below this mean fall (rise per metre) a green has no meaningful overall direction. */
const NEGLIGIBLE_MEAN_FALL = 0.002;
/** Below this agreement the mean direction is an average of opposite slopes, not a fall line. */
const NEGLIGIBLE_CONSISTENCY = 0.15;

export function puttingSurfaceStatistics(surface: PuttingSurface): PuttingSurfaceStatistics {
  const slopes: number[] = [];
  let minimum = Infinity;
  let maximum = -Infinity;
  let sumEast = 0;
  let sumNorth = 0;
  for (let index = 0; index < surface.insideGreen.length; index++) {
    if (!surface.insideGreen[index]) continue;
    const z = surface.elevation[index];
    const gx = surface.gradientEast[index];
    const gy = surface.gradientNorth[index];
    if (!Number.isFinite(z) || !Number.isFinite(gx) || !Number.isFinite(gy)) continue;
    minimum = Math.min(minimum, z);
    maximum = Math.max(maximum, z);
    slopes.push(Math.hypot(gx, gy));
    sumEast -= gx;
    sumNorth -= gy;
  }
  const cells = slopes.length;
  if (cells === 0) {
    return {
      cells: 0,
      areaSquareMeters: 0,
      elevationRangeFeet: 0,
      dominantAboveLowestFeet: 0,
      slopePercentMedian: 0,
      slopePercentP90: 0,
      slopePercentMax: 0,
      dominantDownhillBearing: null,
      downhillConsistency: 0,
    };
  }
  const sorted = Float64Array.from(slopes).sort();
  const meanSlope = sorted.reduce((a, b) => a + b, 0) / cells;
  const meanFall = Math.hypot(sumEast, sumNorth) / cells;
  const downhillConsistency = meanSlope > 0 ? meanFall / meanSlope : 0;
  const hasDirection = meanFall >= NEGLIGIBLE_MEAN_FALL && downhillConsistency >= NEGLIGIBLE_CONSISTENCY;
  return {
    cells,
    areaSquareMeters: cells * surface.cellSizeMeters ** 2,
    elevationRangeFeet: metersToFeet(maximum - minimum),
    dominantAboveLowestFeet: metersToFeet(surface.normalization.dominant - minimum),
    slopePercentMedian: percentile(sorted, 0.5) * 100,
    slopePercentP90: percentile(sorted, 0.9) * 100,
    slopePercentMax: sorted[cells - 1] * 100,
    dominantDownhillBearing: hasDirection ? planarBearing(sumEast, sumNorth) : null,
    downhillConsistency,
  };
}
