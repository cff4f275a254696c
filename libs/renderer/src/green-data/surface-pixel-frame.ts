import type { PuttingSurface } from './putting-surface';

export type LonLatProjector = (lon: number, lat: number) => [number, number];

/**
 * The renderer's projection restricted to one green, as the affine map local metres -> pixels.
 * Over a green (tens of metres) any map projection with a rotation is affine to well under
 * a pixel, so image transforms and arrow geometry can use it directly.
 */
export interface SurfacePixelFrame {
  /** pixel of the local origin */
  origin: [number, number];
  /** pixel offset of one metre east and one metre north */
  east: [number, number];
  north: [number, number];
}

export function surfacePixelFrame(surface: PuttingSurface, project: LonLatProjector): SurfacePixelFrame {
  // A baseline the size of the green keeps the estimate well conditioned at any zoom.
  const span = Math.max(1, surface.columns * surface.cellSizeMeters, surface.rows * surface.cellSizeMeters) / 2;
  const at = (x: number, y: number) => {
    const [lon, lat] = surface.projection.toLonLat([x, y]);
    return project(lon, lat);
  };
  const origin = at(0, 0);
  const east = at(span, 0);
  const north = at(0, span);
  return {
    origin,
    east: [(east[0] - origin[0]) / span, (east[1] - origin[1]) / span],
    north: [(north[0] - origin[0]) / span, (north[1] - origin[1]) / span],
  };
}

export function metersToPixel(frame: SurfacePixelFrame, x: number, y: number): [number, number] {
  return [frame.origin[0] + x * frame.east[0] + y * frame.north[0], frame.origin[1] + x * frame.east[1] + y * frame.north[1]];
}

/** Pixels per metre (geometric mean of both axes). */
export function framePixelsPerMeter(frame: SurfacePixelFrame): number {
  return Math.sqrt(Math.abs(frame.east[0] * frame.north[1] - frame.east[1] * frame.north[0]));
}
