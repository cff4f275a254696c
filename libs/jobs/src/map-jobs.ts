/**
 * The map archive flow on the render queue: `render.map-tiles` children, each rendering one block
 * of tiles of one zoom and storing it in the artifact store, under a `render.map-archive` parent
 * that assembles the PMTiles archive from the blocks. `render.map-tile` renders one tile on
 * demand while the archive builds (the tile route's cold path), stored under its own key.
 */
import type { MapTileFormat } from '@caddie/styles';

/** The tile formats of the maps service (declared once, as MAP_TILE_FORMATS in @caddie/styles). */
export type MapTileFormatName = MapTileFormat;

export interface RenderMapArchivePayload {
  courseId: string;
  /** sha256:… course revision the archive is drawn from */
  courseRevision: string;
  tileSize: 256 | 512;
  format: MapTileFormatName;
}

/** An inclusive tile rectangle at one zoom (the shape of @caddie/geometry TileRange). */
export interface MapTileBlock {
  zoom: number;
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

/** The parent: assembles the archive from its children's blocks. */
export interface AssembleMapArchivePayload extends RenderMapArchivePayload {
  blocks: MapTileBlock[];
}

/** A child: renders one block of tiles into the artifact store. */
export interface RenderMapTilesPayload extends RenderMapArchivePayload {
  block: MapTileBlock;
}

export interface RenderMapTilesResult {
  tiles: number;
  bytes: number;
  worker: string;
}

/** One tile on demand. */
export interface RenderMapTilePayload extends RenderMapArchivePayload {
  z: number;
  x: number;
  y: number;
}

export interface RenderMapTileResult {
  objectKey: string;
  bytes: number;
  worker: string;
}

export interface RenderMapArchiveResult {
  /** object key of the archive in the artifact store */
  objectKey: string;
  /** sha256:… of the archive bytes (the strong ETag) */
  sha256: string;
  sizeBytes: number;
  tileCount: number;
  minZoom: number;
  maxZoom: number;
  worker: string;
}

/**
 * The encoding part of object keys. `webp-lossy` names its tiles with their quality, so raising
 * the quality writes new archives; `webp` (lossless) and `png` are keyed by their name.
 */
export function mapEncodingKey(format: string, webpQuality: number): string {
  return format === 'webp-lossy' ? `webp-q${webpQuality}` : format;
}

/** Quality of lossy WebP tiles (the renderer's WEBP_TILE_QUALITY; a test keeps the two equal). */
export const MAP_WEBP_QUALITY = 85;

const revisionDir = (courseId: string, courseRevision: string) => `maps/${courseId}/${courseRevision.replace(/^sha256:/, '')}`;

/** Where an archive lives: maps/<courseId>/<revision hex>/<tileSize>.<encoding>.pmtiles. Also its coalescing id. */
export function mapArchiveKey(courseId: string, courseRevision: string, tileSize: number, format: string): string {
  return `${revisionDir(courseId, courseRevision)}/${tileSize}.${mapEncodingKey(format, MAP_WEBP_QUALITY)}.pmtiles`;
}

/** Where a child stores its block until the parent has assembled the archive. */
export function mapTileBlockKey(p: RenderMapArchivePayload, block: MapTileBlock): string {
  return `${revisionDir(p.courseId, p.courseRevision)}/work/${p.tileSize}.${mapEncodingKey(p.format, MAP_WEBP_QUALITY)}/${block.zoom}-${block.minX}-${block.minY}.tiles`;
}

/** The folder of the tiles rendered on demand for one archive, deleted once the archive is stored. */
export function mapTileFolder(p: RenderMapArchivePayload): string {
  return `${revisionDir(p.courseId, p.courseRevision)}/tiles/${p.tileSize}.${mapEncodingKey(p.format, MAP_WEBP_QUALITY)}/`;
}

/** Where a tile rendered on demand lives (read while the archive builds; the archive is the source once stored). */
export function mapTileKey(p: RenderMapArchivePayload, z: number, x: number, y: number): string {
  return `${mapTileFolder(p)}${z}/${x}/${y}`;
}

/**
 * Side of the square tile blocks the archive is split into. 4 x 4 tiles take a few hundred
 * milliseconds on one core, short enough that a tile rendered on demand (queued ahead of the
 * blocks) never waits long for a worker, and long enough that job overhead stays small.
 */
export const MAP_TILE_BLOCK_SIDE = 4;

/** Splits per-zoom tile ranges into blocks of at most side x side tiles, lowest zoom first. */
export function mapTileBlocks(ranges: readonly MapTileBlock[], side = MAP_TILE_BLOCK_SIDE): MapTileBlock[] {
  const blocks: MapTileBlock[] = [];
  for (const r of [...ranges].sort((a, b) => a.zoom - b.zoom)) {
    for (let y = r.minY; y <= r.maxY; y += side) {
      for (let x = r.minX; x <= r.maxX; x += side) {
        blocks.push({ zoom: r.zoom, minX: x, maxX: Math.min(r.maxX, x + side - 1), minY: y, maxY: Math.min(r.maxY, y + side - 1) });
      }
    }
  }
  return blocks;
}

/** Tiles of a block, row by row. */
export function* blockTiles(block: MapTileBlock): Generator<[number, number, number]> {
  for (let y = block.minY; y <= block.maxY; y++) for (let x = block.minX; x <= block.maxX; x++) yield [block.zoom, x, y];
}
