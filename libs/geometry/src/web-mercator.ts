import type { BBox, LonLat } from './geometry-types';
import { GeometryError } from './geometry-error';
import { degreesToRadians, radiansToDegrees } from './units';

/** Latitude where the square Web Mercator world ends (atan(sinh(pi))). */
export const WEB_MERCATOR_MAX_LATITUDE = 85.0511287798066;

export type TileSize = 256 | 512;

export interface TileRange {
  zoom: number;
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

function requireZoom(zoom: number): void {
  if (!Number.isInteger(zoom) || zoom < 0 || zoom > 30) {
    throw new GeometryError('zoom-invalid', `zoom must be an integer 0..30, got ${zoom}`);
  }
}

/** Size of the whole world in pixels at a (possibly fractional) zoom. */
export function worldSizePixels(zoom: number, tileSize: TileSize = 256): number {
  return tileSize * 2 ** zoom;
}

/** lon/lat to world pixel coordinates (x east, y south; origin at the north-west corner). */
export function lonLatToWorldPixel(point: LonLat, zoom: number, tileSize: TileSize = 256): [number, number] {
  const size = worldSizePixels(zoom, tileSize);
  const lat = Math.max(-WEB_MERCATOR_MAX_LATITUDE, Math.min(WEB_MERCATOR_MAX_LATITUDE, point[1]));
  const phi = degreesToRadians(lat);
  const x = ((point[0] + 180) / 360) * size;
  const y = (0.5 - Math.log(Math.tan(Math.PI / 4 + phi / 2)) / (2 * Math.PI)) * size;
  return [x, y];
}

export function worldPixelToLonLat(pixel: [number, number], zoom: number, tileSize: TileSize = 256): LonLat {
  const size = worldSizePixels(zoom, tileSize);
  const lon = (pixel[0] / size) * 360 - 180;
  const n = Math.PI * (1 - (2 * pixel[1]) / size);
  const lat = radiansToDegrees(Math.atan(Math.sinh(n)));
  return [lon, lat];
}

/** Tile x/y holding a point at an integer zoom (XYZ scheme, y down). */
export function tileForLonLat(point: LonLat, zoom: number): { x: number; y: number; zoom: number } {
  requireZoom(zoom);
  const [px, py] = lonLatToWorldPixel(point, zoom, 256);
  const last = 2 ** zoom - 1;
  return {
    x: Math.max(0, Math.min(last, Math.floor(px / 256))),
    y: Math.max(0, Math.min(last, Math.floor(py / 256))),
    zoom,
  };
}

/** Inclusive tile x/y ranges covering a bbox at an integer zoom. */
export function tileRangeForBBox(bbox: BBox, zoom: number): TileRange {
  const [west, south, east, north] = bbox;
  if (!(west <= east && south <= north)) {
    throw new GeometryError('bbox-invalid', `bbox must be [west, south, east, north], got ${bbox.join(',')}`);
  }
  const northWest = tileForLonLat([west, north], zoom);
  const southEast = tileForLonLat([east, south], zoom);
  return { zoom, minX: northWest.x, maxX: southEast.x, minY: northWest.y, maxY: southEast.y };
}

/** [west, south, east, north] of an XYZ tile. */
export function tileBounds(x: number, y: number, zoom: number): BBox {
  requireZoom(zoom);
  const count = 2 ** zoom;
  if (!Number.isInteger(x) || !Number.isInteger(y) || x < 0 || y < 0 || x >= count || y >= count) {
    throw new GeometryError('tile-invalid', `tile ${zoom}/${x}/${y} does not exist`);
  }
  const [west, north] = worldPixelToLonLat([x * 256, y * 256], zoom, 256);
  const [east, south] = worldPixelToLonLat([(x + 1) * 256, (y + 1) * 256], zoom, 256);
  return [west, south, east, north];
}

/** Ground metres per pixel at a latitude and zoom. */
export function metersPerPixel(latitude: number, zoom: number, tileSize: TileSize = 256): number {
  const equatorCircumference = 2 * Math.PI * 6_378_137;
  return (equatorCircumference * Math.cos(degreesToRadians(latitude))) / worldSizePixels(zoom, tileSize);
}
