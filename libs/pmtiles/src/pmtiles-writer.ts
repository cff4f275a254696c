import { hash as digest } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { Compression, HEADER_LENGTH, TileType, encodeHeader, roundToE7, type ArchiveHeader, type LonLatBounds } from './archive-header';
import type { DirectoryEntry } from './directory-codec';
import { layoutDirectories } from './directory-layout';
import { zxyToTileId } from './hilbert-tile-id';
import { DuplicateTileError, EmptyArchiveError, EmptyTileError, InvalidWriterOptionError, WriterFinishedError } from './pmtiles-errors';
import { tileRangeBounds, unionBounds, type TileRange } from './tile-extent';

export interface ArchiveCenter {
  lon: number;
  lat: number;
  zoom: number;
}

export interface PmtilesWriterOptions {
  tileType: TileType;
  /** Compression already applied to every tile; PNG, JPEG and WebP carry their own, hence None. */
  tileCompression?: Compression;
  /** Written as gzip-compressed JSON (TileJSON-style keys such as name, attribution). */
  metadata?: Record<string, unknown>;
  /** Defaults to the union of the added tiles' extents. */
  bounds?: LonLatBounds;
  /** Defaults to the middle of the bounds at the archive's minimum zoom. */
  center?: ArchiveCenter;
}

/** Receives the archive in order, chunk by chunk; may return a promise to apply backpressure. */
export type ArchiveSink = (chunk: Uint8Array) => void | Promise<void>;

// Run lengths are uint32 in the format.
const MAX_RUN_LENGTH = 0xffff_ffff;

/**
 * Collects tiles in any order and writes a clustered PMTiles v3 archive: tile data in tile id
 * order, identical contents stored once, consecutive identical tiles as one run-length entry,
 * leaf directories when the root would not fit the first 16 KiB. Tile contents are held in memory
 * until the archive is written; the writer is single use.
 */
export class PmtilesWriter {
  private readonly tileIds: number[] = [];
  private readonly tileContents: number[] = [];
  private readonly addedTileIds = new Set<number>();
  private contents: Uint8Array[] = [];
  private readonly contentsByHash = new Map<string, number[]>();
  private readonly rangeByZoom = new Map<number, TileRange>();
  private finished = false;
  private readonly metadataJson: string;

  constructor(private readonly options: PmtilesWriterOptions) {
    checkOptions(options);
    this.metadataJson = metadataToJson(options.metadata);
  }

  /** Number of tiles added (before run-length encoding). */
  get tileCount(): number {
    return this.tileIds.length;
  }

  /** Number of distinct tile contents added so far. */
  get uniqueContentCount(): number {
    return this.contents.length;
  }

  /** Adds one tile; bytes are copied when the content is new, so callers may reuse buffers. */
  addTile(z: number, x: number, y: number, bytes: Uint8Array): void {
    if (this.finished) throw new WriterFinishedError();
    const tileId = zxyToTileId(z, x, y);
    if (bytes.length === 0) throw new EmptyTileError(z, x, y);
    if (this.addedTileIds.has(tileId)) throw new DuplicateTileError(z, x, y);
    this.addedTileIds.add(tileId);
    this.tileIds.push(tileId);
    this.tileContents.push(this.internContent(bytes));
    const range = this.rangeByZoom.get(z);
    if (range === undefined) {
      this.rangeByZoom.set(z, { minX: x, maxX: x, minY: y, maxY: y });
    } else {
      range.minX = Math.min(range.minX, x);
      range.maxX = Math.max(range.maxX, x);
      range.minY = Math.min(range.minY, y);
      range.maxY = Math.max(range.maxY, y);
    }
  }

  /** Writes the whole archive to a Buffer. */
  async finish(): Promise<Buffer> {
    const chunks: Uint8Array[] = [];
    await this.writeTo((chunk) => {
      chunks.push(chunk);
    });
    return Buffer.concat(chunks);
  }

  /** Streams the archive to a sink in file order and returns the header it wrote. */
  async writeTo(sink: ArchiveSink): Promise<ArchiveHeader> {
    if (this.finished) throw new WriterFinishedError();
    if (this.tileIds.length === 0) throw new EmptyArchiveError();
    this.finished = true;
    const { entries, contentOrder, tileDataLength } = this.clusterTiles();
    const directories = layoutDirectories(entries);
    const metadata = gzipSync(Buffer.from(this.metadataJson, 'utf8'));
    const zooms = [...this.rangeByZoom.keys()];
    const minZoom = Math.min(...zooms);
    const extent = this.options.bounds ?? this.tileBounds();
    const bounds: LonLatBounds = {
      minLon: roundToE7(extent.minLon),
      minLat: roundToE7(extent.minLat),
      maxLon: roundToE7(extent.maxLon),
      maxLat: roundToE7(extent.maxLat),
    };
    const center = this.options.center ?? {
      lon: (bounds.minLon + bounds.maxLon) / 2,
      lat: (bounds.minLat + bounds.maxLat) / 2,
      zoom: minZoom,
    };
    const rootDirectoryOffset = HEADER_LENGTH;
    const metadataOffset = rootDirectoryOffset + directories.root.length;
    const leafDirectoryOffset = metadataOffset + metadata.length;
    const tileDataOffset = leafDirectoryOffset + directories.leaves.length;
    const header: ArchiveHeader = {
      specVersion: 3,
      rootDirectoryOffset,
      rootDirectoryLength: directories.root.length,
      metadataOffset,
      metadataLength: metadata.length,
      leafDirectoryOffset,
      leafDirectoryLength: directories.leaves.length,
      tileDataOffset,
      tileDataLength,
      addressedTiles: this.tileIds.length,
      tileEntries: entries.length,
      tileContents: contentOrder.length,
      clustered: true,
      internalCompression: Compression.Gzip,
      tileCompression: this.options.tileCompression ?? Compression.None,
      tileType: this.options.tileType,
      minZoom,
      maxZoom: Math.max(...zooms),
      bounds,
      centerZoom: center.zoom,
      centerLon: roundToE7(center.lon),
      centerLat: roundToE7(center.lat),
    };
    await sink(encodeHeader(header));
    await sink(directories.root);
    await sink(metadata);
    if (directories.leaves.length > 0) await sink(directories.leaves);
    const contents = this.contents;
    this.contents = [];
    for (const index of contentOrder) await sink(contents[index]);
    return header;
  }

  /** Returns the index of an identical earlier content, or stores a copy of this one. */
  private internContent(bytes: Uint8Array): number {
    const hash = digest('sha256', bytes, 'base64');
    const candidates = this.contentsByHash.get(hash);
    // Comparing bytes as well makes deduplication exact even if two contents shared a hash.
    const same = candidates?.find((index) => sameBytes(this.contents[index], bytes));
    if (same !== undefined) return same;
    const index = this.contents.length;
    this.contents.push(bytes.slice());
    if (candidates === undefined) this.contentsByHash.set(hash, [index]);
    else candidates.push(index);
    return index;
  }

  /**
   * Orders tiles by id and lays contents out in first-use order, so the data section follows the
   * Hilbert curve (clustered) and a repeated content points back to its first copy.
   */
  private clusterTiles(): { entries: DirectoryEntry[]; contentOrder: number[]; tileDataLength: number } {
    const { tileIds, tileContents, contents } = this;
    const order = Array.from(tileIds.keys()).sort((a, b) => tileIds[a] - tileIds[b]);
    const offsetOf = new Float64Array(contents.length).fill(-1);
    const contentOrder: number[] = [];
    const entries: DirectoryEntry[] = [];
    let tileDataLength = 0;
    let previousContent = -1;
    for (const tile of order) {
      const content = tileContents[tile];
      const tileId = tileIds[tile];
      if (offsetOf[content] < 0) {
        offsetOf[content] = tileDataLength;
        tileDataLength += contents[content].length;
        contentOrder.push(content);
      }
      const last = entries[entries.length - 1];
      if (last !== undefined && content === previousContent && last.tileId + last.runLength === tileId && last.runLength < MAX_RUN_LENGTH) {
        last.runLength += 1;
      } else {
        entries.push({ tileId, offset: offsetOf[content], length: contents[content].length, runLength: 1 });
      }
      previousContent = content;
    }
    return { entries, contentOrder, tileDataLength };
  }

  private tileBounds(): LonLatBounds {
    let bounds: LonLatBounds | undefined;
    for (const [z, range] of this.rangeByZoom) {
      const extent = tileRangeBounds(range, z);
      bounds = bounds === undefined ? extent : unionBounds(bounds, extent);
    }
    return bounds as LonLatBounds;
  }
}

function metadataToJson(metadata: Record<string, unknown> | undefined): string {
  if (metadata !== undefined && (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata))) {
    throw new InvalidWriterOptionError('metadata must be a JSON object');
  }
  try {
    return JSON.stringify(metadata ?? {});
  } catch (error) {
    throw new InvalidWriterOptionError(`metadata cannot be written as JSON: ${(error as Error).message}`);
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(b);
}

function checkOptions(options: PmtilesWriterOptions): void {
  const tileTypes: readonly number[] = Object.values(TileType);
  if (!tileTypes.includes(options.tileType)) {
    throw new InvalidWriterOptionError(`tile type ${options.tileType} is not one of ${tileTypes.join(', ')}`);
  }
  const compressions: readonly number[] = Object.values(Compression);
  if (options.tileCompression !== undefined && !compressions.includes(options.tileCompression)) {
    throw new InvalidWriterOptionError(`tile compression ${options.tileCompression} is not one of ${compressions.join(', ')}`);
  }
  const { bounds, center } = options;
  if (bounds !== undefined) {
    const lons = [bounds.minLon, bounds.maxLon];
    const lats = [bounds.minLat, bounds.maxLat];
    if (!lons.every((lon) => Number.isFinite(lon) && Math.abs(lon) <= 180) || !lats.every((lat) => Number.isFinite(lat) && Math.abs(lat) <= 90)) {
      throw new InvalidWriterOptionError('bounds must lie within -180..180 longitude and -90..90 latitude');
    }
    if (bounds.minLon > bounds.maxLon || bounds.minLat > bounds.maxLat) {
      throw new InvalidWriterOptionError('bounds minimums must not exceed maximums');
    }
  }
  if (center !== undefined) {
    const inRange = Number.isFinite(center.lon) && Math.abs(center.lon) <= 180 && Number.isFinite(center.lat) && Math.abs(center.lat) <= 90;
    if (!inRange || !Number.isInteger(center.zoom) || center.zoom < 0 || center.zoom > 255) {
      throw new InvalidWriterOptionError('center needs lon in -180..180, lat in -90..90 and an integer zoom in 0..255');
    }
  }
}
