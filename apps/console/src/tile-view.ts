import { mercatorX, mercatorY } from './mercator';

/**
 * The raster tiles MapLibre will ask for first when it fits `bounds` into a box of `width` x
 * `height` CSS pixels: the same fit (Web Mercator, 512-pixel zoom levels, no padding), its
 * 256-pixel tile zoom rounded as MapLibre rounds raster zooms, clamped to the source's zooms and
 * bounds. Asking for them before MapLibre has started (its worker, its WebGL context) lets the
 * server render them on demand meanwhile; a wrong guess costs a tile, never a wrong picture.
 */
export function tilesInView(
  source: { bounds: [number, number, number, number]; minzoom: number; maxzoom: number },
  width: number,
  height: number,
): { z: number; x: number; y: number }[] {
  const [west, south, east, north] = source.bounds;
  const [x0, x1, y0, y1] = [mercatorX(west), mercatorX(east), mercatorY(north), mercatorY(south)];
  if (!(x1 > x0 && y1 > y0 && width > 0 && height > 0)) return [];
  // the map's own zoom range in the console is the source's from two levels below to one above (course.tsx)
  const zoom = Math.min(source.maxzoom + 1, Math.max(source.minzoom - 2, Math.log2(Math.min(width / (x1 - x0), height / (y1 - y0)) / 512)));
  const tileZoom = Math.round(zoom + 1);
  if (tileZoom < source.minzoom) return [];
  const z = Math.min(source.maxzoom, tileZoom);
  const scale = 2 ** z;
  const half = [width / 2 / (512 * 2 ** zoom), height / 2 / (512 * 2 ** zoom)];
  const [cx, cy] = [(x0 + x1) / 2, (y0 + y1) / 2];
  // the view and the source's bounds overlap: MapLibre asks only for tiles inside both
  const range = (lo: number, hi: number, a: number, b: number) => [Math.floor(Math.max(lo, a) * scale), Math.floor(Math.min(hi, b) * scale - 1e-9)];
  const [minX, maxX] = range(cx - half[0], cx + half[0], x0, x1);
  const [minY, maxY] = range(cy - half[1], cy + half[1], y0, y1);
  const tiles: { z: number; x: number; y: number }[] = [];
  for (let y = minY; y <= maxY; y++) for (let x = minX; x <= maxX; x++) tiles.push({ z, x, y });
  return tiles;
}
