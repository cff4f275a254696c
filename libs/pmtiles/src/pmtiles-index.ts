import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { Compression, HEADER_LENGTH, decodeHeader, type ArchiveHeader } from './archive-header';
import type { ByteSource } from './byte-source';
import { decodeDirectory, type DirectoryEntry } from './directory-codec';
import { zxyToTileId } from './hilbert-tile-id';
import { InvalidArchiveError, UnsupportedCompressionError } from './pmtiles-errors';

const gunzipAsync = promisify(gunzip);

/** Readers of the reference implementation stop at this depth too; deeper means a cycle. */
const MAX_DIRECTORY_DEPTH = 3;

/** Where a tile's bytes sit in the archive (absolute offset), ready for a range read. */
export interface TileLocation {
  offset: number;
  length: number;
}

/**
 * Tile lookup over a PMTiles v3 archive for a tile server: parses the header and root once,
 * loads each leaf directory on first use and keeps it, so repeated lookups read only tile bytes.
 * Leaves are cached without limit: course archives have few of them.
 *
 * Written here rather than wrapping the `pmtiles` package: that reader returns tile bytes, not
 * byte ranges (a server wants ranges to stream from storage), expects browser sources with etags
 * and DecompressionStream, and keeping it out lets tests use it as an independent check.
 */
export class PmtilesIndex {
  private readonly leaves = new Map<number, Promise<DirectoryEntry[]>>();

  private constructor(
    private readonly source: ByteSource,
    readonly header: ArchiveHeader,
    private readonly root: DirectoryEntry[],
  ) {}

  /** Reads and checks the header and root directory. */
  static async open(source: ByteSource): Promise<PmtilesIndex> {
    const header = decodeHeader(await readExactly(source, 0, HEADER_LENGTH));
    if (header.internalCompression !== Compression.Gzip && header.internalCompression !== Compression.None) {
      throw new UnsupportedCompressionError(header.internalCompression);
    }
    const rootBytes = await readExactly(source, header.rootDirectoryOffset, header.rootDirectoryLength);
    const root = decodeDirectory(await decompress(rootBytes, header.internalCompression));
    return new PmtilesIndex(source, header, root);
  }

  /** The archive's JSON metadata. */
  async metadata(): Promise<unknown> {
    const { metadataOffset, metadataLength, internalCompression } = this.header;
    if (metadataLength === 0) return {};
    const bytes = await decompress(await readExactly(this.source, metadataOffset, metadataLength), internalCompression);
    try {
      return JSON.parse(Buffer.from(bytes).toString('utf8'));
    } catch {
      throw new InvalidArchiveError('metadata is not valid JSON');
    }
  }

  /** Location of tile z/x/y, or null when the archive does not contain it. */
  async findTile(z: number, x: number, y: number): Promise<TileLocation | null> {
    const tileId = zxyToTileId(z, x, y);
    let directory = this.root;
    for (let depth = 0; depth <= MAX_DIRECTORY_DEPTH; depth += 1) {
      const entry = findEntry(directory, tileId);
      if (entry === null) return null;
      if (entry.runLength > 0) {
        return { offset: this.header.tileDataOffset + entry.offset, length: entry.length };
      }
      directory = await this.leaf(entry);
    }
    throw new InvalidArchiveError(`directories nest deeper than ${MAX_DIRECTORY_DEPTH} leaf levels`);
  }

  /** Bytes of tile z/x/y (still in the archive's tile compression), or null when absent. */
  async readTile(z: number, x: number, y: number): Promise<Uint8Array | null> {
    const location = await this.findTile(z, x, y);
    return location === null ? null : readExactly(this.source, location.offset, location.length);
  }

  private leaf(entry: DirectoryEntry): Promise<DirectoryEntry[]> {
    const offset = this.header.leafDirectoryOffset + entry.offset;
    let leaf = this.leaves.get(offset);
    if (leaf === undefined) {
      // Caching the promise lets concurrent lookups share one read.
      leaf = readExactly(this.source, offset, entry.length)
        .then((bytes) => decompress(bytes, this.header.internalCompression))
        .then(decodeDirectory);
      leaf.catch(() => this.leaves.delete(offset));
      this.leaves.set(offset, leaf);
    }
    return leaf;
  }
}

/** The entry covering tileId: a run containing it, or the leaf whose range starts at or before it. */
export function findEntry(directory: readonly DirectoryEntry[], tileId: number): DirectoryEntry | null {
  let low = 0;
  let high = directory.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const candidate = directory[middle].tileId;
    if (candidate === tileId) return directory[middle];
    if (candidate < tileId) low = middle + 1;
    else high = middle - 1;
  }
  // high is now the last entry starting before tileId.
  if (high < 0) return null;
  const entry = directory[high];
  if (entry.runLength === 0 || tileId < entry.tileId + entry.runLength) return entry;
  return null;
}

async function readExactly(source: ByteSource, offset: number, length: number): Promise<Uint8Array> {
  const bytes = await source.getBytes(offset, length);
  if (bytes.length !== length) {
    throw new InvalidArchiveError(`archive truncated: wanted ${length} bytes at ${offset}, got ${bytes.length}`);
  }
  return bytes;
}

async function decompress(bytes: Uint8Array, compression: Compression): Promise<Uint8Array> {
  if (compression === Compression.None) return bytes;
  try {
    return await gunzipAsync(bytes);
  } catch {
    throw new InvalidArchiveError('directory or metadata is not valid gzip');
  }
}
