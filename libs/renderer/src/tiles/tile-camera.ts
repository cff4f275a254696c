/**
 * A north-up Web Mercator camera for one rectangle of world pixels, expressed as the renderer's
 * ViewTransform (local metres -> canvas pixels).
 *
 * Every camera of a course shares one metre origin (the coverage centre), so metre-anchored
 * patterns (mowing bands) keep their phase from tile to tile. Longitude maps to Mercator x
 * linearly, exactly; latitude is linearised at the rectangle's centre, which keeps the drawing
 * within a thousandth of a pixel of true Mercator across a tile and its margin. Cameras of the
 * same tile row share the same matrix up to a whole-pixel translation.
 */
import type { BBox } from '@caddie/catalog';
import { LocalProjection, lonLatToWorldPixel, worldPixelToLonLat, type LonLat, type TileSize } from '@caddie/geometry';
import { ViewTransform, type AffineMatrix } from '../composition/view-transform';

export interface WorldPixelRect {
  zoom: number;
  /** world pixel size of one tile (256 or 512) */
  tileSize: TileSize;
  /** north-west corner in world pixels (whole pixels) */
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The metre origin shared by every camera of a course. */
export function mapOrigin(bounds: BBox): LonLat {
  return [(bounds[0] + bounds[2]) / 2, (bounds[1] + bounds[3]) / 2];
}

export function mercatorCamera(origin: LonLat, rect: WorldPixelRect): ViewTransform {
  const projection = new LocalProjection(origin);
  const worldSize = rect.tileSize * 2 ** rect.zoom;
  // x: world pixels per metre east, exact everywhere (Mercator x is linear in longitude)
  const sx = worldSize / 360 / projection.lonScale;
  // y: the Mercator derivative at the rectangle's centre latitude, per metre north
  const centerLat = worldPixelToLonLat([rect.x + rect.width / 2, rect.y + rect.height / 2], rect.zoom, rect.tileSize)[1];
  const phi = (centerLat * Math.PI) / 180;
  const sy = ((worldSize / (2 * Math.PI) / Math.cos(phi)) * (Math.PI / 180)) / projection.latScale;
  const [ox] = lonLatToWorldPixel(origin, rect.zoom, rect.tileSize);
  // centre latitude's world y, so the linearisation is exact at the centre
  const centerY = lonLatToWorldPixel([origin[0], centerLat], rect.zoom, rect.tileSize)[1];
  const centerNorth = projection.toMeters([origin[0], centerLat])[1];
  const matrix: AffineMatrix = [sx, 0, 0, -sy, ox - rect.x, centerY + sy * centerNorth - rect.y];
  return new ViewTransform(origin, matrix);
}
