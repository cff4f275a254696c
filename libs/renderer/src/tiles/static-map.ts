/**
 * Bounded static maps: a lon/lat box resolved to whole world pixels at one zoom, filled from the
 * archive's 256-pixel tiles, then branded and credited. The API reads the tiles; this file
 * only does geometry and drawing.
 */
import type { BBox } from '@caddie/catalog';
import { lonLatToWorldPixel, worldPixelToLonLat, WEB_MERCATOR_MAX_LATITUDE } from '@caddie/geometry';
import { createCanvas, ImageData } from '@napi-rs/canvas';
import sharp from 'sharp';
import { font, registerFonts } from '../fonts/register-fonts';
import type { WorldPixelRect } from './tile-camera';

/** Largest static map, pixels per side (documented at the API). */
export const STATIC_MAP_MAX_PIXELS = 4096;
export const STATIC_TILE_SIZE = 256;

export type StaticMapErrorCode = 'invalid-bbox' | 'bbox-outside-coverage' | 'static-map-too-large';

export class StaticMapError extends Error {
  constructor(
    readonly code: StaticMapErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'StaticMapError';
  }
}

/** Parses `west,south,east,north`; rejects malformed, out-of-range, empty or inverted boxes. */
export function parseStaticBBox(raw: string): BBox {
  const parts = raw.split(',');
  const values = parts.map((p) => (/^\s*-?\d+(\.\d+)?\s*$/.test(p) ? Number(p) : NaN));
  if (values.length !== 4 || values.some((v) => !Number.isFinite(v)))
    throw new StaticMapError('invalid-bbox', 'bbox must be four numbers: west,south,east,north');
  const [w, s, e, n] = values;
  if (Math.abs(w) > 180 || Math.abs(e) > 180 || Math.abs(s) > WEB_MERCATOR_MAX_LATITUDE || Math.abs(n) > WEB_MERCATOR_MAX_LATITUDE) {
    throw new StaticMapError('invalid-bbox', `bbox must lie within longitude -180..180 and latitude ±${WEB_MERCATOR_MAX_LATITUDE.toFixed(4)}`);
  }
  if (!(w < e) || !(s < n)) throw new StaticMapError('invalid-bbox', 'bbox is inverted or empty: west < east and south < north are required');
  return [w, s, e, n];
}

export interface StaticMapFrame {
  rect: WorldPixelRect;
  /** the resolved, pixel-aligned bounds actually drawn */
  bounds: BBox;
}

/**
 * Outward-rounded whole world pixels of the box; checks it overlaps `coverage` and fits the size
 * limit. A box reaching past the coverage (a margin around the course) is drawn, blank there.
 */
export function resolveStaticMap(bbox: BBox, zoom: number, coverage: BBox): StaticMapFrame {
  const [w, s, e, n] = bbox;
  if (e <= coverage[0] || w >= coverage[2] || n <= coverage[1] || s >= coverage[3]) {
    throw new StaticMapError('bbox-outside-coverage', `bbox must overlap the course map coverage ${coverage.join(',')}`);
  }
  const nw = lonLatToWorldPixel([w, n], zoom, STATIC_TILE_SIZE);
  const se = lonLatToWorldPixel([e, s], zoom, STATIC_TILE_SIZE);
  const x = Math.floor(nw[0]);
  const y = Math.floor(nw[1]);
  const width = Math.max(1, Math.ceil(se[0]) - x);
  const height = Math.max(1, Math.ceil(se[1]) - y);
  if (width > STATIC_MAP_MAX_PIXELS || height > STATIC_MAP_MAX_PIXELS) {
    throw new StaticMapError(
      'static-map-too-large',
      `the box is ${width}x${height} pixels at zoom ${zoom}; at most ${STATIC_MAP_MAX_PIXELS}x${STATIC_MAP_MAX_PIXELS}`,
    );
  }
  const [west, north] = worldPixelToLonLat([x, y], zoom, STATIC_TILE_SIZE);
  const [east, south] = worldPixelToLonLat([x + width, y + height], zoom, STATIC_TILE_SIZE);
  const round = (v: number) => Math.round(v * 1e7) / 1e7;
  return { rect: { zoom, tileSize: STATIC_TILE_SIZE, x, y, width, height }, bounds: [round(west), round(south), round(east), round(north)] };
}

/** Tiles (x, y) the frame needs, at its zoom. */
export function staticMapTiles(rect: WorldPixelRect): [number, number][] {
  const tiles: [number, number][] = [];
  const t = rect.tileSize;
  for (let ty = Math.floor(rect.y / t); ty <= Math.floor((rect.y + rect.height - 1) / t); ty++) {
    for (let tx = Math.floor(rect.x / t); tx <= Math.floor((rect.x + rect.width - 1) / t); tx++) tiles.push([tx, ty]);
  }
  return tiles;
}

/**
 * Places decoded tiles (any format sharp reads) into the frame, draws the credit line and the
 * mark, and encodes PNG. Missing tiles stay the blank background.
 */
export async function composeStaticMap(rect: WorldPixelRect, tiles: { x: number; y: number; bytes: Uint8Array }[], attribution: string): Promise<Buffer> {
  const t = rect.tileSize;
  const layers = tiles.map((tile) => ({ input: Buffer.from(tile.bytes), left: tile.x * t - rect.x, top: tile.y * t - rect.y }));
  // composite on an oversized canvas (sharp wants layers inside it), then crop to the frame
  const pad = t;
  const base = sharp({ create: { width: rect.width + 2 * pad, height: rect.height + 2 * pad, channels: 4, background: '#ffffff' } });
  const placed = layers.map((l) => ({ ...l, left: l.left + pad, top: l.top + pad }));
  const rgba = await sharp(await base.composite(placed).raw().toBuffer(), { raw: { width: rect.width + 2 * pad, height: rect.height + 2 * pad, channels: 4 } })
    .extract({ left: pad, top: pad, width: rect.width, height: rect.height })
    .raw()
    .toBuffer();
  const canvas = createCanvas(rect.width, rect.height);
  const ctx = canvas.getContext('2d');
  ctx.putImageData(new ImageData(new Uint8ClampedArray(rgba.buffer, rgba.byteOffset, rgba.byteLength), rect.width, rect.height), 0, 0);
  drawCredits(ctx, rect.width, rect.height, attribution);
  return sharp(canvas.data(), { raw: { width: rect.width, height: rect.height, channels: 4, premultiplied: true } })
    .removeAlpha()
    .png({ compressionLevel: 6 })
    .toBuffer();
}

type Ctx = ReturnType<ReturnType<typeof createCanvas>['getContext']>;

/** Credit bottom right, a small mark bottom left; scaled down for small maps. */
function drawCredits(ctx: Ctx, width: number, height: number, attribution: string): void {
  registerFonts();
  const size = Math.max(8, Math.min(12, Math.round(Math.min(width, height) / 24)));
  ctx.textBaseline = 'alphabetic';
  const box = (text: string, right: boolean, weight: 'normal' | 'bold') => {
    if (!text) return;
    ctx.font = font('sans', size, weight);
    const w = Math.ceil(ctx.measureText(text).width) + 6;
    const h = size + 5;
    const x = right ? width - w : 0;
    ctx.fillStyle = 'rgba(255,255,255,0.75)';
    ctx.fillRect(x, height - h, w, h);
    ctx.fillStyle = '#333333';
    ctx.fillText(text, x + 3, height - 4);
  };
  box(attribution, true, 'normal');
  box('Caddie', false, 'bold');
}
