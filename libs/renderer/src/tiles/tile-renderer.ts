/**
 * Raster map tiles: the Traditional artwork drawn through a north-up Web Mercator camera,
 * unbranded, no paper and no perimeter mask.
 *
 * Seamless by construction: each tile is painted with a margin of TILE_MARGIN_PX around it and
 * cropped, so strokes, shadows and blurs crossing an edge are drawn whole on both sides; all
 * cameras share the course's metre origin (mowing bands keep phase) and pixel-space textures
 * are anchored to world pixels (textureOffset), so neighbouring tiles continue each other.
 */
import { OutputScale } from '../sizing/output-scale';
import type { Course } from '@caddie/catalog';
import { createCanvas } from '@napi-rs/canvas';
import type { TileSize } from '@caddie/geometry';
import sharp from 'sharp';
import type { NormalizedStyle } from '@caddie/styles';
import { parseGraphicsQuery } from '@caddie/styles';
import type { PaintContext } from '../painters/paint-context';
import { paintTraditional } from '../painters/traditional-painter';
import { playDirections } from '../render/render-graphic';
import { ViewScene } from '../render/view-scene';
import { mapOrigin, mercatorCamera, type WorldPixelRect } from './tile-camera';
import type { MapTileFormat } from '@caddie/styles';
import { courseMapBounds } from './tile-coverage';

/** Painted around every tile and cropped away: wider than any stroke half-width or shadow at zoom 20. */
export const TILE_MARGIN_PX = 64;

export const TILE_CONTENT_TYPES: Record<MapTileFormat, 'image/webp' | 'image/png'> = { webp: 'image/webp', 'webp-lossy': 'image/webp', png: 'image/png' };

/**
 * Quality of the default (lossy) WebP tiles. Measured on demo-pine-hollow (bench:maps prints it):
 * 256-pixel tiles average about 3 KB at 85 against 13 KB lossless, 512-pixel ones 13 KB against
 * 46 KB, and encode three to six times faster; side by side at 1x and 2x the grain of the rough and the
 * mowing pattern look the same (75 starts to smooth the grain). Part of the archive key.
 */
export const WEBP_TILE_QUALITY = 85;

const STYLE_CACHE = new WeakMap<Course, NormalizedStyle>();
const ORIGIN_CACHE = new WeakMap<Course, [number, number]>();

/** The Traditional style with the course's defaults (climate greenery, fairway pattern), no paper grid. */
export function mapTileStyle(course: Course): NormalizedStyle {
  let style = STYLE_CACHE.get(course);
  if (!style) {
    const context = { classification: course.classification, country: course.location.country, region: course.location.region };
    const base = parseGraphicsQuery('course', 'png', {}, context).style;
    style = { ...base, graphicStyle: 'traditional', context: { ...(base.context ?? {}), graphing: false, contours: false, washes: false } } as NormalizedStyle;
    STYLE_CACHE.set(course, style);
  }
  return style;
}

function courseOrigin(course: Course): [number, number] {
  let origin = ORIGIN_CACHE.get(course);
  if (!origin) {
    origin = mapOrigin(courseMapBounds(course)) as [number, number];
    ORIGIN_CACHE.set(course, origin);
  }
  return origin;
}

/** Tiles are viewed 1:1 at any zoom: sizes as drawn at the painters' 1440-pixel reference. */
const TILE_SIZES = new OutputScale('course', 1440, 1440);

/**
 * Straight (non-premultiplied) RGBA of a world-pixel rectangle, opaque everywhere (the rough
 * covers the canvas). Used for tiles and for rendering a strip across tiles in tests.
 */
export function paintMapRegion(course: Course, rect: WorldPixelRect): Buffer {
  const m = TILE_MARGIN_PX;
  const padded: WorldPixelRect = { ...rect, x: rect.x - m, y: rect.y - m, width: rect.width + 2 * m, height: rect.height + 2 * m };
  const transform = mercatorCamera(courseOrigin(course), padded);
  const scene = new ViewScene(course, transform, padded.width, padded.height, null, `${course.id}:map`, [padded.x, padded.y]);
  const style = mapTileStyle(course);
  const paint: PaintContext = {
    scene,
    style,
    subject: 'course',
    ground: course.elevation.ground,
    playDirection: playDirections(course, scene),
    // widths given in pixels stay as drawn at the painters' reference size: tiles are viewed 1:1
    pixelScale: TILE_SIZES.painterScale,
    sizes: TILE_SIZES,
  };
  const canvas = createCanvas(padded.width, padded.height);
  paintTraditional(canvas.getContext('2d'), paint);
  const image = canvas.getContext('2d').getImageData(m, m, rect.width, rect.height);
  return Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength);
}

/** Lossless WebP (default), lossy WebP or PNG of RGBA pixels, alpha dropped (tiles are opaque). */
export async function encodeMapImage(rgba: Buffer, width: number, height: number, format: MapTileFormat): Promise<Buffer> {
  const image = sharp(rgba, { raw: { width, height, channels: 4 } }).removeAlpha();
  if (format === 'png') return image.png({ compressionLevel: 6, adaptiveFiltering: false }).toBuffer();
  if (format === 'webp-lossy') return image.webp({ quality: WEBP_TILE_QUALITY, effort: 4 }).toBuffer();
  return image.webp({ lossless: true, effort: 4 }).toBuffer();
}

/** One XYZ tile (y down), `tileSize` pixels square. Same course + tile -> same bytes. */
export async function renderTile(course: Course, z: number, x: number, y: number, tileSize: TileSize = 256, format: MapTileFormat = 'webp'): Promise<Buffer> {
  const rgba = paintMapRegion(course, { zoom: z, tileSize, x: x * tileSize, y: y * tileSize, width: tileSize, height: tileSize });
  return encodeMapImage(rgba, tileSize, tileSize, format);
}
