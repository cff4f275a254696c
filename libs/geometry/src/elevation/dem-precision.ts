/**
 * What a DEM can honestly tell: its native pixel size on the ground along each axis (an SRTM3
 * pixel at 56°N is about 52 m east-west but 93 m north-south) and the vertical accuracy its
 * producer states. Resampling a grid finer never makes it more precise than this.
 */
import type { DemRaster } from './dem-raster';

const METERS_PER_DEGREE = 111_320;

export interface VerticalAccuracy {
  /** absolute height error at `confidence` (linear error), metres */
  absoluteMeters: number;
  /** point-to-point height error within a local area, as a range when sources differ */
  relativeMeters: { min: number; max: number };
  confidence: number;
  reference: string;
}

export interface ElevationPrecision {
  /** native pixel size of the source on the ground, metres */
  nativeResolution: { eastWestMeters: number; northSouthMeters: number };
  /** null when the source does not state one (a GeoTIFF of unknown origin) */
  verticalAccuracy: VerticalAccuracy | null;
  source: string;
}

/**
 * SRTM: 16 m absolute and 10 m relative at 90% by mission specification; validation found
 * about 6 m relative (Rodríguez et al. 2006).
 */
export const SRTM_VERTICAL_ACCURACY: VerticalAccuracy = {
  absoluteMeters: 16,
  relativeMeters: { min: 6, max: 10 },
  confidence: 0.9,
  reference: 'SRTM mission specification (16 m absolute, 10 m relative, 90% linear error); about 6 m relative measured',
};

export function demPrecision(raster: DemRaster, latitude: number): ElevationPrecision {
  const round1 = (v: number) => Math.round(v * 10) / 10;
  return {
    nativeResolution: {
      eastWestMeters: round1(raster.lonStep * METERS_PER_DEGREE * Math.cos((latitude * Math.PI) / 180)),
      northSouthMeters: round1(raster.latStep * METERS_PER_DEGREE),
    },
    verticalAccuracy: /^srtm/i.test(raster.source) ? SRTM_VERTICAL_ACCURACY : null,
    source: raster.source,
  };
}

/** The coarsest of several sources, axis by axis; its accuracy is the weakest stated (or unknown). */
export function coarsestPrecision(precisions: readonly ElevationPrecision[]): ElevationPrecision {
  const unknown = precisions.some((p) => p.verticalAccuracy === null);
  const worst = [...precisions].sort((a, b) => (b.verticalAccuracy?.absoluteMeters ?? 0) - (a.verticalAccuracy?.absoluteMeters ?? 0))[0];
  return {
    nativeResolution: {
      eastWestMeters: Math.max(...precisions.map((p) => p.nativeResolution.eastWestMeters)),
      northSouthMeters: Math.max(...precisions.map((p) => p.nativeResolution.northSouthMeters)),
    },
    verticalAccuracy: unknown ? null : worst.verticalAccuracy,
    source: precisions.map((p) => p.source).join('+'),
  };
}

/** A source too coarse for foot-level heights: pixels over 10 m, or stated relative error over 1 m, or none stated. */
export function isCoarse(precision: ElevationPrecision): boolean {
  const { eastWestMeters, northSouthMeters } = precision.nativeResolution;
  return Math.max(eastWestMeters, northSouthMeters) > 10 || (precision.verticalAccuracy?.relativeMeters.max ?? Infinity) > 1;
}
